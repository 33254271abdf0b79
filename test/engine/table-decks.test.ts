/**
 * A table with two decks (5 red and 7 black cards, as a game declares them),
 * one part of which is shuffled again mid-game after it was turned faceup:
 * each deck and each shuffle round has its own proven keys, `owed()` names
 * who owes what at every step, and the audit opens every card of both decks.
 */
import { describe, expect, test } from 'vitest';
import type { AnyGame, Need } from '../../src/engine/game.ts';
import { err } from '../../src/engine/result.ts';
import { settle } from '../../src/engine/table/fold.ts';
import { makeAct, privateFaces } from '../../src/engine/table/author.ts';
import { keysStep, shuffleGroups, startsNextGame } from '../../src/engine/table/keys.ts';
import { deckIndex, faceOf, faceOfEncoding } from '../../src/engine/table/decks.ts';
import { readEncoding, readPoint } from '../../src/engine/table/points.ts';
import type { TableState } from '../../src/engine/table/types.ts';
import { scriptGame, type ScriptState } from './helpers/script-game.ts';
import { Table, auditOpen, makePlayers, tableGame } from './helpers/table.ts';
import { lazy } from '../lazy.ts';

const players = makePlayers(2);
const options = {
  decks: [
    { name: 'red', size: 5 },
    { name: 'black', size: 7 },
  ],
  script: [
    { type: 'DEAL', cards: [0, 1], to: 0 },
    { type: 'DEAL', cards: [5, 6], to: 1 },
    { type: 'REVEAL', cards: [2, 3, 4] },
    // The faceup red cards, gathered and shuffled again: a new stock.
    { type: 'SHUFFLE', cards: [2, 3, 4] },
    { type: 'REVEAL', cards: [2] },
    { type: 'ACT', seats: [0] },
  ] satisfies Need[],
};
const RED = [0, 1, 2, 3, 4];
const BLACK = [5, 6, 7, 8, 9, 10, 11];

type State = TableState<ScriptState>;

