/**
 * Hostile peers against honest replicas, with real cryptography.
 *
 * A three-seat table: seats 0 and 2 are honest and each runs its replica;
 * seat 1 (Mallory) is hostile. Mallory keeps a replica of her own, so her
 * events carry the right `seq`, `prev` and `basis` and are properly signed
 * wherever the attack needs them to be: only then does the attack reach the
 * check it is aimed at. Every attack must leave the honest state unchanged
 * and name whoever is to blame, with the evidence.
 */
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  cardPoint,
  decodePoints,
  decodeRows,
  encodePoints,
  encodeRows,
  fromBase64,
  toBase64,
  type Point,
} from '../../crypto/index.ts';
import { MAX_EVENT_BYTES, makeEvent, type SignedEvent } from '../../src/engine/events.ts';
import { composeEvent, createLog, type EventLog } from '../../src/engine/log.ts';
import { makeAct } from '../../src/engine/table/author.ts';
import type { ShuffleBody, TableBody, UnlockBody } from '../../src/engine/table/bodies.ts';
import { deckId } from '../../src/engine/table/fold.ts';
import { Replica } from '../../src/engine/table/replica.ts';
import { makeShuffle } from '../../src/engine/table/shuffle.ts';
import type { TableState } from '../../src/engine/table/types.ts';
import { makeUnlock } from '../../src/engine/table/unlock.ts';
import { handGame, type HandState } from './helpers/hand-game.ts';
import { Table, feed, makeGenesis, makePlayers, setupOrThrow, tableGame } from './helpers/table.ts';

const players = makePlayers(3);
const mallory = players[1]!;
const options = {
  decks: [{ name: 'deck', size: 6 }],
  seats: 3,
  to: 0,
  actor: 2,
  hand: [0, 1, 2],
  show: 'play',
} as const;
const genesis = makeGenesis(players, handGame, options);
const game = tableGame(handGame);
// The hand is dealt to seat 0, so Mallory owes the first unlock share of the deal.
const initial = setupOrThrow(handGame, options);

/** Where in the honest game an attack happens; each names who owes next. */
type Stage = 'keys' | 'shuffled' | 'dealing';

/** The honest game, recorded once: its events and where each stage starts. */
let honest: SignedEvent[] = [];
const stages = new Map<Stage, number>();

beforeAll(() => {
  const table = new Table(players, genesis, game, initial);
  // keys: seat 0 owes the first shuffle.
  table.dutiesUntil((s) => s.step.type === 'SHUFFLE');
  stages.set('keys', table.events.length);
  table.duty(0);
  // shuffled: Mallory owes the second shuffle.
  stages.set('shuffled', table.events.length);
  table.duty(1);
  table.duty(2);
  // dealing: Mallory owes the first unlock of the deal to seat 0.
  stages.set('dealing', table.events.length);
  table.duty(1);
  honest = table.events;
});

/** What an attack works with: Mallory's replica and the honest events so far. */
interface Scene {
  readonly own: Replica<HandState>;
  readonly honest: readonly SignedEvent[];
  /** The honest event that comes next at this stage. */
  readonly next: SignedEvent;
}

/** Two honest replicas and Mallory's, all fed the honest game up to `stage`. */
function sceneAt(stage: Stage): { honestReplicas: Replica<HandState>[]; scene: Scene } {
  const upTo = stages.get(stage)!;
  const [a, b, own] = [0, 1, 2].map(() => new Replica(genesis, game, initial)) as [
    Replica<HandState>,
    Replica<HandState>,
    Replica<HandState>,
  ];
  for (const event of honest.slice(0, upTo)) for (const r of [a, b, own]) feed(r, event.bytes);
  return {
    honestReplicas: [a, b],
    scene: { own, honest: honest.slice(0, upTo), next: honest[upTo]! },
  };
}

/** Signs `body` as `seat`'s next event on `log`, with `secretKey` (the seat's own by default). */
function sign(
  log: EventLog,
  seat: number,
  body: TableBody,
  secretKey = players[seat]!.identity.secretKey,
): SignedEvent {
  const made = composeEvent(log, seat, body, secretKey);
  if (!made.ok) throw new Error(made.error);
  return made.value;
}

