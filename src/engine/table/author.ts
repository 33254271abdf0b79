/**
 * The author's side of the table protocol: given what this seat owes, make
 * the event body, proofs included. Only here do secrets and fresh randomness
 * (inside `crypto/`) enter; the fold never sees a secret.
 */
import {
  ORDER,
  decodeScalar,
  encodeDleqProof,
  encodeKeyProof,
  encodeRows,
  encodeScalar,
  encodeShuffleProof,
  encodeUnlockProof,
  fromHex,
  invertScalar,
  mulBase,
  proveDleq,
  proveKey,
  proveShuffle,
  proveUnlock,
  randomScalar,
  toBase64,
  toHex,
  type Point,
} from '../../../crypto/index.ts';
import type { Json, JsonObject } from '../encoding.ts';
import type { CardId, Seat } from '../game.ts';
import type { TableBody } from './bodies.ts';
import { coinCommitment } from './coin.ts';
import { faceOf } from './decks.ts';
import {
  copyContext,
  copyGroups,
  copyOf,
  lockContext,
  lockGroups,
  unlockContext,
  unlockGroups,
  type AnyGame,
} from './fold.ts';
import { claimedAbsent } from './leave.ts';
import { sealCommitment, type SealSecret } from './seal.ts';
import { readPoint, writePoint, writePoints } from './points.ts';
import { showBase, showKeyContext } from './rekey.ts';
import { BASE_KEY, rekeyContext, remaskContext, remaskKey } from './remask.ts';
import { keyContext, keyRound, shuffleContext } from './rounds.ts';
import type { Step, TableState } from './types.ts';

/** What the author needs of the game: the decks of the table's first shuffle. */
export type DeckSource = Pick<AnyGame<Json>, 'decks'>;

/** This seat's bit and salt for a coin, kept from its COMMIT to its OPEN. */
export interface CoinSecret {
  readonly stepNo: number;
  readonly bit: number;
  readonly salt: string;
}

/**
 * A keyring's secrets as plain JSON, for a store outside the engine: each
 * scalar as `[public key (base64), scalar (hex)]`, the coin under way and the
 * sealed move under way (each null, or absent in a store written before seals,
 * when the batch holds no new one).
 */
export interface KeyringSecrets {
  readonly scalars: readonly (readonly [string, string])[];
  readonly coin: CoinSecret | null;
  readonly seal?: SealSecret | null;
}

/**
 * A seat's secrets at one table: the scalar behind every public key it made
 * (shuffle keys, re-key keys, show keys, re-mask factors and the layer
 * keys they lead to), by the key's base64. It may hold the secrets of events that were
 * voided; what the seat publishes is read from the state, never from here.
 *
 * A seat must keep every secret before it sends an event that uses it, or a
 * crash loses what a later duty needs: `takeUnsaved` hands over what is new
 * since the last call, and `restore` takes it back after a reload.
 */
export class Keyring {
  private readonly scalars = new Map<string, bigint>([[BASE_KEY, 1n]]);
  private unsaved: string[] = [];
  private heldCoin: CoinSecret | null = null;
  private coinUnsaved = false;
  private heldSeal: SealSecret | null = null;
  private sealUnsaved = false;

  /** This seat's sealed move under way, kept from SEAL to UNSEAL. */
  get seal(): SealSecret | null {
    return this.heldSeal;
  }

  /** Keeps `seal` as the sealed move under way, replacing any earlier one. */
  keepSeal(seal: SealSecret): void {
    this.heldSeal = seal;
    this.sealUnsaved = true;
  }

  /** This seat's bit and salt for the coin under way, kept from COMMIT to OPEN. */
  get coin(): CoinSecret | null {
    return this.heldCoin;
  }

  /** Keeps `coin` as the coin under way, replacing any earlier one. */
  keepCoin(coin: CoinSecret): void {
    this.heldCoin = coin;
    this.coinUnsaved = true;
  }

  /** Keeps `secret` as the scalar behind `pub`. */
  remember(pub: Point, secret: bigint): string {
    const key = writePoint(pub);
    this.scalars.set(key, secret);
    this.unsaved.push(key);
    return key;
  }

  scalarFor(key: string): bigint {
    const s = this.scalars.get(key);
    if (s === undefined) throw new Error('no secret for this layer key');
    return s;
  }

  has(key: string): boolean {
    return this.scalars.has(key);
  }

