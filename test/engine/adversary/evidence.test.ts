/**
 * The evidence against a refused event (`diagnose`): a cheat sent in a real game,
 * refused by the fold with one code, is taken apart to the part that fails: which
 * proof of which share, over which cards and against which key; what a count
 * claimed against what the step takes; the move the rules refused; the audit
 * secret that opens nothing. The cheats are the recorded hand's honest bodies
 * changed by one thing, signed by the same seat as its next event. A Town for Two
 * player who names a false face for its play is no refused event: its share
 * stands, and the claim it refutes names it. An honest event, and one whose
 * fault is none of its parts', is told by the fold's code alone.
 */
import { describe, expect, test } from 'vitest';
import {
  decodeScalar,
  encodeScalar,
  fromHex,
  G,
  ORDER,
  pointHex,
  toHex,
} from '../../../crypto/index.ts';
import { readPoint } from '../../../src/engine/table/points.ts';
import type { Json, JsonObject } from '../../../src/engine/encoding.ts';
import type { AnyGame, Need } from '../../../src/engine/game.ts';
import { town } from '../../../src/engine/games/town/index.ts';
import type {
  AuditBody,
  KeyBody,
  LockBody,
  OpenBody,
  RekeyBody,
  RemaskBody,
  ShuffleBody,
  TableBody,
  UnlockBody,
} from '../../../src/engine/table/bodies.ts';
import { makeAct } from '../../../src/engine/table/author.ts';
import { BASE_KEY } from '../../../src/engine/table/keyring.ts';
import { diagnose, type Diagnosis } from '../../../src/engine/table/fold.ts';
import { Replica } from '../../../src/engine/table/replica.ts';
import { err } from '../../../src/engine/result.ts';
import {
  badDleqProof,
  badKeyProof,
  badUnlockProof,
  compensatedShuffleProof,
  editPoints,
  editRows,
  indexOf,
  loadHand,
  recordHand,
  replicaBefore,
  scriptPlayable,
  signNext,
  type Recording,
} from '../helpers/cheats.ts';
import { Table, diagnosisAt, makePlayers, verdictOf } from '../helpers/table.ts';
import { falseFace } from '../helpers/town.ts';
import { lazy } from '../../lazy.ts';
import { drawingFrom } from '../../setup/seeded-random.ts';

const hand = lazy(loadHand);

/**
 * A hand that turns three cards up (seat 0's share, then seat 1's, the last), deals
 * the fourth to seat 0 (seat 1 unlocks, its layer the second on the card) and ends
 * with a move.
 */
const REVEAL_SCRIPT: Need[] = [
  { type: 'REVEAL', cards: [1, 2, 3] },
  { type: 'DEAL', cards: [0], to: 0 },
  { type: 'ACT', seats: [0] },
];
// Drawn from a stream of its own: what it turns up does not hang on what was drawn before it.
const revealed = lazy(() => drawingFrom('revealed hand', () => recordHand(2, REVEAL_SCRIPT, 4)));

/** The refused entry's diagnosis, on the state its author saw, after checking it was refused. */
const diagnosed = (replica: Replica<Json>, hash: string): Diagnosis =>
  diagnosisAt(
    replica,
    replica.log.entries().findIndex((e) => e.hash === hash),
  );

/** `seat`'s recorded event of `type` (in `step`), edited, sent in its place; its diagnosis. */
function cheat<B>(
  seat: number,
  type: string,
  edit: (body: B) => TableBody,
  step?: string,
  rec: Recording = hand(),
) {
  const index = indexOf(rec, seat, type, step);
  const replica = replicaBefore(rec, index);
  const body = rec.events[index]!.event.body as unknown as B;
  const bad = signNext(replica.log, rec.players[seat]!, edit(body));
  replica.receive(bad.bytes);
  return { replica, diagnosis: diagnosed(replica, bad.hash), before: replica.stateAfter(index)! };
}

/** Seat `seat`'s layer key on card `id` in the state before the cheat. */
const layerKey = (
  state: { cards: readonly { layers: readonly { seat: number; key: string }[] }[] },
  id: number,
  seat: number,
) => state.cards[id]!.layers.find((l) => l.seat === seat)!.key;

/** A point as the evidence names it: its canonical encoding in hex. */
const hex = (base64: string) => pointHex(readPoint(base64));

const count = (items: string, claimed: number, expected: number, part: number | null = null) =>
  ({ kind: 'count', items, claimed, expected, part }) as const;

