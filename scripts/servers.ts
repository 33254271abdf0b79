/**
 * The two local servers Fair Deal needs in development and in tests: a PeerServer for
 * signaling, and a `config.json` that points the app at it. The same PeerServer, given a
 * TURN secret, also hands out the relay's short-lived credentials (scripts/signal.ts runs
 * it so for a deployment).
 *
 * What a stranger can take of it is bounded (scripts/limits.ts): WebSocket connections in
 * all and per address, the size of one message, credentials per address over time. It
 * echoes no origin: only a configured one may read its answers from another origin.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import express from 'express';
import { ExpressPeerServer } from 'peer';
import type { Plugin } from 'vite';
import { WebSocketServer } from 'ws';
import type { AppConfig } from '../src/net/config.ts';
import { clientAddress, ConnectionCaps, RateLimit } from './limits.ts';
import { addressName, turnCredentials, type TurnRelay } from './turn.ts';

export const SIGNALING_PATH = '/peerjs';
/** Where the signaling server answers with TURN credentials, beside its PeerServer path. */
export const TURN_CREDENTIALS_PATH = '/turn-credentials';

/** What one address, and all of them, may take of the signaling server. */
export interface SignalingLimits {
  /** WebSocket connections open at once, in all. */
  connections: number;
  /** WebSocket connections open at once from one address (an IPv4 address, an IPv6 /64). */
  connectionsPerAddress: number;
  /** The longest WebSocket message taken, in bytes; a longer one closes the connection. */
  messageBytes: number;
  /** TURN credentials one address may fetch at once... */
  credentialsBurst: number;
  /** ...and then per hour, spread evenly. */
  credentialsPerHour: number;
}

/**
 * PeerJS's largest message is a link's offer, its SDP with no candidate (they trickle
 * after it, one to a message): measured from Chromium through this server, 694 bytes,
 * then an answer of 636 and candidates of 325, heartbeats of 20. 8 KiB leaves room ten
 * times over; PeerServer's default took 100 MiB. A page renews its credentials every
 * half lifetime (src/net/turn.ts): a burst of 10 and 60 an hour keep a household of
 * several players going.
 */
export const DEFAULT_LIMITS: SignalingLimits = {
  connections: 2000,
  connectionsPerAddress: 50,
  messageBytes: 8 * 1024,
  credentialsBurst: 10,
  credentialsPerHour: 60,
};

export interface SignalingOptions {
  /** The PeerServer's mount path; `SIGNALING_PATH` by default. */
  path?: string;
  /** Behind a reverse proxy: the client's address is the last X-Forwarded-For entry. */
  proxied?: boolean;
  /** With a relay, `TURN_CREDENTIALS_PATH` answers with fresh credentials for it. */
  turn?: TurnRelay;
  /**
   * The one page origin allowed to read the answers from another origin (`*`: any, for
   * tests and local play); none when the page and the signaling server share one origin
   * behind a proxy.
   */
  allowOrigin?: string;
  /** In place of `DEFAULT_LIMITS`, in part or whole. */
  limits?: Partial<SignalingLimits>;
}

export interface Signaling {
  port: number;
  close(): Promise<void>;
}

/**
 * Starts a PeerServer on `port` (0: any free port) on loopback and all interfaces.
 * `close` drops every connection at once, the peers' WebSockets included, as a crash or
 * a restart of the server would; a new one may then start on the same port.
 */
export function startSignaling(port = 0, options: SignalingOptions = {}): Promise<Signaling> {
  const { path = SIGNALING_PATH, proxied = false, turn, allowOrigin } = options;
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const caps = new ConnectionCaps(limits.connections, limits.connectionsPerAddress);
  const app = express();
  const server = createServer(app);
  const peerServer = ExpressPeerServer(server, {
    path: '/',
    allow_discovery: false,
    concurrent_limit: limits.connections,
    corsOptions: { origin: allowOrigin ?? false },
    createWebSocketServer: (wsOptions) => {
      const wss = new WebSocketServer({
        ...wsOptions,
        maxPayload: limits.messageBytes,
        // Called back at once, so the count below is taken before the next upgrade is.
        verifyClient: ({ req }, done) => {
          const refusal = caps.refusal(clientAddress(req, proxied));
          if (refusal === null) done(true);
          else done(false, 503, refusal, { 'retry-after': '60' });
        },
      });
      // Ahead of PeerServer's own listener: counted before it registers the peer.
      wss.on('connection', (socket, req) =>
        socket.once('close', caps.add(clientAddress(req, proxied))),
      );
      return wss;
    },
  });
  // Express names itself in every answer by default.
  for (const each of [app, peerServer]) each.disable('x-powered-by');
  // A client's bad or oversized message ends its own connection and nothing else; with no
  // listener, the error would end the server.
  peerServer.on('error', () => {});
  if (turn) {
    const rate = new RateLimit(limits.credentialsBurst, limits.credentialsPerHour);
    app.get(TURN_CREDENTIALS_PATH, (req, res) => {
      if (allowOrigin !== undefined) res.set('access-control-allow-origin', allowOrigin);
      res.set('cache-control', 'no-store');
      const address = clientAddress(req, proxied);
      const wait = rate.take(address);
      if (wait > 0) {
        res.set('retry-after', String(wait));
        res
          .status(429)
          .json({ error: `too many credentials for this address; try again in ${wait} s` });
        return;
      }
      res.json(turnCredentials(turn, addressName(turn, address), Date.now()));
    });
  }
  app.use(path, peerServer);

  // Upgraded sockets leave the HTTP server's books: track them all to close them.
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => {
      server.off('error', reject);
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () => closeAll(server, sockets),
      });
    });
  });
}

const closeAll = (server: Server, sockets: Set<Socket>) =>
  new Promise<void>((done) => {
    for (const socket of sockets) socket.destroy();
    server.close(() => done());
  });

/**
 * The app's configuration for a PeerServer on this machine and no ICE servers (loopback
 * and the local network only); `appUrl`, where other players open the app, if not here.
 */
export const localConfig = (signalingPort: number, appUrl: string | null = null): AppConfig => ({
  signaling: { host: null, port: signalingPort, path: SIGNALING_PATH, secure: false },
  iceServers: [],
  turnCredentials: null,
  appUrl,
});

/** Serves `config` as `/config.json`, in front of the one in `public/`, in dev and preview servers. */
export function serveConfig(config: AppConfig): Plugin {
  const body = JSON.stringify(config);
  const handler = (
    req: { url?: string },
    res: import('node:http').ServerResponse,
    next: () => void,
  ) => {
    if (req.url?.split('?')[0]?.endsWith('/config.json')) {
      res.setHeader('content-type', 'application/json');
      res.setHeader('cache-control', 'no-store');
      res.end(body);
    } else next();
  };
  return {
    name: 'fairdeal-config',
    configureServer: (server) => void server.middlewares.use(handler),
    configurePreviewServer: (server) => void server.middlewares.use(handler),
  };
}
