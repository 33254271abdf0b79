/**
 * The table's fold: one checked event in, the next table state out.
 *
 * `applyEvent` is the only way state changes. It checks, in order: that the
 * author owes this kind of event now (the step says who owes what), every
 * proof against the ciphertexts the table holds, and, for a player action,
 * the game's own rules. Any failure returns an error code, with the
 * diagnosis the failing check built (`diagnose` hands it over), and the
 * state is untouched. Each kind of step lives in a module of its own, which
 * says who owes what in it, who may act besides, applies its events and
 * makes them; the fold reaches it through the table of step kinds
 * (`steps.ts`). Between steps `settle` asks the game what it needs next and
 * turns it into the next cryptographic step, so the table always knows which
 * seat owes which event.
 */
import type { Json, JsonObject } from '../encoding.ts';
import type { AnyGame, Need, Seat } from '../game.ts';
import { ok } from '../result.ts';
import { judgeClaims } from './audit.ts';
import { parseBody, type Decoded } from './bodies.ts';
import { checkNow, type Checks } from './checks.ts';
import { coinStep } from './coin.ts';
import { genesisHash } from './genesis.ts';
import { applyAbsent, applyResign } from './leave.ts';
import { lockFor } from './lock.ts';
import { actionName, refuse, type Diagnosis, type Folded } from './refusal.ts';
import { remaskStep } from './remask.ts';
import { keysStep, shuffleGroups } from './keys.ts';
import { hasLeft, leaveTable, playsOn } from './recovery.ts';
import {
  nextStep,
  type Applied,
  type DecodedOf,
  type Events,
  type Owed,
  type Turn,
} from './step.ts';
import { withKind } from './steps.ts';
import {
  protocolOf,
  type AuditRecord,
  type Genesis,
  type Step,
  type TableCard,
  type TableState,
} from './types.ts';
import { dealRound, startUnlock, unlockFor } from './unlock.ts';

export type { Diagnosis, ProofKind, TableError } from './refusal.ts';

export { genesisHash };
export { proofContext } from './context.ts';
export { deckId } from './decks.ts';
export { BASE_KEY } from './keyring.ts';
export { remaskKey } from './remask.ts';

/**
 * The state before the first event: every seat owes its keys for the first
 * shuffle of every deck the game declares. The decks and cards appear once
 * those keys are in (the game module, not this state, knows its decks).
 * `sharing`: the table shares its layers (sharing.ts), and keeps its share keys.
 */
export function initialTable<S extends Json>(
  genesis: Genesis,
  game: S,
  sharing = false,
): TableState<S> {
  const seats = genesis.identities.length;
  const perSeat = () => Array.from({ length: seats }, () => []);
  return {
    ...(sharing ? { shareKeys: Array<null>(seats).fill(null), dealings: [] } : {}),
    genesis,
    genesisHash: genesisHash(genesis),
    // Stryker disable next-line ArrayDeclaration: replaced when the first key round ends, and read by nothing before
    decks: [],
    keys: Array<null>(seats).fill(null),
    epochs: [],
    cards: [],
    // Stryker disable next-line ArrayDeclaration: faces[0] is written when the first shuffle opens (card ids start at 0), before any read
    faces: [],
    copies: [],
    stepNo: 0,
    acts: 0,
    step: { type: 'KEYS', groups: null, fresh: false },
    pubs: perSeat(),
    remasks: perSeat(),
    audit: Array<AuditRecord | null>(seats).fill(null),
    ending: null,
    exhibits: [],
    findings: [],
    game,
  };
}

/**
 * The table events the step under way waits for, as its module says: who owes
 * which kind. Player actions are the game's to say (`owed`).
 */
export function stepOwed(state: TableState<unknown>): Owed[] {
  return withKind(state.step, (kind, step) => kind.owes(state, step));
}

/**
 * Which seats owe an event now, and of which kind: those the table waits on,
 * and the only ones that may be declared absent. Besides the step under way,
 * a game may let players act during a step (a call in Red & Black while a
 * hand is being revealed may overtake the call that asked for it).
 */
export function owed<S extends Json>(state: TableState<S>, game: AnyGame<S>): Owed[] {
  return expected(state, game, false);
}

/**
 * Which seats may sign an event of which kind now: those that owe one, and
 * those the game lets act without waiting on them (a call out of turn).
 */
export function allowed<S extends Json>(state: TableState<S>, game: AnyGame<S>): Owed[] {
  return expected(state, game, true);
}

function expected<S extends Json>(
  state: TableState<S>,
  game: AnyGame<S>,
  optional: boolean,
): Owed[] {
  return withKind(state.step, (kind, step) => [
    ...kind.owes(state, step),
    ...kind.acts(state, step, game, optional),
  ]);
}

/**
 * Hands `body` to the step's event of its kind: `allowed` has let through
 * only a kind the step takes.
 */
