/**
 * Tiny, a game of one move: the first seat turns the top card, the table reveals it, and
 * its face (0 or 1) names the winning seat.
 */
import { defineGame } from '../../../../src/engine/game.ts';
import { err, ok } from '../../../../src/engine/result.ts';
import { tinyAbout } from './info.ts';
import { tinyTerms, type TinyState } from './setup.ts';

export type TinyMove = { readonly type: 'TURN' };
type TinyFact = { readonly type: 'REVEAL'; readonly card: number; readonly face: number };

const TURN: TinyMove = { type: 'TURN' };

export const tiny = defineGame({
  ...tinyAbout,
  rules: [
    'The first player turns the top card; a 0 wins for the first player, a 1 for the second.',
  ],
  ...tinyTerms,
  legalActions: (state: TinyState, seat) => (seat === 0 && !state.turned ? [TURN] : []),
  move: (state, play) =>
    play.seat === 0 && play.type === 'TURN' && !state.turned
      ? ok({ ...state, turned: true })
      : err('ERR_MOVE'),
  fact: (state, fact: TinyFact) =>
    state.turned && state.face === null && fact.type === 'REVEAL' && fact.card === 0
      ? ok({ ...state, face: fact.face })
      : err('ERR_FACT'),
  view: (state) => state,
  outcome: (state) =>
    state.face === null ? null : { result: 'win', winners: [state.face], reason: 'FACE' },
  needs: (state) =>
    !state.turned
      ? [{ type: 'ACT', seats: [0] }]
      : state.face === null
        ? [{ type: 'REVEAL', cards: [0] }]
        : [],
  bot: (_view, legal) => legal[0] ?? null,
});
