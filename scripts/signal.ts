/**
 * `npm run signal`: the signaling process of a deployment (deploy/compose.yaml runs it
 * behind Caddy): a PeerServer, and with a TURN secret, fresh credentials for the coturn
 * that shares it at /turn-credentials. Configured by the environment:
 *
 *   PORT              port to listen on (9000)
 *   PEERJS_PATH       the PeerServer's path (/peerjs)
 *   PROXIED           `true` behind a reverse proxy: trust its X-Forwarded-* headers
 *   TURN_SECRET       coturn's static-auth-secret; no credentials without it
 *   TURN_URIS         the relay's URIs, comma-separated (turn:turn.example.org:3478)
 *   TURN_TTL_SECONDS  how long credentials stay good (86400)
 *   ALLOW_ORIGIN      the page origin allowed to fetch credentials from another origin
 */
import { SIGNALING_PATH, startSignaling, TURN_CREDENTIALS_PATH } from './servers.ts';
import type { TurnRelay } from './turn.ts';

/** Shorter secrets can be guessed from one set of credentials, offline. */
const MIN_SECRET = 16;

function fail(why: string): never {
  console.error(`signal: ${why}`);
  process.exit(1);
}

function relay(env: NodeJS.ProcessEnv): TurnRelay | undefined {
  const secret = env.TURN_SECRET;
  if (secret === undefined || secret === '') return undefined;
  if (secret.length < MIN_SECRET) fail(`TURN_SECRET must be at least ${MIN_SECRET} characters`);
  const uris = (env.TURN_URIS ?? '').split(',').map((uri) => uri.trim());
  if (!uris.every((uri) => /^turns?:\S+$/.test(uri)))
    fail('TURN_URIS must list turn: or turns: URIs, comma-separated');
  const ttlSeconds = Number(env.TURN_TTL_SECONDS ?? 86_400);
  if (!Number.isInteger(ttlSeconds) || ttlSeconds <= 0)
    fail('TURN_TTL_SECONDS must be a whole number of seconds');
  return { secret, uris, ttlSeconds };
}

const port = Number(process.env.PORT ?? 9000);
if (!Number.isInteger(port) || port < 1 || port > 65535) fail('PORT must be a port number');
const path = process.env.PEERJS_PATH ?? SIGNALING_PATH;
const turn = relay(process.env);
const signaling = await startSignaling(port, {
  path,
  proxied: process.env.PROXIED === 'true',
  turn,
  allowOrigin: process.env.ALLOW_ORIGIN,
});
console.log(
  `signal: PeerServer on port ${signaling.port} at ${path}; ` +
    (turn
      ? `TURN credentials at ${TURN_CREDENTIALS_PATH} for ${turn.uris.join(', ')}`
      : 'no TURN_SECRET, so no TURN credentials'),
);

const stop = () => void signaling.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
