/**
 * Pairing codes (`pairing.ts`): the compact session descriptions two players exchange by
 * hand, on session descriptions captured from Chromium, and every way a code can be bad.
 * The envelope checks of the relay (`direct.ts`) are here too; the codes and the relay at
 * work between real pages are in test/browser/paired.test.ts.
 */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  decodePairing,
  encodePairing,
  fromSdp,
  MAX_CODE_CHARS,
  toSdp,
  type Pairing,
} from '../../src/net/pairing.ts';
import { parseEnvelope, RelayAllowance, relayedCodeProblem } from '../../src/net/code-relay.ts';

/**
 * An offer as Chromium made it with a STUN and a TURN server (coturn on 127.0.0.1): two
 * mDNS host candidates, a server-reflexive and a relayed one.
 */
const CHROMIUM_OFFER = [
  'v=0',
  'o=- 7176044011707188467 2 IN IP4 127.0.0.1',
  's=-',
  't=0 0',
  'a=group:BUNDLE 0',
  'a=extmap-allow-mixed',
  'a=msid-semantic: WMS',
  'm=application 61534 UDP/DTLS/SCTP webrtc-datachannel',
  'c=IN IP4 127.0.0.1',
  'a=candidate:660152446 1 udp 2113937151 f5a42479-8bab-4332-81d9-52bf58e5831e.local 47268 typ host generation 0 network-cost 999',
  'a=candidate:539708622 1 udp 2113942271 20a0be8c-bef0-4384-9a7b-fd3d520a725d.local 41091 typ host generation 0 network-cost 999',
  'a=candidate:3107253866 1 udp 1677729535 127.0.0.1 47268 typ srflx raddr 0.0.0.0 rport 0 generation 0 network-cost 999',
  'a=candidate:3430220823 1 udp 50339839 127.0.0.1 61534 typ relay raddr 127.0.0.1 rport 47268 generation 0 network-cost 999',
  'a=ice-ufrag:up4n',
  'a=ice-pwd:tDNrjF8cxKBMGgyHLUMnlTvt',
  'a=ice-options:trickle',
  'a=fingerprint:sha-256 5F:7C:C2:A9:CD:2B:8B:F1:DE:28:42:8A:1E:C4:2D:5F:1D:EC:74:65:C6:65:E4:09:B1:6E:3C:64:22:4B:61:62',
  'a=setup:actpass',
  'a=mid:0',
  'a=sctp-port:5000',
  'a=max-message-size:262144',
  '',
].join('\r\n');

/** An answer as Chromium made it with no ICE server: mDNS host candidates only. */
const CHROMIUM_ANSWER = [
  'v=0',
  'o=- 490940835894851335 2 IN IP4 127.0.0.1',
  's=-',
  't=0 0',
  'a=group:BUNDLE 0',
  'a=extmap-allow-mixed',
  'a=msid-semantic: WMS',
  'm=application 9 UDP/DTLS/SCTP webrtc-datachannel',
  'c=IN IP4 0.0.0.0',
  'a=candidate:3571442589 1 udp 2113937151 134f7828-73e9-415c-a910-e74b26dda7c1.local 53173 typ host generation 0 network-cost 999',
  'a=candidate:3551366957 1 udp 2113942271 04813e7a-c91b-4890-9ef2-6f4a93dcb151.local 42307 typ host generation 0 network-cost 999',
  'a=ice-ufrag:WfbK',
  'a=ice-pwd:BF5a8QfHju+G8mMyKSCLk/0F',
  'a=ice-options:trickle',
  'a=fingerprint:sha-256 26:9F:2B:2C:48:62:EF:0B:26:5F:62:93:41:30:25:CD:44:EB:27:E7:08:DB:52:31:4B:52:8F:7E:0F:3F:C1:4E',
  'a=setup:active',
  'a=mid:0',
  'a=sctp-port:5000',
  'a=max-message-size:262144',
  '',
].join('\r\n');

const TABLE = 'abcdefgh23';
const HOST = `fairdeal-${TABLE}-host`;
const GUEST = `fairdeal-${TABLE}-k7m2p9qs`;

const read = (sdp: string, kind: 'offer' | 'answer', peer: string): Pairing => {
  const parsed = fromSdp(sdp, kind, TABLE, peer, 'nonce234');
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
};

const offer = read(CHROMIUM_OFFER, 'offer', HOST);
const answer = read(CHROMIUM_ANSWER, 'answer', GUEST);

/** The lines a data channel needs, as a session description has them, in order. */
const essentials = (sdp: string) =>
  sdp
    .split('\r\n')
    .filter((line) => /^a=(ice-ufrag|ice-pwd|fingerprint|setup):/.test(line))
    .concat(
      sdp
        .split('\r\n')
        .filter((line) => line.startsWith('a=candidate:'))
        .map((line) => line.split(' ').slice(4, 8).join(' ')),
    );