/** A shuffle by `seat` with Mallory's keys on `state`, owed or not: a shuffle round is under way. */
function shuffleOn(state: TableState<unknown>, seat: number): TableBody {
  const step = state.step;
  if (step.type !== 'SHUFFLE') throw new Error('no shuffle under way');
  return makeShuffle(state, step, seat, mallory.keyring);
}

/** Mallory's honest shuffle body with its rows rewritten by `edit`. */
function tamperedShuffle(scene: Scene, edit: (rows: Point[][]) => Point[][]): TableBody {
  const body = shuffleOn(scene.own.state, mallory.seat) as ShuffleBody;
  const shuffles = body.shuffles.map((s) => ({
    ...s,
    rows: toBase64(encodeRows(edit(decodeRows(fromBase64(s.rows))))),
  }));
  return { ...body, shuffles };
}

/** Mallory's honest unlock shares for the deal with the points rewritten by `edit`. */
function tamperedUnlock(scene: Scene, edit: (points: Point[]) => Point[]): TableBody {
  const step = scene.own.state.step;
  if (step.type !== 'UNLOCK') throw new Error('Mallory owes no unlock here');
  const body = makeUnlock(scene.own.state, step, mallory.seat, mallory.keyring) as UnlockBody;
  const shares = body.shares.map((share) => ({
    ...share,
    points: toBase64(encodePoints(edit(decodePoints(fromBase64(share.points))))),
  }));
  return { type: 'UNLOCK', shares };
}

/** `event` re-encoded with some fields replaced, its signature left as it was. */
function altered(event: SignedEvent, fields: Partial<SignedEvent['event']>): Uint8Array {
  return makeEvent({ ...event.event, ...fields });
}

const faceOf = (i: number): Point => cardPoint(deckId(genesis, 'deck'), i);

describe('events the log refuses: kept as evidence, nothing else changes', () => {
  const cases: {
    name: string;
    stage: Stage;
    attack: (scene: Scene) => Uint8Array;
    evidence: { author: number | null; signed: boolean; reason: string };
  }[] = [
    {
      name: "forged signature: a shuffle claiming seat 0, signed with Mallory's key",
      stage: 'keys',
      attack: (scene) =>
        sign(scene.own.log, 0, shuffleOn(scene.own.state, mallory.seat), mallory.identity.secretKey)
          .bytes,
      // Seat 0 did not sign it: it is not to blame, whoever relayed it is.
      evidence: { author: 0, signed: false, reason: 'ERR_SIGNATURE' },
    },
    {
      name: "forged signature: seat 0's next event with one signature bit flipped",
      stage: 'keys',
      attack: ({ next }) => {
        const sig = next.event.sig;
        const last = (parseInt(sig.at(-1)!, 16) ^ 1).toString(16);
        return altered(next, { sig: sig.slice(0, -1) + last });
      },
      evidence: { author: 0, signed: false, reason: 'ERR_SIGNATURE' },
    },
    {
      name: "forged signature: seat 0's next event with its body swapped, signature kept",
      stage: 'keys',
      attack: ({ next, own }) =>
        altered(next, {
          body: shuffleOn(own.state, mallory.seat) as ShuffleBody,
        }),
      evidence: { author: 0, signed: false, reason: 'ERR_SIGNATURE' },
    },
    {
      name: "replay from another table: Mallory's event signed for table-2",
      stage: 'shuffled',
      attack: (scene) => {
        const other = createLog({ table: 'table-2', keys: genesis.identities, heads: true });
        if (!other.ok) throw new Error(other.error);
        return sign(other.value, mallory.seat, shuffleOn(scene.own.state, 1)).bytes;
      },
      evidence: { author: 1, signed: true, reason: 'ERR_TABLE' },
    },
    {
      name: 'garbage bytes: not UTF-8',
      stage: 'shuffled',
      attack: () => new Uint8Array([0xff, 0xfe, 0x00, 0x7b]),
      evidence: { author: null, signed: false, reason: 'ERR_UTF8' },
    },
    {
      name: 'garbage bytes: text that is not JSON',
      stage: 'shuffled',
      attack: () => utf8ToBytes('SHUFFLE everything, trust me'),
      evidence: { author: null, signed: false, reason: 'ERR_JSON' },
    },
    {
      name: 'garbage bytes: JSON that is no event',
      stage: 'shuffled',
      attack: () => utf8ToBytes('{"type":"SHUFFLE"}'),
      evidence: { author: null, signed: false, reason: 'ERR_FIELDS' },
    },
    {
      name: 'garbage bytes: an honest event cut in half',
      stage: 'shuffled',
      attack: ({ next }) => next.bytes.slice(0, next.bytes.length >> 1),
      evidence: { author: null, signed: false, reason: 'ERR_JSON' },
    },
    {
      name: 'garbage bytes: more than an event may hold',
      stage: 'shuffled',
      attack: () => new Uint8Array(MAX_EVENT_BYTES + 1).fill(0x20),
      evidence: { author: null, signed: false, reason: 'ERR_TOO_LARGE' },
    },
  ];

  test.each(cases)('$name', ({ stage, attack, evidence }) => {
    const { honestReplicas, scene } = sceneAt(stage);
    const bytes = attack(scene);
    for (const replica of honestReplicas) {
      const [hash, digest, owed] = [replica.stateHash, replica.log.digest(), replica.owed()];
      expect(replica.receive(bytes)).toEqual({ ok: false, error: evidence.reason });
      expect(replica.log.evidence).toHaveLength(1);
      expect(replica.log.evidence[0]).toMatchObject(evidence);
      expect([replica.stateHash, replica.log.digest(), replica.owed()]).toEqual([
        hash,
        digest,
        owed,
      ]);
      // Refused by the log, the event blames no seat and does not stop the table:
      // the honest game goes on.
      expect(replica.offences()).toEqual([]);
      feed(replica, scene.next.bytes);
      expect(replica.entryVerdicts.at(-1)).toBe('applied');
    }
  });
});

