/**
 * A seat's secrets at one table, kept apart from the fold: every step's module
 * makes its events with them, and a session stores them before it sends.
 */
import {
  decodeScalar,
  encodeScalar,
  fromHex,
  G,
  toHex,
  type Point,
} from '../../../crypto/index.ts';
import { writePoint } from './points.ts';
import type { SealSecret } from './seal.ts';

/** The key `G` in base64: the "layer" of a card with none, as in the row `(P, G)` of a shown card; its scalar is 1. */
export const BASE_KEY = writePoint(G);

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
