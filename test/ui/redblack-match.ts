/**
 * A Red & Black match the rules engine plays from a constructed deal, for the tests of
 * the board's words and the coach: every need of the table answered at once.
 */
import type { Face } from '../../src/engine/cards.ts';
import type { Seat } from '../../src/engine/game.ts';
import {
  redblack,
  type RedBlackPlay,
  type RedBlackFact,
  type RedBlackMove,
  type RedBlackState,
} from '../../src/engine/games/redblack/index.ts';
import { redBlackPrompt } from '../../src/ui/games/redblack/prompt.ts';
import { tell } from '../engine/helpers.ts';

export const NAMES = ['Alice', 'Bob'];

/**
 * A 26/26 match whose ids 0.. have the colours of `spec` (Alice's hand 0..4, Bob's 5..9,
 * the river 10..12), Bob dealing. The table's needs are answered at once, re-masks
 * keeping each id's face.
 */
export function match(spec: string) {
  let red = 0;
  let black = 26;
  const truth: Face[] = spec
    .replace(/\s/g, '')
    .split('')
    .map((c) => (c === 'R' ? red++ : black++));
  const made = redblack.setup({});
  if (!made.ok) throw new Error(made.error);
  let state: RedBlackState = made.value;
  let seen = 0;
  const apply = (input: RedBlackPlay | RedBlackFact) => {
    const next = tell(redblack, state, input);
    if (!next.ok) throw new Error(`${input.type}: ${next.error}`);
    state = next.value;
  };
  const serve = () => {
    for (let need = redblack.needs(state)[0]; need && need.type !== 'ACT';) {
      if (need.type === 'COIN') apply({ type: 'COIN', bit: 1 });
      else if (need.type === 'DEAL') apply({ type: 'DEALT', cards: need.cards, to: need.to });
      else if (need.type === 'REVEAL')
        for (const card of need.cards) apply({ type: 'REVEAL', card, face: truth[card]! });
      else if (need.type === 'REMASK')
        apply({ type: 'REMASKED', seat: need.seat, cards: need.cards });
      else throw new Error(`unexpected need ${need.type}`);
      need = redblack.needs(state)[0];
    }
  };
  serve();
  return {
    /** The prompt `seat` reads now. */
    prompt: (seat: Seat) =>
      redBlackPrompt(redblack.view(state, seat), redblack.legalActions(state, seat), NAMES),
    view: (seat: Seat) => redblack.view(state, seat),
    /** The moves `seat` may make now. */
    legal: (seat: Seat) => redblack.legalActions(state, seat),
    play(seat: Seat, move: RedBlackMove) {
      apply({ ...move, seat, seen: seen++ } as RedBlackPlay | RedBlackFact);
      serve();
    },
  };
}
