/**
 * Between cryptographic steps: the game's players move, as the game says who
 * may (`Game.needs`). A move another seat may cross is sealed first (seal.ts),
 * so the only table event taken here is that SEAL.
 */
import type { Need, Seat } from '../game.ts';
import { ok } from '../result.ts';
import { FieldError, fields, isObject, type Parser } from './parse.ts';
import { applySeal } from './seal.ts';
import { actorsOf, type StepKind } from './step.ts';

/** Seats the game waits on to act while others may act too: their moves are sealed. */
const crossable = (needs: readonly Need[]): Seat[] =>
  needs.flatMap((need) =>
    need.type === 'ACT' && (need.optional ?? []).length > 0 ? need.seats : [],
  );

/** The seats that may act beside the sealing seat: each must see the seal before it opens. */
const bystanders = (needs: readonly Need[]): Seat[] =>
  // Stryker disable next-line ConditionalExpression: in PLAY every need is an ACT (the fold starts any other need's step first), and only an ACT has `optional`
  needs.flatMap((need) => (need.type === 'ACT' && need.optional) || []);

/** PLAY: no table event is owed; the game's players act, a crossable move as a SEAL. */
export const PLAY: StepKind<'PLAY'> = {
  owes: () => [],
  acts: (state, _, game, optional) => {
    const needs = game.needs(state.game);
    const sealed = crossable(needs);
    return actorsOf(needs, optional).map((o) =>
      sealed.includes(o.seat) ? { ...o, kind: 'SEAL' } : o,
    );
  },
  events: {
    SEAL: ({ state, game, author }, { hash }) =>
      ok({ state: applySeal(state, author, hash, bystanders(game.needs(state.game))) }),
  },
  duty: () => null,
};

/** An ACT body: the move, an object the game reads. */
export const parseAct: Parser<'ACT'> = (body) => {
  fields(body, 'action');
  if (!isObject(body.action)) throw new FieldError();
  return { type: 'ACT', action: body.action };
};
