/**
 * The author's side of the table protocol: given what this seat owes, make
 * the event body, proofs included. Only here do secrets and fresh randomness
 * (inside `crypto/`) enter; the fold never sees a secret.
 */
import {
  G,
  ORDER,
  cardIndex,
  encodeKeyProof,
  encodeRows,
  encodeShuffleProof,
  encodeUnlockProof,
  invertScalar,
  proveKey,
  proveShuffle,
  proveUnlock,
  randomScalar,
  toBase64,
  toHex,
  encodeScalar,
} from '../../../crypto/index.ts';
import type { Json, JsonObject } from '../encoding.ts';
import type { CardId, Seat } from '../game.ts';
import type { TableBody } from './bodies.ts';
import { coinCommitment } from './coin.ts';
import {
  BASE_KEY,
  copyGroups,
  copyOf,
  deckId,
  proofContext,
  remaskKey,
  unlockGroups,
} from './fold.ts';
import type { Step, TableState } from './types.ts';
import { readPoint, writePoints } from './points.ts';

/**
 * A seat's secrets at one table: its deck secret `e` and, for every layer key
 * it holds (base64 of `K`), the scalar behind it. A re-mask adds keys.
 */
export class Keyring {
  private readonly scalars = new Map<string, bigint>();
  /** The factor `r` of each re-mask this seat made, in order: published in the audit. */
  readonly remaskFactors: bigint[] = [];
  /** This seat's bit and salt for the coin under way, kept from COMMIT to OPEN. */
  coin: { stepNo: number; bit: number; salt: string } | null = null;

  constructor(readonly deckSecret: bigint = randomScalar()) {
    this.scalars.set(writePoints([G.multiply(deckSecret)]), deckSecret);
    // A card with no layer left re-masks as the row (P, G): its scalar is 1.
    this.scalars.set(BASE_KEY, 1n);
  }

  scalarFor(key: string): bigint {
    const s = this.scalars.get(key);
    if (s === undefined) throw new Error('no secret for this layer key');
    return s;
  }

  has(key: string): boolean {
    return this.scalars.has(key);
  }

  /** Records that `key` was re-masked by `r`: the new key `r·K` has scalar `r·s`. */
  remasked(key: string, r: bigint): string {
    const next = writePoints([readPoint(key).multiply(r)]);
    this.scalars.set(next, (this.scalarFor(key) * r) % ORDER);
    return next;
  }
}

/** The KEY body: this seat's deck key with its Schnorr proof, bound to the genesis. */
export function makeKey(state: TableState<unknown>, seat: Seat, keyring: Keyring): TableBody {
  const { pub, proof } = proveKey(proofContext(state, 'KEY', seat), keyring.deckSecret);
  return {
    type: 'KEY',
    genesis: state.genesisHash,
    pub: writePoints([pub]),
    proof: toBase64(encodeKeyProof(proof)),
  };
}

/** The SHUFFLE body: the deck permuted and encrypted under this seat's deck key, with its proof. */
export function makeShuffle(state: TableState<unknown>, seat: Seat, keyring: Keyring): TableBody {
  const input = state.cards.map((card) => [readPoint(card.c)]);
  const { rows, proof } = proveShuffle(
    proofContext(state, 'SHUFFLE', seat),
    keyring.deckSecret,
    input,
  );
  return {
    type: 'SHUFFLE',
    rows: toBase64(encodeRows(rows)),
    proof: toBase64(encodeShuffleProof(proof)),
  };
}

/** The UNLOCK body: this seat's layer removed from `cards`, one batched proof per layer key. */
export function makeUnlock(
  state: TableState<unknown>,
  seat: Seat,
  cards: readonly CardId[],
  keyring: Keyring,
): TableBody {
  const shares = unlockGroups(state.cards, cards, seat).map((ids, g) => {
    const key = state.cards[ids[0]!]!.layers.find((l) => l.seat === seat)!.key;
    const before = ids.map((id) => readPoint(state.cards[id]!.c));
    const share = proveUnlock(
      proofContext(state, 'UNLOCK', seat, g),
      keyring.scalarFor(key),
      before,
    );
    return { points: writePoints(share.cards), proof: toBase64(encodeUnlockProof(share.proof)) };
  });
  return { type: 'UNLOCK', shares };
}

/**
 * The REMASK body: this seat's own single-layer `cards`, rows `(C, K)`, all
 * multiplied by a fresh `r` and permuted, with a shuffle proof. The keyring
 * learns the new keys at once: it needs them to read the cards afterwards.
 */
export function makeRemask(
  state: TableState<unknown>,
  seat: Seat,
  cards: readonly CardId[],
  keyring: Keyring,
): TableBody {
  const r = randomScalar();
  const keys = cards.map((id) => {
    const key = remaskKey(state.cards[id]!, seat);
    if (key === null) throw new Error(`card ${id} is not this seat's to re-mask`);
    return key;
  });
  const input = cards.map((id, i) => [readPoint(state.cards[id]!.c), readPoint(keys[i]!)]);
  for (const key of keys) keyring.remasked(key, r);
  keyring.remaskFactors.push(r);
  const { rows, proof } = proveShuffle(proofContext(state, 'REMASK', seat), r, input);
  return {
    type: 'REMASK',
    pub: writePoints([G.multiply(r)]),
    rows: toBase64(encodeRows(rows)),
    proof: toBase64(encodeShuffleProof(proof)),
  };
}