const on = <S extends Json, T extends Step['type'], K extends Decoded['type']>(
  events: Events<T>,
  type: K,
  turn: Turn<S, T>,
  body: DecodedOf<K>,
): Folded<Applied<S>> => events[type]!(turn, body);

/**
 * Applies one decoded event of `author`. Returns the new state or why not;
 * never changes `state`. A player action reaches the game as
 * `{ ...action, seat: author, seen }`, `seen` the number of player actions
 * applied before it: facts never carry it, so no player can pass one off as
 * a move.
 */
export function applyEvent<S extends Json>(
  state: TableState<S>,
  game: AnyGame<S>,
  author: Seat,
  body: Decoded,
  checks: Checks = checkNow,
): Folded<TableState<S>> {
  // A seat the table plays on without has no say there any more (recovery.ts): what it
  // signed before it knew is void where it lands, what it signed after is void where it stood.
  if (hasLeft(state, author)) return refuse('ERR_LEFT');
  // Leaving is never owed: a seat may resign, or declare another absent, whoever owes what;
  // nor is answering a claim. At a table that shares its layers the others may play on
  // without the leaver (recovery.ts).
  if (body.type === 'RESIGN') {
    const resigned = applyResign(state, author);
    if (!resigned.ok) return refuse(resigned.error);
    const departure = { type: 'RESIGN', seat: author, by: author } as const;
    return ok(playsOn(state) ? settle(leaveTable(state, game, departure), game) : resigned.value);
  }
  if (body.type === 'ABSENT') {
    const ended = applyAbsent(state, author, body.seat, owed(state, game));
    if (!ended.ok) return refuse(ended.error);
    // A seat that withholds its keys keeps its own claims closed, not everyone's.
    if (state.step.type === 'AUDIT') return ok(judgeClaims(ended.value, game));
    const departure = { type: 'ABSENT', seat: body.seat, by: author } as const;
    return ok(playsOn(state) ? settle(leaveTable(state, game, departure), game) : ended.value);
  }
  // An answer to a claim of absence changes nothing: the replica checks that it answers one.
  if (body.type === 'PRESENT') return ok(state);
  // Nor does a seat's word that its turn came late; only a seat the table waits on says it.
  if (body.type === 'SEEN')
    return owed(state, game).some((o) => o.seat === author) ? ok(state) : refuse('ERR_NOT_OWED');
  // A confirmation of the ending changes nothing; there is nothing to confirm before it.
  if (body.type === 'CONFIRM')
    return state.step.type === 'DONE' ? ok(state) : refuse('ERR_NOT_OVER');
  const owing = allowed(state, game);
  if (!owing.some((o) => o.seat === author && o.kind === body.type))
    return refuse('ERR_NOT_OWED', { kind: 'not-owed', owed: owing });
  if (body.type === 'ACT') return applyAct(state, game, author, body.action);
  const applied = withKind(state.step, (kind, step) =>
    on(kind.events, body.type, { state, step, game, author, checks }, body),
  );
  if (!applied.ok) return applied;
  const { state: next, move } = applied.value;
  return move ? applyAct(next, game, author, move) : finish(applied, game);
}

/**
 * Why `author`'s event `body` does not hold on `state` (the state its author
 * saw), given the code it was refused with: the diagnosis of the check that
 * refuses it, or the code alone where that check has nothing more to say
 * (and for an event that holds there). The fold keeps only the code for the
 * verdict; only refused events are diagnosed, so folding one again here
 * costs nothing in play. Pure; never throws.
 */
export function diagnose<S extends Json>(
  state: TableState<S>,
  game: AnyGame<S>,
  author: Seat,
  body: JsonObject,
  code: string,
): Diagnosis {
  try {
    const decoded = parseBody(body);
    if (!decoded.ok) return { kind: 'body', code: decoded.error };
    const folded = applyEvent(state, game, author, decoded.value, checkNow);
    return (!folded.ok && folded.diagnosis) || { kind: 'other', code };
  } catch {
    return { kind: 'other', code };
  }
}

/**
 * A player action of `author`, given or opened from its seal. A move during a
 * step may change what the game needs: the step starts afresh from what is
 * left of it (shares already given stay given). A seal a bystander's action
 * lands on is dropped with its step: its move was made for a state now gone.
 */
function applyAct<S extends Json>(
  state: TableState<S>,
  game: AnyGame<S>,
  author: Seat,
  action: JsonObject,
): Folded<TableState<S>> {
  const next = game.move(state.game, { ...action, seat: author, seen: state.acts });
  if (!next.ok)
    return refuse('ERR_RULES', { kind: 'rules', code: next.error, action: actionName(action) });
  const acted = { ...state, game: next.value, acts: state.acts + 1 };
  return ok(settle(state.step.type === 'PLAY' ? acted : nextStep(acted, { type: 'PLAY' }), game));
}

