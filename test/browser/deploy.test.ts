/**
 * The site as `npm run build` makes it, hosted two ways, and nothing of Vite serves here:
 * the plain way, its files on a static file server and a bare PeerServer started as
 * docs/hosting.md says (`peerjs --port … --path …`) on a port and path of its own; and as
 * deploy/ hosts it, Caddy running deploy/Caddyfile itself in front of the signaling server,
 * with its Content-Security-Policy and its other headers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { AppConfig } from '../../src/net/config.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium.ts';
import {
  SIGNALING_PATH as DEPLOYED_SIGNALING_PATH,
  startSignaling,
  type Signaling,
} from '../../scripts/servers.ts';
import { startCaddy, type Caddy } from './caddy.ts';
import { freePort } from './coturn.ts';
import {
  createPairedTable,
  createTable,
  flipOffered,
  newPlayerIn,
  seatTwo,
  settledSteps,
} from './harness.ts';
import { serveFolder, type StaticSite } from './static.ts';

const SIGNALING_PATH = '/fairdeal-signal';

let site: StaticSite;
let peerServer: ChildProcess;
let browser: Browser;
let folder: string;
let signaling: AppConfig['signaling'];
/** The signaling server behind the deployed site's Caddy, as in deploy/compose.yaml. */
let signalingServer: Signaling;

/** The host's config.json, read afresh by each page that loads. */
const configure = (config: AppConfig) =>
  writeFileSync(join(folder, 'config.json'), JSON.stringify(config));

/** Starts the `peer` package's own command; resolves once it says it listens. */
function startPeerServer(port: number): Promise<ChildProcess> {
  const child = spawn(
    'node_modules/.bin/peerjs',
    ['--port', String(port), '--path', SIGNALING_PATH],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`peerjs exited with ${code}`)));
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Started PeerServer')) resolve(child);
    });
  });
}

beforeAll(async () => {
  const port = await freePort();
  peerServer = await startPeerServer(port);
  // A host's copy of the build, with its own config.json in place of the shipped one.
  folder = mkdtempSync(join(tmpdir(), 'fairdeal-site-'));
  cpSync(inject('appDir'), folder, { recursive: true });
  signaling = { host: null, port, path: SIGNALING_PATH, secure: false };
  // A relay's credentials named, but a static host has no such endpoint: 404.
  configure({ signaling, iceServers: [], turnCredentials: '/turn-credentials', appUrl: null });
  site = await serveFolder(folder);
  // The whole Chromium, not the tests' headless shell: only it says whether it would install,
  // and only it has a fake camera (a test pattern, no QR code) for the scanner.
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_FLAGS, '--use-fake-device-for-media-stream'],
  });
  signalingServer = await startSignaling(0, { proxied: true });
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  peerServer?.kill();
  await signalingServer?.close();
  rmSync(folder, { recursive: true, force: true });
});

test('the build describes itself to a chat app a link is pasted into', () => {
  const page = readFileSync(join(inject('appDir'), 'index.html'), 'utf8');
  for (const tag of ['name="description"', 'property="og:title"', 'property="og:description"'])
    expect(page).toMatch(new RegExp(`<meta\\s+${tag}\\s+content="[^"]{20,}"`));
});

test('the production build holds no source maps', () => {
  const files = readdirSync(inject('appDir'), { recursive: true }).map(String);
  expect(files).toContain('index.html');
  expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
});

test('the build on a static server plays over a bare PeerServer, saying it plays without the relay it could not reach', async () => {
  const { alice, bob } = await seatTwo(
    { url: site.url, newPlayer: () => newPlayerIn(browser) },
    'war',
  );
  for (const page of [alice, bob])
    expect(await page.getByRole('alert').first().textContent()).toMatch(
      /^No relay this time: its credentials could not be fetched \(http:\/\/127\.0\.0\.1:\d+\/turn-credentials did not answer \(HTTP 404\)\)\. Playing on without it/,
    );
  for (const page of [alice, bob]) await flipOffered(page);
  await alice.getByTestId('flip').click();
  await bob.getByTestId('flip').click();
  await expect.poll(() => settledSteps(alice)).toBe(1);
  for (const page of [alice, bob]) expect(await page.getByTestId('alarm').count()).toBe(0);
});

