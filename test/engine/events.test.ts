import { createPublicKey, verify } from 'node:crypto';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import fc from 'fast-check';
import { describe, expect, it, test } from 'vitest';
import { encodeCanonical, stateHash, type Json } from '../../src/engine/encoding.ts';
import {
  MAX_ARRAY_LENGTH,
  MAX_DEPTH,
  MAX_EVENT_BYTES,
  MAX_OBJECT_KEYS,
  MAX_STRING_LENGTH,
  ZERO_HASH,
  eventHash,
  makeEvent,
  parseEvent,
  signEvent,
  signingBytes,
  verifyEvent,
  type Event,
  type UnsignedEvent,
} from '../../src/engine/events.ts';
import { testIdentity } from './helpers.ts';
import { createIdentity } from '../../src/engine/identity.ts';

const alice = testIdentity(0);
const bob = testIdentity(1);

const unsigned: UnsignedEvent = {
  table: 'table-1',
  author: 0,
  seq: 0,
  prev: ZERO_HASH,
  basis: [0, 0],
  body: { type: 'FLIP' },
};

function sign(event: UnsignedEvent = unsigned) {
  const signed = signEvent(event, alice.secretKey);
  if (!signed.ok) throw new Error(signed.error);
  return signed.value;
}

const good = sign();
const text = new TextDecoder().decode(good.bytes);

/** The good event's fields with some replaced, as a plain object to encode. */
function fields(changes: Record<string, unknown>): Record<string, unknown> {
  return { ...good.event, ...changes };
}

/** Canonical text of `fields(changes)` (values must be canonical JSON themselves). */
function withFields(changes: Record<string, unknown>): string {
  return encodeCanonical(fields(changes) as Json);
}

describe('canonical event encoding', () => {
  it('writes sorted keys, no whitespace, and is frozen for a fixed key', () => {
    expect(text).toBe(
      `{"author":0,"basis":[0,0],"body":{"type":"FLIP"},"prev":"${ZERO_HASH}",` +
        `"seq":0,"sig":"${good.event.sig}","table":"table-1"}`,
    );
    // Ed25519 signatures are deterministic, so the whole event is a fixed vector.
    expect(good.event.sig).toBe(
      '826f4a83b99d7297f664b738dba998d4aa9b7c491034df5591b9f462ddad0c16' +
        'c978c65f920442b35377622c4b596174cf5a9c9acc36bc7213596c296d3dbb02',
    );
    expect(good.hash).toBe('de65586f9fe1ed7c0cefd17130bca7981e6878944d4cea406acca9763d9222bd');
    expect(good.hash).toBe(eventHash(good.bytes));
    expect(eventHash(utf8ToBytes(text))).toBe(good.hash);
  });

  it('round-trips through parseEvent and makeEvent, from bytes and from text', () => {
    for (const input of [good.bytes, text]) {
      const parsed = parseEvent(input);
      expect(parsed).toEqual({ ok: true, value: good.event });
      if (parsed.ok) expect(makeEvent(parsed.value)).toEqual(good.bytes);
    }
  });

  it('never writes fields that are not part of an event', () => {
    const extra = { ...good.event, note: 'x' } as Event;
    expect(makeEvent(extra)).toEqual(good.bytes);
  });

  it('round-trips arbitrary JSON bodies', () => {
    const key = fc.stringMatching(/^[a-z][a-zA-Z0-9_]{0,8}$/);
    const leaf = fc.oneof(
      fc.constant(null),
      fc.boolean(),
      fc.maxSafeInteger(),
      fc.string({ unit: 'grapheme', maxLength: 20 }),
    );
    const value = fc.letrec<{ json: Json }>((tie) => ({
      json: fc.oneof(
        { depthSize: 'small' },
        leaf,
        fc.array(tie('json'), { maxLength: 4 }),
        fc.dictionary(key, tie('json'), { maxKeys: 4 }),
      ),
    })).json;
    fc.assert(
      fc.property(fc.dictionary(key, value, { maxKeys: 5 }), (extra) => {
        const signed = sign({ ...unsigned, body: { ...extra, type: 'NOTE' } });
        const parsed = parseEvent(signed.bytes);
        expect(parsed).toEqual({ ok: true, value: signed.event });
      }),
      { numRuns: 60 },
    );
  });
});