/** What a step's event left: the fact it tells the game, if any, then the game's next need. */
function finish<S extends Json>(
  applied: Folded<Applied<S>>,
  game: AnyGame<S>,
): Folded<TableState<S>> {
  if (!applied.ok) return applied;
  const { state, fact: input } = applied.value;
  return input ? fact(state, game, input) : ok(settle(state, game));
}

function fact<S extends Json>(
  state: TableState<S>,
  game: AnyGame<S>,
  input: JsonObject,
): Folded<TableState<S>> {
  const applied = game.fact(state.game, input);
  return applied.ok ? ok(settle({ ...state, game: applied.value }, game)) : refuse('ERR_RULES');
}

/**
 * From `PLAY`, turns the game's next need into the next step: a round of
 * keys, a reveal to everyone, a deal to one seat (locked first where it must
 * be) or a round of deals to several, a show (its fresh keys first), a re-mask, a coin, or (once the game is
 * over) the audit. Player actions need no step: `owed` reads them from the
 * game. An exhibit needs none either: it is kept at once.
 */
export function settle<S extends Json>(played: TableState<S>, game: AnyGame<S>): TableState<S> {
  if (played.step.type !== 'PLAY') return played;
  // Between steps no show is under way: whatever it kept of its cards is past.
  const { beforeShow, ...state } = played;
  if (game.outcome(state.game)) return nextStep(state, { type: 'AUDIT' });
  const needs = game.needs(state.game);
  const need = needs.find((n): n is Exclude<Need, { type: 'ACT' }> => n.type !== 'ACT');
  if (!need) return state;
  switch (need.type) {
    case 'RECORD':
      return record(state, game, need);
    case 'SHUFFLE':
      return keysStep(state, shuffleGroups(state, need.cards));
    case 'REMASK':
      return nextStep(state, remaskStep(state, need));
    case 'COIN':
      return nextStep(state, coinStep(state));
  }
  const lock = lockFor(state, need);
  if (lock) return nextStep(state, lock);
  // Stryker disable next-line ArrayDeclaration: none or one, no round: only more than one deal is dealt at once
  const deals = protocolOf(state.genesis) >= 2 ? dealsAtOnce(needs, state) : [];
  if (deals.length > 1) return started(startUnlock(state, game, dealRound(state, deals)), game);
  // Every show is first locked under fresh keys (show-keys.ts): no copy may repeat one of another show.
  // A table that shares its layers keeps its cards as they were, should a member leave (recovery.ts).
  if (need.type === 'SHOW') {
    const snapshot = need.cards.map((id) => state.cards[id]!);
    const kept = state.dealings && { beforeShow: { cards: need.cards, snapshot } };
    const rekey = { type: 'REKEY', cards: need.cards, to: need.to, next: 0 } as const;
    return nextStep({ ...state, ...kept }, rekey);
  }
  return started(startUnlock(state, game, unlockFor(state, need)), game);
}

/** The table after an unlock step it started itself: a refusal there is the game's own bug. */
function started<S extends Json>(applied: Folded<Applied<S>>, game: AnyGame<S>): TableState<S> {
  const done = finish(applied, game);
  if (!done.ok) throw new Error(`game asked for an impossible step: ${done.error}`);
  return done.value;
}

/**
 * The deals a game asks for together, when its first need is a deal: each to another
 * seat, of cards no other names, and none waiting for a LOCK. Taken together in one
 * round they cost one turn of the seats instead of one per deal.
 */
function dealsAtOnce<S>(
  needs: readonly Need[],
  state: TableState<S>,
): Extract<Need, { type: 'DEAL' }>[] {
  const deals: Extract<Need, { type: 'DEAL' }>[] = [];
  for (const need of needs) {
    if (need.type === 'ACT') continue;
    if (need.type !== 'DEAL' || lockFor(state, need)) break;
    const taken = deals.some(
      (deal) => deal.to === need.to || deal.cards.some((id) => need.cards.includes(id)),
    );
    if (taken) break;
    deals.push(need);
  }
  return deals;
}

/** Keeps `cards` as they are now (each as its seat in `as` holds it) as the next exhibit, and tells the game. */
function record<S extends Json>(
  state: TableState<S>,
  game: AnyGame<S>,
  { cards, as }: Extract<Need, { type: 'RECORD' }>,
): TableState<S> {
  const snapshot = cards.map((id, i): TableCard => {
    // A copy names the card its id holds now: a re-mask or a shuffle of the id drops it.
    const copy = as && state.copies.find((c) => c.card === id && c.seat === as[i]);
    if (copy) return { c: copy.c, layers: copy.layers, epoch: copy.epoch };
    const card = state.cards[id];
    if (!card) throw new Error(`no card ${id} to record`);
    return card;
  });
  const exhibits = [...state.exhibits, { cards: [...cards], snapshot }];
  const done = fact({ ...state, exhibits }, game, { type: 'RECORDED', cards: [...cards] });
  if (!done.ok) throw new Error(`the game refused its own exhibit: ${done.error}`);
  return done.value;
}
