/**
 * The one result type of the engine: a value, or a string error code.
 *
 * Untrusted input (event bytes, a peer's action, table options) is never
 * answered with an exception: every function that judges it returns a
 * `Result`, and the code names what was wrong (`'ERR_SIGNATURE'`,
 * `'ERR_NOT_YOUR_TURN'`). Codes are stable strings so replicas, logs and tests
 * can compare them.
 */

/** Success with a value, or failure with a string error code. */
export type Result<T, E extends string = string> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

/** Wraps a value as a success. */
export function ok<T>(value: T): { readonly ok: true; readonly value: T } {
  return { ok: true, value };
}

/** Wraps an error code as a failure. */
export function err<E extends string>(error: E): { readonly ok: false; readonly error: E } {
  return { ok: false, error };
}