  /**
   * Every secret held, in the form `takeUnsaved` hands them over: for a copy
   * in another thread (a worker making a duty) to `restore`.
   */
  all(): KeyringSecrets {
    const scalars = [...this.scalars.keys()]
      .filter((key) => key !== BASE_KEY)
      .map((key) => [key, toHex(encodeScalar(this.scalarFor(key)))] as const);
    return { scalars, coin: this.heldCoin, seal: this.heldSeal };
  }

  /** The secrets kept since the last call, or null when there are none; they count as saved from now on. */
  takeUnsaved(): KeyringSecrets | null {
    if (this.unsaved.length === 0 && !this.coinUnsaved && !this.sealUnsaved) return null;
    const scalars = this.unsaved.map(
      (key) => [key, toHex(encodeScalar(this.scalarFor(key)))] as const,
    );
    const coin = this.coinUnsaved ? this.heldCoin : null;
    const seal = this.sealUnsaved ? this.heldSeal : null;
    this.unsaved = [];
    this.coinUnsaved = false;
    this.sealUnsaved = false;
    return { scalars, coin, seal };
  }

  /**
   * Takes back secrets `takeUnsaved` handed over; they count as saved. Throws
   * on a malformed scalar, and then takes nothing of the batch.
   */
  restore(secrets: KeyringSecrets): void {
    const decoded = secrets.scalars.map(
      ([key, hex]) => [key, decodeScalar(fromHex(hex), 'kept secret')] as const,
    );
    for (const [key, scalar] of decoded) this.scalars.set(key, scalar);
    if (secrets.coin) this.heldCoin = secrets.coin;
    if (secrets.seal) this.heldSeal = secrets.seal;
  }
}

/**
 * The KEY body: a fresh key for each group of the shuffle round under way,
 * each with its Schnorr proof, bound to the genesis, its deck and its cards.
 * `game` names the decks of the table's first round.
 */
export function makeKey(
  state: TableState<unknown>,
  seat: Seat,
  keyring: Keyring,
  game: DeckSource,
): TableBody {
  const round = keyRound(state, () => game.decks(state.genesis.options));
  const keys = round.groups.map((group) => {
    const secret = randomScalar();
    const { pub, proof } = proveKey(keyContext(state, seat, round.decks, group), secret);
    return { pub: keyring.remember(pub, secret), proof: toBase64(encodeKeyProof(proof)) };
  });
  return { type: 'KEY', genesis: state.genesisHash, keys };
}

/** The SHUFFLE body: each group of the round permuted and encrypted under this seat's key for it. */
export function makeShuffle(state: TableState<unknown>, seat: Seat, keyring: Keyring): TableBody {
  const step = state.step as Extract<Step, { type: 'SHUFFLE' }>;
  const shuffles = step.epochs.map((index) => {
    const epoch = state.epochs[index]!;
    const input = epoch.cards.map((id) => [readPoint(state.cards[id]!.c)]);
    const secret = keyring.scalarFor(epoch.keys[seat]!);
    const { rows, proof } = proveShuffle(shuffleContext(state, seat, epoch), secret, input);
    return { rows: toBase64(encodeRows(rows)), proof: toBase64(encodeShuffleProof(proof)) };
  });
  return { type: 'SHUFFLE', shuffles };
}

/** The UNLOCK body: this seat's layer removed from `cards`, one batched proof per layer key. */
export function makeUnlock(
  state: TableState<unknown>,
  seat: Seat,
  cards: readonly CardId[],
  keyring: Keyring,
): TableBody {
  const shares = unlockGroups(state.cards, cards, seat).map((ids) => {
    const key = state.cards[ids[0]!]!.layers.find((l) => l.seat === seat)!.key;
    const before = ids.map((id) => readPoint(state.cards[id]!.c));
    const share = proveUnlock(unlockContext(state, seat, ids), keyring.scalarFor(key), before);
    return { points: writePoints(share.cards), proof: toBase64(encodeUnlockProof(share.proof)) };
  });
  return { type: 'UNLOCK', shares };
}

/**
 * The REMASK body: every card of this seat's `cards` re-keyed to one fresh
 * key `K = k·G` (a DLEQ proof each), then the rows `(C', K)` multiplied by a
 * fresh `r` and permuted (a shuffle proof). The keyring learns `k`, `r` and
 * the cards' new key `r·K` at once: it needs them to read the cards after.
 */