describe('replayed events: duplicates, no change and no blame', () => {
  test.each([
    { name: 'the last event again', stage: 'shuffled' as const, index: 3 },
    { name: "an old event (seat 0's key) after five others", stage: 'dealing' as const, index: 0 },
    {
      name: "seat 0's shuffle after the shuffles that followed it",
      stage: 'dealing' as const,
      index: 3,
    },
  ])('replay: $name', ({ stage, index }) => {
    const { honestReplicas, scene } = sceneAt(stage);
    const old = scene.honest[index]!;
    for (const replica of honestReplicas) {
      const [hash, digest] = [replica.stateHash, replica.log.digest()];
      expect(replica.receive(old.bytes)).toMatchObject({ ok: true, value: { fresh: false } });
      expect([replica.stateHash, replica.log.digest()]).toEqual([hash, digest]);
      expect(replica.log.evidence).toEqual([]);
      expect(replica.offences()).toEqual([]);
      expect(replica.stopped).toBe(false);
    }
  });
});

describe('events the fold rejects: Mallory is named, the state is unchanged, the table stops', () => {
  const cases: {
    name: string;
    stage: Stage;
    attack: (scene: Scene) => TableBody;
    reason: string;
  }[] = [
    {
      name: 'out of turn: a shuffle while seat 0 owes the first one',
      stage: 'keys',
      attack: ({ own }) => shuffleOn(own.state, mallory.seat),
      reason: 'ERR_NOT_OWED',
    },
    {
      name: 'out of turn: an unlock while seat 0 owes a shuffle',
      stage: 'keys',
      attack: () => ({ type: 'UNLOCK', shares: [] }),
      reason: 'ERR_NOT_OWED',
    },
    {
      name: 'out of turn: an action nobody asked for',
      stage: 'dealing',
      attack: () => makeAct({ type: 'DONE' }),
      reason: 'ERR_NOT_OWED',
    },
    {
      // The bytes of an old event are a duplicate; re-signing its body makes a new event.
      name: 'replayed body: her key again, under a new sequence number',
      stage: 'shuffled',
      attack: ({ honest }) =>
        honest.find((e) => e.event.author === mallory.seat)!.event.body as TableBody,
      reason: 'ERR_NOT_OWED',
    },
    {
      name: 'shuffle with one card replaced by a copy of another',
      stage: 'shuffled',
      attack: (scene) => tamperedShuffle(scene, (rows) => [rows[1]!, ...rows.slice(1)]),
      reason: 'ERR_PROOF',
    },
    {
      name: 'shuffle with one card replaced by a face of her choosing',
      stage: 'shuffled',
      attack: (scene) => tamperedShuffle(scene, (rows) => [[faceOf(0)], ...rows.slice(1)]),
      reason: 'ERR_PROOF',
    },
    {
      name: 'shuffle with one card left out',
      stage: 'shuffled',
      attack: (scene) => tamperedShuffle(scene, (rows) => rows.slice(1)),
      reason: 'ERR_SHAPE',
    },
    {
      name: 'shuffle whose rows are not points',
      stage: 'shuffled',
      attack: (scene) => {
        const body = tamperedShuffle(scene, (rows) => rows) as ShuffleBody;
        return { ...body, shuffles: body.shuffles.map((s) => ({ ...s, rows: 'AAAA' })) };
      },
      reason: 'ERR_BODY_ENCODING',
    },
    {
      name: 'unlock share with a wrong point: her layer left on one card',
      stage: 'dealing',
      attack: (scene) => {
        const locked = decodePoints(fromBase64(scene.own.state.cards[0]!.c))[0]!;
        return tamperedUnlock(scene, (points) => [locked, ...points.slice(1)]);
      },
      reason: 'ERR_PROOF',
    },
    {
      name: 'unlock share with a wrong point: a face of her choosing',
      stage: 'dealing',
      attack: (scene) => tamperedUnlock(scene, (points) => [faceOf(5), ...points.slice(1)]),
      reason: 'ERR_PROOF',
    },
    {
      name: 'unlock share with two points swapped',
      stage: 'dealing',
      attack: (scene) => tamperedUnlock(scene, ([a, b, ...rest]) => [b!, a!, ...rest]),
      reason: 'ERR_PROOF',
    },
  ];

  test.each(cases)('$name', ({ stage, attack, reason }) => {
    const { honestReplicas, scene } = sceneAt(stage);
    const bad = sign(scene.own.log, mallory.seat, attack(scene));
    for (const replica of honestReplicas) {
      const hash = replica.stateHash;
      // Properly signed and chained: the log takes it, the fold judges it.
      expect(replica.receive(bad.bytes)).toMatchObject({ ok: true, value: { fresh: true } });
      expect(replica.stateHash).toBe(hash);
      expect(replica.offences()).toEqual([{ seat: mallory.seat, reason, event: bad.hash }]);
      expect(replica.stopped).toBe(true);
      expect(replica.owed()).toEqual([]);
    }
  });
});

