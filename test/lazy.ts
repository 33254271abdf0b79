/**
 * A fixture made on first use, inside the test that first asks for it.
 * StrykerJS activates a mutant only while tests run and credits a test only
 * with the code it ran itself: a proof made at import or in a hook is made by
 * the unmutated prover, and a broken prover then passes "accepts the honest
 * proof".
 */
export function lazy<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
