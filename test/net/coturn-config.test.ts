/**
 * deploy/turnserver.conf and deploy/turn-entrypoint.sh as the deployment runs them, on
 * Debian's real coturn: the entrypoint writes the config, the realm and the secret file's
 * secret into one file, and turnserver starts on it, on loopback (the test's only
 * overrides: ports, addresses, quota, files). A bad line in the config fails the test;
 * credentials from the real signaling server are taken while good and renewed, refused
 * once expired; one address holds no more than user-quota allocations however many
 * credentials it fetches; the deny list holds.
 */
import { spawn } from 'node:child_process';
import {
  appendFileSync,
  copyFileSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startSignaling, TURN_CREDENTIALS_PATH, type Signaling } from '../../scripts/servers.ts';
import type { TurnCredentials } from '../../scripts/turn.ts';
import { freePort, TURNSERVER_PATH } from '../browser/coturn.ts';
import { TurnClient } from './helpers/turn-client.ts';

const CONFIG = new URL('../../deploy/turnserver.conf', import.meta.url).pathname;
const ENTRYPOINT = new URL('../../deploy/turn-entrypoint.sh', import.meta.url).pathname;
/** What coturn says of a line it cannot use; it says it and starts anyway. */
const CONFIG_TROUBLE = /Bad configuration format|CONFIG ERROR|CONFIGURATION ALERT|Unknown|Wrong/i;

interface Started {
  port: number;
  pid: number;
  log(): string;
  stop(): Promise<void>;
}

/** Runs the entrypoint on `config` with `secretFile` until coturn answers a Binding. */
async function startDeployed(dir: string, config: string, secretFile: string): Promise<Started> {
  const port = await freePort();
  let log = '';
  const child = spawn(
    'sh',
    [
      ENTRYPOINT,
      `--listening-port=${port}`,
      '--listening-ip=127.0.0.1',
      '--relay-ip=127.0.0.1',
      '--user-quota=2',
      `--db=${join(dir, 'turndb')}`,
      `--pidfile=${join(dir, 'turn.pid')}`,
    ],
    {
      env: {
        PATH: `${TURNSERVER_PATH.replace(/\/turnserver$/, '')}:${process.env.PATH}`,
        TURN_CONFIG: config,
        TURN_SECRET_FILE: secretFile,
        TURN_RUNTIME_CONFIG: join(dir, 'runtime.conf'),
        FAIRDEAL_DOMAIN: 'fairdeal.test',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (d) => (log += String(d)));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async () => {
    child.kill();
    await exited;
  };
  const client = await TurnClient.open(port);
  try {
    for (let tries = 0; ; tries++) {
      if (child.exitCode !== null) throw new Error(`turnserver stopped:\n${log}`);
      const answered = await client.binding().then(
        (answer) => answer.code === 0,
        () => false,
      );
      if (answered) break;
      if (tries > 50) throw new Error(`turnserver did not answer:\n${log}`);
      await sleep(100);
    }
  } finally {
    await client.close();
  }
  return { port, pid: child.pid!, log: () => log, stop };
}

const secret = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
let dir: string;
let secretFile: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fairdeal-coturn-config-'));
  secretFile = join(dir, 'turn_secret');
  writeFileSync(secretFile, `${secret}\n`, { mode: 0o600 });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('a bad line in the config shows in the log the test reads', async () => {
  const bad = join(dir, 'bad.conf');
  copyFileSync(CONFIG, bad);
  appendFileSync(bad, 'no-such-option\n');
  const coturn = await startDeployed(dir, bad, secretFile);
  await coturn.stop();
  expect(coturn.log()).toMatch(CONFIG_TROUBLE);
});

describe('the deployed config on a real coturn', () => {
  let coturn: Started;
  let signaling: Signaling;
  const TTL = 2;

  beforeAll(async () => {
    coturn = await startDeployed(dir, CONFIG, secretFile);
    signaling = await startSignaling(0, {
      turn: { secret: readFileSync(secretFile, 'utf8').trim(), uris: ['turn:x'], ttlSeconds: TTL },
    });
  });
  afterAll(async () => {
    await signaling?.close();
    await coturn?.stop();
  });

  const credentials = async (): Promise<TurnCredentials> =>
    (await fetch(`http://127.0.0.1:${signaling.port}${TURN_CREDENTIALS_PATH}`)).json();

  const allocate = async ({ username, password }: TurnCredentials) => {
    const client = await TurnClient.open(coturn.port);
    return { client, answer: await client.allocate(username, password) };
  };

  test('parses every line, and keeps the secret off its command line and environment', () => {
    expect(coturn.log()).not.toMatch(CONFIG_TROUBLE);
    expect(coturn.log()).toMatch(/Version Coturn-/);
    for (const file of ['cmdline', 'environ'])
      expect(readFileSync(`/proc/${coturn.pid}/${file}`, 'latin1')).not.toContain(secret);
  });

  test('credentials are taken while good, refused once expired; renewed ones are taken', async () => {
    const clients: TurnClient[] = [];
    try {
      const first = await credentials();
      const one = await allocate(first);
      clients.push(one.client);
      expect(one.answer.code).toBe(0);
      await sleep((TTL + 1.5) * 1000);
      const stale = await allocate(first);
      clients.push(stale.client);
      expect(stale.answer.code).toBe(401);
      const renewed = await credentials();
      const two = await allocate(renewed);
      clients.push(two.client);
      expect(two.answer.code).toBe(0);
      // The first allocation lives on past its credentials, and counts against this
      // address with the second: user-quota is 2 here, so a third is refused.
      const three = await allocate(await credentials());
      clients.push(three.client);
      expect(three.answer.code).toBe(486);

      // Permissions to the denied ranges are refused; to a public address, granted.
      for (const denied of ['127.0.0.1', '10.1.2.3', '192.0.0.8', '198.18.0.1', '240.0.0.1'])
        expect((await two.client.permit(denied)).code, denied).toBe(403);
      expect((await two.client.permit('8.8.8.8')).code).toBe(0);
    } finally {
      await Promise.all(clients.map((client) => client.close()));
    }
  });
});
