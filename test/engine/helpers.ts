/** Shared fixtures of the engine tests: fixed identities, a seeded PRNG, shuffles. */
import type { Json } from '../../src/engine/encoding.ts';
import type { Game, Played } from '../../src/engine/game.ts';
import type { Result } from '../../src/engine/result.ts';
import { createIdentity, type Identity } from '../../src/engine/identity.ts';
import { createLog, type EventLog } from '../../src/engine/log.ts';

/** Identity of test player `n`: a fixed secret key, so vectors stay frozen. */
export function testIdentity(n: number): Identity {
  return createIdentity(new Uint8Array(32).fill(n + 1));
}

/** The fixed identities of a table with `seats` seats. */
export function testIdentities(seats: number): Identity[] {
  return Array.from({ length: seats }, (_, i) => testIdentity(i));
}

/**
 * A fresh log for `ids` at `table`; throws if the roster is refused. `heads`: whether
 * its events name what they saw by hash (protocol 4 on), or by counts alone.
 */
export function testLog(ids: readonly Identity[], table = 'table-1', heads = false): EventLog {
  const log = createLog({ table, keys: ids.map((id) => id.publicKey), heads });
  if (!log.ok) throw new Error(log.error);
  return log.value;
}

/** The computer players' seeded generator: tests replay the same choices from a seed. */
export { seededRandom as seeded } from '../../src/bots/computer.ts';

/** Fisher–Yates shuffle of a copy of `items` driven by `random`. */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/**
 * A move or a fact, told to `game` through the entry it belongs to: the tests
 * fold scripts of both. A move's entry refuses a fact's type (`ERR_ACTION`)
 * before anything else, so the fact's entry then has it, unless the input
 * carries `seen`, which the table sets on moves alone: that is a fact a
 * player sent as a move, and stays refused.
 */
export function tell<S extends Json, M, F, V, O>(
  game: Game<S, M, F, V, O>,
  state: S,
  input: Played<M> | F,
): Result<S> {
  const moved = game.move(state, input as Played<M>);
  const played = typeof input === 'object' && input !== null && 'seen' in input;
  if (moved.ok || moved.error !== 'ERR_ACTION' || played) return moved;
  return game.fact(state, input as F);
}
