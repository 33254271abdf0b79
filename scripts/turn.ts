/**
 * Short-lived TURN credentials, as coturn checks them with `use-auth-secret` (the TURN
 * REST scheme): the username is `<expiry, unix seconds>:<any name>`, the password
 * base64(HMAC-SHA1(secret, username)). The relay and this server share the secret and
 * nothing else: coturn recomputes the password, and refuses it after the expiry. A
 * static username and password in a public config.json would open the relay to anyone
 * for ever; these open it to whoever loaded the page, for `ttlSeconds`.
 */
import { createHmac, randomBytes } from 'node:crypto';

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

/** A fresh name for each answer: coturn logs it, and it ties no two answers together. */
export const anonymousName = (): string => randomBytes(6).toString('hex');
