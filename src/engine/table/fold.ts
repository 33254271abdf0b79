/**
 * The table's fold: one checked event in, the next table state out.
 *
 * `applyEvent` is the only way state changes. It checks, in order: that the
 * author owes this kind of event now (the step says who owes what), every
 * proof against the ciphertexts the table holds, and, for a player action,
 * the game's own rules. Any failure returns an error code and the state is
 * untouched. Between steps `settle` asks the game what it needs next and
 * turns it into the next cryptographic step, so the table always knows which
 * seat owes which event.
 */
import { encodeScalar, G, toHex } from '../../../crypto/index.ts';
import { encodeCanonical, sha256Hex, type Json, type JsonObject } from '../encoding.ts';
import type { AnyGame, CardId, Need, Seat } from '../game.ts';
import { err, ok, type Result } from '../result.ts';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import type { Decoded } from './bodies.ts';
import { checkNow, unlockCheck, type Checks } from './checks.ts';
import { openExhibits } from './audit.ts';
import { applyCommit, applyOpen, coinOwed } from './coin.ts';
import { proofContext } from './context.ts';
import { deckIndex, faceOfEncoding } from './decks.ts';
import { applyAbsent, applyResign, refuted, type LeaveError } from './leave.ts';
import { readEncoding, writeEncoding, writePoint } from './points.ts';
import { applyRekey } from './rekey.ts';
import { applyRemask } from './remask.ts';
import { applyKey, applyShuffle, keysStep, shuffleGroups } from './rounds.ts';
import { applyAck, applySeal, openSeal } from './seal.ts';
import { nextStep } from './step.ts';
import type { AuditRecord, Copy, Genesis, Layer, Step, TableCard, TableState } from './types.ts';

export type { AnyGame };

export type TableError =
  | 'ERR_NOT_OWED'
  | 'ERR_GENESIS'
  | 'ERR_PROOF'
  | 'ERR_SHAPE'
  | 'ERR_RULES'
  | 'ERR_AUDIT'
  | 'ERR_NOT_OVER'
  | LeaveError;

export const genesisHash = (genesis: Genesis): string =>
  sha256Hex(utf8ToBytes(encodeCanonical(genesis as unknown as Json)));

export { proofContext } from './context.ts';
export { deckId } from './decks.ts';
export { BASE_KEY, remaskKey } from './remask.ts';

/**
 * The state before the first event: every seat owes its keys for the first
 * shuffle of every deck the game declares. The decks and cards appear once
 * those keys are in (the game module, not this state, knows its decks).
 */
