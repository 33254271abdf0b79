/**
 * A scripted game for table tests: it asks the table for a fixed list of
 * needs, one after another, records every fact it is told, and ends after a
 * last player action. It decides nothing, so the test sees the table alone.
 */
import type { JsonObject } from '../../../src/engine/encoding.ts';
import type { DeckSpec, Game, Need, Outcome } from '../../../src/engine/game.ts';
import { err, ok, type Result } from '../../../src/engine/result.ts';

export type ScriptState = {
  readonly script: readonly Need[];
  readonly at: number;
  readonly facts: readonly JsonObject[];
};

/** The fact type the table answers each need with. */
const ANSWER: Record<Need['type'], string> = {
  ACT: 'DONE',
  REVEAL: 'REVEAL',
  DEAL: 'DEALT',
  REMASK: 'REMASKED',
  SHOW: 'SHOWN',
  SHUFFLE: 'SHUFFLED',
  COIN: 'COIN',
  RECORD: 'RECORDED',
};

export type ScriptOptions = { readonly script: Need[]; readonly decks: readonly DeckSpec[] };

/** The fact or move the script waits for next, told in order. */
function answer(state: ScriptState, input: JsonObject): Result<ScriptState> {
  const need = state.script[state.at];
  if (!need || input.type !== ANSWER[need.type]) return err('ERR_UNEXPECTED');
  const facts = [...state.facts, input];
  // A reveal answers card by card; the need is met once every card is told.
  const told = facts.filter((f) => f.type === 'REVEAL').length;
  const done = need.type !== 'REVEAL' || told >= need.cards.length;
  return ok({ ...state, facts, at: done ? state.at + 1 : state.at });
}

export const scriptGame: Game<ScriptState, JsonObject, JsonObject, ScriptState, ScriptOptions> = {
  id: 'script-test',
  minSeats: 2,
  maxSeats: 6,
  setup: ({ script }) => ok({ script, at: 0, facts: [] }),
  decks: (options) => options.decks,
  legalActions: (state, seat) => {
    const need = state.script[state.at];
    return need?.type === 'ACT' && need.seats.includes(seat) ? [{ type: 'DONE' }] : [];
  },
  move: answer,
  fact: answer,

  view: (state) => state,
  outcome: (state): Outcome | null =>
    state.at >= state.script.length ? { result: 'draw', reason: 'SCRIPT_DONE' } : null,
  needs: (state) => {
    const need = state.script[state.at];
    return need ? [need] : [];
  },
};
