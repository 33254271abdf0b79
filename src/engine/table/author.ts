/**
 * The author's side of the table protocol: the seat's player actions and its
 * duties. Given what this seat owes, the module of the step under way makes
 * the event body, proofs included, with the seat's secrets (`keyring.ts`). Only on this side do
 * secrets and fresh randomness (inside `crypto/`) enter; the fold never sees
 * a secret.
 */
import { invertScalar, toHex } from '../../../crypto/index.ts';
import type { Json, JsonObject } from '../encoding.ts';
import type { CardId, Seat } from '../game.ts';
import type { TableBody } from './bodies.ts';
import { faceOf } from './decks.ts';
import type { Keyring } from './keyring.ts';
import { readPoint } from './points.ts';
import { epochsOwed } from './shuffle.ts';
import { sealCommitment } from './seal.ts';
import type { DeckSource, Held, Maker } from './step.ts';
import { withKind } from './steps.ts';
import type { TableState } from './types.ts';

/** A player action; the table sets the seat from the event's author. */
export function makeAct(action: JsonObject): TableBody {
  return { type: 'ACT', action };
}

/**
 * A player action as a SEAL (seal.ts), for a move the table asks sealed: the
 * move and a fresh salt are kept in `keyring` for the UNSEAL, and the body
 * commits to them. The keyring must be stored before the SEAL is sent.
 */
export function makeSeal(
  state: TableState<unknown>,
  seat: Seat,
  action: JsonObject,
  keyring: Keyring,
): TableBody {
  const salt = toHex(crypto.getRandomValues(new Uint8Array(32)));
  keyring.keepSeal({ acts: state.acts, action, salt });
  return { type: 'SEAL', hash: sealCommitment(state, seat, action, salt) };
}

/**
 * The faces this seat can read alone: cards whose only remaining layer is its
 * own, but those of a shuffle under way (positions in a deck still being
 * permuted, which name no card yet). `cache` maps ciphertexts already read
 * to their faces. `keyring` may be
 * the seat's own, or one rebuilt from the published audit (a replay).
 */
export function privateFaces(
  state: TableState<Json>,
  seat: Seat,
  keyring: Pick<Keyring, 'has' | 'scalarFor'>,
  cache: Map<string, number>,
): Map<CardId, number> {
  const known = new Map<CardId, number>();
  const read = (
    id: CardId,
    card: { c: string; layers: readonly { seat: Seat; key: string }[] },
  ) => {
    const [layer, ...rest] = card.layers;
    if (!layer || rest.length > 0 || layer.seat !== seat || !keyring.has(layer.key)) return;
    let face = cache.get(card.c);
    if (face === undefined) {
      const p = readPoint(card.c).multiply(invertScalar(keyring.scalarFor(layer.key)));
      face = faceOf(state, id, p);
      cache.set(card.c, face);
    }
    if (face >= 0) known.set(id, face);
  };
  const shuffling = state.step.type === 'SHUFFLE' ? state.step.epochs : [];
  state.cards.forEach((card, id) => {
    if (!shuffling.includes(card.epoch)) read(id, card);
  });
  for (const copy of state.copies) if (copy.seat === seat) read(copy.card, copy);
  return known;
}

/**
 * The table event this seat owes now, as the maker of its body: the step's
 * event, as its module says, if this seat owes one and, for an OPEN or an
 * UNSEAL, holds the secret it opens (`coin`, `seal`); or a PRESENT to answer
 * a claim that it is absent. Null when it owes none.
 */
const duty = (state: TableState<unknown>, seat: Seat, held: Held): Maker | null =>
  withKind(state.step, (kind, step) => kind.duty(state, step, seat, held));

/**
 * True when this seat owes an event of the table step under way (KEY,
 * SHUFFLE, UNLOCK, REMASK, LOCK, COMMIT, OPEN, REKEY, ACK, UNSEAL, AUDIT), or a PRESENT to answer
 * a claim that it is absent: what `makeDuty` would make a body for, found
 * without making it, from what the seat holds (its keyring): its coin and sealed move.
 */
export const owesDuty = (state: TableState<unknown>, seat: Seat, held: Held): boolean =>
  duty(state, seat, held) !== null;

/**
 * True when `body`, the duty this seat made for `madeFor`, is still its due in `now`, a
 * state the table reached since: a pipelined SHUFFLE, in the same round, of epochs the seat
 * is still next on, their cards where they were; a SHARE or a HELD in the same step, still
 * owed (the others' dealings change nothing a dealing rests on, and a HELD is made once
 * every dealing is in); a RECOVER in the same step, still owed. The others' shuffles of other epochs
 * arrive while a seat proves its own; they change nothing its shuffle rests on, and without
 * this its proof would be made again at each of them.
 */
/**
 * True when `seat` still owes an event of `kind` in `now`, the same step of the same table
 * as `madeFor`: the step's others' events, each owed at once, change nothing it rests on.
 */
const stillOwed = (
  madeFor: TableState<unknown>,
  now: TableState<unknown>,
  seat: Seat,
  kind: string,
): boolean =>
  madeFor.genesisHash === now.genesisHash &&
  madeFor.stepNo === now.stepNo &&
  withKind(now.step, (k, step) => k.owes(now, step)).some(
    (o) => o.seat === seat && o.kind === kind,
  );

export function stillDue(
  madeFor: TableState<unknown>,
  now: TableState<unknown>,
  seat: Seat,
  body: TableBody,
): boolean {
  const is = now.step;
  if (body.type === 'SHARE' || body.type === 'HELD' || body.type === 'RECOVER')
    return stillOwed(madeFor, now, seat, body.type);
  if (body.type !== 'SHUFFLE') return false;
  // Stryker disable next-line ConditionalExpression: any other step has no `shuffled`, refused next
  if (is.type !== 'SHUFFLE') return false;
  if (is.shuffled === undefined || madeFor.genesisHash !== now.genesisHash) return false;
  // The same step number of the same table is the same step: the round the body was made in.
  if (madeFor.stepNo !== now.stepNo) return false;
  const owed = epochsOwed(is, seat);
  return body.shuffles.every(({ epoch }) =>
    owed.some(
      (e) =>
        e === epoch &&
        // Stryker disable next-line MethodExpression: a shuffle re-encrypts every card of an epoch it names, so one card unchanged means all are
        now.epochs[e]!.cards.every((id) => now.cards[id]!.c === madeFor.cards[id]!.c),
    ),
  );
}

/**
 * The body for a table step this seat owes (see `owesDuty`), or null when it
 * owes none. Player actions are the player's choice and never made here.
 * `game` declares the decks of the table's first shuffle.
 */
export function makeDuty(
  state: TableState<unknown>,
  seat: Seat,
  keyring: Keyring,
  game: DeckSource,
): TableBody | null {
  return duty(state, seat, keyring)?.(keyring, game) ?? null;
}
