/**
 * The heartbeat of `PeerJsTransport`, on fake timers: a link heard from stays connected,
 * a link silent for 5 s is lost (not before), a link not open within 15 s is lost (not
 * before) or unreachable when the other page answered but no path was found, and
 * heartbeats never reach the app. Then the signaling server going away:
 * open links carry on, the peer registers again with backoff until it is back, and says
 * so. Two real transports talk through an in-memory stand-in for PeerJS, where the test
 * opens the channels, silences an end, and stops and starts the server.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { PeerJsTransport, type DataLink, type PeerEndpoint } from '../../src/net/peerjs.ts';
import type { LinkState } from '../../src/net/transport.ts';

type Listener = (data: never) => void;

/** One end of a data channel. */
class FakeConnection implements DataLink {
  other: FakeConnection | null = null;
  /** What this end sent, heartbeats included. */
  readonly sent: string[] = [];
  /** A frozen tab: what it sends goes nowhere, yet its channel never closes. */
  silent = false;
  /** How far WebRTC got under the channel: the test sets it as the pages would. */
  peerConnection: {
    localDescription: RTCSessionDescription | null;
    remoteDescription: RTCSessionDescription | null;
    iceConnectionState: RTCIceConnectionState;
  } = { localDescription: null, remoteDescription: null, iceConnectionState: 'new' };
  /** Chromium drops what reaches an end before that end's 'open' event. */
  private opened = false;
  private readonly listeners = new Map<string, Listener[]>();

  constructor(readonly peer: string) {}

  on(event: string, listener: Listener): void {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
  }

  emit(event: string, data?: unknown): void {
    for (const listener of this.listeners.get(event) ?? []) listener(data as never);
  }

  send(data: string): void {
    this.sent.push(data);
    if (!this.silent && this.other?.opened) this.other.emit('data', data);
  }

  close(): void {}

  /** The channel opens at both ends at once. */
  open(): void {
    this.opened = true;
    if (this.other) this.other.opened = true;
    this.emit('open');
    this.other?.emit('open');
  }

  /** This end opens; the other may not have yet. */
  openEnd(): void {
    this.opened = true;
    this.emit('open');
  }
}

/** A peer as PeerJS emits its events: `connection`, `open`, `disconnected`. */
interface FakeEndpoint extends PeerEndpoint {
  disconnected: boolean;
  emit(event: string, argument?: unknown): void;
}

/**
 * The signaling server: while up, every dial reaches its peer at once (channels open
 * when the test says) and a peer that registers again is taken back; while down, every
 * try to register fails at once, as PeerJS's does.
 */
class FakeNetwork {
  private readonly endpoints = new Map<string, FakeEndpoint>();
  /** Every channel dialled, as [dialler's end, callee's end]. */
  readonly channels: [FakeConnection, FakeConnection][] = [];
  /** Every try to register again, as [time, peer id]. */
  readonly registrations: [number, string][] = [];
  private up = true;
  /** Dials not yet announced to their callee, while the test holds them. */
  private held: (() => void)[] | null = null;

  endpoint(id: string): PeerEndpoint {
    const listeners = new Map<string, ((argument: never) => void)[]>();
    const endpoint: FakeEndpoint = {
      id,
      destroyed: false,
      disconnected: false,
      on: (event: string, listener: (argument: never) => void) => {
        listeners.set(event, [...(listeners.get(event) ?? []), listener]);
      },
      emit: (event, argument) => {
        for (const listener of listeners.get(event) ?? []) listener(argument as never);
      },
      connect: (peer) => {
        const near = new FakeConnection(peer);
        const far = new FakeConnection(id);
        near.other = far;
        far.other = near;
        this.channels.push([near, far]);
        const callee = this.endpoints.get(peer);
        if (this.held) this.held.push(() => callee?.emit('connection', far));
        else callee?.emit('connection', far);
        return near;
      },
      reconnect: () => {
        this.registrations.push([Date.now(), id]);
        endpoint.disconnected = !this.up;
        endpoint.emit(this.up ? 'open' : 'disconnected');
      },
      destroy() {},
    };
    this.endpoints.set(id, endpoint);
    return endpoint;
  }

  /** The server goes away: every peer loses its socket to it. */
  stop(): void {
    this.up = false;
    for (const endpoint of this.endpoints.values()) {
      endpoint.disconnected = true;
      endpoint.emit('disconnected');
    }
  }

  start(): void {
    this.up = true;
  }

  /** From now on a dial reaches its callee only at `deliver`: two peers can dial each other at once. */
  hold(): void {
    this.held = [];
  }

  deliver(): void {
    const held = this.held ?? [];
    this.held = null;
    for (const announce of held) announce();
  }
}

/** A transport on `net`, with every message and link change it reports, timed. */
function transport(net: FakeNetwork, id: string) {
  const t = new PeerJsTransport(net.endpoint(id));
  const messages: string[] = [];
  const links: [number, LinkState][] = [];
  /** When the transport said the server was back. */
  const online: number[] = [];
  t.listen({
    message: (_, data) => messages.push(data),
    link: (_, state) => links.push([Date.now(), state]),
    online: () => online.push(Date.now()),
  });
  return { t, messages, links, online };
}