describe('parseEvent rejects', () => {
  const deep = (n: number): Json => (n === 0 ? 1 : [deep(n - 1)]);
  const many = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]));
  const rows: [string, Uint8Array | string, string][] = [
    ['invalid UTF-8', new Uint8Array([0x7b, 0xff, 0x7d]), 'ERR_UTF8'],
    ['a lone surrogate in text', '{"a":"\ud800"}', 'ERR_UTF8'],
    ['not JSON', 'hello', 'ERR_JSON'],
    ['a byte-order mark', '\ufeff' + text, 'ERR_JSON'],
    ['whitespace', text.replace(',', ', '), 'ERR_NONCANONICAL'],
    [
      'unsorted keys',
      text.replace('{"author":0,', '{').replace(/}$/, ',"author":0}'),
      'ERR_NONCANONICAL',
    ],
    [
      'a duplicated key',
      text.replace('{"author":0,', '{"author":0,"author":0,'),
      'ERR_NONCANONICAL',
    ],
    ['an exponent', text.replace('"seq":0', '"seq":0e0'), 'ERR_NONCANONICAL'],
    ['an escaped plain character', text.replace('"FLIP"', '"FL\\u0049P"'), 'ERR_NONCANONICAL'],
    ['a fraction', text.replace('"seq":0', '"seq":0.5'), 'ERR_NUMBER'],
    ['minus zero', text.replace('"seq":0', '"seq":-0'), 'ERR_NUMBER'],
    [
      'an unsafe integer',
      withFields({ body: { type: 'X' } }).replace('"X"', '"X","n":9007199254740993'),
      'ERR_NUMBER',
    ],
    [
      'a lone surrogate escape',
      withFields({ body: { type: 'X', s: 'a' } }).replace('"a"', '"\\ud800"'),
      'ERR_STRING',
    ],
    [
      'a key that is no identifier',
      withFields({ body: { type: 'X' } }).replace('{"type"', '{"$":1,"type"'),
      'ERR_KEY',
    ],
    [
      'a __proto__ key',
      withFields({ body: { type: 'X' } }).replace('{"type"', '{"__proto__":1,"type"'),
      'ERR_KEY',
    ],
    ['a top-level array', '[1]', 'ERR_FIELDS'],
    ['a missing field', encodeCanonical(unsigned), 'ERR_FIELDS'],
    ['an extra field', withFields({ extra: 1 }), 'ERR_FIELDS'],
    ['an empty table id', withFields({ table: '' }), 'ERR_TABLE_ID'],
    ['a table id with a space', withFields({ table: 'a b' }), 'ERR_TABLE_ID'],
    ['author 6', withFields({ author: 6 }), 'ERR_AUTHOR'],
    ['author -1', withFields({ author: -1 }), 'ERR_AUTHOR'],
    ['author as a string', withFields({ author: '0' }), 'ERR_AUTHOR'],
    ['seq -1', withFields({ seq: -1 }), 'ERR_SEQ'],
    ['seq 2^32', withFields({ seq: 2 ** 32, prev: '1'.repeat(64) }), 'ERR_SEQ'],
    ['seq as a string', withFields({ seq: '0' }), 'ERR_SEQ'],
    ['seq 0 with a prev', withFields({ prev: '1'.repeat(64) }), 'ERR_PREV'],
    ['seq 1 without a prev', withFields({ seq: 1 }), 'ERR_PREV'],
    ['upper-case prev', withFields({ seq: 1, prev: 'A'.repeat(64) }), 'ERR_PREV'],
    ['a basis that is a hash', withFields({ basis: ZERO_HASH }), 'ERR_BASIS'],
    ['an empty basis', withFields({ basis: [] }), 'ERR_BASIS'],
    ['a basis of seven seats', withFields({ basis: [0, 0, 0, 0, 0, 0, 0] }), 'ERR_BASIS'],
    ['a basis with a negative count', withFields({ basis: [0, -1] }), 'ERR_BASIS'],
    ['a basis with a count past MAX_SEQ', withFields({ basis: [0, 2 ** 32] }), 'ERR_BASIS'],
    ['a basis too short for its author', withFields({ author: 1, basis: [0] }), 'ERR_BASIS'],
    ['a basis that forgets own events', withFields({ seq: 1, prev: '1'.repeat(64) }), 'ERR_BASIS'],
    ['a body that is an array', withFields({ body: ['FLIP'] }), 'ERR_BODY'],
    ['a body without type', withFields({ body: { kind: 'FLIP' } }), 'ERR_BODY'],
    ['a lower-case body type', withFields({ body: { type: 'flip' } }), 'ERR_BODY'],
    ['a short signature', withFields({ sig: 'ab' }), 'ERR_SIG_FORMAT'],
    [
      'an upper-case signature',
      withFields({ sig: good.event.sig.toUpperCase() }),
      'ERR_SIG_FORMAT',
    ],
    [
      'too many bytes',
      withFields({ body: { type: 'X', s: 'a'.repeat(MAX_EVENT_BYTES) } }),
      'ERR_TOO_LARGE',
    ],
    [
      'too many bytes, in UTF-8 only',
      withFields({ body: { type: 'X', s: 'é'.repeat(MAX_EVENT_BYTES / 2) } }),
      'ERR_TOO_LARGE',
    ],
    ['too deep', withFields({ body: { type: 'X', d: deep(MAX_DEPTH) } }), 'ERR_DEPTH'],
    [
      'a long string',
      withFields({ body: { type: 'X', s: 'a'.repeat(MAX_STRING_LENGTH + 1) } }),
      'ERR_STRING',
    ],
    [
      'a long array',
      withFields({ body: { type: 'X', a: Array(MAX_ARRAY_LENGTH + 1).fill(0) } }),
      'ERR_ARRAY_LENGTH',
    ],
    [
      'too many keys',
      withFields({ body: { type: 'X', ...many(MAX_OBJECT_KEYS) } }),
      'ERR_OBJECT_SIZE',
    ],
  ];

  it.each(rows)('%s', (_name, input, code) => {
    expect(parseEvent(input)).toEqual({ ok: false, error: code });
  });

  it('accepts what sits exactly at the limits', () => {
    const atLimit = sign({
      ...unsigned,
      body: {
        type: 'X',
        s: 'a'.repeat(MAX_STRING_LENGTH),
        a: Array(MAX_ARRAY_LENGTH).fill(0),
        d: deep(MAX_DEPTH - 2),
      },
    });
    expect(parseEvent(atLimit.bytes).ok).toBe(true);
  });

  it('never throws, whatever the bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(parseEvent(bytes).ok).toBe(false);
      }),
    );
    fc.assert(
      fc.property(fc.json(), (json) => {
        expect(parseEvent(json).ok).toBe(false);
      }),
    );
  });

  it('refuses nesting past the limit, however deep, without recursing into it', () => {
    // A recursive parser would overflow the stack long before 64 KiB of '[' (speed: npm run bench).
    expect(parseEvent('['.repeat(MAX_EVENT_BYTES))).toEqual({ ok: false, error: 'ERR_DEPTH' });
  });
});

