/**
 * The deployment's own web server for the tests: Debian's Caddy running deploy/Caddyfile
 * as it is, on a loopback port, so a test sees the very headers, caching and proxying a
 * host serves. The file's settings with a default point it at the test's copy of the
 * build, its config.json and its signaling server; its admin API is off, and its data
 * and config folders are temporary.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, untilListening } from './coturn.ts';

export const CADDY_PATH = process.env.CADDY_PATH ?? '/usr/bin/caddy';
export const CADDYFILE = resolve('deploy/Caddyfile');

export interface Caddy {
  url: string;
  close(): Promise<void>;
}

export interface CaddyFolders {
  /** The built site (`/srv` in the deployment). */
  site: string;
  /** The folder of the deployment's config.json (`/etc/fairdeal`). */
  config: string;
  /** The signaling server's port on loopback. */
  signalingPort: number;
}

/** Starts Caddy on deploy/Caddyfile; resolves once it accepts connections, rejects with its log if it stops. */
export async function startCaddy({ site, config, signalingPort }: CaddyFolders): Promise<Caddy> {
  const home = mkdtempSync(join(tmpdir(), 'fairdeal-caddy-'));
  const port = await freePort();
  const child = spawn(CADDY_PATH, ['run', '--config', CADDYFILE, '--adapter', 'caddyfile'], {
    env: {
      PATH: process.env.PATH,
      HOME: home,
      XDG_DATA_HOME: home,
      XDG_CONFIG_HOME: home,
      // Plain HTTP: Caddy asks no certificate for an http:// site.
      FAIRDEAL_DOMAIN: `http://127.0.0.1:${port}`,
      FAIRDEAL_SITE: site,
      FAIRDEAL_CONFIG: config,
      FAIRDEAL_SIGNALING: `127.0.0.1:${signalingPort}`,
      FAIRDEAL_CADDY_ADMIN: 'off',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const close = await untilListening(
    child,
    port,
    () => rmSync(home, { recursive: true, force: true }),
    () => log,
  );
  return { url: `http://127.0.0.1:${port}/`, close };
}
