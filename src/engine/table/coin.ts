/**
 * A joint fair coin by commit and open: every seat commits to a random bit
 * (a hash of the bit and a 32-byte salt, bound to the table and the step),
 * then every seat opens it. The coin is the XOR of all bits: fair if any one
 * seat is honest, and nobody can change their bit after seeing another's.
 * A seat that refuses to open can stall the table, not bias the coin.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, hexToBytes } from '@noble/hashes/utils.js';
import type { Seat } from '../game.ts';
import { err, ok, type Result } from '../result.ts';
import { proofContext } from './context.ts';
import type { Step, TableState } from './types.ts';

type CoinStep = Extract<Step, { type: 'COIN' }>;

/** The commitment to `bit` with `salt` (hex) for `seat` at this step. */
export function coinCommitment(
  state: TableState<unknown>,
  seat: Seat,
  bit: number,
  salt: string,
): string {
  return bytesToHex(
    sha256(
      concatBytes(
        proofContext(state, 'COIN', seat, { purpose: 'coin' }),
        new Uint8Array([bit]),
        hexToBytes(salt),
      ),
    ),
  );
}

/** Records a commitment. */
export function applyCommit<S>(state: TableState<S>, author: Seat, hash: string): TableState<S> {
  const step = state.step as CoinStep;
  return {
    ...state,
    step: { ...step, commits: step.commits.map((h, i) => (i === author ? hash : h)) },
  };
}

/**
 * Records an opening, which must match the commitment. Returns the coin once
 * every seat has opened (`bit`), else the state with this opening recorded.
 */
export function applyOpen<S>(
  state: TableState<S>,
  author: Seat,
  bit: number,
  salt: string,
): Result<{ state: TableState<S>; coin: number | null }, 'ERR_PROOF'> {
  const step = state.step as CoinStep;
  if (coinCommitment(state, author, bit, salt) !== step.commits[author]) return err('ERR_PROOF');
  const opens = step.opens.map((b, i) => (i === author ? bit : b));
  const done = opens.every((b) => b !== null);
  const coin = done ? opens.reduce<number>((x, b) => x ^ (b as number), 0) : null;
  return ok({ state: { ...state, step: { ...step, opens } }, coin });
}

/** Who owes what in a coin step: commits first, then opens. */
export function coinOwed(step: CoinStep): { seat: Seat; kind: string }[] {
  const missing = (list: readonly unknown[]) =>
    list.flatMap((v, seat) => (v === null ? [seat] : []));
  const commits = missing(step.commits);
  if (commits.length > 0) return commits.map((seat) => ({ seat, kind: 'COMMIT' }));
  return missing(step.opens).map((seat) => ({ seat, kind: 'OPEN' }));
}