const plus1 = (hex: string) => toHex(encodeScalar((decodeScalar(fromHex(hex)) + 1n) % ORDER));

describe('the part of a refused event that fails', () => {
  test('an unlock share with a forged proof: which share, which cards, whose key', () => {
    const forged = (b: UnlockBody) => ({ ...b, shares: b.shares.map(badUnlockProof) });
    // A deal's share, and the last share of a reveal: there the proof, not the faces.
    for (const [seat, rec, cards] of [
      [0, hand(), [0, 1, 2]],
      [1, revealed(), [1, 2, 3]],
    ] as const) {
      const { diagnosis, before } = cheat(seat, 'UNLOCK', forged, 'UNLOCK', rec);
      expect(diagnosis).toEqual({
        kind: 'proof',
        proof: 'unlock',
        part: 0,
        parts: 1,
        cards,
        key: hex(layerKey(before, cards[0], seat)),
      });
    }
    expect(replicaBefore(revealed(), indexOf(revealed(), 1, 'UNLOCK')).state.step).toMatchObject({
      to: 'all',
      next: 1,
      order: [0, 1],
    });
  });

  test('an unlock with a share short of a point: the count claimed against the cards', () => {
    const { diagnosis } = cheat<UnlockBody>(
      0,
      'UNLOCK',
      (b) => ({
        ...b,
        shares: b.shares.map((s) => ({ ...s, points: editPoints(s.points, (p) => p.slice(1)) })),
      }),
      'UNLOCK',
    );
    expect(diagnosis).toEqual({ kind: 'count', items: 'points', claimed: 2, expected: 3, part: 0 });
  });

  test('a re-key to G, or to a key already at the table: the key, and whether it was in use', () => {
    const base = cheat<RekeyBody>(0, 'REKEY', (b) => ({ ...b, key: BASE_KEY }));
    expect(base.diagnosis).toEqual({ kind: 'key', key: hex(BASE_KEY), used: false });
    const own = replicaBefore(hand(), indexOf(hand(), 0, 'REKEY')).state.pubs[0]![0]!;
    const reused = cheat<RekeyBody>(0, 'REKEY', (b) => ({ ...b, key: own }));
    expect(reused.diagnosis).toEqual({ kind: 'key', key: hex(own), used: true });
  });

  test('a shuffle whose proof does not hold: the deck’s cards and the shuffler’s key', () => {
    const { diagnosis, before } = cheat<ShuffleBody>(1, 'SHUFFLE', (b) => ({
      ...b,
      shuffles: b.shuffles.map((s) => ({ ...s, proof: compensatedShuffleProof(s.proof) })),
    }));
    expect(diagnosis).toEqual({
      kind: 'proof',
      proof: 'shuffle',
      part: 0,
      parts: 1,
      cards: [0, 1, 2, 3, 4, 5],
      key: hex(before.epochs[0]!.keys[1]!),
    });
  });

  test('a key for another genesis, and a key with a forged proof', () => {
    const other = cheat<KeyBody>(1, 'KEY', (b) => ({ ...b, genesis: '0'.repeat(64) }));
    expect(other.diagnosis).toEqual({
      kind: 'genesis',
      claimed: '0'.repeat(64),
      expected: other.before.genesisHash,
    });
    const forged = cheat<KeyBody>(1, 'KEY', (b) => ({
      ...b,
      keys: b.keys.map((k) => ({ ...k, proof: badKeyProof(k.proof) })),
    }));
    const key = (hand().events[indexOf(hand(), 1, 'KEY')]!.event.body as unknown as KeyBody)
      .keys[0]!.pub;
    expect(forged.diagnosis).toEqual({
      kind: 'proof',
      proof: 'key',
      part: 0,
      parts: 1,
      cards: [],
      key: hex(key),
    });
  });

  test('a re-mask: the one card whose re-key proof fails, or the shuffle of the hand', () => {
    const rekey = cheat<RemaskBody>(1, 'REMASK', (b) => ({
      ...b,
      rekeys: b.rekeys.map((p, i) => (i === 1 ? badDleqProof(p) : p)),
    }));
    expect(rekey.diagnosis).toEqual({
      kind: 'proof',
      proof: 'rekey',
      part: 1,
      parts: 3,
      cards: [1],
      key: hex(layerKey(rekey.before, 1, 1)),
    });
    const shuffle = cheat<RemaskBody>(1, 'REMASK', (b) => ({
      ...b,
      proof: compensatedShuffleProof(b.proof),
    }));
    const body = hand().events[indexOf(hand(), 1, 'REMASK')]!.event.body as unknown as RemaskBody;
    expect(shuffle.diagnosis).toEqual({
      kind: 'proof',
      proof: 'remask',
      part: 0,
      parts: 1,
      cards: [0, 1, 2],
      key: hex(body.pub),
    });
  });

  test('a show key, a lock and a show’s copies with forged proofs', () => {
    const rekey = cheat<RekeyBody>(0, 'REKEY', (b) => ({
      ...b,
      rekeys: [b.rekeys[0]!, badDleqProof(b.rekeys[1]!)],
    }));
    // Card 1 is under seat 1's layer alone: seat 0's layer is added to it, from the key G.
    expect(rekey.diagnosis).toEqual({
      kind: 'proof',
      proof: 'rekey',
      part: 1,
      parts: 2,
      cards: [1],
      key: pointHex(G),
    });
    const lock = cheat<LockBody>(0, 'LOCK', (b) => ({
      ...b,
      shares: b.shares.map(badUnlockProof),
    }));
    expect(lock.diagnosis).toMatchObject({ kind: 'proof', proof: 'lock', part: 0, cards: [2] });
    const copy = cheat<UnlockBody>(
      0,
      'UNLOCK',
      (b) => ({ ...b, shares: b.shares.map(badUnlockProof) }),
      'COPY',
    );
    expect(copy.diagnosis).toMatchObject({ kind: 'proof', proof: 'copy', part: 0, cards: [0, 1] });
  });

  test('an audit secret that opens nothing: which one, and the public key it should open', () => {
    const { diagnosis, before } = cheat<AuditBody>(1, 'AUDIT', (b) => ({
      ...b,
      secrets: b.secrets.map((s, i) => (i === 2 ? plus1(s) : s)),
    }));
    expect(diagnosis).toEqual({ kind: 'secret', part: 2, parts: 4, key: hex(before.pubs[1]![2]!) });
  });

  test('a coin bit other than committed, a move the rules refuse, a body that does not parse', () => {
    const open = hand().events[indexOf(hand(), 1, 'OPEN')]!.event.body as unknown as OpenBody;
    expect(cheat<OpenBody>(1, 'OPEN', (b) => ({ ...b, bit: 1 - b.bit })).diagnosis).toEqual({
      kind: 'commitment',
      bit: 1 - open.bit,
    });
    expect(cheat(1, 'ACT', () => ({ type: 'ACT', action: { type: 'WIN' } })).diagnosis).toEqual({
      kind: 'rules',
      code: 'ERR_UNEXPECTED',
      action: 'WIN',
    });
    expect(
      cheat<UnlockBody>(0, 'UNLOCK', (b) => ({ ...b, extra: 1 }) as unknown as TableBody, 'UNLOCK')
        .diagnosis,
    ).toEqual({ kind: 'body', code: 'ERR_BODY_FIELDS' });
    expect(
      cheat<UnlockBody>(
        0,
        'UNLOCK',
        (b) => ({ ...b, shares: b.shares.map((x) => ({ ...x, points: '!' })) }),
        'UNLOCK',
      ).diagnosis,
    ).toEqual({ kind: 'body', code: 'ERR_BODY_ENCODING' });
  });

  test('a count the step does not take: what the event holds against what it should', () => {
    const more = <T>(list: readonly T[]) => [...list, list[0]!];
    type Rows = Parameters<typeof editRows>[1];
    const rows = (edit: Rows) => (b: ShuffleBody) => ({
      ...b,
      shuffles: b.shuffles.map((x) => ({ ...x, rows: editRows(x.rows, edit) })),
    });
    const doubled = (b: UnlockBody) => ({
      ...b,
      shares: b.shares.map((x) => ({ ...x, points: editPoints(x.points, (p) => [...p, ...p]) })),
    });
    // [type, step (seat 0's UNLOCK, else seat 1's event, or seat 0's LOCK or REKEY), edit, evidence]
    const cases: [string, string | undefined, (b: never) => TableBody, Diagnosis][] = [
      ['KEY', undefined, (b: KeyBody) => ({ ...b, keys: more(b.keys) }), count('keys', 2, 1)],
      [
        'SHUFFLE',
        undefined,
        (b: ShuffleBody) => ({ ...b, shuffles: more(b.shuffles) }),
        count('shuffles', 2, 1),
      ],
      ['SHUFFLE', undefined, rows((r) => r.slice(1)), count('rows', 5, 6, 0)],
      [
        'SHUFFLE',
        undefined,
        rows((r) => r.map((row) => [...row, ...row])),
        count('points in a row', 2, 1, 0),
      ],
      ['UNLOCK', 'UNLOCK', (b: UnlockBody) => ({ ...b, shares: [] }), count('shares', 0, 1)],
      [
        'LOCK',
        undefined,
        (b: LockBody) => ({ ...b, shares: more(b.shares) }),
        count('shares', 2, 1),
      ],
      ['UNLOCK', 'COPY', doubled, count('points', 4, 2, 0)],
      [
        'AUDIT',
        undefined,
        (b: AuditBody) => ({ ...b, secrets: b.secrets.slice(1) }),
        count('secrets', 3, 4),
      ],
      [
        'REKEY',
        undefined,
        (b: RekeyBody) => ({ ...b, rekeyed: editPoints(b.rekeyed, (p) => p.slice(1)) }),
        count('re-keyed cards', 1, 2),
      ],
      [
        'REKEY',
        undefined,
        (b: RekeyBody) => ({ ...b, rekeys: more(b.rekeys) }),
        count('re-key proofs', 3, 2),
      ],
      [
        'REMASK',
        undefined,
        (b: RemaskBody) => ({ ...b, rekeyed: editPoints(b.rekeyed, (p) => p.slice(1)) }),
        count('re-keyed cards', 2, 3),
      ],
      [
        'REMASK',
        undefined,
        (b: RemaskBody) => ({ ...b, rekeys: more(b.rekeys) }),
        count('re-key proofs', 4, 3),
      ],
      [
        'REMASK',
        undefined,
        (b: RemaskBody) => ({ ...b, rows: editRows(b.rows, (r) => r.slice(1)) }),
        count('rows', 2, 3),
      ],
      [
        // Two counts wrong: the first checked is the one named.
        'REMASK',
        undefined,
        (b: RemaskBody) => ({
          ...b,
          rekeyed: editPoints(b.rekeyed, (p) => p.slice(1)),
          rows: editRows(b.rows, (r) => r.slice(1)),
        }),
        count('re-keyed cards', 2, 3),
      ],
    ];
    for (const [type, step, edit, expected] of cases) {
      const seat = type === 'LOCK' || type === 'REKEY' || step !== undefined ? 0 : 1;
      expect(
        cheat(seat, type, edit, step).diagnosis,
        `${type}: ${JSON.stringify(expected)}`,
      ).toEqual(expected);
    }
  });

  test('an event its author did not owe: who owed what', () => {
    // Bob sends Ada's unlock share, in her place.
    const rec = hand();
    const index = indexOf(rec, 0, 'UNLOCK', 'UNLOCK');
    const replica = replicaBefore(rec, index);
    const body = rec.events[index]!.event.body as unknown as UnlockBody;
    const bad = signNext(replica.log, rec.players[1]!, body);
    replica.receive(bad.bytes);
    expect(diagnosed(replica, bad.hash)).toEqual({
      kind: 'not-owed',
      owed: [{ seat: 0, kind: 'UNLOCK' }],
    });
    // Ada, owing an unlock share, sends the lock she makes later in the hand.
    const fresh = replicaBefore(rec, index);
    const lock = rec.events[indexOf(rec, 0, 'LOCK')]!.event.body as unknown as LockBody;
    const other = signNext(fresh.log, rec.players[0]!, lock);
    fresh.receive(other.bytes);
    expect(diagnosed(fresh, other.hash)).toEqual({
      kind: 'not-owed',
      owed: [{ seat: 0, kind: 'UNLOCK' }],
    });
  });
});