test('without a relay configured, no Relay only is offered', async () => {
  configure({ signaling, iceServers: [], turnCredentials: null, appUrl: null });
  const page = await newPlayerIn(browser);
  await page.goto(site.url);
  await page.getByTestId('create').waitFor();
  expect(await page.getByTestId('relay-only').count()).toBe(0);
  await page.context().close();
});

test('after a first visit the app opens offline, says so, replays a transcript and plays against the computer', async () => {
  // A visitor's browser, with its service worker.
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(site.url);
  expect(await page.getByTestId('offline').isHidden()).toBe(true);
  // Ready: it has kept every file of the app.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  // Chromium would offer to install it: its manifest, icons and service worker pass. A
  // test's browser context is a private one, where nothing installs: that is the one error.
  const devtools = await context.newCDPSession(page);
  const { installabilityErrors } = await devtools.send('Page.getInstallabilityErrors');
  expect(installabilityErrors.map((error) => error.errorId)).toEqual(['in-incognito']);
  await devtools.detach();
  await context.setOffline(true);
  await page.reload();
  await expect
    .poll(() => page.getByTestId('offline').innerText())
    .toBe(
      'No connection: this device is offline. Games with other players wait until it is back; games against the computer, replays, your games and How this works still work.',
    );
  await page.getByTestId('how').click();
  await page.getByRole('dialog', { name: 'How Fair Deal deals fairly' }).waitFor();
  await page.getByTestId('how-close').click();
  // A transcript saved by an earlier version of the app (protocol 1) opens offline too.
  await page.getByTestId('transcript-file').setInputFiles('test/vectors/batailles-protocol1.json');
  await page.getByTestId('replay').waitFor();
  await page.getByTestId('replay-close').click();
  await page.getByTestId('name').fill('Ada');
  await page.getByTestId('solo').click();
  await flipOffered(page);
  await context.close();
});

