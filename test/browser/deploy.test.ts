/**
 * The site as `npm run build` makes it, hosted the plain way: its files on a static file
 * server, and a bare PeerServer started as docs/hosting.md says (`peerjs --port … --path …`)
 * on a port and path of its own. Nothing of Vite serves here.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Browser } from 'playwright-core';
import type { AppConfig } from '../../src/net/config.ts';
import { freePort } from './coturn.ts';
import { flipOffered, launchBrowser, newPlayerIn, seatTwo, settledSteps } from './harness.ts';
import { serveFolder, type StaticSite } from './static.ts';

const SIGNALING_PATH = '/fairdeal-signal';

let site: StaticSite;
let peerServer: ChildProcess;
let browser: Browser;
let folder: string;
let signaling: AppConfig['signaling'];

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
  // The whole Chromium, not the tests' headless shell: only it says whether it would install.
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  peerServer?.kill();
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
