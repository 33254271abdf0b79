/** Shared fixtures of the engine tests: fixed identities, a seeded PRNG, shuffles. */
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

/** A fresh log for `ids` at `table`; throws if the roster is refused. */
export function testLog(ids: readonly Identity[], table = 'table-1'): EventLog {
  const log = createLog({ table, keys: ids.map((id) => id.publicKey) });
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