describe('what the parts do not explain is told by the fold’s code', () => {
  /** Each recorded event diagnosed on the state before it, as if the fold had refused it for `code`. */
  const diagnoseAll = (rec: Recording) => {
    const replica = replicaBefore(rec, rec.events.length);
    return rec.events.map(({ event }, i) => [
      `${i} ${event.body.type} of seat ${event.author} in ${rec.steps[i]}`,
      diagnose(replica.stateAfter(i)!, replica.game, event.author, event.body, 'ERR_BASIS'),
    ]);
  };

  test('every honest event of a hand, each of its proofs holding: the code alone', () => {
    for (const rec of [hand(), revealed()]) {
      const found = diagnoseAll(rec);
      expect(found).toEqual(found.map(([event]) => [event, { kind: 'other', code: 'ERR_BASIS' }]));
    }
    // The reveal turned up face 0 too: a face, however low.
    const faces = replicaBefore(revealed(), revealed().events.length).state.faces;
    expect(faces.slice(1)).toContain(0);
    // The kinds of event, steps and shares this walked over.
    const kinds = [hand(), revealed()].flatMap((rec) =>
      rec.events.map(({ event }, i) => `${event.body.type} in ${rec.steps[i]}`),
    );
    expect(new Set(kinds)).toEqual(
      new Set([
        'KEY in KEYS',
        'SHUFFLE in SHUFFLE',
        'UNLOCK in UNLOCK',
        'REMASK in REMASK',
        'COMMIT in COIN',
        'OPEN in COIN',
        'REKEY in REKEY',
        'LOCK in LOCK',
        'UNLOCK in COPY',
        'ACT in PLAY',
        'AUDIT in AUDIT',
      ]),
    );
  });

  test('a resignation, an absence and a commitment have no parts to fault', () => {
    const rec = hand();
    const at = indexOf(rec, 0, 'COMMIT');
    const state = replicaBefore(rec, at).state;
    const bodies: JsonObject[] = [
      { type: 'RESIGN' },
      { type: 'ABSENT', seat: 1 },
      rec.events[at]!.event.body,
    ];
    for (const body of bodies)
      expect(diagnose(state, scriptPlayable, 0, body, 'ERR_X')).toEqual({
        kind: 'other',
        code: 'ERR_X',
      });
  });

  test('a game module that throws: the code, and no exception', () => {
    const at = indexOf(hand(), 1, 'ACT');
    const state = replicaBefore(hand(), at).state;
    const broken: AnyGame<Json> = {
      ...scriptPlayable,
      move: () => {
        throw new Error('broken');
      },
    };
    const body = hand().events[at]!.event.body;
    expect(diagnose(state, broken, 1, body, 'ERR_EXCEPTION')).toEqual({
      kind: 'other',
      code: 'ERR_EXCEPTION',
    });
  });

  test('a move with no type is named a move', () => {
    expect(cheat(1, 'ACT', () => ({ type: 'ACT', action: { card: 2 } })).diagnosis).toEqual({
      kind: 'rules',
      code: 'ERR_UNEXPECTED',
      action: 'move',
    });
  });
});

