/**
 * A move that leaves no choice is the session's (`Need.auto`): at a Black &
 * Red table of two people, each player's word on its hand after the deal and
 * after every draw (out with 7 of one colour, else no seven) is signed by its
 * page as soon as it is owed. The players are never offered it: they only
 * discard and say go, and the hand runs to its end, scored.
 */
import { expect, test } from 'vitest';
import { seededRandom } from '../../src/bots/computer.ts';
import { localTable } from '../../src/bots/table.ts';
import type { JsonObject } from '../../src/engine/encoding.ts';
import {
  blackred,
  chooseAction,
  type BlackRedPlay,
  type BlackRedState,
} from '../../src/engine/games/blackred/index.ts';
import type { TableSession } from '../../src/net/table.ts';

const WORDS = ['OUT', 'NO_SEVEN'];

test('each player’s word on its hand is signed by its page; the players only discard and say go', async () => {
  const table = localTable({ game: 'blackred', names: ['Ann', 'Ben'], humans: [0, 1] });
  const sessions = table.sessions as TableSession[];
  const random = seededRandom(5);
  const offered = new Set<string>();
  const game = () => sessions[0]!.replica.state.game as unknown as BlackRedState;
  // Both people play what the computer would choose from what their page offers them.
  await new Promise<void>((resolve) => {
    const play = () => {
      if (game().history.length > 0 || game().result !== null) return resolve();
      for (const session of sessions) {
        const legal = session.legalActions();
        for (const action of legal) offered.add(action.type as string);
        if (legal.length === 0) continue;
        const state = session.replica.state.game as unknown as BlackRedState;
        const view = blackred.view(state, session.seat, session.knownFaces());
        const choice = chooseAction(view, legal as unknown as BlackRedPlay[], random);
        if (choice) session.act(choice as unknown as JsonObject);
      }
    };
    for (const session of sessions) session.subscribe(() => setTimeout(play, 0));
    play();
  });
  table.close();

  expect([...offered].filter((type) => WORDS.includes(type))).toEqual([]);
  expect(offered.has('DISCARD')).toBe(true);
  const words = sessions[0]!.replica.log
    .entries()
    .flatMap(({ event }) =>
      event.body.type === 'ACT' && WORDS.includes((event.body.action as JsonObject).type as string)
        ? [{ seat: event.author, type: (event.body.action as JsonObject).type }]
        : [],
    );
  // Both words after the deal, player one's first; then one after every draw.
  const dealer = game().history[0]!.dealer;
  expect(words.slice(0, 2).map((w) => w.seat)).toEqual([1 - dealer, dealer]);
  const ending = game().history[0]!;
  if (ending.reason !== 'STOCK') expect(words.at(-1)).toEqual({ seat: ending.seat, type: 'OUT' });
  expect(words.filter((w) => w.type === 'OUT').length).toBeLessThanOrEqual(1);
}, 120_000);