let net: FakeNetwork;
let a: ReturnType<typeof transport>;
let b: ReturnType<typeof transport>;

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
  net = new FakeNetwork();
  a = transport(net, 'a');
  b = transport(net, 'b');
});

afterEach(() => {
  a.t.close();
  b.t.close();
  vi.useRealTimers();
});

describe('an open link', () => {
  test('heartbeats keep it connected without reaching the app; silent for 5 s it is lost, not before', () => {
    a.t.connect('b');
    const [near] = net.channels[0]!;
    near.open();
    vi.advanceTimersByTime(30_000);
    // A heartbeat when the channel opens, one when the other end is heard, then one a
    // second each way; the app heard none of them.
    expect(near.sent).toHaveLength(32);
    expect(a.t.connectedPeers()).toEqual(['b']);
    expect([a.messages, b.messages]).toEqual([[], []]);

    // B's last words, between two heartbeats; then its tab freezes.
    vi.advanceTimersByTime(300);
    b.t.send('a', 'last words');
    const far = net.channels[0]![1];
    far.silent = true;
    const heard = Date.now();
    expect(a.messages).toEqual(['last words']);

    vi.advanceTimersByTime(4_900);
    expect(a.t.connectedPeers()).toEqual(['b']);
    vi.advanceTimersByTime(100);
    // Silent for exactly 5 s: not yet.
    expect(a.t.connectedPeers()).toEqual(['b']);
    expect(a.links.map(([, state]) => state)).toEqual(['connecting', 'connected']);

    vi.advanceTimersByTime(1_000);
    expect(a.t.connectedPeers()).toEqual([]);
    const [lostAt, state] = a.links.at(-1)!;
    expect(state).toBe('lost');
    // Reported at the first heartbeat after 5 s of silence.
    expect(lostAt - heard).toBeGreaterThan(5_000);
    expect(lostAt - heard).toBeLessThanOrEqual(6_000);
    expect(a.t.send('b', 'anyone?')).toBe(false);
    // B still hears A, so B keeps its end: only the silent side is lost.
    expect(b.t.connectedPeers()).toEqual(['a']);
  });
});

describe('the channel of a link', () => {
  const description = (...lines: string[]) =>
    ({ type: 'offer', sdp: ['v=0', ...lines, ''].join('\r\n') }) as RTCSessionDescription;
  const SECTION = 'm=application 9 UDP/DTLS/SCTP webrtc-datachannel';

  test('names the certificate fingerprints of both descriptions, wherever they stand, once connected', () => {
    a.t.connect('b');
    const [near] = net.channels[0]!;
    near.peerConnection = {
      // At session level, before any media section, as Firefox writes it.
      localDescription: description('a=fingerprint:sha-256 AA:BB', SECTION),
      // In the media section, as Chromium writes it; in two, the same certificate twice.
      remoteDescription: description(
        SECTION,
        'a=fingerprint:sha-256 CC:DD',
        SECTION,
        'a=fingerprint:SHA-256  cc:dd',
      ),
      iceConnectionState: 'connected',
    };
    expect(a.t.channel('b')).toBeNull();
    near.open();
    expect(a.t.channel('b')).toEqual({ local: 'sha-256 aa:bb', remote: 'sha-256 cc:dd' });

    // A browser may take a certificate matching any fingerprint listed: all of them count.
    near.peerConnection.remoteDescription = description(
      'a=fingerprint:sha-256 EE:FF',
      SECTION,
      'a=fingerprint:sha-256 CC:DD',
    );
    expect(a.t.channel('b')?.remote).toBe('sha-256 cc:dd\nsha-256 ee:ff');
    near.peerConnection.localDescription = description(SECTION);
    expect(a.t.channel('b')).toBeNull();
  });
});