describe('equivocation', () => {
  test('two events with one sequence number stop the table and name Mallory', () => {
    const { honestReplicas, scene } = sceneAt('shuffled');
    // Two different shuffles for the same slot, sent to each replica in the other order.
    const first = sign(scene.own.log, 1, shuffleOn(scene.own.state, 1));
    const second = sign(scene.own.log, 1, shuffleOn(scene.own.state, 1));
    expect(second.event.seq).toBe(first.event.seq);
    const orders: [SignedEvent, SignedEvent][] = [
      [first, second],
      [second, first],
    ];
    honestReplicas.forEach((replica, i) => {
      const [one, other] = orders[i]!;
      feed(replica, one.bytes);
      expect(replica.entryVerdicts.at(-1)).toBe('applied');
      const hash = replica.stateHash;
      expect(replica.receive(other.bytes)).toEqual({ ok: false, error: 'ERR_EQUIVOCATION' });
      expect(replica.stateHash).toBe(hash);
      expect(replica.stopped).toBe(true);
      expect(replica.owed()).toEqual([]);
      expect(replica.log.equivocators()).toEqual([mallory.seat]);
      expect(replica.offences()).toEqual([
        { seat: mallory.seat, reason: 'ERR_EQUIVOCATION', event: `seq ${first.event.seq}` },
      ]);
      expect(replica.log.evidence).toMatchObject([
        { author: mallory.seat, signed: true, reason: 'ERR_EQUIVOCATION' },
      ]);
      // Both events are kept as the proof, whichever came first.
      expect(replica.log.equivocations[0]!.events).toEqual([one.bytes, other.bytes]);
    });
  });
});