/**
 * The LOCK body: this seat's deck layer added to `cards`, proven as the
 * unlock share that would take the locked points back to the current ones.
 */
export function makeLock(
  state: TableState<unknown>,
  seat: Seat,
  cards: readonly CardId[],
  keyring: Keyring,
): TableBody {
  const locked = cards.map((id) => readPoint(state.cards[id]!.c).multiply(keyring.deckSecret));
  const { proof } = proveUnlock(proofContext(state, 'LOCK', seat), keyring.deckSecret, locked);
  return { type: 'LOCK', points: writePoints(locked), proof: toBase64(encodeUnlockProof(proof)) };
}

/** The UNLOCK body of a COPY step: this seat's layer off every other member's copies. */
export function makeCopyShares(
  state: TableState<unknown>,
  seat: Seat,
  keyring: Keyring,
): TableBody {
  const shares = copyGroups(state, seat).map((group, g) => {
    const before = group.ids.map((id) => readPoint(copyOf(state, id, group.recipient).c));
    const share = proveUnlock(
      proofContext(state, 'COPY', seat, g),
      keyring.scalarFor(group.key),
      before,
    );
    return { points: writePoints(share.cards), proof: toBase64(encodeUnlockProof(share.proof)) };
  });
  return { type: 'UNLOCK', shares };
}

/** This seat's COMMIT to a fresh random bit, or its OPEN once every seat has committed; null if it owes neither. */
export function makeCoin(
  state: TableState<unknown>,
  seat: Seat,
  keyring: Keyring,
): TableBody | null {
  const step = state.step as Extract<Step, { type: 'COIN' }>;
  if (step.commits[seat] === null) {
    const random = crypto.getRandomValues(new Uint8Array(33));
    const coin = { stepNo: state.stepNo, bit: random[0]! & 1, salt: toHex(random.subarray(1)) };
    keyring.coin = coin;
    return { type: 'COMMIT', hash: coinCommitment(state, seat, coin.bit, coin.salt) };
  }
  const owesOpen = step.commits.every((c) => c !== null) && step.opens[seat] === null;
  if (!owesOpen || keyring.coin?.stepNo !== state.stepNo) return null;
  return { type: 'OPEN', bit: keyring.coin.bit, salt: keyring.coin.salt };
}

/** The AUDIT body: the deck secret and every re-mask factor, published once the game is over. */
export function makeAudit(keyring: Keyring): TableBody {
  return {
    type: 'AUDIT',
    secret: toHex(encodeScalar(keyring.deckSecret)),
    remasks: keyring.remaskFactors.map((r) => toHex(encodeScalar(r))),
  };
}

/** A player action; the table sets the seat from the event's author. */
export function makeAct(action: JsonObject): TableBody {
  return { type: 'ACT', action };
}

/**
 * The faces this seat can read alone: cards whose only remaining layer is its
 * own. `cache` maps ciphertexts already read to their faces.
 */
export function privateFaces(
  state: TableState<Json>,
  seat: Seat,
  keyring: Keyring,
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
      face = cardIndex(deckId(state.genesis), state.genesis.deckSize, p);
      cache.set(card.c, face);
    }
    if (face >= 0) known.set(id, face);
  };
  state.cards.forEach((card, id) => read(id, card));
  for (const copy of state.copies) if (copy.seat === seat) read(copy.card, copy);
  return known;
}

/**
 * The body for a table step this seat owes (KEY, SHUFFLE, UNLOCK, REMASK,
 * COMMIT, OPEN, AUDIT), or null when it owes none. Player actions are the
 * player's choice and never made here.
 */
export function makeDuty(
  state: TableState<unknown>,
  seat: Seat,
  keyring: Keyring,
): TableBody | null {
  const step = state.step;
  switch (step.type) {
    case 'KEYS':
      return state.keys[seat] === null ? makeKey(state, seat, keyring) : null;
    case 'SHUFFLE':
      return step.order[step.next] === seat ? makeShuffle(state, seat, keyring) : null;
    case 'UNLOCK':
      return step.order[step.next] === seat ? makeUnlock(state, seat, step.cards, keyring) : null;
    case 'COPY':
      return step.order[step.next] === seat ? makeCopyShares(state, seat, keyring) : null;
    case 'REMASK':
      return step.seat === seat ? makeRemask(state, seat, step.cards, keyring) : null;
    case 'LOCK':
      return step.seat === seat ? makeLock(state, seat, step.cards, keyring) : null;
    case 'COIN':
      return makeCoin(state, seat, keyring);
    case 'AUDIT':
      return state.audit[seat] === null ? makeAudit(keyring) : null;
    case 'PLAY':
    case 'DONE':
      return null;
  }
}
