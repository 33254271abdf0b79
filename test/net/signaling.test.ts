/**
 * What a stranger can take of the signaling server, tried on the real PeerServer on
 * loopback with real HTTP requests and WebSocket clients, and on the built bundle the
 * signaling image runs (npm run build:signal).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { buildSignal } from '../../scripts/build-signal.ts';
import { addressKey } from '../../scripts/limits.ts';
import {
  SIGNALING_PATH,
  startSignaling,
  TURN_CREDENTIALS_PATH,
  type Signaling,
} from '../../scripts/servers.ts';
import type { TurnCredentials } from '../../scripts/turn.ts';

const relay = { secret: 'north-wind-north-wind', uris: ['turn:127.0.0.1:3478'], ttlSeconds: 300 };

/** A PeerJS client's first step: its WebSocket, and the server's first word or refusal. */
function register(
  port: number,
  headers: Record<string, string> = {},
): Promise<{ socket: WebSocket; first: string }> {
  const id = Math.random().toString(36).slice(2);
  const url = `ws://127.0.0.1:${port}${SIGNALING_PATH}/peerjs?key=peerjs&id=${id}&token=t${id}`;
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.once('message', (data) => resolve({ socket, first: String(data) }));
    socket.once('unexpected-response', (_, res) => {
      socket.terminate();
      resolve({ socket, first: `HTTP ${res.statusCode}` });
    });
    socket.once('error', reject);
  });
}

const closed = (socket: WebSocket) =>
  new Promise<number>((done) => {
    if (socket.readyState === WebSocket.CLOSED) done(1006);
    else socket.once('close', (code) => done(code));
  });

describe('addressKey', () => {
  test.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::9', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
  ])('%s counts as %s', (address, key) => expect(addressKey(address)).toBe(key));
});

