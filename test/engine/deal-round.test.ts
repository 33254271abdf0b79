/**
 * A deal round (issue 28, fewer sequential hops): the hands a game deals at once
 * are one UNLOCK step, where each seat takes its layers off every card but its own
 * in one share. Batailles et piques at four seats with real cryptography: its
 * opening deals four hands in four shares, not twelve, each hand read by its
 * owner alone; and a seat whose share takes its layer off its own hand too, so
 * that its cards would turn public, is refused and named. A table of protocol 1,
 * whose genesis names no version, deals one hand at a time as it was played: a
 * transcript saved before deal rounds still verifies, and one claiming a version
 * this code does not know is refused.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { batailles, type BataillesState } from '../../src/engine/games/batailles/index.ts';
import { makeUnlock } from '../../src/engine/table/unlock.ts';
import { PROTOCOL_VERSION, type TableState } from '../../src/engine/table/types.ts';
import { verifyTranscript } from '../../src/engine/transcript.ts';
import { known, run } from './helpers/batailles-table.ts';
import { Table, makePlayers } from './helpers/table.ts';

const SEATS = 4;
const inDealRound = (state: TableState<BataillesState>) =>
  state.step.type === 'UNLOCK' && state.step.deals !== undefined;
const handsDealt = (state: TableState<BataillesState>) =>
  state.game.hands.every((hand) => hand.length === 6);

describe('the opening of Batailles et piques at four seats', () => {
  test('deals every hand in one turn of the seats, each hand read by its owner alone', () => {
    const table = Table.of(makePlayers(SEATS), batailles, { players: SEATS });
    run(table, inDealRound);
    const from = table.events.length;
    run(table, handsDealt);
    const shares = table.events.slice(from);
    expect(shares.map((e) => [e.event.author, e.event.body.type])).toEqual(
      [0, 1, 2, 3].map((seat) => [seat, 'UNLOCK']),
    );
    const { hands } = table.replicas[0]!.state.game;
    for (let seat = 0; seat < SEATS; seat++) {
      expect([...known(table, seat).keys()].sort((a, b) => a - b)).toEqual(
        [...hands[seat]!].sort((a, b) => a - b),
      );
    }
    // Only the owner's layer is left on each hand card: nothing is public.
    const { cards, faces } = table.replicas[0]!.state;
    hands.forEach((hand, seat) => {
      for (const id of hand) {
        expect(cards[id]!.layers.map((l) => l.seat)).toEqual([seat]);
        expect(faces[id]).toBeNull();
      }
    });
    expect(new Set(table.replicas.map((r) => r.stateHash)).size).toBe(1);
  });

  test('a seat that takes its layer off its own hand too is refused and named', () => {
    const table = Table.of(makePlayers(SEATS), batailles, { players: SEATS });
    run(table, inDealRound);
    const replica = table.replicas[0]!;
    const step = replica.state.step;
    if (step.type !== 'UNLOCK') throw new Error('not in the deal round');
    const cheat = step.order[0]!;
    // The share an honest seat makes when its own cards are dealt to someone else.
    const ownToo = makeUnlock(
      replica.state,
      { ...step, deals: undefined },
      cheat,
      table.players[cheat]!.keyring,
    );
    table.play(cheat, ownToo);
    for (const other of table.replicas) {
      expect(other.offences().map((o) => o.seat)).toEqual([cheat]);
      expect(other.outcome()?.result).toBe('win');
    }
  });
});

describe('a table of protocol 1, made before deal rounds', () => {
  const saved = () =>
    JSON.parse(readFileSync(join('test', 'vectors', 'batailles-protocol1.json'), 'utf8')) as {
      genesis: Record<string, unknown>;
      events: string[];
    };

  test('replays as it was played: its transcript verifies, each hand dealt in a turn of its own', () => {
    const transcript = saved();
    expect(transcript.genesis.protocol).toBeUndefined();
    const verified = verifyTranscript(transcript);
    if (!verified.ok) throw new Error(verified.fault.reason);
    expect(verified.outcome.result).toBe('win');
    // Three seats deal three hands, each unlocked by the two other seats: six shares.
    const opening = transcript.events
      .map((e) => JSON.parse(e) as { author: number; body: { type: string } })
      .filter((e) => e.body.type !== 'KEY' && e.body.type !== 'SHUFFLE')
      .slice(0, 6);
    expect(opening.map((e) => e.body.type)).toEqual(Array(6).fill('UNLOCK'));
  });

  test('a genesis that names a version this code does not know is refused', () => {
    for (const protocol of [1, PROTOCOL_VERSION + 1, '2', 2.5]) {
      const verified = verifyTranscript({
        ...saved(),
        genesis: { ...saved().genesis, protocol },
      });
      expect(verified.ok ? 'verified' : verified.fault.reason).toBe('bad genesis.protocol');
    }
  });
});
