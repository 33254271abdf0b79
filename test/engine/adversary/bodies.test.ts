/**
 * Every scalar and point from the network is range-checked when a body is
 * parsed: secrets in [1, ℓ), points canonical and never the identity. An
 * AUDIT whose secret is 0 once made the fold call `G.multiply(0n)`, which
 * throws; now it is refused at the door and its author named.
 */
import { describe, expect, test } from 'vitest';
import { G, ORDER, encodeScalar, toBase64, toHex } from '../../../crypto/index.ts';
import type { JsonObject } from '../../../src/engine/encoding.ts';
import { parseBody } from '../../../src/engine/table/bodies.ts';
import { makeAct } from '../../../src/engine/table/author.ts';
import { writePoint } from '../../../src/engine/table/points.ts';
import { handGame } from '../helpers/hand-game.ts';
import { Table, makePlayers } from '../helpers/table.ts';

const hex = (s: bigint) => toHex(encodeScalar(s));
/** A points list (kind 1, count, 32-byte encodings) of `n` copies of `encoding`. */
const pointsList = (n: number, encoding: Uint8Array) =>
  toBase64(
    new Uint8Array([1, n, 0, 0, 0, ...Array.from({ length: n }, () => [...encoding]).flat()]),
  );
const IDENTITY = pointsList(1, new Uint8Array(32));
const POINT = writePoint(G.multiply(7n));
const TWO_POINTS = pointsList(2, G.multiply(7n).toBytes());
/** ℓ itself, little-endian: one past the largest scalar. */
const ELL = toHex(
  Uint8Array.from({ length: 32 }, (_, i) => Number((ORDER >> BigInt(8 * i)) & 0xffn)),
);