describe('the signaling server, on its limits', () => {
  let signaling: Signaling;
  let proxied: Signaling;
  let base: string;

  beforeAll(async () => {
    const limits = {
      connections: 4,
      connectionsPerAddress: 2,
      messageBytes: 1024,
      credentialsBurst: 3,
      credentialsPerHour: 60,
    };
    signaling = await startSignaling(0, { turn: relay, limits });
    proxied = await startSignaling(0, { turn: relay, limits, proxied: true });
    base = `http://127.0.0.1:${signaling.port}`;
  });
  afterAll(async () => {
    await signaling.close();
    await proxied.close();
  });

  test('credentials: a few per address, then 429 with Retry-After; good for the set lifetime', async () => {
    const before = Math.floor(Date.now() / 1000);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await fetch(`${base}${TURN_CREDENTIALS_PATH}`));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429, 429]);
    const refused = answers[3]!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await refused.json()).error).toMatch(/too many credentials for this address/);
    const given: TurnCredentials[] = await Promise.all(answers.slice(0, 3).map((a) => a.json()));
    for (const { username, ttl } of given) {
      const expiry = Number(username.split(':')[0]);
      expect(ttl).toBe(relay.ttlSeconds);
      expect(expiry - before).toBeGreaterThanOrEqual(relay.ttlSeconds);
      expect(expiry - before).toBeLessThanOrEqual(relay.ttlSeconds + 2);
    }
    // One address, one name: coturn's user-quota counts them together.
    expect(new Set(given.map(({ username }) => username.split(':')[1])).size).toBe(1);
  });

  test("an X-Forwarded-For counts only behind the proxy, and only the proxy's own entry", async () => {
    const ask = (server: Signaling, forwarded: string) =>
      fetch(`http://127.0.0.1:${server.port}${TURN_CREDENTIALS_PATH}`, {
        headers: { 'x-forwarded-for': forwarded },
      }).then((a) => a.status);
    // Not proxied: a client's made-up header changes nothing; loopback used its burst above.
    expect(await ask(signaling, '198.51.100.1')).toBe(429);
    // Proxied: the last entry is the address; what a client wrote before it is not.
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push(await ask(proxied, `10.9.9.${i}, 198.51.100.2`));
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(await ask(proxied, '198.51.100.3')).toBe(200);
  });

  test('no origin echoed, no X-Powered-By', async () => {
    for (const path of [`${SIGNALING_PATH}/`, `${SIGNALING_PATH}/peerjs/id`, '/nowhere']) {
      const answer = await fetch(`http://127.0.0.1:${proxied.port}${path}`, {
        headers: { origin: 'https://elsewhere.example' },
      });
      expect(answer.headers.get('access-control-allow-origin'), path).toBeNull();
      expect(answer.headers.get('x-powered-by'), path).toBeNull();
    }
    const allowed = await startSignaling(0, { allowOrigin: 'https://cards.example' });
    try {
      const answer = await fetch(`http://127.0.0.1:${allowed.port}${SIGNALING_PATH}/peerjs/id`, {
        headers: { origin: 'https://elsewhere.example' },
      });
      expect(answer.headers.get('access-control-allow-origin')).toBe('https://cards.example');
    } finally {
      await allowed.close();
    }
  });

  test('WebSockets: capped per address and in all; past the message limit, closed', async () => {
    const open: WebSocket[] = [];
    try {
      const accepted = async (headers?: Record<string, string>) => {
        const { socket, first } = await register(proxied.port, headers);
        if (first.includes('"OPEN"')) open.push(socket);
        return first;
      };
      const from = (address: string) => ({ 'x-forwarded-for': address });
      expect(await accepted(from('198.51.100.7'))).toMatch(/"OPEN"/);
      expect(await accepted(from('198.51.100.7'))).toMatch(/"OPEN"/);
      expect(await accepted(from('198.51.100.7'))).toBe('HTTP 503');
      expect(await accepted(from('198.51.100.8'))).toMatch(/"OPEN"/);
      expect(await accepted(from('198.51.100.9'))).toMatch(/"OPEN"/);
      expect(await accepted(from('198.51.100.10'))).toBe('HTTP 503');
      // One closes: its place is free again.
      const leaving = open.pop()!;
      leaving.close();
      await closed(leaving);
      await expect.poll(() => accepted(from('198.51.100.10'))).toMatch(/"OPEN"/);

      const big = open[0]!;
      big.send(JSON.stringify({ type: 'OFFER', dst: 'x', payload: 'p'.repeat(2000) }));
      expect(await closed(big)).toBe(1009);
    } finally {
      for (const socket of open) socket.terminate();
    }
    // The server lives on.
    expect((await register(signaling.port)).first).toMatch(/"OPEN"/);
  });
});

describe('the built bundle (npm run build:signal), as the image runs it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fairdeal-signal-'));
  let child: ReturnType<typeof spawn>;
  let port: number;

  beforeAll(async () => {
    const bundle = join(dir, 'signal.mjs');
    await buildSignal(bundle);
    const secretFile = join(dir, 'turn_secret');
    writeFileSync(secretFile, relay.secret);
    // From a folder with no node_modules: the file is all it needs.
    child = spawn(process.execPath, [bundle], {
      cwd: dir,
      env: {
        PORT: '0',
        TURN_SECRET_FILE: secretFile,
        TURN_URIS: 'turn:turn.example:3478',
        CREDENTIALS_BURST: '1',
        MAX_CONNECTIONS_PER_ADDRESS: '1',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    port = await new Promise<number>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`the bundle exited with ${code}`)));
      child.stdout!.on('data', (data) => {
        const said = /on port (\d+)/.exec(String(data));
        if (said) resolve(Number(said[1]));
      });
    });
  });
  afterAll(() => {
    child?.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  test('answers a PeerJS client and the credentials endpoint, and refuses past its limits', async () => {
    const { socket, first } = await register(port);
    expect(first).toMatch(/"OPEN"/);
    expect((await register(port)).first).toBe('HTTP 503');
    socket.close();
    const url = `http://127.0.0.1:${port}${TURN_CREDENTIALS_PATH}`;
    const good = await fetch(url);
    expect(good.status).toBe(200);
    expect((await good.json()).uris).toEqual(['turn:turn.example:3478']);
    expect(good.headers.get('x-powered-by')).toBeNull();
    expect((await fetch(url)).status).toBe(429);
  });
});
