/**
 * Short-lived TURN credentials, as coturn checks them with `use-auth-secret` (the TURN
 * REST scheme): the username is `<expiry, unix seconds>:<any name>`, the password
 * base64(HMAC-SHA1(secret, username)). The relay and this server share the secret and
 * nothing else: coturn recomputes the password, and refuses it after the expiry. A
 * static username and password in a public config.json would open the relay to anyone
 * for ever; these open it to whoever loaded the page, for `ttlSeconds`.
 *
 * coturn counts its `user-quota` by the name after the expiry, and an allocation made
 * with credentials lives on, refreshed, after they expire. So each address gets one name
 * (`addressName`) for all its credentials: whatever one address fetches, it holds at most
 * `user-quota` allocations, and cannot drain the relay's `total-quota` alone.
 */
import { createHmac } from 'node:crypto';

export interface TurnRelay {
  /** coturn's `static-auth-secret`. */
  secret: string;
  /** The relay's URIs handed to the browser, e.g. `turn:turn.example.org:3478`. */
  uris: string[];
  /** How long the credentials stay good. */
  ttlSeconds: number;
}

/** The answer of `/turn-credentials`, in the TURN REST draft's shape. */
export interface TurnCredentials {
  username: string;
  password: string;
  ttl: number;
  uris: string[];
}

/** Credentials for `name`, valid from `nowMs` for the relay's time to live. */
export function turnCredentials(relay: TurnRelay, name: string, nowMs: number): TurnCredentials {
  const expiry = Math.floor(nowMs / 1000) + relay.ttlSeconds;
  const username = `${expiry}:${name}`;
  const password = createHmac('sha1', relay.secret).update(username).digest('base64');
  return { username, password, ttl: relay.ttlSeconds, uris: relay.uris };
}

/**
 * The name of every credential for `address` (scripts/limits.ts's key): keyed by the
 * secret, so coturn's log ties one address's sessions together without naming it.
 */
export const addressName = (relay: TurnRelay, address: string): string =>
  createHmac('sha256', relay.secret).update(`name:${address}`).digest('hex').slice(0, 16);
