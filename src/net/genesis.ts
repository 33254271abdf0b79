/**
 * Agreeing on the genesis before the first KEY.
 *
 * Every player builds the genesis from the roster the table's creator sent it. A creator
 * that sends players different rosters would make each replica refuse the other's KEY
 * (ERR_GENESIS) and so name an honest player. Instead, every player first signs the hash
 * of the genesis it will play and sends it to every other seat; its table opens only once
 * every seat has signed that very hash. A seat that signs another hash stops the table
 * before any KEY exists, and nobody is named: a lying creator and a lying player look the
 * same from here, and either can only stop a table that has not started.
 */
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { encodeCanonical, isHex } from '../engine/encoding.ts';
import {
  isValidPublicKey,
  signMessage,
  SIGNATURE_BYTES,
  verifyMessage,
  type Identity,
} from '../engine/identity.ts';
import { err, ok, type Result } from '../engine/result.ts';
import { genesisHash } from '../engine/table/genesis.ts';
import type { Genesis } from '../engine/table/types.ts';

/** A seat's signed word on the genesis hash it will play. The table id is signed, not sent. */
export interface GenesisStatement {
  type: 'genesis';
  seat: number;
  /** The signer's identity key; a statement is checked against it before anything else. */
  identity: string;
  hash: string;
  sig: string;
}

/** More seats than any game has: a bound for the parser only. */
const MAX_SEAT = 64;
const DOMAIN = 'fair-deal/genesis/v1\n';

const signedBytes = (table: string, seat: number, hash: string): Uint8Array =>
  utf8ToBytes(DOMAIN + encodeCanonical({ table, seat, hash }));

/** Checks the shape of a statement from the network; its signature is checked by `verifyStatement`. */
export function parseGenesisStatement(raw: Record<string, unknown>): Result<GenesisStatement> {
  const { seat, identity, hash, sig } = raw;
  if (typeof seat !== 'number' || !Number.isInteger(seat) || seat < 0 || seat >= MAX_SEAT)
    return err('bad genesis seat');
  if (!isValidPublicKey(identity)) return err('bad genesis identity key');
  if (!isHex(hash, 32)) return err('bad genesis hash');
  if (!isHex(sig, SIGNATURE_BYTES)) return err('bad genesis signature');
  return ok({ type: 'genesis', seat, identity, hash, sig });
}

/** True when `statement` is signed by its own identity key for the table `table`. */
export function verifyStatement(table: string, statement: GenesisStatement): boolean {
  const { seat, identity, hash, sig } = statement;
  return verifyMessage(identity, signedBytes(table, seat, hash), sig);
}

export type AgreementStatus = 'checking' | 'agreed' | 'mismatch';

/** One player's side of the agreement: its own statement, and what each other seat has signed. */
export class GenesisAgreement {
  readonly hash: string;
  readonly statement: GenesisStatement;
  private readonly confirmed = new Set<number>();
  private mismatch: boolean;

  /** `peers[seat]` is each seat's peer id; `identity` signs for `seat`. */
  constructor(
    readonly genesis: Genesis,
    readonly seat: number,
    private readonly peers: readonly string[],
    identity: Identity,
  ) {
    this.hash = genesisHash(genesis);
    const sig = signMessage(identity.secretKey, signedBytes(genesis.table, seat, this.hash));
    this.statement = { type: 'genesis', seat, identity: identity.publicKey, hash: this.hash, sig };
    // A roster that gives this seat someone else's key would make every event we sign look
    // forged: as much a different table as any other.
    this.mismatch = genesis.identities[seat] !== identity.publicKey;
    this.confirmed.add(seat);
  }

  get status(): AgreementStatus {
    if (this.mismatch) return 'mismatch';
    return this.confirmed.size === this.peers.length ? 'agreed' : 'checking';
  }

  /** Seats whose statement has not arrived yet. */
  waiting(): number[] {
    return this.peers.flatMap((_, seat) => (this.confirmed.has(seat) ? [] : [seat]));
  }

  /**
   * Takes a statement whose signature `verifyStatement` accepted, received over the link
   * from peer `from`; returns why it was dropped, or null when it was used.
   */
  take(from: string, statement: GenesisStatement): string | null {
    const seat = this.peers.indexOf(from);
    if (seat < 0 || seat === this.seat) return 'a genesis statement from a peer without a seat';
    // Once agreed the table is open; a seat that now signs something else has also signed
    // ours, so its KEY is judged by the genesis it agreed to.
    if (this.status !== 'checking') return null;
    if (
      statement.seat === seat &&
      statement.identity === this.genesis.identities[seat] &&
      statement.hash === this.hash
    )
      this.confirmed.add(seat);
    else this.mismatch = true;
    return null;
  }
}
