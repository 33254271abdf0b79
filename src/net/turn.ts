/**
 * The RTCConfiguration a page opens its links with: the configured ICE servers, a relay's
 * short-lived credentials fetched fresh from the deployment (scripts/turn.ts makes them)
 * and renewed every half lifetime while the page plays, and the player's relay-only
 * choice. The credentials endpoint is the deployment's own,
 * trusted as far as config.json is; its answer is still checked and bounded, and a page
 * that cannot get one says so and plays on without the relay rather than wait.
 */
import { isRecord } from '../engine/encoding.ts';
import { isTurnUrl, type AppConfig } from './config.ts';

/** A credentials endpoint that has not answered by then is taken as down. */
export const TURN_FETCH_LIMIT_MS = 5000;
/** An honest answer is a few hundred characters. */
const ANSWER_LIMIT = 4096;
const FIELD_LIMIT = 512;
const URI_LIMIT = 8;

/** Good credentials: the relay as an ICE server, and how many seconds they stay good. */
export interface TurnServer {
  server: RTCIceServer;
  ttl: number;
}

export type TurnResult = { ok: true; value: TurnServer } | { ok: false; error: string };

const isField = (v: unknown): v is string =>
  typeof v === 'string' && v.length > 0 && v.length <= FIELD_LIMIT;

/** Checks a `/turn-credentials` answer: `{ username, password, ttl, uris }` (TURN REST). */
export function parseTurnCredentials(raw: unknown): TurnResult {
  if (!isRecord(raw)) return { ok: false, error: 'the answer is not a JSON object' };
  const { username, password, ttl, uris } = raw;
  if (!isField(username))
    return { ok: false, error: `username must be a string of 1 to ${FIELD_LIMIT} characters` };
  if (!isField(password))
    return { ok: false, error: `password must be a string of 1 to ${FIELD_LIMIT} characters` };
  if (typeof ttl !== 'number' || !Number.isInteger(ttl) || ttl <= 0)
    return { ok: false, error: 'ttl must be a whole number of seconds above 0' };
  if (
    !Array.isArray(uris) ||
    uris.length === 0 ||
    uris.length > URI_LIMIT ||
    !uris.every((uri) => isField(uri) && isTurnUrl(uri))
  )
    return { ok: false, error: `uris must list 1 to ${URI_LIMIT} turn: or turns: URIs` };
  return {
    ok: true,
    value: { server: { urls: uris as string[], username, credential: password }, ttl },
  };
}

/** Fetches and checks fresh credentials; rejects with what went wrong, in words. */
export async function fetchTurnServer(
  url: URL,
  timeoutMs = TURN_FETCH_LIMIT_MS,
): Promise<TurnServer> {
  let text: string;
  try {
    const response = await fetch(url, {
      cache: 'no-store',
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    text = await response.text();
  } catch (e) {
    throw new Error(`${url.href} did not answer (${(e as Error).message})`, { cause: e });
  }
  if (text.length > ANSWER_LIMIT)
    throw new Error(`${url.href} answered with over ${ANSWER_LIMIT} characters`);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new Error(`${url.href} answered with something other than JSON`);
  }
  const parsed = parseTurnCredentials(raw);
  if (!parsed.ok) throw new Error(`${url.href} answered wrongly: ${parsed.error}`);
  return parsed.value;
}

export interface Connectivity {
  /** Its relay's credentials are replaced in place as they are renewed. */
  rtc: RTCConfiguration;
  /** Why this page plays without its relay this time; null when nothing is amiss. */
  warning: string | null;
  /** Ends the renewals: call it as the links that use `rtc` close. */
  stop(): void;
}

/**
 * Renews the relay's credentials in `rtc` every half lifetime, so that a link made late
 * at a long table (a redial, a player who comes back) still gets through the relay: the
 * browser reads `rtc` afresh for each new connection. An allocation made before the
 * credentials expired lives on without them. A renewal that fails is tried again every
 * quarter lifetime, the credentials in hand kept meanwhile.
 */
function keepRenewed(rtc: RTCConfiguration, url: URL, configured: RTCIceServer[], ttl: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const renew = async () => {
    try {
      const fresh = await fetchTurnServer(url);
      if (stopped) return;
      rtc.iceServers = [...configured, fresh.server];
      timer = setTimeout(renew, fresh.ttl * 500);
    } catch {
      if (!stopped) timer = setTimeout(renew, ttl * 250);
    }
  };
  timer = setTimeout(renew, ttl * 500);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/**
 * The configuration for one connection to the signaling server and the links made
 * through it. Relay only (`iceTransportPolicy: 'relay'`) gathers relay candidates alone,
 * so the other players see the relay's address, never this browser's; without a relay
 * it could link to nobody, so it fails in words instead.
 */
export async function rtcConfiguration(
  config: AppConfig,
  base: URL,
  relayOnly: boolean,
): Promise<Connectivity> {
  const iceTransportPolicy: RTCIceTransportPolicy = relayOnly ? 'relay' : 'all';
  const { iceServers, turnCredentials } = config;
  const stop = () => {};
  if (turnCredentials === null)
    return { rtc: { iceServers, iceTransportPolicy }, warning: null, stop };
  const url = new URL(turnCredentials, base);
  try {
    const relay = await fetchTurnServer(url);
    const rtc = { iceServers: [...iceServers, relay.server], iceTransportPolicy };
    return { rtc, warning: null, stop: keepRenewed(rtc, url, iceServers, relay.ttl) };
  } catch (e) {
    const why = (e as Error).message;
    if (relayOnly && !iceServers.some((server) => [server.urls].flat().some(isTurnUrl)))
      throw new Error(
        `relay only is on, but the relay's credentials could not be fetched: ${why}; untick "Relay only" to play without the relay`,
        { cause: e },
      );
    return {
      rtc: { iceServers, iceTransportPolicy },
      stop,
      warning: `No relay this time: its credentials could not be fetched (${why}). Playing on without it; a player behind a strict firewall or some mobile networks may not connect.`,
    };
  }
}
