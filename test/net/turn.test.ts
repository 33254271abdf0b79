import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startSignaling, TURN_CREDENTIALS_PATH, type Signaling } from '../../scripts/servers.ts';
import { turnCredentials } from '../../scripts/turn.ts';
import type { AppConfig } from '../../src/net/config.ts';
import { parseTurnCredentials, rtcConfiguration } from '../../src/net/turn.ts';

const relay = { secret: 'north-wind', uris: ['turn:127.0.0.1:3478'], ttlSeconds: 3600 };

describe('turnCredentials', () => {
  test("follows coturn's use-auth-secret scheme: expiry:name, base64 HMAC-SHA1 of it", () => {
    // The password from `printf %s 1800003600:fairdeal-test | openssl dgst -sha1 -hmac north-wind -binary | base64`.
    expect(turnCredentials(relay, 'fairdeal-test', 1_800_000_000_400)).toEqual({
      username: '1800003600:fairdeal-test',
      password: 'oHWfDyet8Olcl3KBhexdRS0aK74=',
      ttl: 3600,
      uris: ['turn:127.0.0.1:3478'],
    });
  });
});

describe('parseTurnCredentials', () => {
  const good = { username: '1800003600:ab12', password: 'cGFzcw==', ttl: 3600, uris: ['turn:x'] };

  test('makes an ICE server of a good answer', () => {
    expect(parseTurnCredentials(good)).toEqual({
      ok: true,
      value: {
        server: { urls: ['turn:x'], username: '1800003600:ab12', credential: 'cGFzcw==' },
        ttl: 3600,
      },
    });
  });

  test.each([
    ['a list', [good], /not a JSON object/],
    ['no username', { ...good, username: undefined }, /username/],
    ['an empty password', { ...good, password: '' }, /password/],
    ['a password too long to be one', { ...good, password: 'p'.repeat(513) }, /password/],
    ['a fractional ttl', { ...good, ttl: 1.5 }, /ttl/],
    ['a ttl as text', { ...good, ttl: '3600' }, /ttl/],
    ['no uris', { ...good, uris: [] }, /uris/],
    ['a STUN URI', { ...good, uris: ['stun:x'] }, /uris/],
    ['too many URIs', { ...good, uris: Array(9).fill('turn:x') }, /uris/],
  ])('rejects %s', (_, raw, error) => {
    const result = parseTurnCredentials(raw);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(error);
  });
});

describe('rtcConfiguration, against a real signaling server', () => {
  let signaling: Signaling;
  let junk: ReturnType<typeof createServer>;
  let closedPort: number;
  const base = new URL('http://127.0.0.1/');
  const stun = { urls: 'stun:stun.example.org' };
  const configFor = (turnCredentials: string | null): AppConfig => ({
    signaling: { host: null, port: 1, path: '/peerjs', secure: false },
    iceServers: [stun],
    turnCredentials,
    appUrl: null,
  });

  beforeAll(async () => {
    signaling = await startSignaling(0, { turn: relay, allowOrigin: '*' });
    const gone = await startSignaling(0);
    closedPort = gone.port;
    await gone.close();
    junk = createServer((_, res) => res.end('{"username": 5}'));
    await new Promise<void>((done) => junk.listen(0, '127.0.0.1', done));
  });
  afterAll(async () => {
    await signaling.close();
    await new Promise((done) => junk.close(done));
  });

  test('adds fresh credentials the relay will accept, and relay only keeps to the relay', async () => {
    const url = `http://127.0.0.1:${signaling.port}${TURN_CREDENTIALS_PATH}`;
    const before = Math.floor(Date.now() / 1000);
    const { rtc, warning, stop } = await rtcConfiguration(configFor(url), base, true);
    stop();
    expect(warning).toBeNull();
    expect(rtc.iceTransportPolicy).toBe('relay');
    expect(rtc.iceServers?.[0]).toEqual(stun);
    const turn = rtc.iceServers?.[1];
    expect(turn?.urls).toEqual(relay.uris);
    const [expiry, name] = String(turn?.username).split(':');
    expect(Number(expiry) - before).toBeGreaterThanOrEqual(relay.ttlSeconds);
    expect(name).toMatch(/^[0-9a-f]{16}$/);
    const expected = createHmac('sha1', relay.secret).update(String(turn?.username));
    expect(turn?.credential).toBe(expected.digest('base64'));
  });

  test('renews the credentials in place every half lifetime, until stopped', async () => {
    const short = await startSignaling(0, {
      turn: { ...relay, ttlSeconds: 1 },
      limits: { credentialsBurst: 100 },
    });
    const username = () => rtc.iceServers?.[1]?.username;
    const url = `http://127.0.0.1:${short.port}${TURN_CREDENTIALS_PATH}`;
    const { rtc, stop } = await rtcConfiguration(configFor(url), base, false);
    try {
      const first = username();
      await expect.poll(username, { timeout: 5000 }).not.toBe(first);
      expect(rtc.iceServers?.[0]).toEqual(stun);
      stop();
      const last = username();
      await new Promise((done) => setTimeout(done, 1500));
      expect(username()).toBe(last);
    } finally {
      stop();
      await short.close();
    }
  });

  test('without a credentials endpoint, the configured servers as they are', async () => {
    const { rtc, warning } = await rtcConfiguration(configFor(null), base, false);
    expect({ rtc, warning }).toEqual({
      rtc: { iceServers: [stun], iceTransportPolicy: 'all' },
      warning: null,
    });
  });

  test('an endpoint that is down or answers wrongly: on without the relay, and a word why', async () => {
    const down = await rtcConfiguration(
      configFor(`http://127.0.0.1:${closedPort}/turn-credentials`),
      base,
      false,
    );
    expect(down.rtc).toEqual({ iceServers: [stun], iceTransportPolicy: 'all' });
    expect(down.warning).toMatch(/^No relay this time: .+did not answer.+Playing on without it/);
    const port = (junk.address() as AddressInfo).port;
    const wrong = await rtcConfiguration(configFor(`http://127.0.0.1:${port}/`), base, false);
    expect(wrong.warning).toMatch(/answered wrongly: username must be a string/);
  });

  test('relay only with no relay to be had fails in words rather than link to nobody', async () => {
    await expect(
      rtcConfiguration(configFor(`http://127.0.0.1:${closedPort}/x`), base, true),
    ).rejects.toThrow(/relay only is on, but the relay's credentials could not be fetched/);
  });
});
