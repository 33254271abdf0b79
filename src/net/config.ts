/**
 * Where the app finds its signaling server, its ICE (STUN/TURN) servers, and where it
 * fetches short-lived TURN credentials (src/net/turn.ts).
 *
 * A deployment serves `config.json` next to `index.html`; `npm start` and the browser
 * tests serve one that points at their own local PeerServer. Nothing in it is trusted
 * beyond introducing peers: the signaling server can at worst stop a game from starting.
 */
import { isRecord } from '../engine/encoding.ts';

export interface SignalingConfig {
  /** Host name of the PeerServer; `null` means the host that served the page. */
  host: string | null;
  /** `null` means the page's own port: a PeerServer behind the same origin. */
  port: number | null;
  /** Mount path of the PeerServer, e.g. `/peerjs`. */
  path: string;
  /** `true` for wss/https; `null` means as the page was served, so an https page never asks ws://. */
  secure: boolean | null;
}

/** Where the page opens its signaling WebSocket: `signaling` with the page's own `location` filled in. */
export function signalingAddress(
  signaling: SignalingConfig,
  page: Pick<Location, 'hostname' | 'port' | 'protocol'>,
): { host: string; port: number; path: string; secure: boolean } {
  const secure = signaling.secure ?? page.protocol === 'https:';
  const pagePort = page.port === '' ? (page.protocol === 'https:' ? 443 : 80) : Number(page.port);
  return {
    host: signaling.host ?? page.hostname,
    port: signaling.port ?? pagePort,
    path: signaling.path,
    secure,
  };
}

export interface AppConfig {
  signaling: SignalingConfig;
  iceServers: RTCIceServer[];
  /**
   * The URL (absolute, or relative to the page) that answers with fresh TURN credentials
   * before each connection to the signaling server; null when the deployment has no relay
   * or names its TURN servers in `iceServers`.
   */
  turnCredentials: string | null;
  /**
   * Where other players open this app (an absolute http or https URL): invite links and
   * their QR codes name it. Null: the address of the page itself. `npm start -- --host`
   * sets it to this machine's address on the local network.
   */
  appUrl: string | null;
}

export type ConfigResult = { ok: true; value: AppConfig } | { ok: false; error: string };

const isStringList = (v: unknown): v is string | string[] =>
  typeof v === 'string' || (Array.isArray(v) && v.every((u) => typeof u === 'string'));

function parseIceServer(raw: unknown, index: number): RTCIceServer | string {
  if (!isRecord(raw) || !isStringList(raw.urls))
    return `iceServers[${index}].urls must be a string or list of strings`;
  const server: RTCIceServer = { urls: raw.urls };
  if (raw.username !== undefined) {
    if (typeof raw.username !== 'string') return `iceServers[${index}].username must be a string`;
    server.username = raw.username;
  }
  if (raw.credential !== undefined) {
    if (typeof raw.credential !== 'string')
      return `iceServers[${index}].credential must be a string`;
    server.credential = raw.credential;
  }
  return server;
}

function isWebAddress(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** Checks a parsed `config.json`; every field is validated, none is assumed. */
export function parseConfig(raw: unknown): ConfigResult {
  if (!isRecord(raw) || !isRecord(raw.signaling))
    return { ok: false, error: 'config: signaling section missing' };
  const { host, port, path, secure } = raw.signaling;
  if (host !== null && (typeof host !== 'string' || host.length === 0))
    return { ok: false, error: 'config: signaling.host must be a host name or null' };
  if (
    port !== null &&
    (typeof port !== 'number' || !Number.isInteger(port) || port < 1 || port > 65535)
  )
    return { ok: false, error: 'config: signaling.port must be a port number or null' };
  if (typeof path !== 'string' || !path.startsWith('/'))
    return { ok: false, error: 'config: signaling.path must start with /' };
  if (secure !== null && typeof secure !== 'boolean')
    return { ok: false, error: 'config: signaling.secure must be true, false or null' };
  const rawIce = raw.iceServers ?? [];
  if (!Array.isArray(rawIce)) return { ok: false, error: 'config: iceServers must be a list' };
  const iceServers: RTCIceServer[] = [];
  for (const [i, entry] of rawIce.entries()) {
    const server = parseIceServer(entry, i);
    if (typeof server === 'string') return { ok: false, error: `config: ${server}` };
    iceServers.push(server);
  }
  const turnCredentials = raw.turnCredentials ?? null;
  if (turnCredentials !== null && (typeof turnCredentials !== 'string' || turnCredentials === ''))
    return { ok: false, error: 'config: turnCredentials must be a URL or null' };
  const appUrl = raw.appUrl ?? null;
  if (appUrl !== null && !isWebAddress(appUrl))
    return { ok: false, error: 'config: appUrl must be an http or https URL, or null' };
  return {
    ok: true,
    value: { signaling: { host, port, path, secure }, iceServers, turnCredentials, appUrl },
  };
}

/** A TURN (relay) URL, as against a STUN one. */
export const isTurnUrl = (url: string) => /^turns?:/i.test(url);

/** True when the deployment offers a relay: players may then ask to be reached only through it. */
export const relayConfigured = (config: AppConfig): boolean =>
  config.turnCredentials !== null ||
  config.iceServers.some((server) => [server.urls].flat().some(isTurnUrl));

/** Where the page keeps the last `config.json` it read (the page's `localStorage`). */
export type KeptConfig = Pick<Storage, 'getItem' | 'setItem'>;

const KEPT_CONFIG = 'fairdeal.config';

/** Keeps `config` for a page that opens with no network. */
export const keepConfig = (kept: KeptConfig, config: AppConfig) =>
  kept.setItem(KEPT_CONFIG, JSON.stringify(config));

/**
 * The config kept by `keepConfig`, checked again as it is read back; null when none is
 * kept, or what is kept is not a config.
 */
export function keptConfig(kept: KeptConfig): AppConfig | null {
  const text = kept.getItem(KEPT_CONFIG);
  if (text === null) return null;
  try {
    const result = parseConfig(JSON.parse(text));
    return result.ok ? result.value : null;
  } catch {
    return null;
  }
}

/**
 * Fetches and checks `config.json` from beside the page, and keeps it in `kept`. A page
 * with no network (opened offline from the service worker's copy of the app) plays
 * against the computer with the config it last read: its network play waits anyway.
 */
export async function loadConfig(base: URL, kept: KeptConfig): Promise<AppConfig> {
  let response: Response;
  try {
    response = await fetch(new URL('config.json', base), { cache: 'no-store' });
  } catch (error) {
    const last = keptConfig(kept);
    if (last) return last;
    throw error;
  }
  if (!response.ok) throw new Error(`config.json: HTTP ${response.status}`);
  const result = parseConfig(await response.json());
  if (!result.ok) throw new Error(result.error);
  keepConfig(kept, result.value);
  return result.value;
}
