import { describe, expect, test } from 'vitest';
import { parseConfig } from '../../src/net/config.ts';

const good = {
  signaling: { host: 'signal.example.org', port: 443, path: '/peerjs', secure: true },
  iceServers: [
    { urls: ['turn:turn.example.org:3478'], username: 'u', credential: 'p' },
    { urls: 'stun:stun.example.org' },
  ],
};

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
      },
    });
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
  ])('rejects %s', (_, raw, error) => {
    const result = parseConfig(raw);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(error);
  });
});
