/**
 * Pipelined shuffles (issue 28, fewer sequential hops; protocol 3): each epoch of a
 * shuffle round is shuffled on a chain of its own, the chains starting at every seat, so
 * the seats shuffle at once, each another epoch. Batailles et piques at four seats, its
 * four armies, with real cryptography: every seat shuffles in every round, the replicas
 * agree whatever order the concurrent shuffles reach them in, and each army ends under
 * every seat's layer. A seat that shuffles an army it is not next on, twice the same
 * army, or leaves its shuffles unnamed is refused and named. A duty made while the others
 * shuffle other armies stays due. A table of protocol 2 shuffles every army in turn, as
 * it was played.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { JsonObject } from '../../src/engine/encoding.ts';
import { batailles, type BataillesState } from '../../src/engine/games/batailles/index.ts';
import { stillDue } from '../../src/engine/table/author.ts';
import type { ShuffleBody, TableBody } from '../../src/engine/table/bodies.ts';
import type { SignedEvent } from '../../src/engine/events.ts';
import type { TableState } from '../../src/engine/table/types.ts';
import { verifyTranscript } from '../../src/engine/transcript.ts';
import { known, run } from './helpers/batailles-table.ts';
import { Table, authorOn, dutyOf, feed, makePlayers } from './helpers/table.ts';

const SEATS = 4;
type State = TableState<BataillesState>;
const shuffling = (state: State) => state.step.type === 'SHUFFLE';
const named = (body: TableBody) => (body as ShuffleBody).shuffles.map((s) => s.epoch);

/** A table at its first shuffle round, every KEY in. */
function atShuffle() {
  const table = Table.of(makePlayers(SEATS), batailles, { players: SEATS });
  run(table, shuffling);
  return table;
}

/**
 * Every seat makes the shuffle it owes on its own replica, before any other's arrives;
 * then each replica takes the others' in an order of its own (replica r from seat r + 1 on).
 */
function round(table: Table<BataillesState>): { bodies: TableBody[]; signed: SignedEvent[] } {
  const bodies = table.players.map((p) => dutyOf(table.replicas[p.seat]!, p));
  const signed = table.players.map((p) => authorOn(table.replicas[p.seat]!, p, bodies[p.seat]!));
  table.replicas.forEach((replica, r) => {
    for (let k = 1; k < SEATS; k++) feed(replica, signed[(r + k) % SEATS]!.bytes);
  });
  return { bodies, signed };
}

describe('the armies of Batailles et piques at four seats, shuffled on four chains at once', () => {
  test('every seat shuffles one army a round; the replicas agree in any order of arrival', () => {
    const table = atShuffle();
    const step = table.replicas[0]!.state.step;
    if (step.type !== 'SHUFFLE') throw new Error('not shuffling');
    expect(table.replicas[0]!.owed().map((o) => o.seat)).toEqual([0, 1, 2, 3]);
    for (let k = 0; k < SEATS; k++) {
      const { bodies } = round(table);
      // Round k: seat s shuffles the army whose chain it is k places down: army s − k.
      expect(bodies.map(named)).toEqual(
        [0, 1, 2, 3].map((seat) => [step.epochs[(seat - k + SEATS) % SEATS]]),
      );
      expect(new Set(table.replicas.map((r) => r.stateHash)).size).toBe(1);
    }
    const state = table.replicas[0]!.state;
    expect(state.step.type).not.toBe('SHUFFLE');
    for (const card of state.cards)
      expect(card.layers.map((l) => l.seat).sort()).toEqual([0, 1, 2, 3]);
    expect(table.replicas.flatMap((r) => r.offences())).toEqual([]);
    // Then the deal: each seat reads its own hand alone.
    run(table, (s) => s.game.hands.every((hand) => hand.length === 6));
    for (let seat = 0; seat < SEATS; seat++)
      expect([...known(table, seat).keys()].sort((a, b) => a - b)).toEqual(
        [...table.replicas[0]!.state.game.hands[seat]!].sort((a, b) => a - b),
      );
  });

  test('a shuffle made while the others shuffle other armies is still due when it is signed', () => {
    const table = atShuffle();
    const [zero, one] = table.players;
    const madeFor = table.replicas[1]!.state;
    const late = dutyOf(table.replicas[1]!, one!);
    // Seat 0's shuffle of its army arrives first: seat 1 is now next on that chain too.
    const first = authorOn(table.replicas[0]!, zero!, dutyOf(table.replicas[0]!, zero!));
    feed(table.replicas[1]!, first.bytes);
    const now = table.replicas[1]!.state;
    expect(stillDue(madeFor, now, 1, late)).toBe(true);
    const signed = authorOn(table.replicas[1]!, one!, late);
    feed(table.replicas[0]!, signed.bytes);
    expect(table.replicas[0]!.stateHash).toBe(table.replicas[1]!.stateHash);
    // Once seat 1 shuffled its army, that body is no longer due.
    expect(stillDue(madeFor, table.replicas[1]!.state, 1, late)).toBe(false);
  });
});

describe('a seat that breaks the pipeline is refused and named', () => {
  /** Seat 0's own shuffle, its body changed by `change`, authored and sent to every seat. */
  function cheat(change: (shuffles: JsonObject[], epochs: readonly number[]) => JsonObject[]) {
    const table = atShuffle();
    const replica = table.replicas[0]!;
    const step = replica.state.step;
    if (step.type !== 'SHUFFLE') throw new Error('not shuffling');
    const honest = dutyOf(replica, table.players[0]!) as ShuffleBody;
    const body = {
      type: 'SHUFFLE',
      shuffles: change(honest.shuffles as unknown as JsonObject[], step.epochs),
    } as unknown as TableBody;
    table.play(0, body);
    return table;
  }

  test.each([
    [
      'an army another seat is next on',
      (s: JsonObject[], e: readonly number[]) => [{ ...s[0]!, epoch: e[1]! }],
    ],
    ['its army twice', (s: JsonObject[]) => [s[0]!, s[0]!]],
    ['shuffles that name no army', (s: JsonObject[]) => s.map(({ epoch: _, ...rest }) => rest)],
    ['no shuffle at all', () => []],
  ])('%s', (_, change) => {
    const table = cheat(change);
    for (const replica of table.replicas.slice(1)) {
      expect(replica.offences().map((o) => o.seat)).toEqual([0]);
      expect(replica.outcome()?.result).toBe('win');
    }
    // Nothing of the shuffle was taken: the cards are as they were.
    const cards = table.replicas[1]!.state.cards;
    expect(cards.every((card) => card.layers.length === 0)).toBe(true);
  });
});

describe('a table of protocol 2, made before pipelined shuffles', () => {
  test('replays as it was played: every seat shuffles every army in one event, in turn', () => {
    const transcript = JSON.parse(
      readFileSync(join('test', 'vectors', 'batailles-protocol2.json'), 'utf8'),
    ) as { genesis: Record<string, unknown>; events: string[] };
    expect(transcript.genesis.protocol).toBe(2);
    const verified = verifyTranscript(transcript);
    if (!verified.ok) throw new Error(verified.fault.reason);
    const shuffles = transcript.events
      .map((e) => JSON.parse(e) as { author: number; body: ShuffleBody })
      .filter((e) => e.body.type === 'SHUFFLE')
      .slice(0, 3);
    expect(shuffles.map((e) => e.author)).toEqual([0, 1, 2]);
    for (const { body } of shuffles) {
      expect(body.shuffles).toHaveLength(3);
      expect(body.shuffles.every((s) => s.epoch === undefined)).toBe(true);
    }
  });
});