/** A code made from the text `text`, deflated as a code is: for codes no page would make. */
async function codeOf(text: string): Promise<string> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  return Buffer.from(bytes).toString('base64url');
}

const HEADER = `F1 o ${TABLE} host nonce234 x up4n tDNrjF8cxKBMGgyHLUMnlTvt ${'5f'.repeat(32)}`;

describe('pairing codes', () => {
  test('keep what a data channel needs of a Chromium offer, and rebuild it', async () => {
    expect(offer.candidates).toEqual([
      { type: 'host', address: 'f5a42479-8bab-4332-81d9-52bf58e5831e.local', port: 47268 },
      { type: 'host', address: '20a0be8c-bef0-4384-9a7b-fd3d520a725d.local', port: 41091 },
      { type: 'srflx', address: '127.0.0.1', port: 47268 },
      { type: 'relay', address: '127.0.0.1', port: 61534 },
    ]);
    const code = await encodePairing(offer);
    expect(code).toMatch(/^[A-Za-z0-9_-]+$/);
    // A third of the session description: small enough for a QR code a phone reads.
    expect(code.length).toBeLessThan(CHROMIUM_OFFER.length / 2.5);
    const back = await decodePairing(code);
    expect(back).toEqual({ ok: true, value: offer });
    expect(essentials(toSdp(offer))).toEqual(essentials(CHROMIUM_OFFER));
  });

  test('round-trip a Chromium answer, its role and the nonce of the offer it answers', async () => {
    const back = await decodePairing(await encodePairing(answer));
    expect(back).toEqual({ ok: true, value: answer });
    expect(answer.setup).toBe('active');
    expect(essentials(toSdp(answer))).toEqual(essentials(CHROMIUM_ANSWER));
  });

  test('ignore whitespace a paste or a line break put in a code', async () => {
    const code = await encodePairing(offer);
    const spaced = `  ${code.slice(0, 40)}\n${code.slice(40)} \n`;
    expect(await decodePairing(spaced)).toEqual({ ok: true, value: offer });
  });

  test.each([
    ['', /empty/],
    ['A'.repeat(MAX_CODE_CHARS + 1), /too long: 1501 characters/],
    ['not a code!', /characters a code never has/],
    ['AAAA', /damaged: it does not unpack/],
  ])('refuse %j in words', async (code, words) => {
    const result = await decodePairing(code);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(words);
  });

  test('refuse a code that inflates past any pairing code, without inflating all of it', async () => {
    const bomb = await codeOf('F1 '.repeat(300_000));
    expect(bomb.length).toBeLessThanOrEqual(MAX_CODE_CHARS);
    expect(await decodePairing(bomb)).toEqual({
      ok: false,
      error: 'This pairing code unpacks to more than any pairing code holds.',
    });
  });

  test.each([
    ['another version', HEADER.replace('F1', 'F2'), /not a Fair Deal pairing code of this version/],
    ['a missing field', HEADER.replace(' nonce234', ''), /wrong number of fields/],
    ['an unknown kind', HEADER.replace(' o ', ' q '), /neither an offer nor an answer/],
    ['a bad table', HEADER.replace(TABLE, 'ABCDEFGH23'), /names no table/],
    ['a bad peer', HEADER.replace(' host ', ' h!st '), /names no player/],
    ['a bad nonce', HEADER.replace('nonce234', 'nonce'), /pairing number/],
    ['a short password', HEADER.replace('tDNrjF8cxKBMGgyHLUMnlTvt', 'short'), /password/],
    ['a bad fingerprint', HEADER.replace('5f'.repeat(32), '5f'.repeat(31)), /fingerprint/],
    ['an offer that picks a role', HEADER.replace(' x ', ' c '), /leaves the connection role open/],
    ['an answer that picks none', HEADER.replace(' o ', ' a '), /answer chooses a connection role/],
  ])('refuse %s in words', async (_, header, words) => {
    const result = await decodePairing(await codeOf(`${header}\nh 10.0.0.1 5000`));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(words);
  });

  test.each([
    ['no address', '', /no address to reach/],
    ['a bad address', '\nh 999.0.0.1 5000', /addresses is malformed/],
    ['a hostname', '\nh example.org 5000', /addresses is malformed/],
    ['port 0', '\nh 10.0.0.1 0', /addresses is malformed/],
    ['port 70000', '\nh 10.0.0.1 70000', /ports is malformed/],
    ['an unknown type', '\nx 10.0.0.1 5000', /addresses is malformed/],
    ['a trailing field', '\nh 10.0.0.1 5000 tcp', /addresses is malformed/],
    ['nine addresses', '\nh 10.0.0.1 5000'.repeat(9), /too many addresses/],
  ])('refuse a code with %s', async (_, lines, words) => {
    const result = await decodePairing(await codeOf(HEADER + lines));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(words);
  });

  test('accept IPv6 and mDNS addresses', async () => {
    const lines = '\nh fe80::1:2 5000\nh 3f2a-9c.local 5001\nr 2001:db8::7 3478';
    const result = await decodePairing(await codeOf(HEADER + lines));
    expect(result.ok && result.value.candidates.map((c) => c.address)).toEqual([
      'fe80::1:2',
      '3f2a-9c.local',
      '2001:db8::7',
    ]);
  });

  test('refuse every tampered code in words, never throwing', async () => {
    const code = await encodePairing(offer);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: code.length - 1 }),
        fc.constantFrom(...alphabet),
        async (at, letter) => {
          fc.pre(code[at] !== letter);
          const tampered = code.slice(0, at) + letter + code.slice(at + 1);
          const result = await decodePairing(tampered);
          // A flipped bit may still inflate to a valid code, but never to this one.
          if (result.ok) expect(result.value).not.toEqual(offer);
          else expect(result.error).toMatch(/^(This|The) /);
        },
      ),
      { numRuns: 200 },
    );
  });

  test('refuse garbage in words, never throwing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 2000 }), async (garbage) => {
        const result = await decodePairing(garbage);
        if (!result.ok) expect(result.error.length).toBeGreaterThan(10);
      }),
      { numRuns: 200 },
    );
  });

  test('cannot be made from a description without what a link needs', () => {
    const noFingerprint = CHROMIUM_OFFER.replace(/a=fingerprint:.*\r\n/, '');
    expect(fromSdp(noFingerprint, 'offer', TABLE, HOST, 'nonce234')).toEqual({
      ok: false,
      error: 'the browser made no SHA-256 certificate fingerprint',
    });
    const noCandidate = CHROMIUM_OFFER.replace(/a=candidate:.*\r\n/g, '');
    expect(fromSdp(noCandidate, 'offer', TABLE, HOST, 'nonce234')).toEqual({
      ok: false,
      error: 'it carries no address to reach its player at',
    });
  });
});

