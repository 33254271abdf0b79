/**
 * What the adversary tests of the table's checks share: a scripted hand in
 * which every kind of event the table checks occurs (keys, shuffles, a deal,
 * a re-mask, a coin, a show to a subset under fresh keys, a lock, a move, the
 * audit), recorded once with real cryptography; a replica rebuilt just before any recorded
 * event; and the edits a cheater makes to an honest body on the wire.
 */
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import {
  ORDER,
  decodeDleqProof,
  decodeKeyProof,
  decodePoints,
  decodeRows,
  decodeShuffleProof,
  decodeUnlockProof,
  encodeDleqProof,
  encodeKeyProof,
  encodePoints,
  encodeRows,
  encodeShuffleProof,
  encodeUnlockProof,
  fromBase64,
  toBase64,
  type Point,
  type ShuffleProof,
} from '../../../crypto/index.ts';
import { stateHash, type Json, type JsonObject } from '../../../src/engine/encoding.ts';
import type { EventBody, SignedEvent } from '../../../src/engine/events.ts';
import { erase, type DeckSpec, type Need, type Seat } from '../../../src/engine/game.ts';
import type { Playable } from '../../../src/engine/games/registry.ts';
import { composeEvent, type EventLog } from '../../../src/engine/log.ts';
import { makeAct } from '../../../src/engine/table/author.ts';
import type { Share, TableBody } from '../../../src/engine/table/bodies.ts';
import { Replica } from '../../../src/engine/table/replica.ts';
import type { Genesis } from '../../../src/engine/table/types.ts';
import { scriptGame } from './script-game.ts';
import { Table, feed, makeGenesis, makePlayers, type Player } from './table.ts';

/** The scripted game as any registry game, so a `TableSession` can host it too. */
export const scriptPlayable: Playable = erase({
  ...scriptGame,
  name: 'Script',
  summary: 'A scripted run of needs.',
  rules: [],
  bot: () => null,
});

/**
 * A table of `seats` playing `script` on a deck of `decks` cards (or on those decks), under
 * `protocol` (this code's unless told).
 */
export function scriptTable(
  seats: number,
  script: Need[],
  decks: number | DeckSpec[] = 6,
  protocol?: number,
) {
  const players = makePlayers(seats);
  const specs = typeof decks === 'number' ? [{ name: 'deck', size: decks }] : decks;
  const options = { decks: specs, script } as unknown as JsonObject;
  const genesis = makeGenesis(players, scriptPlayable, options, protocol);
  const initial = scriptPlayable.setup(options);
  if (!initial.ok) throw new Error(initial.error);
  return { players, genesis, initial: initial.value };
}

/**
 * Seat 1's hand: dealt (seat 0 unlocks), re-masked (its pubs are then its
 * round key, the re-key key and the re-mask factor), a coin, two of its
 * cards shown to both seats (each seat moves its layer to a fresh show key,
 * seat 0 adding one to cards under seat 1's layer alone, then each seat
 * takes its layer off the other's copies), its third card dealt to seat 0
 * (under seat 1's layer alone, so seat 0 locks it first), and a last move of
 * seat 1.
 */
export const HAND_SCRIPT: Need[] = [
  { type: 'DEAL', cards: [0, 1, 2], to: 1 },
  { type: 'REMASK', seat: 1, cards: [0, 1, 2] },
  { type: 'COIN' },
  { type: 'SHOW', cards: [0, 1], to: [0, 1] },
  { type: 'DEAL', cards: [2], to: 0 },
  { type: 'ACT', seats: [1] },
];

/** One honest game, played to its end: its players, genesis and events in log order. */
export interface Recording {
  readonly players: readonly Player[];
  readonly genesis: Genesis;
  readonly initial: Json;
  readonly events: readonly SignedEvent[];
  /** The step under way before each event (an UNLOCK in a COPY step is a copy share). */
  readonly steps: readonly string[];
}

/** More events than any scripted hand here takes. */
const MAX_EVENTS = 200;

/**
 * Plays `script` (`HAND_SCRIPT` at two seats unless told) on `decks` (see
 * `scriptTable`): duties lowest seat first, every move `act` (a `DONE`).
 */
export function recordHand(
  seats = 2,
  script = HAND_SCRIPT,
  decks?: number | DeckSpec[],
  act: JsonObject = { type: 'DONE' },
  protocol?: number,
): Recording {
  const hand = scriptTable(seats, script, decks, protocol);
  const table = new Table(hand.players, hand.genesis, scriptPlayable, hand.initial);
  const replica = table.replicas[0]!;
  for (let next = replica.owed()[0]; next !== undefined; next = replica.owed()[0]) {
    // A table that never stops owing (a broken fold) fails here, not at a mutation run's timeout.
    if (table.events.length === MAX_EVENTS) throw new Error(`no end after ${MAX_EVENTS} events`);
    if (next.kind === 'ACT') table.play(next.seat, makeAct(act));
    else table.duty(next.seat);
  }
  return recordingOf(hand, replica);
}

