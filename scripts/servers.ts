/**
 * The two local servers Fair Deal needs in development and in tests: a PeerServer for
 * signaling, and a `config.json` that points the app at it. The same PeerServer, given a
 * TURN secret, also hands out the relay's short-lived credentials (scripts/signal.ts runs
 * it so for a deployment).
 */
import type { AddressInfo, Socket } from 'node:net';
import type { Server } from 'node:http';
import { PeerServer } from 'peer';
import type { Plugin } from 'vite';
import type { AppConfig } from '../src/net/config.ts';
import { anonymousName, turnCredentials, type TurnRelay } from './turn.ts';

export const SIGNALING_PATH = '/peerjs';
/** Where the signaling server answers with TURN credentials, beside its PeerServer path. */
export const TURN_CREDENTIALS_PATH = '/turn-credentials';

export interface SignalingOptions {
  /** The PeerServer's mount path; `SIGNALING_PATH` by default. */
  path?: string;
  /** Behind a reverse proxy: trust its X-Forwarded-* headers. */
  proxied?: boolean;
  /** With a relay, `TURN_CREDENTIALS_PATH` answers with fresh credentials for it. */
  turn?: TurnRelay;
  /**
   * The page origin allowed to read the credentials from another origin (`*`: any); none
   * when the page and the signaling server share one origin behind a proxy.
   */
  allowOrigin?: string;
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
  return new Promise((resolve, reject) => {
    const peerServer = PeerServer(
      { port, path, proxied, allow_discovery: false },
      (server: Server) => {
        // Upgraded sockets leave the HTTP server's books: track them all to close them.
        const sockets = new Set<Socket>();
        server.on('connection', (socket: Socket) => {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
        });
        resolve({
          port: (server.address() as AddressInfo).port,
          close: () =>
            new Promise((done) => {
              for (const socket of sockets) socket.destroy();
              server.close(() => done());
            }),
        });
      },
    );
    peerServer.on('error', reject);
    if (turn)
      peerServer.get(TURN_CREDENTIALS_PATH, (_, res) => {
        if (allowOrigin !== undefined) res.set('access-control-allow-origin', allowOrigin);
        res.set('cache-control', 'no-store');
        res.json(turnCredentials(turn, anonymousName(), Date.now()));
      });
  });
}

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