describe('signatures', () => {
  it('verifies with the author key only', () => {
    expect(verifyEvent(good.event, alice.publicKey)).toBe(true);
    expect(verifyEvent(good.event, bob.publicKey)).toBe(false);
  });

  it('is plain RFC 8032 Ed25519 over the domain tag and unsigned event (checked by node:crypto)', () => {
    const key = createPublicKey({
      key: {
        kty: 'OKP',
        crv: 'Ed25519',
        x: Buffer.from(alice.publicKey, 'hex').toString('base64url'),
      },
      format: 'jwk',
    });
    const message = utf8ToBytes(`fair-deal/event/v1\n${encodeCanonical(unsigned)}`);
    expect(signingBytes(good.event)).toEqual(message);
    expect(verify(null, message, key, hexToBytes(good.event.sig))).toBe(true);
  });

  it('fails once any signed field changes', () => {
    for (const change of [
      { table: 'table-2' },
      { author: 1 },
      { basis: [0, 1] },
      { body: { type: 'PASS' } },
    ]) {
      expect(verifyEvent({ ...good.event, ...change } as Event, alice.publicKey)).toBe(false);
    }
  });

  it('refuses a malleated signature (s + L), so a relay cannot mint a second event', () => {
    const L = 2n ** 252n + 27742317777372353535851937790883648493n;
    const sig = hexToBytes(good.event.sig);
    let s = 0n;
    for (let i = 63; i >= 32; i--) s = (s << 8n) | BigInt(sig[i] as number);
    s += L;
    for (let i = 32; i < 64; i++) {
      sig[i] = Number(s & 0xffn);
      s >>= 8n;
    }
    expect(s).toBe(0n);
    expect(verifyEvent({ ...good.event, sig: bytesToHex(sig) }, alice.publicKey)).toBe(false);
  });

  it('refuses to sign what no peer would decode', () => {
    const big = { ...unsigned, body: { type: 'X', s: 'a'.repeat(MAX_STRING_LENGTH + 1) } };
    expect(signEvent(big, alice.secretKey)).toEqual({ ok: false, error: 'ERR_STRING' });
  });
});