/**
 * The hand recorded once (`test/vectors/hand.json`, made by `make-hand.ts`),
 * folded afresh on every load: a test reads honest events without proving
 * them again, which keeps the mutation runs short, and a fixture the code no
 * longer accepts fails here, not in the cheat it was meant to set up.
 */
export function loadHand(): Recording {
  const hand = scriptTable(2, HAND_SCRIPT);
  const replica = new Replica(hand.genesis, scriptPlayable, hand.initial);
  const events = JSON.parse(readFileSync(HAND_FILE, 'utf8')) as string[];
  for (const event of events) feed(replica, utf8.encode(event));
  return recordingOf(hand, replica);
}

const HAND_FILE = new URL('../../vectors/hand.json', import.meta.url);
const utf8 = new TextEncoder();

function recordingOf(
  hand: Pick<Recording, 'players' | 'genesis' | 'initial'>,
  replica: Replica<Json>,
): Recording {
  expect(replica.offences()).toEqual([]);
  expect(replica.state.step.type).toBe('DONE');
  const entries = replica.log.entries();
  return {
    ...hand,
    events: entries.map(({ event, bytes, hash }) => ({ event, bytes, hash })),
    steps: entries.map((_, i) => replica.stateAfter(i)!.step.type),
  };
}

/** Position of the first recorded event of `seat` whose body is `type` during `step`. */
export function indexOf(rec: Recording, seat: Seat, type: string, step?: string): number {
  const i = rec.events.findIndex(
    ({ event }, j) =>
      event.author === seat && event.body.type === type && (!step || rec.steps[j] === step),
  );
  if (i < 0) throw new Error(`no ${type} of seat ${seat} in the recording`);
  return i;
}

/** A fresh replica holding the recorded events before position `index`. */
export function replicaBefore(rec: Recording, index: number): Replica<Json> {
  const replica = new Replica(rec.genesis, scriptPlayable, rec.initial);
  for (const e of rec.events.slice(0, index)) feed(replica, e.bytes);
  return replica;
}

/** `body` signed as `player`'s next event on `log`: the right seq, prev and basis. */
export function signNext(log: EventLog, player: Player, body: TableBody): SignedEvent {
  const signed = composeEvent(
    log,
    player.seat,
    body as unknown as EventBody,
    player.identity.secretKey,
  );
  if (!signed.ok) throw new Error(signed.error);
  return signed.value;
}

/**
 * The event at `index` of `replica`'s log was judged an offence of `seat`
 * for `reason`: rejected, its author named for that event alone, and the
 * state left as it was before it (whatever the log placed after it).
 */
export function expectOffence(
  replica: Replica<Json>,
  bad: SignedEvent,
  seat: Seat,
  reason: string,
): void {
  const at = replica.log.entries().findIndex((e) => e.hash === bad.hash);
  expect(at).toBeGreaterThanOrEqual(0);
  expect(replica.entryVerdicts[at]).toEqual({ rejected: reason });
  expect(replica.offences()).toEqual([{ seat, reason, event: bad.hash }]);
  expect(replica.stateHash).toBe(stateHash(replica.stateAfter(at) as unknown as Json));
  expect(replica.owed()).toEqual([]);
}

// ------------------------------------------------------------ edits on the wire

const plus1 = (s: bigint): bigint => (s + 1n) % ORDER;

/** A share whose batched proof has its response off by one. */
export const badUnlockProof = (share: Share): Share => {
  const proof = decodeUnlockProof(fromBase64(share.proof));
  return { ...share, proof: toBase64(encodeUnlockProof({ ...proof, s: plus1(proof.s) })) };
};

/** A Schnorr key proof (base64) with its response off by one. */
export const badKeyProof = (text: string): string => {
  const proof = decodeKeyProof(fromBase64(text));
  return toBase64(encodeKeyProof({ ...proof, s: plus1(proof.s) }));
};

/** A DLEQ proof (base64) with its response off by one. */
export const badDleqProof = (text: string): string => {
  const proof = decodeDleqProof(fromBase64(text));
  return toBase64(encodeDleqProof({ ...proof, s: plus1(proof.s) }));
};

/**
 * A shuffle proof (base64) with `sHat[0]` one more and `sHat[1]` one less.
 * Both enter the verification only through G's coefficient, as `ρ6_0·ŝ_0 +
 * ρ6_1·ŝ_1`: with every weight 1 the sum, and so the check, is unchanged.
 */
export const compensatedShuffleProof = (text: string): string => {
  const proof: ShuffleProof = decodeShuffleProof(fromBase64(text));
  const sHat = [
    plus1(proof.sHat[0]!),
    (proof.sHat[1]! - 1n + ORDER) % ORDER,
    ...proof.sHat.slice(2),
  ];
  return toBase64(encodeShuffleProof({ ...proof, sHat }));
};

/** Points (base64) rewritten by `edit`. */
export const editPoints = (text: string, edit: (points: Point[]) => Point[]): string =>
  toBase64(encodePoints(edit(decodePoints(fromBase64(text)))));

/** Rows (base64) rewritten by `edit`. */
export const editRows = (text: string, edit: (rows: Point[][]) => Point[][]): string =>
  toBase64(encodeRows(edit(decodeRows(fromBase64(text)))));
