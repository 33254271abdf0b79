/**
 * Two browsers behind real NATs (nat.ts: network namespaces, veth pairs, nftables), a real
 * coturn and the real PeerServer on the public side: who connects with STUN alone, who
 * only through the relay, and what the app says when neither works.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect, inject, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SIGNALING_PATH } from '../../scripts/servers.ts';
import { turnCredentials } from '../../scripts/turn.ts';
import { createTable } from '../../scripts/stack.ts';
import type { AppConfig } from '../../src/net/config.ts';
import {
  NAT_IPS,
  PUBLIC_IP,
  SIGNALING_PORT,
  startNatLab,
  type Coturn,
  type NatLab,
} from './nat.ts';
import { serveFolder, type StaticSite } from './static.ts';

const PEERJS = join(import.meta.dirname, '../../node_modules/peerjs/dist/peerjs.min.js');
/** The test's own page: PeerJS and nothing else, served beside the app. */
const PEER_PAGE = '/nat-peer.html';

const secret = randomBytes(16).toString('hex');
let lab: NatLab | undefined;
let coturn: Coturn;
let browsers: Browser[] = [];
let site: StaticSite | undefined;
/** What `/config.json` says to the app's pages. */
let appConfig: AppConfig;
/** Each test's pages, closed after it. */
const contexts = new Set<BrowserContext>();

beforeAll(async () => {
  lab = await startNatLab('endpoint-independent');
  [coturn, browsers, , site] = await Promise.all([
    lab.startCoturn(secret),
    Promise.all([lab.launchBrowser(0), lab.launchBrowser(1)]),
    lab.startSignaling(),
    serveFolder(inject('appDir')),
  ]);
});
afterEach(async () => {
  await Promise.all([...contexts].map((context) => context.close()));
  contexts.clear();
});
afterAll(async () => {
  await Promise.all(browsers.map((browser) => browser.close()));
  await site?.close();
  await lab?.close();
});

/**
 * A page in the browser behind `home`'s NAT. Playwright answers its HTTP requests from
 * this machine (nat.ts says why): the app's files from the app's server, the test's PeerJS
 * page, and `appConfig` as config.json.
 */
async function pageAt(home: 0 | 1): Promise<Page> {
  const context = await browsers[home]!.newContext({ serviceWorkers: 'block' });
  contexts.add(context);
  await context.route('**/*', async (route) => {
    const { pathname } = new URL(route.request().url());
    if (pathname === PEER_PAGE)
      await route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>peer</title><script src="peerjs.min.js"></script>',
      });
    else if (pathname === '/peerjs.min.js') await route.fulfill({ path: PEERJS });
    else if (pathname === '/config.json') await route.fulfill({ json: appConfig });
    else await route.fulfill({ response: await route.fetch() });
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  return page;
}

interface Candidate {
  type: string;
  address: string;
}

/**
 * Links a page behind each NAT with PeerJS through the PeerServer, with `iceServers`: the
 * data channel opens and carries a message each way. Then each side's selected candidate
 * pair, local and remote, from `getStats`.
 */
async function linkThroughNats(iceServers: RTCIceServer[]) {
  const [alice, bob] = await Promise.all([pageAt(0), pageAt(1)]);
  const fresh = () => randomBytes(6).toString('hex');
  const ids = [`nat-${fresh()}`, `nat-${fresh()}`] as const;
  await Promise.all(
    [alice, bob].map(async (page, i) => {
      await page.goto(new URL(PEER_PAGE, site!.url).href);
      await page.evaluate(
        async ({ id, host, port, path, iceServers }) => {
          const { Peer } = (window as unknown as { peerjs: typeof import('peerjs') }).peerjs;
          const peer = new Peer(id, { host, port, path, config: { iceServers } });
          await new Promise((opened, failed) => {
            peer.on('open', opened);
            peer.on('error', failed);
          });
          const self = window as unknown as Record<string, unknown>;
          self.peer = peer;
          // The side that is dialled answers each message with its echo.
          self.heard = new Promise((heard) =>
            peer.on('connection', (connection) => {
              self.connection = connection;
              connection.on('data', (data) => {
                connection.send(`echo: ${String(data)}`);
                heard(data);
              });
            }),
          );
        },
        { id: ids[i]!, host: PUBLIC_IP, port: SIGNALING_PORT, path: SIGNALING_PATH, iceServers },
      );
    }),
  );
  const echo = alice.evaluate(async (to) => {
    const self = window as unknown as Record<string, unknown>;
    const peer = self.peer as import('peerjs').Peer;
    const connection = peer.connect(to, { serialization: 'raw' });
    self.connection = connection;
    // A bound of its own, to fail with what ICE got to rather than at the test's timeout.
    return await new Promise<string>((answered, failed) => {
      const bound = setTimeout(
        () =>
          failed(
            new Error(`no link in 20 s: ICE ${connection.peerConnection?.iceConnectionState}`),
          ),
        20_000,
      );
      connection.on('open', () => connection.send('hello'));
      connection.on('data', (data) => {
        clearTimeout(bound);
        answered(String(data));
      });
      connection.on('error', failed);
    });
  }, ids[1]);
  expect(await echo).toBe('echo: hello');
  expect(await bob.evaluate(() => (window as unknown as { heard: Promise<string> }).heard)).toBe(
    'hello',
  );
  const selectedPair = (page: Page) =>
    page.evaluate(async () => {
      const { connection } = window as unknown as { connection: import('peerjs').DataConnection };
      const stats = await connection.peerConnection.getStats();
      const pairs: [Candidate, Candidate][] = [];
      for (const report of stats.values()) {
        if (report.type !== 'transport' || !report.selectedCandidatePairId) continue;
        const pair = stats.get(report.selectedCandidatePairId);
        const candidate = (id: string): Candidate => ({
          type: String(stats.get(id)?.candidateType),
          address: String(stats.get(id)?.address),
        });
        pairs.push([candidate(pair.localCandidateId), candidate(pair.remoteCandidateId)]);
      }
      return pairs;
    });
  return { alice: await selectedPair(alice), bob: await selectedPair(bob) };
}