describe('the relay', () => {
  const code = 'x'.repeat(200);

  test('takes a request to forward, and a forwarded code, each naming a peer of the table', () => {
    expect(parseEnvelope(JSON.stringify({ to: GUEST, code }), TABLE)).toEqual({
      ok: true,
      value: { to: GUEST, code },
    });
    expect(parseEnvelope(JSON.stringify({ from: HOST, code }), TABLE)).toEqual({
      ok: true,
      value: { from: HOST, code },
    });
  });

  test.each([
    ['not JSON', '{to:', /not JSON/],
    ['a list', '[]', /not an object/],
    ['no code', JSON.stringify({ to: GUEST }), /without a code/],
    [
      'a code too long',
      JSON.stringify({ to: GUEST, code: 'x'.repeat(MAX_CODE_CHARS + 1) }),
      /too long|without a code/,
    ],
    ['both ends named', JSON.stringify({ to: GUEST, from: HOST, code }), /names no peer/],
    ['an extra field', JSON.stringify({ to: GUEST, code, hops: 2 }), /names no peer/],
    [
      'a peer of another table',
      JSON.stringify({ to: 'fairdeal-zzzzzzzzzz-host', code }),
      /names no peer/,
    ],
    ['a peer id that is no peer id', JSON.stringify({ from: 'server', code }), /names no peer/],
  ])('refuses an envelope with %s', (_, data, words) => {
    const result = parseEnvelope(data, TABLE);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(words);
  });

  test('takes a relayed code only from the peer it names as its sender', () => {
    expect(relayedCodeProblem(offer, HOST, GUEST, TABLE)).toBeNull();
    expect(relayedCodeProblem(offer, `fairdeal-${TABLE}-mallory2`, GUEST, TABLE)).toBe(
      `a relayed code that claims to come from ${HOST}, sent by fairdeal-${TABLE}-mallory2`,
    );
    expect(relayedCodeProblem(offer, HOST, HOST, TABLE)).toBe('a relayed code of this peer’s own');
    expect(relayedCodeProblem(offer, HOST, GUEST, 'zzzzzzzzzz')).toBe(
      `a relayed code for table ${TABLE}`,
    );
  });

  test('forwards a burst of 30 from one peer, then one a second, each peer apart', () => {
    const allowance = new RelayAllowance();
    const burst = Array.from({ length: 31 }, () => allowance.allow(GUEST, 1000));
    expect(burst.filter(Boolean)).toHaveLength(30);
    expect(allowance.allow(HOST, 1000)).toBe(true);
    expect(allowance.allow(GUEST, 1500)).toBe(false);
    expect(allowance.allow(GUEST, 2100)).toBe(true);
    expect(allowance.allow(GUEST, 2200)).toBe(false);
  });
});