describe('stateHash', () => {
  it('ignores key insertion order and sees every change', () => {
    const a = stateHash({ x: 1, y: [1, 2, { z: 'q' }] });
    expect(stateHash({ y: [1, 2, { z: 'q' }], x: 1 })).toBe(a);
    expect(stateHash({ x: 1, y: [1, 2, { z: 'r' }] })).not.toBe(a);
    expect(stateHash({ x: 1, y: [2, 1, { z: 'q' }] })).not.toBe(a);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
  });

  it('differs from the plain hash of the same bytes (domain separation)', () => {
    expect(stateHash({ type: 'FLIP' })).not.toBe(eventHash(utf8ToBytes('{"type":"FLIP"}')));
  });

  it('throws on values that have no canonical form, naming the path', () => {
    expect(() => stateHash({ a: [1, 0.5] })).toThrow('$.a[1]');
    expect(() => stateHash({ a: undefined } as unknown as Json)).toThrow('$.a');
    expect(() => stateHash({ 'bad key': 1 })).toThrow('bad key');
  });
});

describe('heads: what an event saw, by hash (protocol 4, the vector in docs/protocol.md)', () => {
  const table = 'ab'.repeat(32);
  const flip = { type: 'ACT', action: { type: 'FLIP' } };
  const ada = createIdentity(new Uint8Array(32).fill(1));
  const bob = createIdentity(new Uint8Array(32).fill(2));
  const ADA_FIRST =
    '{"author":0,"basis":[0,0],"body":{"action":{"type":"FLIP"},"type":"ACT"},"heads":[null,null],"prev":"0000000000000000000000000000000000000000000000000000000000000000","seq":0,"sig":"ee66c5b6cb5d28f2418971c78fdfcde29239a7cbc89c2e8f575981c404eef520bd0c1f59e0c1bed8caab431912e90baa17d440dbf3e2d40bcf12251d47e93a0b","table":"abababababababababababababababababababababababababababababababab"}';
  const ADA_HASH = '2ee9263ecb683c8023821e6b398a043f0bccda891db42d5a26ca0b54fbf26ee4';
  const BOB_FIRST =
    '{"author":1,"basis":[1,0],"body":{"action":{"type":"FLIP"},"type":"ACT"},"heads":["2ee9263ecb683c8023821e6b398a043f0bccda891db42d5a26ca0b54fbf26ee4",null],"prev":"0000000000000000000000000000000000000000000000000000000000000000","seq":0,"sig":"f8da5313bcf6ceb42e9646db1232c8ab4195ef7cb9fd730171ee0ec5c5e9d356e32f603dcbace45a024efdda8efb6c46c283b70c4a88fe4864e18fbf71e54b0e","table":"abababababababababababababababababababababababababababababababab"}';
  const BOB_HASH = '7c134352fc9062710f0ac7899a415f02abbe24eff46abb7e91f08bd93098413c';
  const text = new TextDecoder();

  test('the vector: two events, the second naming the first by hash, byte for byte', () => {
    const first = signEvent(
      { table, author: 0, seq: 0, prev: ZERO_HASH, basis: [0, 0], heads: [null, null], body: flip },
      ada.secretKey,
    );
    if (!first.ok) throw new Error(first.error);
    expect([text.decode(first.value.bytes), first.value.hash]).toEqual([ADA_FIRST, ADA_HASH]);
    const second = signEvent(
      {
        table,
        author: 1,
        seq: 0,
        prev: ZERO_HASH,
        basis: [1, 0],
        heads: [ADA_HASH, null],
        body: flip,
      },
      bob.secretKey,
    );
    if (!second.ok) throw new Error(second.error);
    expect([text.decode(second.value.bytes), second.value.hash]).toEqual([BOB_FIRST, BOB_HASH]);
    const parsed = parseEvent(BOB_FIRST);
    expect(parsed.ok && verifyEvent(parsed.value, bob.publicKey)).toBe(true);
  });

  test.each([
    ['one head too few', [ADA_HASH]],
    ['a head where the count is 0', [ADA_HASH, ADA_HASH]],
    ['a head at the author’s own seat', [ADA_HASH, 'cd'.repeat(32)]],
    ['no head where the count is not 0', [null, null]],
    ['a head that is not 32 bytes of lower-case hex', [ADA_HASH.toUpperCase(), null]],
  ])('refuses %s (ERR_HEADS)', (_, heads) => {
    const event = JSON.parse(BOB_FIRST) as Record<string, unknown>;
    const changed = encodeCanonical({ ...event, heads } as never);
    expect(parseEvent(changed)).toEqual({ ok: false, error: 'ERR_HEADS' });
  });
});