describe('two decks at one table, one part shuffled again', () => {
  const table = Table.of(players, scriptGame, options);
  /**
   * `owed()` on both replicas before each event, and the state after it:
   * played by the first test that asks, so that a mutant of the table is live.
   */
  const played = lazy(() => {
    const owed: string[] = [];
    const states: State[] = [];
    for (let guard = 0; guard < 60; guard++) {
      const next = table.replicas[0]!.owed();
      expect(table.replicas[1]!.owed()).toEqual(next);
      if (next.length === 0) break;
      owed.push(next.map((o) => `${o.seat}:${o.kind}`).join(' '));
      const first = next[0]!;
      if (first.kind === 'ACT') table.play(first.seat, makeAct({ type: 'DONE' }));
      else table.duty(first.seat);
      states.push(table.replicas[0]!.state);
    }
    return { owed, states };
  });

  test('owed() names who owes what, step by step', () => {
    expect(played().owed).toEqual([
      // One KEY each (a key per deck), then the two decks' shuffles pipelined: each deck's
      // chain starts at another seat, so both seats shuffle at once. Played one event at a
      // time here, seat 0 shuffles red, seat 1 then both decks (next on both chains), and
      // seat 0 black.
      '0:KEY 1:KEY',
      '1:KEY',
      '0:SHUFFLE 1:SHUFFLE',
      '1:SHUFFLE',
      '0:SHUFFLE',
      // The deals: the other seat's layer comes off.
      '1:UNLOCK',
      '0:UNLOCK',
      // The reveal of three red cards: both layers.
      '0:UNLOCK',
      '1:UNLOCK',
      // The new stock: fresh keys, then both shuffle it.
      '0:KEY 1:KEY',
      '1:KEY',
      '0:SHUFFLE',
      '1:SHUFFLE',
      '0:UNLOCK',
      '1:UNLOCK',
      '0:ACT',
      '0:AUDIT 1:AUDIT',
      '1:AUDIT',
    ]);
    expect(table.replicas.flatMap((r) => r.offences())).toEqual([]);
    expect(table.replicas[0]!.stateHash).toBe(table.replicas[1]!.stateHash);
  });

  test('every deck and every shuffle round has its own keys, each seat its own', () => {
    const end = played().states.at(-1)!;
    expect(end.epochs.map((e) => [e.deck, e.cards])).toEqual([
      [0, RED],
      [1, BLACK],
      [0, [2, 3, 4]],
    ]);
    const keys = end.epochs.flatMap((e) => e.keys);
    expect(new Set(keys).size).toBe(6);
    // Each seat's audit opens exactly the keys it introduced: three shuffle keys.
    expect(end.pubs.map((p) => p.length)).toEqual([3, 3]);
  });

  test('each seat reads the cards dealt to it, each in its own deck', () => {
    const dealt = played().states[6]!;
    const read = (seat: number) =>
      [...privateFaces(dealt, seat, players[seat]!.keyring, new Map())].sort((a, b) => a[0] - b[0]);
    const zero = read(0);
    const one = read(1);
    expect(zero.map(([id]) => id)).toEqual([0, 1]);
    expect(one.map(([id]) => id)).toEqual([5, 6]);
    for (const [, face] of zero) expect(face).toBeLessThan(5);
    for (const [, face] of one) expect(face).toBeLessThan(7);
  });

  test('the public cards shuffled again: unknown until revealed, then one of the same faces', () => {
    const revealed = played().states[8]!;
    const faces = [2, 3, 4].map((id) => revealed.faces[id]!);
    expect(faces.every((f) => f !== null)).toBe(true);
    const reshuffled = played().states[12]!;
    expect([2, 3, 4].map((id) => reshuffled.faces[id])).toEqual([null, null, null]);
    expect([2, 3, 4].map((id) => reshuffled.cards[id]!.layers.length)).toEqual([2, 2, 2]);
    // Not one ciphertext of the new stock was seen before it.
    const before = new Set(
      played()
        .states.slice(0, 12)
        .flatMap((s) => s.cards.map((c) => c.c)),
    );
    expect([2, 3, 4].filter((id) => before.has(reshuffled.cards[id]!.c))).toEqual([]);
    expect(faces).toContain(played().states[14]!.faces[2]);
  });

  test('the audit opens every card of both decks', () => {
    const opened = auditOpen(played().states.at(-1)!);
    expect(RED.map((id) => opened[id]).sort()).toEqual([0, 1, 2, 3, 4]);
    expect(BLACK.map((id) => opened[id]).sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  // `startsNextGame` tells the session when a match moves to its next game, which the
  // players confirm; a stock made of public cards must not pass for one.
  test('a key round of whole decks starts the next game; the first round and a new stock do not', () => {
    const { states } = played();
    const keyRounds = states.filter((s) => s.step.type === 'KEYS');
    expect(keyRounds.map((s) => s.step.type === 'KEYS' && s.step.fresh)).toEqual([
      false,
      true,
      true,
    ]);
    expect(keyRounds.map(startsNextGame)).toEqual([false, false, false]);
    expect(states.filter(startsNextGame)).toEqual([]);
    // Red's public cards as a stock while black is gathered whole: still this game.
    const revealed = states[8]!;
    expect(startsNextGame(keysStep(revealed, shuffleGroups(revealed, [2, 3, 4, ...BLACK])))).toBe(
      false,
    );
    expect(startsNextGame(keysStep(revealed, shuffleGroups(revealed, [...RED, ...BLACK])))).toBe(
      true,
    );
  });

  test('a game asking to shuffle a card of no deck, or part of a deck still dealt, is a bug named', () => {
    const dealt = played().states[6]!;
    expect(() => shuffleGroups(dealt, [12])).toThrow('no card 12 to shuffle');
    expect(() => shuffleGroups(dealt, [0, 1])).toThrow(
      'a shuffle of part of a deck takes public cards only, all alike',
    );
  });

  // A game whose needs and rules disagree is a bug in its module: the fold names it and
  // throws (the event that led there is refused as an exception) instead of going on.
  test('a game asking for a step the table cannot take is a bug named', () => {
    // Cards 2 to 4 are face up, under no layer.
    const revealed = played().states[8]!;
    const asking = (need: Need): State => ({
      ...revealed,
      step: { type: 'PLAY' },
      game: { script: [need], at: 0, facts: [] },
    });
    const game = tableGame(scriptGame);
    const refusing: AnyGame<ScriptState> = { ...game, fact: () => err('ERR_UNEXPECTED') };
    expect(() => settle(asking({ type: 'RECORD', cards: [2, 12] }), game)).toThrow(
      'no card 12 to record',
    );
    expect(() => settle(asking({ type: 'RECORD', cards: [2] }), refusing)).toThrow(
      'the game refused its own exhibit: ERR_RULES',
    );
    expect(() => settle(asking({ type: 'REMASK', seat: 0, cards: [0, 5] }), game)).toThrow(
      'a re-mask takes the cards of one deck',
    );
    // Its reveal completes as it starts, with the game's answer.
    expect(() => settle(asking({ type: 'REVEAL', cards: [2] }), refusing)).toThrow(
      'game asked for an impossible step: ERR_RULES',
    );
  });

  test('an id of no deck has no deck and no face, whatever the point', () => {
    const end = played().states.at(-1)!;
    expect([-1, 0, 4, 5, 11, 12].map((id) => deckIndex(end.decks, id))).toEqual([
      -1, 0, 0, 1, 1, -1,
    ]);
    const revealed = played().states[8]!;
    const point = readPoint(revealed.cards[2]!.c);
    expect(faceOf(revealed, 2, point)).toBe(revealed.faces[2]);
    expect([-1, 12].map((id) => faceOf(revealed, id, point))).toEqual([-1, -1]);
    const encoding = readEncoding(revealed.cards[2]!.c);
    expect(faceOfEncoding(revealed, 2, encoding)).toBe(revealed.faces[2]);
    expect([-1, 12].map((id) => faceOfEncoding(revealed, id, encoding))).toEqual([-1, -1]);
  });
});
