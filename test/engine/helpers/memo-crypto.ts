/**
 * crypto/ with its costly proof checks memoised by their exact inputs (every
 * byte of the context, points and proof), for fuzz tests that rebuild replicas
 * from one recorded prefix again and again: a proof already checked is not
 * checked again, while any new or changed input is verified for real. Handed
 * the real module by a `vi.mock` factory, it never imports crypto/ itself.
 */
type Crypto = typeof import('../../../crypto/index.ts');

export function memoisedCrypto(crypto: Crypto): Crypto {
  const print = (x: unknown): string => {
    if (x instanceof Uint8Array) return crypto.toHex(x);
    if (x instanceof crypto.Point) return crypto.pointHex(x);
    if (Array.isArray(x)) return `[${x.map(print).join(',')}]`;
    if (typeof x === 'object' && x !== null)
      return `{${Object.entries(x)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([k, v]) => `${k}:${print(v)}`)
        .join(',')}}`;
    return String(x);
  };
  const memo = <A extends unknown[]>(verify: (...args: A) => boolean) => {
    const known = new Map<string, boolean>();
    return (...args: A): boolean => {
      const key = print(args);
      const hit = known.get(key);
      if (hit !== undefined) return hit;
      const verdict = verify(...args);
      known.set(key, verdict);
      return verdict;
    };
  };
  return {
    ...crypto,
    verifyKey: memo(crypto.verifyKey),
    verifyUnlock: memo(crypto.verifyUnlock),
    verifyShuffle: memo(crypto.verifyShuffle),
  };
}
