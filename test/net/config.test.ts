import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import {
  keepConfig,
  keptConfig,
  parseConfig,
  relayConfigured,
  signalingAddress,
  type AppConfig,
  type KeptConfig,
} from '../../src/net/config.ts';

const good = {
  signaling: { host: 'signal.example.org', port: 443, path: '/peerjs', secure: true },
  iceServers: [
    { urls: ['turn:turn.example.org:3478'], username: 'u', credential: 'p' },
    { urls: 'stun:stun.example.org' },
  ],
  turnCredentials: null,
  appUrl: null,
};

describe('signalingAddress', () => {
  const page = (href: string) => new URL(href);

  test("with no port and no scheme given, the signaling server is the page's own origin", () => {
    const same = { host: null, port: null, path: '/peerjs', secure: null };
    expect(signalingAddress(same, page('https://cards.example.org/'))).toEqual({
      host: 'cards.example.org',
      port: 443,
      path: '/peerjs',
      secure: true,
    });
    expect(signalingAddress(same, page('http://192.168.1.20:5173/'))).toEqual({
      host: '192.168.1.20',
      port: 5173,
      path: '/peerjs',
      secure: false,
    });
    expect(signalingAddress(same, page('http://localhost/')).port).toBe(80);
  });

  test('what the config names wins over the page', () => {
    const named = { host: 'signal.example.org', port: 9443, path: '/p', secure: true };
    expect(signalingAddress(named, page('http://localhost:5173/'))).toEqual(named);
  });

  test('the shipped config fits a build put on any https host: wss to the same origin', () => {
    const result = parseConfig(JSON.parse(readFileSync('public/config.json', 'utf8')));
    if (!result.ok) throw new Error(result.error);
    expect(signalingAddress(result.value.signaling, page('https://fair.example.net/'))).toEqual({
      host: 'fair.example.net',
      port: 443,
      path: '/peerjs',
      secure: true,
    });
  });
});

describe('parseConfig', () => {
  test('accepts a deployment with its own PeerServer and TURN server', () => {
    expect(parseConfig(good)).toEqual({ ok: true, value: good });
  });

  test('defaults to no ICE servers and the page host', () => {
    const result = parseConfig({
      signaling: { host: null, port: 9000, path: '/peerjs', secure: false },
    });
    expect(result).toEqual({
      ok: true,
      value: {
        signaling: { host: null, port: 9000, path: '/peerjs', secure: false },
        iceServers: [],
        turnCredentials: null,
        appUrl: null,
      },
    });
  });

  test('takes the address other players open the app at', () => {
    const result = parseConfig({ ...good, appUrl: 'http://192.168.1.20:5173/' });
    expect(result.ok && result.value.appUrl).toBe('http://192.168.1.20:5173/');
  });

  test('takes a credentials endpoint for a relay', () => {
    const result = parseConfig({ ...good, iceServers: [], turnCredentials: '/turn-credentials' });
    expect(result.ok && result.value.turnCredentials).toBe('/turn-credentials');
  });

  test('the shipped config reaches the internet through two independent STUN servers, no relay', () => {
    const result = parseConfig(JSON.parse(readFileSync('public/config.json', 'utf8')));
    if (!result.ok) throw new Error(result.error);
    // Run by different operators: one going down leaves the other.
    const domains = result.value.iceServers.map(
      (s) => /([^.:]+\.[^.:]+):\d+$/.exec(String(s.urls))?.[1],
    );
    expect(result.value.iceServers.every((s) => /^stun:/.test(String(s.urls)))).toBe(true);
    expect(new Set(domains)).toEqual(new Set(['google.com', 'cloudflare.com']));
    expect(relayConfigured(result.value)).toBe(false);
  });

  test("deploy/config.json: the page's own origin for signaling and relay credentials", () => {
    const result = parseConfig(JSON.parse(readFileSync('deploy/config.json', 'utf8')));
    if (!result.ok) throw new Error(result.error);
    expect(result.value.signaling).toEqual({
      host: null,
      port: 443,
      path: '/peerjs',
      secure: true,
    });
    expect(result.value.turnCredentials).toBe('/turn-credentials');
    expect(relayConfigured(result.value)).toBe(true);
  });

  test.each([
    ['no signaling', {}, /signaling/],
    ['a port out of range', { signaling: { ...good.signaling, port: 70000 } }, /port/],
    ['a relative path', { signaling: { ...good.signaling, path: 'peerjs' } }, /path/],
    ['secure as a string', { signaling: { ...good.signaling, secure: 'yes' } }, /secure/],
    ['an ICE server without urls', { ...good, iceServers: [{ username: 'u' }] }, /iceServers\[0\]/],
    [
      'a numeric credential',
      { ...good, iceServers: [{ urls: 'turn:x', credential: 5 }] },
      /credential/,
    ],
    ['an empty credentials URL', { ...good, turnCredentials: '' }, /turnCredentials/],
    ['a credentials URL as a list', { ...good, turnCredentials: ['/x'] }, /turnCredentials/],
    ['an app address that is no URL', { ...good, appUrl: 'my laptop' }, /appUrl/],
    ['an app address of another scheme', { ...good, appUrl: 'javascript:alert(1)' }, /appUrl/],
    ['an app address as a number', { ...good, appUrl: 5173 }, /appUrl/],
  ])('rejects %s', (_, raw, error) => {
    const result = parseConfig(raw);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(error);
  });
});

describe('relayConfigured', () => {
  const bare: AppConfig = { ...good, iceServers: [{ urls: 'stun:stun.example.org' }] };
  test.each([
    ['STUN only', bare, false],
    ['a credentials endpoint', { ...bare, turnCredentials: '/turn-credentials' }, true],
    ['a TURN server among the URLs', { ...bare, iceServers: good.iceServers }, true],
    ['a TURNS URL', { ...bare, iceServers: [{ urls: 'turns:relay.example.org:443' }] }, true],
  ])('%s', (_, config, relay) => {
    expect(relayConfigured(config)).toBe(relay);
  });
});

describe('the config kept for a page opened offline', () => {
  /** A page's storage as far as the config needs it: strings by key. */
  const storage = (entries: [string, string][] = []): KeptConfig => {
    const map = new Map(entries);
    return {
      getItem: (key) => map.get(key) ?? null,
      setItem: (key, value) => void map.set(key, value),
    };
  };

  test('reads back the config kept', () => {
    const kept = storage();
    expect(keptConfig(kept)).toBeNull();
    keepConfig(kept, good);
    expect(keptConfig(kept)).toEqual(good);
  });

  test.each([
    ['not JSON', '{'],
    ['not a config', JSON.stringify({ signaling: { host: 'x' } })],
  ])('what is kept is %s: none', (_, text) => {
    expect(keptConfig(storage([['fairdeal.config', text]]))).toBeNull();
  });
});