describe('parseBody range-checks every field from the network', () => {
  const cases: [string, JsonObject, string][] = [
    ['an audit secret of 0', { type: 'AUDIT', secrets: [hex(0n)] }, 'ERR_BODY_ENCODING'],
    ['an audit secret of ℓ', { type: 'AUDIT', secrets: [ELL] }, 'ERR_BODY_ENCODING'],
    ['an audit secret that is not hex', { type: 'AUDIT', secrets: ['zz'] }, 'ERR_BODY_ENCODING'],
    ['an audit secret that is a number', { type: 'AUDIT', secrets: [5] }, 'ERR_BODY_FIELDS'],
    [
      'a key that is the identity',
      { type: 'KEY', genesis: 'g', keys: [{ pub: IDENTITY, proof: 'AA==' }] },
      'ERR_BODY_ENCODING',
    ],
    [
      'a key of two points',
      { type: 'KEY', genesis: 'g', keys: [{ pub: TWO_POINTS, proof: 'AA==' }] },
      'ERR_BODY_ENCODING',
    ],
    ['a key list that is no list', { type: 'KEY', genesis: 'g', keys: 'x' }, 'ERR_BODY_FIELDS'],
    [
      'a re-mask key that is the identity',
      {
        type: 'REMASK',
        key: IDENTITY,
        rekeyed: POINT,
        rekeys: [],
        pub: POINT,
        rows: 'AA==',
        proof: 'AA==',
      },
      'ERR_BODY_ENCODING',
    ],
    ['a re-mask missing its re-keys', { type: 'REMASK', key: POINT }, 'ERR_BODY_FIELDS'],
    [
      'a show key that is the identity',
      { type: 'REKEY', key: IDENTITY, rekeyed: POINT, rekeys: [] },
      'ERR_BODY_ENCODING',
    ],
    [
      'a show key of two points',
      { type: 'REKEY', key: TWO_POINTS, rekeyed: POINT, rekeys: [] },
      'ERR_BODY_ENCODING',
    ],
    [
      'show key proofs that are no list',
      { type: 'REKEY', key: POINT, rekeyed: POINT, rekeys: 'x' },
      'ERR_BODY_FIELDS',
    ],
    [
      'a show key missing its proofs',
      { type: 'REKEY', key: POINT, rekeyed: POINT },
      'ERR_BODY_FIELDS',
    ],
    [
      'a lock share with an extra field',
      { type: 'LOCK', shares: [{ points: POINT, proof: '', x: 1 }] },
      'ERR_BODY_FIELDS',
    ],
    ['a resignation with a seat', { type: 'RESIGN', seat: 0 }, 'ERR_BODY_FIELDS'],
    ['an absence naming nobody', { type: 'ABSENT' }, 'ERR_BODY_FIELDS'],
    ['an absence naming seat -1', { type: 'ABSENT', seat: -1 }, 'ERR_BODY_FIELDS'],
    ['an absence naming seat 6, past any table', { type: 'ABSENT', seat: 6 }, 'ERR_BODY_FIELDS'],
    ['an absence naming seat 0.5', { type: 'ABSENT', seat: 0.5 }, 'ERR_BODY_FIELDS'],
    ['an absence naming seat "1"', { type: 'ABSENT', seat: '1' }, 'ERR_BODY_FIELDS'],
    ['an absence with an extra field', { type: 'ABSENT', seat: 1, by: 0 }, 'ERR_BODY_FIELDS'],
    [
      'a shuffle with rows that are not base64',
      { type: 'SHUFFLE', shuffles: [{ rows: '*', proof: '' }] },
      'ERR_BODY_ENCODING',
    ],
    // Each field of the wrong shape is ERR_BODY_FIELDS, told apart from a bad encoding.
    ['a body of no known type', { type: 'DANCE' }, 'ERR_BODY_FIELDS'],
    // A list is no type, though its text is one ('RESIGN').
    ['a body whose type is a list', { type: ['RESIGN'] }, 'ERR_BODY_FIELDS'],
    // An epoch is an index below 2¹⁶: past its check, the rows '*' are a bad encoding.
    ...([-1, 2 ** 16, 0.5, '1'] as const).map((epoch): [string, JsonObject, string] => [
      `a shuffle of epoch ${JSON.stringify(epoch)}`,
      { type: 'SHUFFLE', shuffles: [{ epoch, rows: '*', proof: '' }] },
      'ERR_BODY_FIELDS',
    ]),
    [
      'a shuffle of the last epoch an index names',
      { type: 'SHUFFLE', shuffles: [{ epoch: 2 ** 16 - 1, rows: '*', proof: '' }] },
      'ERR_BODY_ENCODING',
    ],
    [
      'a key round naming its genesis by a number',
      { type: 'KEY', genesis: 5, keys: [] },
      'ERR_BODY_FIELDS',
    ],
    [
      'a key that is a number, not base64 text',
      { type: 'KEY', genesis: 'g', keys: [{ pub: 5, proof: 'AA==' }] },
      'ERR_BODY_FIELDS',
    ],
    ['a lock whose shares are an object', { type: 'LOCK', shares: {} }, 'ERR_BODY_FIELDS'],
    ['a lock share that is null', { type: 'LOCK', shares: [null] }, 'ERR_BODY_FIELDS'],
    [
      'an unlock share that is a list',
      { type: 'UNLOCK', shares: [[POINT, '']] },
      'ERR_BODY_FIELDS',
    ],
    [
      're-keys that are no list',
      { type: 'REMASK', key: POINT, rekeyed: POINT, rekeys: 'x', pub: POINT, rows: '', proof: '' },
      'ERR_BODY_FIELDS',
    ],
    ['an action that is a list', { type: 'ACT', action: [] }, 'ERR_BODY_FIELDS'],
    ['an action that is null', { type: 'ACT', action: null }, 'ERR_BODY_FIELDS'],
    ['an action that is a string', { type: 'ACT', action: 'DONE' }, 'ERR_BODY_FIELDS'],
    ['a coin commitment that is not hex', { type: 'COMMIT', hash: 'zz' }, 'ERR_BODY_FIELDS'],
    ['a coin commitment of 31 bytes', { type: 'COMMIT', hash: '00'.repeat(31) }, 'ERR_BODY_FIELDS'],
    ['a coin opening of bit 2', { type: 'OPEN', bit: 2, salt: '00'.repeat(32) }, 'ERR_BODY_FIELDS'],
    [
      'a coin opening of bit "1"',
      { type: 'OPEN', bit: '1', salt: '00'.repeat(32) },
      'ERR_BODY_FIELDS',
    ],
    ['a coin opening with a short salt', { type: 'OPEN', bit: 1, salt: '00' }, 'ERR_BODY_FIELDS'],
    ['audit secrets that are no list', { type: 'AUDIT', secrets: 'x' }, 'ERR_BODY_FIELDS'],
    ['a seal that is not hex', { type: 'SEAL', hash: 'zz' }, 'ERR_BODY_FIELDS'],
    ['an ack with a field', { type: 'ACK', seat: 0 }, 'ERR_BODY_FIELDS'],
    [
      'an unseal whose move is a list',
      { type: 'UNSEAL', action: [], salt: '00'.repeat(32) },
      'ERR_BODY_FIELDS',
    ],
    [
      'an unseal with a short salt',
      { type: 'UNSEAL', action: { type: 'DONE' }, salt: '00' },
      'ERR_BODY_FIELDS',
    ],
    ['a confirmation with a field', { type: 'CONFIRM', seat: 0 }, 'ERR_BODY_FIELDS'],
  ];
  test.each(cases)('%s is refused, never thrown', (_name, body, error) => {
    expect(() => parseBody(body)).not.toThrow();
    expect(parseBody(body)).toEqual({ ok: false, error });
  });

  test('a resignation and an absence naming a seat parse', () => {
    expect(parseBody({ type: 'RESIGN' })).toEqual({ ok: true, value: { type: 'RESIGN' } });
    expect(parseBody({ type: 'ABSENT', seat: 5 })).toEqual({
      ok: true,
      value: { type: 'ABSENT', seat: 5 },
    });
  });

  test('a coin commitment, both openings and an action parse', () => {
    const hash = 'ab'.repeat(32);
    const salt = '01'.repeat(32);
    expect(parseBody({ type: 'COMMIT', hash })).toEqual({
      ok: true,
      value: { type: 'COMMIT', hash },
    });
    for (const bit of [0, 1])
      expect(parseBody({ type: 'OPEN', bit, salt })).toEqual({
        ok: true,
        value: { type: 'OPEN', bit, salt },
      });
    expect(parseBody({ type: 'ACT', action: { type: 'DONE' } })).toEqual({
      ok: true,
      value: { type: 'ACT', action: { type: 'DONE' } },
    });
  });

  test('a seal, its ack and its opening, and a confirmation parse', () => {
    const hash = 'ab'.repeat(32);
    const salt = '01'.repeat(32);
    const action = { type: 'DONE' };
    const bodies: JsonObject[] = [
      { type: 'SEAL', hash },
      { type: 'ACK' },
      { type: 'UNSEAL', action, salt },
      { type: 'CONFIRM' },
    ];
    for (const body of bodies) expect(parseBody(body)).toEqual({ ok: true, value: body });
  });

  test('a well-formed audit secret in [1, ℓ) parses', () => {
    expect(parseBody({ type: 'AUDIT', secrets: [hex(1n), hex(ORDER - 1n)] })).toEqual({
      ok: true,
      value: { type: 'AUDIT', secrets: [1n, ORDER - 1n] },
    });
  });
});

test('an AUDIT whose secret is 0, at the audit, names its author and throws nowhere', () => {
  const players = makePlayers(2);
  const options = {
    decks: [{ name: 'deck', size: 4 }],
    seats: 2,
    to: 1,
    actor: 0,
    hand: [0, 1],
    show: 'play' as const,
  };
  const table = Table.of(players, handGame, options);
  table.dutiesUntil((s) => s.step.type === 'PLAY' && s.game.phase === 'act');
  table.play(0, makeAct({ type: 'DONE' }));
  expect(table.replicas[0]!.state.step.type).toBe('AUDIT');
  const [honest, cheat] = table.replicas as [
    (typeof table.replicas)[0],
    (typeof table.replicas)[0],
  ];
  const signed = cheat.author(1, players[1]!.identity.secretKey, {
    type: 'AUDIT',
    secrets: cheat.state.pubs[1]!.map(() => hex(0n)),
  });
  if (!signed.ok) throw new Error(signed.error);
  expect(() => honest.receive(signed.value.bytes)).not.toThrow();
  expect(honest.offences()).toEqual([
    { seat: 1, reason: 'ERR_BODY_ENCODING', event: signed.value.hash },
  ]);
});