test('a reveal the game refuses, with no claim on it, is the last share: the face and the rule', () => {
  const rec = revealed();
  // Another id: judgements are shared by game id.
  const game: typeof scriptPlayable = {
    ...scriptPlayable,
    id: 'script-refuses-reveals',
    fact: (state, fact) =>
      (fact as JsonObject).type === 'REVEAL' ? err('ERR_NOPE') : scriptPlayable.fact(state, fact),
  };
  const last = indexOf(rec, 1, 'UNLOCK');
  const honest = replicaBefore(rec, rec.events.length);
  const replica = new Replica(rec.genesis, game, rec.initial);
  for (const e of rec.events.slice(0, last + 1)) replica.receive(e.bytes);
  expect(diagnosed(replica, rec.events[last]!.hash)).toEqual({
    kind: 'reveal',
    card: 1,
    face: honest.state.faces[1],
    code: 'ERR_NOPE',
  });
});

describe('a Town for Two player naming a false face', () => {
  test('its own unlock turns the card: the claim is refuted, with the face and the rule it breaks', () => {
    const table = Table.of(makePlayers(2), town, {});
    table.dutiesToMove();
    const seat = table.mover()!;
    const { card, truth, lie } = falseFace(
      table.replicas[seat]!.state.game,
      seat,
      table.known(seat),
    );
    table.play(
      seat,
      makeAct({ type: 'PLAY', cards: [card], faces: [lie], pile: null } as JsonObject),
    );
    // The share is proven and stands; the claim it turned up false is the offence.
    const share = table.duty(seat);
    const other = table.replicas[1 - seat]!;
    expect(verdictOf(other, share.hash)).toBe('applied');
    expect(other.state.ending).toEqual({
      type: 'REFUTED',
      seat,
      card,
      face: truth,
      reason: 'ERR_FACE_MISMATCH',
    });
    expect(other.offences()).toEqual([{ seat, reason: 'ERR_FACE_MISMATCH', event: 'reveal' }]);
  });
});