/** The URLs the build's service worker keeps on install: its precache manifest, read from sw.js. */
function precached(dist: string): string[] {
  const worker = readFileSync(join(dist, 'sw.js'), 'utf8');
  return [...worker.matchAll(/\{url:"([^"]+)",revision:/g)].map(([, url]) => url!);
}

test('the service worker keeps the whole app on install, but not the QR reader’s WebAssembly', () => {
  const files = precached(inject('appDir'));
  expect(files).toContain('index.html');
  expect(files).toContain('manifest.webmanifest');
  expect(files.filter((file) => /^assets\/.*\.js$/.test(file)).length).toBeGreaterThan(20);
  expect(files.filter((file) => file.endsWith('.wasm'))).toEqual([]);
  // The reader's JavaScript is kept: only its 950 kB of WebAssembly waits for a scan.
  expect(files.some((file) => /^assets\/zxing_reader-.*\.js$/.test(file))).toBe(true);
});

/** A copy of the build with its own config.json folder, served by Caddy as deploy/ serves it. */
async function deployed(): Promise<{ caddy: Caddy; site: string; close(): Promise<void> }> {
  const site = mkdtempSync(join(tmpdir(), 'fairdeal-srv-'));
  const config = mkdtempSync(join(tmpdir(), 'fairdeal-etc-'));
  cpSync(inject('appDir'), site, { recursive: true });
  const caddy = await startCaddy({ site, config, signalingPort: signalingServer.port });
  // As deploy/config.json: the signaling server on the page's own origin, behind Caddy.
  const port = Number(new URL(caddy.url).port);
  writeFileSync(
    join(config, 'config.json'),
    JSON.stringify({
      signaling: { host: null, port, path: DEPLOYED_SIGNALING_PATH, secure: false },
      iceServers: [],
      turnCredentials: null,
      appUrl: null,
    } satisfies AppConfig),
  );
  return {
    caddy,
    site,
    close: async () => {
      await caddy.close();
      rmSync(site, { recursive: true, force: true });
      rmSync(config, { recursive: true, force: true });
    },
  };
}

/** The policies the deployment's every answer carries. */
const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self' wss://127.0.0.1; worker-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
  'strict-transport-security': 'max-age=31536000',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

/**
 * Every Content-Security-Policy or Permissions-Policy complaint of `page`, as the page's
 * `securitypolicyviolation` events and as Chromium's console reports (a worker's too).
 */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  const reported: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Permissions-Policy|Permissions policy/i.test(message.text()))
      reported.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(globalThis, { fairDealViolations: seen });
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective}: ${event.blockedURI}`),
    );
  });
  return async () => [
    ...reported,
    ...(await page.evaluate(
      () => (globalThis as { fairDealViolations?: string[] }).fairDealViolations ?? [],
    )),
  ];
}

test('behind the deployment’s Caddy, with its headers: two pages play War, a third draws a QR code, installs and scans with the camera, and nothing breaks the policy', async () => {
  const site = await deployed();
  try {
    const { url } = site.caddy;
    const chunk = readdirSync(join(site.site, 'assets')).find((file) => file.endsWith('.js'));
    // What each file may be kept for: the names a build reuses are asked for again each time.
    const caching = {
      '': 'no-cache',
      'sw.js': 'no-cache',
      'manifest.webmanifest': 'no-cache',
      'icons/icon-192.png': 'no-cache',
      'config.json': 'no-store',
      [`assets/${chunk}`]: 'public, max-age=31536000, immutable',
    };
    for (const [path, cacheControl] of Object.entries(caching)) {
      const { headers } = await fetch(url + path);
      const policies = Object.keys(SECURITY_HEADERS).map((name) => [name, headers.get(name)]);
      expect(Object.fromEntries(policies), path).toEqual(SECURITY_HEADERS);
      expect(headers.get('permissions-policy'), path).toMatch(/^camera=\(self\), microphone=\(\)/);
      expect(headers.get('cache-control'), path).toBe(cacheControl);
    }

    const checks: (() => Promise<string[]>)[] = [];
    const player = async () => {
      const page = await newPlayerIn(browser);
      checks.push(await recordViolations(page));
      return page;
    };
    // Over the signaling server behind Caddy, on the page's own origin.
    const { alice, bob } = await seatTwo({ url, newPlayer: player }, 'war');
    for (const page of [alice, bob]) await flipOffered(page);
    await alice.getByTestId('flip').click();
    await bob.getByTestId('flip').click();
    await expect.poll(() => settledSteps(alice)).toBe(1);

    // A visitor's browser with its service worker, at a table paired by codes.
    const context = await browser.newContext();
    const carol = await context.newPage();
    checks.push(await recordViolations(carol));
    await carol.goto(url);
    await carol.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await createPairedTable(carol, url, 'Carol', 'war');
    await carol.getByTestId('offer-code').waitFor();
    await carol.locator('svg').first().waitFor();
    await carol.getByTestId('scan-answer').click();
    await expect
      .poll(() => carol.getByTestId('scan-status').textContent(), { timeout: 30_000 })
      .toBe('Point the camera at the QR code on the other page.');
    // The reader's WebAssembly came on first use, and is kept from then on, apart from the
    // app (the worker writes it to its cache once it has answered the page).
    const keptWasm = () =>
      carol.evaluate(async () => {
        const kept: Record<string, string[]> = {};
        for (const name of await caches.keys())
          kept[name] = (await (await caches.open(name)).keys())
            .map((request) => request.url)
            .filter((address) => address.endsWith('.wasm'));
        return kept;
      });
    await expect.poll(keptWasm, { timeout: 10_000 }).toEqual({
      [`workbox-precache-v2-${url}`]: [],
      'qr-reader': [expect.stringMatching(/\/assets\/zxing_reader-[\w-]+\.wasm$/)],
    });

    for (const check of checks) expect(await check()).toEqual([]);
    // And the record sees a violation when there is one: an inline script is refused.
    await carol.evaluate(() =>
      document.body.append(Object.assign(document.createElement('script'), { textContent: '1' })),
    );
    await expect.poll(async () => (await checks.at(-1)!()).length).toBeGreaterThan(0);
    await context.close();
  } finally {
    await site.close();
  }
});

/**
 * A new build in place of the old, as a host deploys one: every asset under a new name (a
 * build names each by its content), the old names gone from the server, the files that
 * name them (index.html, sw.js, the chunks themselves) naming the new ones, and every
 * other file's revision in sw.js new.
 */
function redeploy(site: string) {
  const assets = join(site, 'assets');
  const stems = readdirSync(assets).map((file) => file.slice(0, file.lastIndexOf('.')));
  const named = new RegExp(`\\b(${stems.join('|')})\\.`, 'g');
  const rename = (text: string) => text.replace(named, '$1n.');
  for (const file of readdirSync(assets)) {
    const path = join(assets, file);
    const content = file.endsWith('.wasm')
      ? readFileSync(path)
      : rename(readFileSync(path, 'utf8'));
    writeFileSync(join(assets, rename(file)), content);
    rmSync(path);
  }
  writeFileSync(join(site, 'index.html'), rename(readFileSync(join(site, 'index.html'), 'utf8')));
  const worker = rename(readFileSync(join(site, 'sw.js'), 'utf8'));
  writeFileSync(join(site, 'sw.js'), worker.replace(/revision:"(\w+)"/g, 'revision:"$1n"'));
}

/** The entry script the page runs: which build it is. */
const buildOf = (page: Page) =>
  page.evaluate(() => document.querySelector('script[type=module]')?.getAttribute('src'));

test('a new build waits while a table is open in the browser, says so, and takes over once the player is back home', async () => {
  const site = await deployed();
  try {
    const { url } = site.caddy;
    const context = await browser.newContext();
    const table = await context.newPage();
    await table.goto(url);
    await table.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const first = await buildOf(table);
    await createTable(table, url, 'Ada', 'war');
    // A page with no service worker (a private window may keep none), at a table too.
    const bare = await newPlayerIn(browser);
    await createTable(bare, url, 'Bea', 'war');

    redeploy(site.site);
    // Another tab loads the site, and the browser checks for a new sw.js (it does so on a
    // navigation, in its own time: the test asks at once). The new one installs and waits.
    const home = await context.newPage();
    await home.goto(url);
    await home.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    for (const page of [home, table])
      await expect
        .poll(() => page.getByTestId('update').textContent(), { timeout: 30_000 })
        .toBe(
          'A new version of Fair Deal is ready. It starts once no table is open in this browser, so no game is cut short.',
        );
    expect(await buildOf(home)).toBe(first);
    // The browser may drop its HTTP cache at any time, the service worker's files it keeps:
    // with the HTTP cache gone, only those can serve the old version's files.
    const devtools = await context.newCDPSession(table);
    await devtools.send('Network.clearBrowserCache');
    await devtools.detach();
    // The table plays on with its version: the rules, a part it had not loaded, still come,
    // from the version the service worker keeps though the server has dropped it.
    await table.getByTestId('game-rules').click();
    await table.getByTestId('rules-page').waitFor();
    // The page with no service worker asks the server, which has them no more: it says so.
    await bare.getByTestId('game-rules').click();
    await expect
      .poll(() => bare.getByTestId('update').textContent(), { timeout: 10_000 })
      .toBe(
        'Fair Deal was updated on its server while this page was open, and a part of it this page had not loaded yet is gone from there. The page loads the new version once you are back on the home screen; a reload loads it now, and brings this table back.',
      );
    expect(await buildOf(bare)).toBe(first);

    // Back home: the new version takes over in every tab.
    for (const page of [table, bare]) await page.getByTestId('game-rules-close').click();
    await table.getByRole('button', { name: 'Leave table' }).click();
    await bare.getByRole('button', { name: 'Leave table' }).click();
    for (const page of [table, home, bare])
      await expect
        .poll(() => buildOf(page), { timeout: 30_000 })
        .toBe(first!.replace(/\.js$/, 'n.js'));
    // Each on the new version's home screen, with nothing more to say of updates.
    for (const page of [table, home, bare]) {
      await page.getByTestId('create').waitFor();
      expect(await page.getByTestId('update').textContent()).toBe('');
    }
    await context.close();
    await bare.context().close();
  } finally {
    await site.close();
  }
});