export function initialTable<S extends Json>(genesis: Genesis, game: S): TableState<S> {
  const seats = genesis.identities.length;
  const perSeat = () => Array.from({ length: seats }, () => []);
  return {
    genesis,
    genesisHash: genesisHash(genesis),
    decks: [],
    keys: Array<null>(seats).fill(null),
    epochs: [],
    cards: [],
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
 * Which seats owe an event now, and of which kind: those the table waits on,
 * and the only ones that may be declared absent. Besides the step under way,
 * a game may let players act during a step (a call in Red & Black while a
 * hand is being revealed may overtake the call that asked for it).
 */
export function owed<S extends Json>(
  state: TableState<S>,
  game: AnyGame<S>,
): { seat: Seat; kind: string }[] {
  return expected(state, game, false);
}

/**
 * Which seats may sign an event of which kind now: those that owe one, and
 * those the game lets act without waiting on them (a call out of turn).
 */
export function allowed<S extends Json>(
  state: TableState<S>,
  game: AnyGame<S>,
): { seat: Seat; kind: string }[] {
  return expected(state, game, true);
}

function expected<S extends Json>(
  state: TableState<S>,
  game: AnyGame<S>,
  optional: boolean,
): { seat: Seat; kind: string }[] {
  const actors = () => actorsOf(state, game, optional);
  const step = state.step;
  switch (step.type) {
    case 'KEYS':
      return seatsMissing(state.keys).map((seat) => ({ seat, kind: 'KEY' }));
    case 'AUDIT':
      return seatsMissing(state.audit).map((seat) => ({ seat, kind: 'AUDIT' }));
    case 'DONE':
      return [];
    case 'SHUFFLE':
      // Nobody acts during a shuffle round: its inputs must stay what its keys were made for.
      return [{ seat: step.order[step.next] as Seat, kind: 'SHUFFLE' }];
    case 'UNLOCK':
      return [{ seat: step.order[step.next] as Seat, kind: 'UNLOCK' }, ...actors()];
    case 'COPY':
      return [{ seat: step.order[step.next] as Seat, kind: 'UNLOCK' }, ...actors()];
    case 'COIN':
      return [...coinOwed(step), ...actors()];
    case 'REKEY':
      return [{ seat: step.to[step.next] as Seat, kind: 'REKEY' }, ...actors()];
    case 'REMASK':
    case 'LOCK':
      return [{ seat: step.seat, kind: step.type }, ...actors()];
    case 'PLAY':
      // A move another seat may cross is sealed first (seal.ts).
      return actors().map((o) =>
        o.kind === 'ACT' && crossable(state, game).includes(o.seat) ? { ...o, kind: 'SEAL' } : o,
      );
    case 'SEALED': {
      const mayStillAct = optional ? step.waiting.map((seat) => ({ seat, kind: 'ACT' })) : [];
      if (step.waiting.length > 0)
        return [...step.waiting.map((seat) => ({ seat, kind: 'ACK' })), ...mayStillAct];
      return [{ seat: step.seat, kind: 'UNSEAL' }];
    }
  }
}

/** The seats the game waits on to act now, and with `optional` those it lets act besides. */
const actorsOf = <S extends Json>(state: TableState<S>, game: AnyGame<S>, optional: boolean) =>
  game.needs(state.game).flatMap((need) =>
    need.type === 'ACT'
      ? [...need.seats, ...(optional ? (need.optional ?? []) : [])].map((seat) => ({
          seat,
          kind: 'ACT',
        }))
      : [],
  );

/** Seats the game waits on to act while others may act too: their moves are sealed. */
const crossable = <S extends Json>(state: TableState<S>, game: AnyGame<S>): Seat[] =>
  game
    .needs(state.game)
    .flatMap((need) => (need.type === 'ACT' && (need.optional ?? []).length > 0 ? need.seats : []));

/** The seats that may act beside the sealing seat: each must see the seal before it opens. */
const bystanders = <S extends Json>(state: TableState<S>, game: AnyGame<S>): Seat[] =>
  game.needs(state.game).flatMap((need) => (need.type === 'ACT' ? (need.optional ?? []) : []));

const seatsMissing = (list: readonly unknown[]): Seat[] =>
  list.flatMap((v, seat) => (v === null ? [seat] : []));

/**
 * Applies one decoded event of `author`. Returns the new state or an error
 * code; never changes `state`. A player action reaches the game as
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
): Result<TableState<S>, TableError> {
  // Leaving is never owed: a seat may resign, or declare another absent, whoever owes what;
  // nor is answering a claim.
  if (body.type === 'RESIGN') return applyResign(state, author);
  if (body.type === 'ABSENT') {
    const ended = applyAbsent(state, author, body.seat, owed(state, game));
    // A seat that withholds its keys keeps its own claims closed, not everyone's.
    return ended.ok && state.step.type === 'AUDIT' ? ok(judgeClaims(ended.value, game)) : ended;
  }
  // An answer to a claim of absence changes nothing: the replica checks that it answers one.
  if (body.type === 'PRESENT') return ok(state);
  // A confirmation of the ending changes nothing; there is nothing to confirm before it.
  if (body.type === 'CONFIRM') return state.step.type === 'DONE' ? ok(state) : err('ERR_NOT_OVER');
  if (!allowed(state, game).some((o) => o.seat === author && o.kind === body.type))
    return err('ERR_NOT_OWED');
  switch (body.type) {
    case 'KEY':
      return applyKey(state, () => game.decks(state.genesis.options), author, body, checks);
    case 'SHUFFLE': {
      const shuffled = applyShuffle(state, author, body, checks);
      if (!shuffled.ok) return shuffled;
      const { state: next, done } = shuffled.value;
      if (!done) return ok(next);
      const step = state.step as Extract<Step, { type: 'SHUFFLE' }>;
      return step.fresh ? fact(next, game, { type: 'SHUFFLED' }) : ok(settle(next, game));
    }
    case 'UNLOCK':
      return state.step.type === 'COPY'
        ? applyCopy(state, game, author, body, checks)
        : applyUnlock(state, game, author, body, checks);
    case 'REMASK': {
      const remasked = applyRemask(state, author, body, checks);
      if (!remasked.ok) return remasked;
      const step = state.step as Extract<Step, { type: 'REMASK' }>;
      return fact(nextStep(remasked.value, { type: 'PLAY' }), game, {
        type: 'REMASKED',
        seat: author,
        cards: [...step.cards],
      });
    }
    case 'LOCK':
      return applyLock(state, game, author, body, checks);
    case 'REKEY': {
      const rekeyed = applyRekey(state, author, body, checks);
      if (!rekeyed.ok) return rekeyed;
      const step = state.step as Extract<Step, { type: 'REKEY' }>;
      if (step.next + 1 < step.to.length)
        return ok(nextStep(rekeyed.value, { ...step, next: step.next + 1 }));
      // Every member's layer is fresh: the show goes on as an unlock of everyone else's.
      const show = { type: 'SHOW', cards: step.cards, to: step.to } as const;
      return startUnlock(rekeyed.value, game, stepFor(rekeyed.value, show));
    }
    case 'ACT':
      return applyAct(state, game, author, body.action);
    case 'SEAL':
      return ok(applySeal(state, author, body.hash, bystanders(state, game)));
    case 'ACK':
      return ok(applyAck(state, author));
    case 'UNSEAL': {
      const opened = openSeal(state, author, body.action, body.salt);
      return opened.ok ? applyAct(state, game, author, opened.value) : opened;
    }
    case 'COMMIT':
      return ok(applyCommit(state, author, body.hash));
    case 'OPEN': {
      const opened = applyOpen(state, author, body.bit, body.salt);
      if (!opened.ok) return opened;
      const { state: next, coin } = opened.value;
      return coin === null
        ? ok(next)
        : fact(nextStep(next, { type: 'PLAY' }), game, { type: 'COIN', bit: coin });
    }
    case 'AUDIT':
      return applyAudit(state, game, author, body);
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
): Result<TableState<S>, TableError> {
  const next = game.move(state.game, { ...action, seat: author, seen: state.acts });
  if (!next.ok) return err('ERR_RULES');
  const acted = { ...state, game: next.value, acts: state.acts + 1 };
  return ok(settle(state.step.type === 'PLAY' ? acted : nextStep(acted, { type: 'PLAY' }), game));
}

/**
 * The audit: one secret for each public key the author introduced by an
 * applied event, in order, each matching its key. Secrets are in [1, ℓ) from
 * the parser, so the multiplication never meets a zero. The last one opens
 * every exhibit, and the game judges its hidden claims on them.
 */
function applyAudit<S extends Json>(
  state: TableState<S>,
  game: AnyGame<S>,
  author: Seat,
  body: Extract<Decoded, { type: 'AUDIT' }>,
): Result<TableState<S>, TableError> {
  const pubs = state.pubs[author]!;
  if (body.secrets.length !== pubs.length) return err('ERR_AUDIT');
  if (body.secrets.some((s, i) => writePoint(G.multiply(s)) !== pubs[i])) return err('ERR_AUDIT');
  const record: AuditRecord = { secrets: body.secrets.map((s) => toHex(encodeScalar(s))) };
  const audit = state.audit.map((a, i) => (i === author ? record : a));
  if (audit.some((a) => a === null)) return ok({ ...state, audit });
  return ok(judgeClaims({ ...state, audit, step: { type: 'DONE' } }, game));
}

/**
 * The game's second look (`Game.audit`) at every exhibit the published
 * secrets open: all of them after a full audit; after an audit an ABSENT
 * ended, those whose every layer belongs to a seat that published.
 */
function judgeClaims<S extends Json>(state: TableState<S>, game: AnyGame<S>): TableState<S> {
  const findings = game.audit?.(state.game, openExhibits(state)) ?? [];
  return { ...state, findings: findings.map(({ seat, reason }) => ({ seat, reason })) };
}

/** Groups `cards` by the key of `seat`'s layer on them, in first-seen order. */
export function unlockGroups(
  cards: readonly TableCard[],
  ids: readonly CardId[],
  seat: Seat,
): CardId[][] {
  const groups = new Map<string, CardId[]>();
  for (const id of ids) {
    const key = cards[id]?.layers.find((l) => l.seat === seat)?.key;
    if (key === undefined) continue;
    groups.set(key, [...(groups.get(key) ?? []), id]);
  }
  return [...groups.values()];
}

function applyUnlock<S extends Json>(
  state: TableState<S>,
  game: AnyGame<S>,
  author: Seat,
  body: Extract<Decoded, { type: 'UNLOCK' }>,
  checks: Checks,
): Result<TableState<S>, TableError> {
  const step = state.step as Extract<Step, { type: 'UNLOCK' }>;
  const groups = unlockGroups(state.cards, step.cards, author);
  if (body.shares.length !== groups.length) return err('ERR_SHAPE');
  const cards = [...state.cards];
  for (const [g, ids] of groups.entries()) {
    const share = body.shares[g]!;
    if (share.points.length !== ids.length) return err('ERR_SHAPE');
    const layer = cards[ids[0]!]!.layers.find((l) => l.seat === author)!;
    const before = ids.map((id) => readEncoding(cards[id]!.c));
    const ctx = unlockContext(state, author, ids);
    if (!checks(unlockCheck(ctx, readEncoding(layer.key), before, share.points, share.proof)))
      return err('ERR_PROOF');
    ids.forEach((id, i) => {
      const card = cards[id]!;
      cards[id] = {
        ...card,
        c: writeEncoding(share.points[i]!),
        layers: card.layers.filter((l) => l.seat !== author),
      };
    });
  }
  const unlocked = { ...state, cards };
  if (step.next + 1 < step.order.length)
    return ok(nextStep(unlocked, { ...step, next: step.next + 1 }));
  return finishUnlock(nextStep(unlocked, { type: 'PLAY' }), game, step);
}

/** What an unlock is for: a reveal to all, a deal to one seat, or the public part of a show. */
const unlockPurpose = (step: Extract<Step, { type: 'UNLOCK' }>): string =>
  step.to === 'all' ? 'reveal' : step.to.length === 1 ? `deal to ${step.to[0]}` : 'show';

/** The context of one UNLOCK share of the step under way: bound to its purpose and its cards. */
export const unlockContext = (
  state: TableState<unknown>,
  seat: Seat,
  ids: readonly CardId[],
): Uint8Array =>
  proofContext(state, 'UNLOCK', seat, {
    purpose: unlockPurpose(state.step as Extract<Step, { type: 'UNLOCK' }>),
    cards: ids,
  });

/**
 * After the last share: a deal tells the game the cards are dealt; a reveal to
 * everyone reads each face off its point and tells the game as a fact. A face
 * the game refuses in a reveal that judges a claim refutes the claim: its
 * author is named, not the seat whose share came last (every share is proven).
 */
function finishUnlock<S extends Json>(
  state: TableState<S>,
  game: AnyGame<S>,
  step: Extract<Step, { type: 'UNLOCK' }>,
): Result<TableState<S>, TableError> {
  if (step.to !== 'all' && step.to.length === 1)
    return fact(state, game, { type: 'DEALT', cards: [...step.cards], to: step.to[0]! });
  if (step.to !== 'all') return startCopies(state, game, step.cards, step.to);
  let next = state;
  const faces = [...state.faces];
  for (const id of step.cards) {
    const face = faceOfEncoding(state, id, readEncoding(state.cards[id]!.c));
    if (face < 0) return err('ERR_PROOF');
    faces[id] = face;
    const applied = game.fact(next.game, { type: 'REVEAL', card: id, face });
    if (!applied.ok && step.claim !== undefined)
      return ok(refuted({ ...next, faces }, step.claim, id, face, applied.error));
    if (!applied.ok) return err('ERR_RULES');
    next = { ...next, game: applied.value };
  }
  return ok(settle({ ...next, faces }, game));
}

function fact<S extends Json>(
  state: TableState<S>,
  game: AnyGame<S>,
  input: JsonObject,
): Result<TableState<S>, TableError> {
  const applied = game.fact(state.game, input);
  return applied.ok ? ok(settle({ ...state, game: applied.value }, game)) : err('ERR_RULES');
}

/**
 * Showing cards to a few seats: every member gets a copy of each card, and
 * each member then removes its layer from every other member's copy, so each
 * copy ends under its own member's layer alone. Copies still under a layer
 * are public without harm: only the member whose layer remains can read one.
 */
function startCopies<S extends Json>(
  state: TableState<S>,
  game: AnyGame<S>,
  cards: readonly CardId[],
  to: readonly Seat[],
): Result<TableState<S>, TableError> {
  const copies: Copy[] = [
    ...state.copies.filter((copy) => !cards.includes(copy.card)),
    ...to.flatMap((seat) => cards.map((card) => ({ card, seat, ...state.cards[card]! }))),
  ];
  const order = layerSeats(state.cards, cards, []).filter((seat) => to.includes(seat));
  const next = { ...state, copies };
  if (order.length === 0)
    return fact(next, game, { type: 'SHOWN', cards: [...cards], to: [...to] });
  return ok({ ...next, step: { type: 'COPY', cards, to, order, next: 0 } });
}

/** One batch of a COPY share: `seat`'s layer `key` on `recipient`'s copies of `ids`. */
export interface CopyGroup {
  readonly recipient: Seat;
  readonly key: string;
  readonly ids: readonly CardId[];
}

/** The batches `seat` owes in a COPY step, in the order its UNLOCK body lists them. */
export function copyGroups(state: TableState<unknown>, seat: Seat): CopyGroup[] {
  const step = state.step as Extract<Step, { type: 'COPY' }>;
  return step.to
    .filter((recipient) => recipient !== seat)
    .flatMap((recipient) => {
      const mine = step.cards.map((id) => copyOf(state, id, recipient));
      return unlockGroups(
        mine,
        mine.map((_, i) => i),
        seat,
      ).map((indexes) => ({
        recipient,
        key: mine[indexes[0]!]!.layers.find((l) => l.seat === seat)!.key,
        ids: indexes.map((i) => step.cards[i]!),
      }));
    });
}

/** The context of one COPY share: bound to its recipient and its cards. */
export const copyContext = (state: TableState<unknown>, seat: Seat, group: CopyGroup): Uint8Array =>
  proofContext(state, 'COPY', seat, { purpose: `copy for ${group.recipient}`, cards: group.ids });

export const copyOf = (state: TableState<unknown>, card: CardId, seat: Seat): Copy =>
  state.copies.find((copy) => copy.card === card && copy.seat === seat)!;

function applyCopy<S extends Json>(
  state: TableState<S>,
  game: AnyGame<S>,
  author: Seat,
  body: Extract<Decoded, { type: 'UNLOCK' }>,
  checks: Checks,
): Result<TableState<S>, TableError> {
  const step = state.step as Extract<Step, { type: 'COPY' }>;
  const groups = copyGroups(state, author);
  if (body.shares.length !== groups.length) return err('ERR_SHAPE');
  let copies = [...state.copies];
  for (const [g, group] of groups.entries()) {
    const share = body.shares[g]!;
    if (share.points.length !== group.ids.length) return err('ERR_SHAPE');
    const before = group.ids.map((id) => readEncoding(copyOf(state, id, group.recipient).c));
    const ctx = copyContext(state, author, group);
    if (!checks(unlockCheck(ctx, readEncoding(group.key), before, share.points, share.proof)))
      return err('ERR_PROOF');
    copies = copies.map((copy) => {
      const i = group.ids.indexOf(copy.card);
      if (copy.seat !== group.recipient || i < 0) return copy;
      return {
        ...copy,
        c: writeEncoding(share.points[i]!),
        layers: copy.layers.filter((l) => l.seat !== author),
      };
    });
  }
  const next = { ...state, copies };
  if (step.next + 1 < step.order.length)
    return ok(nextStep(next, { ...step, next: step.next + 1 }));
  return fact(nextStep(next, { type: 'PLAY' }), game, {
    type: 'SHOWN',
    cards: [...step.cards],
    to: [...step.to],
  });
}

/** Seats that still have a layer on any of `ids`, in seat order. */
function layerSeats(
  cards: readonly TableCard[],
  ids: readonly CardId[],
  except: readonly Seat[],
): Seat[] {
  const seats = new Set<Seat>();
  for (const id of ids)
    for (const l of cards[id]?.layers ?? []) if (!except.includes(l.seat)) seats.add(l.seat);
  return [...seats].sort((a, b) => a - b);
}

/**
 * From `PLAY`, turns the game's next need into the next step: a reveal to
 * everyone, a deal to one seat, a re-mask, or (once the game is over) the
 * audit. Player actions need no step: `owed` reads them from the game. An
 * exhibit needs none either: it is kept at once.
 */
export function settle<S extends Json>(state: TableState<S>, game: AnyGame<S>): TableState<S> {
  if (state.step.type !== 'PLAY') return state;
  if (game.outcome(state.game)) return nextStep(state, { type: 'AUDIT' });
  const need = game
    .needs(state.game)
    .find((n): n is Exclude<Need, { type: 'ACT' }> => n.type !== 'ACT');
  if (!need) return state;
  if (need.type === 'RECORD') return record(state, game, need.cards);
  if (need.type === 'SHUFFLE') return keysStep(state, shuffleGroups(state, need.cards));
  const lock = lockFor(state, need);
  if (lock) return nextStep(state, lock);
  // Every show is first locked under fresh keys (rekey.ts): no copy may repeat one of another show.
  if (need.type === 'SHOW')
    return nextStep(state, { type: 'REKEY', cards: need.cards, to: need.to, next: 0 });
  const done = startUnlock(state, game, stepFor(state, need));
  if (!done.ok) throw new Error(`game asked for an impossible step: ${done.error}`);
  return done.value;
}

/** Starts `step`; an unlock nobody has a layer left to remove from is complete as soon as it starts. */
function startUnlock<S extends Json>(
  state: TableState<S>,
  game: AnyGame<S>,
  step: Step,
): Result<TableState<S>, TableError> {
  if (step.type !== 'UNLOCK' || step.order.length > 0) return ok(nextStep(state, step));
  return finishUnlock(nextStep(state, { type: 'PLAY' }), game, step);
}

/** Keeps `cards` as they are now as the next exhibit, and tells the game. */
function record<S extends Json>(
  state: TableState<S>,
  game: AnyGame<S>,
  cards: readonly CardId[],
): TableState<S> {
  const snapshot = cards.map((id) => {
    const card = state.cards[id];
    if (!card) throw new Error(`no card ${id} to record`);
    return card;
  });
  const exhibits = [...state.exhibits, { cards: [...cards], snapshot }];
  const done = fact({ ...state, exhibits }, game, { type: 'RECORDED', cards: [...cards] });
  if (!done.ok) throw new Error(`the game refused its own exhibit: ${done.error}`);
  return done.value;
}

/**
 * A deal to a seat that has no layer on a card (a card under its placer's
 * layer alone) would leave it bare for everyone once the others' layers come
 * off: the recipient first locks it with its own layer. (A show needs no
 * lock: its REKEY adds a fresh layer of every member.)
 */
function lockFor(state: TableState<unknown>, need: Exclude<Need, { type: 'ACT' }>): Step | null {
  if (need.type !== 'DEAL') return null;
  const cards = need.cards.filter((id) => !state.cards[id]?.layers.some((l) => l.seat === need.to));
  return cards.length > 0 ? { type: 'LOCK', seat: need.to, cards } : null;
}

/** One batch of a LOCK: the cards that `seat` locks with its `key` of their shuffle round. */
export interface LockGroup {
  readonly key: string;
  readonly ids: readonly CardId[];
}

/** The batches of a LOCK by `seat`, in the order its body lists them: one per shuffle key. */
export function lockGroups(
  state: TableState<unknown>,
  ids: readonly CardId[],
  seat: Seat,
): LockGroup[] {
  const groups = new Map<string, CardId[]>();
  for (const id of ids) {
    const key = state.epochs[state.cards[id]!.epoch]!.keys[seat]!;
    groups.set(key, [...(groups.get(key) ?? []), id]);
  }
  return [...groups.entries()].map(([key, ids]) => ({ key, ids }));
}

/** The context of one LOCK batch. */
export const lockContext = (state: TableState<unknown>, seat: Seat, group: LockGroup) =>
  proofContext(state, 'LOCK', seat, { purpose: 'lock', cards: group.ids });

/**
 * A LOCK: `C' = e·C` for each card, with `e` the locker's key of the card's
 * shuffle round, proven as the unlock share that takes `C'` back to `C`.
 */
function applyLock<S extends Json>(
  state: TableState<S>,
  game: AnyGame<S>,
  author: Seat,
  body: Extract<Decoded, { type: 'LOCK' }>,
  checks: Checks,
): Result<TableState<S>, TableError> {
  const step = state.step as Extract<Step, { type: 'LOCK' }>;
  const groups = lockGroups(state, step.cards, author);
  if (body.shares.length !== groups.length) return err('ERR_SHAPE');
  const cards = [...state.cards];
  for (const [g, group] of groups.entries()) {
    const { points, proof } = body.shares[g]!;
    if (points.length !== group.ids.length) return err('ERR_SHAPE');
    const current = group.ids.map((id) => readEncoding(cards[id]!.c));
    const ctx = lockContext(state, author, group);
    if (!checks(unlockCheck(ctx, readEncoding(group.key), points, current, proof)))
      return err('ERR_PROOF');
    group.ids.forEach((id, i) => {
      const card = cards[id]!;
      const layer: Layer = { seat: author, key: group.key };
      cards[id] = { ...card, c: writeEncoding(points[i]!), layers: [...card.layers, layer] };
    });
  }
  return ok(settle(nextStep({ ...state, cards }, { type: 'PLAY' }), game));
}

function stepFor(
  state: TableState<unknown>,
  need: Exclude<Need, { type: 'ACT' | 'SHUFFLE' | 'RECORD' }>,
): Step {
  switch (need.type) {
    case 'REVEAL':
      return {
        type: 'UNLOCK',
        cards: need.cards,
        order: layerSeats(state.cards, need.cards, []),
        next: 0,
        to: 'all',
        ...(need.claim === undefined ? {} : { claim: need.claim }),
      };
    case 'DEAL':
      return {
        type: 'UNLOCK',
        cards: need.cards,
        order: layerSeats(state.cards, need.cards, [need.to]),
        next: 0,
        to: [need.to],
      };
    case 'SHOW':
      return {
        type: 'UNLOCK',
        cards: need.cards,
        order: layerSeats(state.cards, need.cards, need.to),
        next: 0,
        to: need.to,
      };
    case 'REMASK':
      // A re-mask permutes its cards: they must stay in one deck, each id naming a card of it.
      if (new Set(need.cards.map((id) => deckIndex(state.decks, id))).size > 1)
        throw new Error('a re-mask takes the cards of one deck');
      return { type: 'REMASK', seat: need.seat, cards: need.cards };
    case 'COIN': {
      const seats = state.keys.map(() => null);
      return { type: 'COIN', commits: seats, opens: seats };
    }
  }
}