describe('a link that does not open', () => {
  test('is lost after 15 s, not before, on both ends', () => {
    a.t.connect('b');
    vi.advanceTimersByTime(15_000);
    expect(a.links.map(([, state]) => state)).toEqual(['connecting']);
    expect(b.links.map(([, state]) => state)).toEqual(['connecting']);

    vi.advanceTimersByTime(1_000);
    for (const end of [a, b]) {
      const [lostAt, state] = end.links.at(-1)!;
      expect(state).toBe('lost');
      expect(lostAt).toBeGreaterThan(15_000);
      expect(lostAt).toBeLessThanOrEqual(16_000);
    }
  });

  test('is unreachable, not lost, when the other page answered but no network path was found', () => {
    a.t.connect('b');
    const answered = {
      localDescription: null,
      remoteDescription: { type: 'answer', sdp: '' } as RTCSessionDescription,
      iceConnectionState: 'checking' as const,
    };
    for (const end of net.channels[0]!) end.peerConnection = answered;
    vi.advanceTimersByTime(16_000);
    expect(a.links.map(([, state]) => state)).toEqual(['connecting', 'unreachable']);
    expect(b.links.map(([, state]) => state)).toEqual(['connecting', 'unreachable']);
  });

  test('is lost when a path was found but the channel still never opened', () => {
    a.t.connect('b');
    const connected = {
      localDescription: null,
      remoteDescription: { type: 'answer', sdp: '' } as RTCSessionDescription,
      iceConnectionState: 'connected' as const,
    };
    net.channels[0]![0].peerConnection = connected;
    vi.advanceTimersByTime(16_000);
    expect(a.links.map(([, state]) => state)).toEqual(['connecting', 'lost']);
  });

  test('a failed negotiation is unreachable at once; an error on an open link is lost', () => {
    a.t.connect('b');
    net.channels[0]![0].emit('error', { type: 'negotiation-failed' });
    expect(a.links.map(([, state]) => state)).toEqual(['connecting', 'unreachable']);

    a.t.connect('b');
    net.channels[1]![0].open();
    net.channels[1]![0].emit('error', { type: 'negotiation-failed' });
    expect(a.links.map(([, state]) => state).slice(2)).toEqual(['connecting', 'connected', 'lost']);
  });

  test('that opens at 14 s is then kept by its heartbeats', () => {
    a.t.connect('b');
    vi.advanceTimersByTime(14_000);
    net.channels[0]![0].open();
    vi.advanceTimersByTime(60_000);
    expect(a.links.map(([, state]) => state)).toEqual(['connecting', 'connected']);
    expect(b.links.map(([, state]) => state)).toEqual(['connecting', 'connected']);
  });
});

describe('the signaling server going away', () => {
  test('open links carry on; the peer registers again after 1, 2, 4, 8, 8 s until it is back, and says so', () => {
    a.t.connect('b');
    net.channels[0]![0].open();
    net.stop();
    // Nothing to dial through: a new link is not even tried.
    a.t.connect('c');
    expect(net.channels).toHaveLength(1);

    vi.advanceTimersByTime(30_000);
    const byA = () => net.registrations.filter(([, id]) => id === 'a').map(([at]) => at);
    expect(byA()).toEqual([1_000, 3_000, 7_000, 15_000, 23_000]);
    expect(a.online).toEqual([]);
    // The data channel never needed the server: heartbeats kept it, messages still flow.
    b.t.send('a', 'during the outage');
    expect(a.messages).toEqual(['during the outage']);
    expect(a.links.map(([, state]) => state)).toEqual(['connecting', 'connected']);

    net.start();
    vi.advanceTimersByTime(1_000);
    expect(byA()).toHaveLength(6);
    expect(a.online).toEqual([31_000]);
    a.t.connect('c');
    expect(net.channels).toHaveLength(2);

    // Back: the next outage starts again from the shortest wait.
    net.stop();
    vi.advanceTimersByTime(1_000);
    expect(byA().at(-1)).toBe(32_000);
  });
});

describe('a channel whose ends open apart', () => {
  test('the end that opens first and speaks at once loses nothing: each end waits to hear the other', () => {
    // Each app greets as soon as its link says connected, as the lobby's host does.
    for (const [end, greeting] of [
      [a, 'from a'],
      [b, 'from b'],
    ] as const)
      end.t.listen({
        message: (_, data) => end.messages.push(data),
        link: (peer, state) => {
          end.links.push([Date.now(), state]);
          if (state === 'connected') end.t.send(peer, greeting);
        },
      });
    a.t.connect('b');
    const [near, far] = net.channels[0]!;
    // The callee's end opens first; what it says before the dialler's end opens is dropped.
    far.openEnd();
    vi.advanceTimersByTime(300);
    near.openEnd();
    vi.advanceTimersByTime(1_000);
    expect([a.messages, b.messages]).toEqual([['from b'], ['from a']]);
    expect([a.t.connectedPeers(), b.t.connectedPeers()]).toEqual([['b'], ['a']]);
  });
});

describe('dialling again', () => {
  test('a peer that lost its link and dials again replaces the end this side still holds, whatever the ids', () => {
    b.t.connect('a');
    net.channels[0]![0].open();
    // B's page loses the channel; A's end has not noticed yet (its channel never closed).
    b.t.disconnect('a');
    expect(a.t.connectedPeers()).toEqual(['b']);

    b.t.connect('a');
    const [near, far] = net.channels[1]!;
    near.open();
    expect(a.t.send('b', 'over the new link')).toBe(true);
    expect(b.messages).toEqual(['over the new link']);
    expect(far.sent).toContain('over the new link');
    expect(a.links.map(([, state]) => state)).toEqual([
      'connecting',
      'connected',
      'connecting',
      'connected',
    ]);
  });

  test('two peers that dial each other at once keep the link dialled by the smaller id, at both ends', () => {
    net.hold();
    a.t.connect('b');
    b.t.connect('a');
    net.deliver();
    const [fromA, toB] = net.channels[0]!;
    fromA.open();
    net.channels[1]![0].open();
    a.t.send('b', 'from a');
    b.t.send('a', 'from b');
    expect([a.messages, b.messages]).toEqual([['from b'], ['from a']]);
    expect(fromA.sent).toContain('from a');
    expect(toB.sent).toContain('from b');
  });
});
