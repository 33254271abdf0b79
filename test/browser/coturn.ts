/**
 * A real coturn (Debian's `turnserver`) on loopback for the relay tests, with the TURN
 * REST scheme the deployment uses (`use-auth-secret`): it accepts only credentials made
 * from `secret`. Loopback relaying needs `--allow-loopback-peers` (coturn refuses to
 * relay to 127.x otherwise) and one address to listen and relay on; TLS, DTLS and the
 * admin CLI are off, and its database, pid and log files live in a temporary folder.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const TURNSERVER_PATH = process.env.TURNSERVER_PATH ?? '/usr/bin/turnserver';

export interface Coturn {
  /** The relay's URI for the browsers, e.g. `turn:127.0.0.1:40123?transport=udp`. */
  uri: string;
  close(): Promise<void>;
}

/**
 * A port free for TCP and UDP both on loopback, for a server that takes no port 0 and
 * says no port back (coturn listens on both; the peerjs command).
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const udpFree = await new Promise<boolean>((resolve) => {
      const socket = createSocket('udp4');
      socket.once('error', () => resolve(false));
      socket.bind(port, '127.0.0.1', () => socket.close(() => resolve(true)));
    });
    if (udpFree) return port;
  }
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/**
 * Waits until `child`, a server just spawned, accepts connections on `port` on loopback.
 * Resolves with what stops it (and then runs `cleanup`); if it stops first, cleans up and
 * rejects with what `said` returns then (its log).
 */
export async function untilListening(
  child: ChildProcess,
  port: number,
  cleanup: () => void,
  said: () => string,
): Promise<() => Promise<void>> {
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  let running = true;
  void exited.then(() => (running = false));
  const close = async () => {
    if (running) child.kill();
    await exited;
    cleanup();
  };
  while (!(await accepts(port))) {
    if (!running) {
      const log = said();
      await close();
      throw new Error(`${child.spawnfile} stopped before it listened:\n${log}`);
    }
    await sleep(50);
  }
  return close;
}

/**
 * coturn's arguments for the tests: the TURN REST scheme on `ip`'s `port` alone, no TLS,
 * DTLS or admin CLI, its database, pid and log files in `dir`.
 */
export const coturnArgs = (ip: string, port: number, secret: string, dir: string): string[] => [
  '-n',
  `--listening-port=${port}`,
  `--listening-ip=${ip}`,
  `--relay-ip=${ip}`,
  '--no-tls',
  '--no-dtls',
  '--no-cli',
  '--use-auth-secret',
  `--static-auth-secret=${secret}`,
  '--realm=fairdeal.test',
  `--db=${join(dir, 'turndb')}`,
  `--pidfile=${join(dir, 'turn.pid')}`,
  `--log-file=${join(dir, 'turn.log')}`,
  '--simple-log',
  '--no-stdout-log',
];

/** Starts coturn and resolves once it accepts connections; rejects, with its log, if it stops. */
export async function startCoturn(secret: string): Promise<Coturn> {
  const dir = mkdtempSync(join(tmpdir(), 'fairdeal-coturn-'));
  const log = join(dir, 'turn.log');
  const port = await freePort();
  const child = spawn(
    TURNSERVER_PATH,
    [...coturnArgs('127.0.0.1', port, secret, dir), '--allow-loopback-peers'],
    { stdio: 'ignore' },
  );
  const close = await untilListening(
    child,
    port,
    () => rmSync(dir, { recursive: true, force: true }),
    () => readFileSync(log, { encoding: 'utf8', flag: 'a+' }),
  );
  return { uri: `turn:127.0.0.1:${port}?transport=udp`, close };
}