export function makeRemask(
  state: TableState<unknown>,
  seat: Seat,
  cards: readonly CardId[],
  keyring: Keyring,
): TableBody {
  const k = randomScalar();
  const K = mulBase(k);
  const rekeys = cards.map((id) => {
    const key = remaskKey(state.cards[id]!, seat);
    if (key === null) throw new Error(`card ${id} is not this seat's to re-mask`);
    const x = (k * invertScalar(keyring.scalarFor(key))) % ORDER;
    const C = readPoint(state.cards[id]!.c);
    return proveDleq(rekeyContext(state, seat, id), x, readPoint(key), C);
  });
  const r = randomScalar();
  const input = rekeys.map((rekey) => [rekey.v, K]);
  const { rows, proof } = proveShuffle(remaskContext(state, seat, cards), r, input);
  keyring.remember(K, k);
  keyring.remember(rows[0]![1]!, (r * k) % ORDER);
  return {
    type: 'REMASK',
    key: writePoint(K),
    rekeyed: writePoints(rekeys.map((rekey) => rekey.v)),
    rekeys: rekeys.map((rekey) => toBase64(encodeDleqProof(rekey.proof))),
    pub: keyring.remember(mulBase(r), r),
    rows: toBase64(encodeRows(rows)),
    proof: toBase64(encodeShuffleProof(proof)),
  };
}

/**
 * The LOCK body: this seat's layer added to `cards`, with its key of each
 * card's shuffle round, proven as the unlock share that would take the
 * locked points back to the current ones.
 */
export function makeLock(
  state: TableState<unknown>,
  seat: Seat,
  cards: readonly CardId[],
  keyring: Keyring,
): TableBody {
  const shares = lockGroups(state, cards, seat).map((group) => {
    const secret = keyring.scalarFor(group.key);
    const locked = group.ids.map((id) => readPoint(state.cards[id]!.c).multiply(secret));
    const { proof } = proveUnlock(lockContext(state, seat, group), secret, locked);
    return { points: writePoints(locked), proof: toBase64(encodeUnlockProof(proof)) };
  });
  return { type: 'LOCK', shares };
}

/**
 * The REKEY body: this seat's layer on every card of the show under way moved
 * to one fresh key `K = k·G` (added where it had none), a DLEQ proof each.
 * The keyring learns `k` at once: this seat reads its copy with it.
 */
export function makeRekey(state: TableState<unknown>, seat: Seat, keyring: Keyring): TableBody {
  const step = state.step as Extract<Step, { type: 'REKEY' }>;
  const k = randomScalar();
  const rekeys = step.cards.map((id) => {
    const card = state.cards[id]!;
    const base = showBase(card, seat);
    const x = (k * invertScalar(keyring.scalarFor(base))) % ORDER;
    return proveDleq(showKeyContext(state, seat, id), x, readPoint(base), readPoint(card.c));
  });
  return {
    type: 'REKEY',
    key: keyring.remember(mulBase(k), k),
    rekeyed: writePoints(rekeys.map((rekey) => rekey.v)),
    rekeys: rekeys.map((rekey) => toBase64(encodeDleqProof(rekey.proof))),
  };
}

/** The UNLOCK body of a COPY step: this seat's layer off every other member's copies. */
export function makeCopyShares(
  state: TableState<unknown>,
  seat: Seat,
  keyring: Keyring,
): TableBody {
  const shares = copyGroups(state, seat).map((group) => {
    const before = group.ids.map((id) => readPoint(copyOf(state, id, group.recipient).c));
    const share = proveUnlock(
      copyContext(state, seat, group),
      keyring.scalarFor(group.key),
      before,
    );
    return { points: writePoints(share.cards), proof: toBase64(encodeUnlockProof(share.proof)) };
  });
  return { type: 'UNLOCK', shares };
}

/**
 * What this seat owes of the coin under way: its COMMIT; once every seat has
 * committed, the OPEN of `coin`, answered as that coin (so an OPEN is made
 * only from this step's secret in hand); or neither (null).
 */
function coinOwed(
  state: TableState<unknown>,
  seat: Seat,
  coin: CoinSecret | null,
): 'COMMIT' | CoinSecret | null {
  const step = state.step as Extract<Step, { type: 'COIN' }>;
  if (step.commits[seat] === null) return 'COMMIT';
  const owesOpen = step.commits.every((c) => c !== null) && step.opens[seat] === null;
  return owesOpen && coin?.stepNo === state.stepNo ? coin : null;
}

