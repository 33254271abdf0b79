/**
 * Issue 8, item 1: keys reused across the decks of a match. Every game of a
 * Red & Black match must be dealt from a deck under fresh keys, so nothing a
 * player learned in one game (a face seen with its ciphertext) is recognised
 * in the next, and no group element of one shuffle round appears in another.
 */
import { describe, expect, test } from 'vitest';
import type { Json } from '../../../src/engine/encoding.ts';
import type { RedBlackState } from '../../../src/engine/games/redblack/index.ts';
import type { TableState } from '../../../src/engine/table/types.ts';
import { tablePoints } from '../helpers/table.ts';
import { botChooser, drive, pointsIn, smallTable } from '../helpers/redblack.ts';

type State = TableState<RedBlackState>;

describe('a Red & Black match of several games', () => {
  const table = smallTable({ target: 2 });
  drive(table, botChooser(5), (t) => t.replicas[0]!.state.step.type === 'DONE', 4000);
  const replica = table.replicas[0]!;
  const entries = replica.log.entries();
  /** The game a state is in or is shuffling for: games finished so far. */
  const roundOf = (state: State) => state.game.games.length;
  const shuffles = entries.flatMap((entry, i) =>
    entry.event.body.type === 'SHUFFLE' || entry.event.body.type === 'KEY'
      ? [{ i, round: roundOf(replica.stateAfter(i)!), body: entry.event.body }]
      : [],
  );
  const rounds = [...new Set(shuffles.map((s) => s.round))];

  test('plays at least two games, each on its own shuffle', () => {
    expect(replica.offences()).toEqual([]);
    expect(rounds.length).toBeGreaterThanOrEqual(2);
  });

  test('no ciphertext or key of one shuffle round appears in another', () => {
    const seenIn = new Map<string, Set<number>>();
    for (const { i, round, body } of shuffles) {
      // After a shuffle event the table holds that round's deck; a key event changes no card.
      const deck = body.type === 'SHUFFLE' ? tablePoints(replica.stateAfter(i + 1)!) : [];
      for (const p of [...deck, ...pointsIn(body as unknown as Json)])
        seenIn.set(p, new Set([...(seenIn.get(p) ?? []), round]));
    }
    const repeated = [...seenIn.values()].filter((r) => r.size > 1).length;
    expect(repeated).toBe(0);
  });

  test('faces seen in game 1 are not recognised in the deck of game 2', () => {
    /** The state right after the last shuffle event of `round`. */
    const shuffled = (round: number) =>
      replica.stateAfter(shuffles.filter((s) => s.round === round).at(-1)!.i + 1)!;
    const deck1 = shuffled(0);
    // The river of game 1 (ids 10, 11, 12) is turned faceup in the opening.
    const opened = entries
      .map((_, i) => replica.stateAfter(i + 1)!)
      .find((s) => roundOf(s) === 0 && s.faces[12] !== null && s.faces[12] !== undefined)!;
    const learned = new Map([10, 11, 12].map((id) => [deck1.cards[id]!.c, opened.faces[id]]));
    const deck2 = shuffled(1);
    const recognised = deck2.cards.filter((card) => learned.has(card.c));
    expect(recognised).toEqual([]);
  });
});