test('behind two endpoint-independent NATs, two browsers link with STUN alone, each through the public address the other NAT gave it', async () => {
  await lab!.setNat('endpoint-independent');
  const pairs = await linkThroughNats([{ urls: coturn.stun }]);
  // Each side speaks to the other's NAT, at the port STUN told it: server reflexive.
  expect(pairs.alice).toEqual([
    [
      { type: 'srflx', address: NAT_IPS[0] },
      { type: 'srflx', address: NAT_IPS[1] },
    ],
  ]);
  expect(pairs.bob).toEqual([
    [
      { type: 'srflx', address: NAT_IPS[1] },
      { type: 'srflx', address: NAT_IPS[0] },
    ],
  ]);
});

test('behind two symmetric NATs, two browsers link only through the TURN relay', async () => {
  await lab!.setNat('symmetric');
  const { username, password } = turnCredentials(
    { secret, uris: [coturn.turn], ttlSeconds: 600 },
    'nat-test',
    Date.now(),
  );
  const pairs = await linkThroughNats([
    { urls: coturn.stun },
    { urls: coturn.turn, username, credential: password },
  ]);
  // Each end sends through coturn: its pair has a relay candidate at coturn's address, and
  // neither a port a NAT showed STUN (srflx) nor a home's own address (host). Chromium
  // picks relay on one end of the pair and peer reflexive on the other, not relay on both:
  // a relay's permission names the other page's IP address, not its port, so that page's
  // checks reach the relay from the fresh port its symmetric NAT gives them (a port first
  // seen there: peer reflexive), and the answers go back the same way; and a pair with one
  // relay candidate ranks above a pair of two, relay being the lowest type. The two ends
  // may each send on a pair of their own (each end's relay), both through coturn.
  for (const selected of [pairs.alice, pairs.bob]) {
    expect(selected).toHaveLength(1);
    const relayed = selected[0]!.filter(({ type }) => type === 'relay');
    expect(relayed.length).toBeGreaterThan(0);
    for (const { address } of relayed) expect(address).toBe(PUBLIC_IP);
    for (const { type } of selected[0]!) expect(['relay', 'prflx']).toContain(type);
  }
});

test('behind two symmetric NATs with no relay, the app tells the visitor in words that their browsers cannot connect; behind endpoint-independent NATs the same invite joins', async () => {
  await lab!.setNat('symmetric');
  appConfig = {
    signaling: { host: PUBLIC_IP, port: SIGNALING_PORT, path: SIGNALING_PATH, secure: false },
    iceServers: [{ urls: coturn.stun }],
    turnCredentials: null,
    appUrl: null,
  };
  const [alice, bob] = await Promise.all([pageAt(0), pageAt(1)]);
  const invite = await createTable(alice, site!.url, 'Alice', 'war');
  await bob.goto(invite);
  const words = async (testId: string) =>
    ((await bob.getByTestId(testId).textContent()) ?? '').replace(/\s+/g, ' ');
  // Alice's page answers through the signaling server; ICE finds no pair that works.
  await expect
    .poll(() => words('unreachable'), { timeout: 30_000 })
    .toContain('answered, yet no direct connection could be made between your network and theirs.');
  expect(await bob.getByRole('heading', { level: 2 }).textContent()).toBe(
    'The table answers, but your browsers cannot connect',
  );
  expect(await bob.getByTestId('unanswered').count()).toBe(0);
  // With NATs that STUN can pass, the same invite opened again joins: what stopped the page
  // was the NATs. (Opened again rather than waiting on the page's own redials, one of which
  // may have started behind the symmetric NATs and would take its 15 s to fail.)
  await lab!.setNat('endpoint-independent');
  await bob.goto('about:blank');
  await bob.goto(invite);
  await bob.getByTestId('invitation').waitFor({ timeout: 30_000 });
  expect(await words('invitation')).toBe('Alice invites you to play War');
  expect(await bob.getByTestId('unreachable').count()).toBe(0);
});
