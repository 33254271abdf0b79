/**
 * `npm run signal` (or, built by `npm run build:signal`, `node dist-signal/signal.mjs`):
 * the signaling process of a deployment (deploy/compose.yaml runs it behind Caddy): a
 * PeerServer, and with a TURN secret, fresh credentials for the coturn that shares it at
 * /turn-credentials. Configured by the environment:
 *
 *   PORT                         port to listen on (9000; 0: any free one)
 *   PEERJS_PATH                  the PeerServer's path (/peerjs)
 *   PROXIED                      `true` behind a reverse proxy: a client's address is the
 *                                last X-Forwarded-For entry, the one the proxy wrote
 *   TURN_SECRET_FILE             a file holding coturn's static-auth-secret (a container
 *                                secret); no credentials without it
 *   TURN_URIS                    the relay's URIs, comma-separated (turn:turn.example.org:3478)
 *   TURN_TTL_SECONDS             how long credentials stay good (600; at most 3600)
 *   ALLOW_ORIGIN                 the one page origin allowed to read answers from another origin
 *   MAX_CONNECTIONS              WebSocket connections at once (2000)
 *   MAX_CONNECTIONS_PER_ADDRESS  of them from one address, an IPv6 /64 counted as one (50)
 *   CREDENTIALS_BURST            credentials one address may fetch at once (10)
 *   CREDENTIALS_PER_HOUR         and then per hour (60)
 *
 * The secret comes from a file, never the environment or the command line, where `ps`
 * and `docker inspect` show it.
 */
import { readFileSync } from 'node:fs';
import {
  DEFAULT_LIMITS,
  SIGNALING_PATH,
  startSignaling,
  TURN_CREDENTIALS_PATH,
  type SignalingLimits,
} from './servers.ts';
import type { TurnRelay } from './turn.ts';

/** Shorter secrets can be guessed from one set of credentials, offline. */
const MIN_SECRET = 16;
/** Credentials are for one sitting: the page renews them (src/net/turn.ts). */
const MAX_TTL_SECONDS = 3600;

function fail(why: string): never {
  console.error(`signal: ${why}`);
  process.exit(1);
}

function whole(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  { min = 1, max = Infinity } = {},
): number {
  const value = Number(env[name] ?? fallback);
  if (!Number.isInteger(value) || value < min || value > max)
    fail(`${name} must be a whole number from ${min}${max < Infinity ? ` to ${max}` : ''}`);
  return value;
}

function relay(env: NodeJS.ProcessEnv): TurnRelay | undefined {
  const file = env.TURN_SECRET_FILE;
  if (file === undefined || file === '') return undefined;
  let secret: string;
  try {
    secret = readFileSync(file, 'utf8').trim();
  } catch (e) {
    fail(`TURN_SECRET_FILE: ${(e as Error).message}`);
  }
  if (secret.length < MIN_SECRET) fail(`the TURN secret must be at least ${MIN_SECRET} characters`);
  const uris = (env.TURN_URIS ?? '').split(',').map((uri) => uri.trim());
  if (!uris.every((uri) => /^turns?:\S+$/.test(uri)))
    fail('TURN_URIS must list turn: or turns: URIs, comma-separated');
  const ttlSeconds = whole(env, 'TURN_TTL_SECONDS', 600, { max: MAX_TTL_SECONDS });
  return { secret, uris, ttlSeconds };
}

const env = process.env;
const port = whole(env, 'PORT', 9000, { min: 0, max: 65535 });
const path = env.PEERJS_PATH ?? SIGNALING_PATH;
const turn = relay(env);
const limits: SignalingLimits = {
  ...DEFAULT_LIMITS,
  connections: whole(env, 'MAX_CONNECTIONS', DEFAULT_LIMITS.connections),
  connectionsPerAddress: whole(
    env,
    'MAX_CONNECTIONS_PER_ADDRESS',
    DEFAULT_LIMITS.connectionsPerAddress,
  ),
  credentialsBurst: whole(env, 'CREDENTIALS_BURST', DEFAULT_LIMITS.credentialsBurst),
  credentialsPerHour: whole(env, 'CREDENTIALS_PER_HOUR', DEFAULT_LIMITS.credentialsPerHour),
};
const signaling = await startSignaling(port, {
  path,
  proxied: env.PROXIED === 'true',
  turn,
  allowOrigin: env.ALLOW_ORIGIN,
  limits,
}).catch((e: NodeJS.ErrnoException) =>
  fail(e.code === 'EADDRINUSE' ? `port ${port} is taken: set PORT to a free one` : e.message),
);
console.log(
  `signal: PeerServer on port ${signaling.port} at ${path}; ` +
    (turn
      ? `TURN credentials at ${TURN_CREDENTIALS_PATH} for ${turn.uris.join(', ')}, good for ${turn.ttlSeconds} s`
      : 'no TURN_SECRET_FILE, so no TURN credentials'),
);

const stop = () => void signaling.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