/** This seat's COMMIT to a fresh random bit, or its OPEN once every seat has committed; null if it owes neither. */
export function makeCoin(
  state: TableState<unknown>,
  seat: Seat,
  keyring: Keyring,
): TableBody | null {
  const owes = coinOwed(state, seat, keyring.coin);
  if (owes === 'COMMIT') {
    const random = crypto.getRandomValues(new Uint8Array(33));
    const coin = { stepNo: state.stepNo, bit: random[0]! & 1, salt: toHex(random.subarray(1)) };
    keyring.keepCoin(coin);
    return { type: 'COMMIT', hash: coinCommitment(state, seat, coin.bit, coin.salt) };
  }
  return owes === null ? null : { type: 'OPEN', bit: owes.bit, salt: owes.salt };
}

/**
 * The AUDIT body: the secret of every public key this seat introduced by an
 * applied event, in the state's order. Read from the state, so the secrets
 * of a voided event (a re-mask a crossing call overtook) are never published.
 */
export function makeAudit(state: TableState<unknown>, seat: Seat, keyring: Keyring): TableBody {
  const secrets = state.pubs[seat]!.map((pub) => toHex(encodeScalar(keyring.scalarFor(pub))));
  return { type: 'AUDIT', secrets };
}

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

/** The UNSEAL of this seat's move, if the seal under way is its and all have seen it; else null. */
function makeUnseal(state: TableState<unknown>, seat: Seat, seal: SealSecret | null) {
  const step = state.step;
  if (step.type !== 'SEALED' || step.seat !== seat || step.waiting.length > 0) return null;
  if (seal === null || seal.acts !== state.acts) return null;
  return { type: 'UNSEAL' as const, action: seal.action, salt: seal.salt };
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
 * True when this seat owes an event of the table step under way (KEY,
 * SHUFFLE, UNLOCK, REMASK, LOCK, COMMIT, OPEN, REKEY, ACK, UNSEAL, AUDIT), or a PRESENT to answer
 * a claim that it is absent: what `makeDuty` would make a body for, found
 * without making it, from what the seat holds (its keyring): its coin and sealed move.
 */
export function owesDuty(
  state: TableState<unknown>,
  seat: Seat,
  { coin, seal }: Pick<Keyring, 'coin' | 'seal'>,
): boolean {
  const step = state.step;
  switch (step.type) {
    case 'KEYS':
      return state.keys[seat] === null;
    case 'SHUFFLE':
    case 'UNLOCK':
    case 'COPY':
      return step.order[step.next] === seat;
    case 'REKEY':
      return step.to[step.next] === seat;
    case 'REMASK':
    case 'LOCK':
      return step.seat === seat;
    case 'COIN':
      return coinOwed(state, seat, coin) !== null;
    case 'AUDIT':
      return state.audit[seat] === null;
    case 'SEALED':
      return step.waiting.includes(seat) || makeUnseal(state, seat, seal) !== null;
    case 'PLAY':
      return false;
    case 'DONE':
      // A claim that this seat is absent ended the table: a page that is open answers it.
      return claimedAbsent(state, seat);
  }
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
  if (!owesDuty(state, seat, keyring)) return null;
  const step = state.step;
  switch (step.type) {
    case 'KEYS':
      return makeKey(state, seat, keyring, game);
    case 'SHUFFLE':
      return makeShuffle(state, seat, keyring);
    case 'UNLOCK':
      return makeUnlock(state, seat, step.cards, keyring);
    case 'COPY':
      return makeCopyShares(state, seat, keyring);
    case 'REMASK':
      return makeRemask(state, seat, step.cards, keyring);
    case 'LOCK':
      return makeLock(state, seat, step.cards, keyring);
    case 'REKEY':
      return makeRekey(state, seat, keyring);
    case 'COIN':
      return makeCoin(state, seat, keyring);
    case 'AUDIT':
      return makeAudit(state, seat, keyring);
    case 'SEALED':
      return step.waiting.includes(seat) ? { type: 'ACK' } : makeUnseal(state, seat, keyring.seal);
    case 'DONE':
      return { type: 'PRESENT' };
  }
  // PLAY owes nothing: `owesDuty` said so above (a new kind of step fails to compile there).
  return null;
}
