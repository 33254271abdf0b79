/**
 * What every browser test needs: its own PeerServer and app server on free ports, and
 * a headless Debian Chromium (Playwright gives each launch a fresh temporary profile),
 * all stopped afterwards. A test may stop and restart the PeerServer on its port, and
 * cut a page's WebRTC links or lose some of its messages.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build, preview } from 'vite';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium.ts';
import { localConfig, serveConfig, startSignaling, type Signaling } from '../../scripts/servers.ts';

let built: Promise<string> | null = null;

/** Builds the app once per test run into a temporary folder. */
function buildOnce(): Promise<string> {
  built ??= (async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'fairdeal-dist-'));
    await build({ logLevel: 'warn', build: { outDir, emptyOutDir: true, sourcemap: false } });
    return outDir;
  })();
  return built;
}

export interface Stack {
  url: string;
  browser: Browser;
  /** A new player: its own browser context (storage, PeerJS id), one page. */
  newPlayer(): Promise<Page>;
  /** The PeerServer goes down, dropping every peer's connection to it. */
  stopSignaling(): Promise<void>;
  /** A fresh PeerServer on the same port, knowing no peer. */
  startSignaling(): Promise<void>;
  close(): Promise<void>;
}

/** Keeps every RTCPeerConnection a page makes within reach of `cutLinks`. */
function recordPeerConnections() {
  const made: RTCPeerConnection[] = [];
  const Native = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends Native {
    constructor(...args: ConstructorParameters<typeof RTCPeerConnection>) {
      super(...args);
      made.push(this);
    }
  };
  (window as unknown as { peerConnections: RTCPeerConnection[] }).peerConnections = made;
}

/**
 * Lets a test lose the data-channel messages matching a pattern, both ways, once
 * `loseMessages` names one: what was still in flight when a page went away.
 */
function recordDataChannels() {
  const matches = (data: unknown) => {
    const pattern = (window as unknown as { lostMessages?: RegExp }).lostMessages;
    return pattern !== undefined && typeof data === 'string' && pattern.test(data);
  };
  const { send } = RTCDataChannel.prototype;
  RTCDataChannel.prototype.send = function (this: RTCDataChannel, data: never) {
    if (!matches(data)) send.call(this, data);
  };
  const { addEventListener } = RTCDataChannel.prototype;
  RTCDataChannel.prototype.addEventListener = function (
    this: RTCDataChannel,
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ) {
    const heard =
      type === 'message' && typeof listener === 'function'
        ? (event: Event) => {
            if (!matches((event as MessageEvent).data)) listener.call(this, event);
          }
        : listener;
    addEventListener.call(this, type, heard, options);
  };
}

/**
 * From now on `page` neither sends nor hears a message matching `pattern` on any data
 * channel: as if each were still in flight when the page went away. For a page about to
 * be reloaded (the new document loses nothing); the peers' links stay up.
 */
export async function loseMessages(page: Page, pattern: RegExp): Promise<void> {
  await page.evaluate(
    ({ source, flags }) => {
      (window as unknown as { lostMessages: RegExp }).lostMessages = new RegExp(source, flags);
    },
    { source: pattern.source, flags: pattern.flags },
  );
}

/** Closes every WebRTC connection of `page`, as a dropped network would. */
export async function cutLinks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const made = (window as unknown as { peerConnections: RTCPeerConnection[] }).peerConnections;
    for (const connection of made) connection.close();
  });
}

/** How many WebRTC connections `page` has made so far. */
export const peerConnectionsMade = (page: Page): Promise<number> =>
  page.evaluate(
    () => (window as unknown as { peerConnections: RTCPeerConnection[] }).peerConnections.length,
  );

export async function startStack(): Promise<Stack> {
  const outDir = await buildOnce();
  let signaling: Signaling | null = await startSignaling(0);
  const signalingPort = signaling.port;
  const server = await preview({
    plugins: [serveConfig(localConfig(signalingPort))],
    build: { outDir },
    preview: { port: 0, host: '127.0.0.1', strictPort: false },
    logLevel: 'warn',
  });
  const address = server.httpServer.address() as AddressInfo;
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
  });
  return {
    url: `http://127.0.0.1:${address.port}/`,
    browser,
    async newPlayer() {
      const context = await browser.newContext();
      await context.addInitScript(recordPeerConnections);
      await context.addInitScript(recordDataChannels);
      const page = await context.newPage();
      page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
      return page;
    },
    async stopSignaling() {
      await signaling?.close();
      signaling = null;
    },
    async startSignaling() {
      signaling ??= await startSignaling(signalingPort);
    },
    async close() {
      await browser.close();
      await server.close();
      await signaling?.close();
    },
  };
}

/**
 * Creates a table from the home screen and returns its invite link; `absentMinutes`
 * picks the time limit for absent players from the form's choices.
 */
export async function createTable(
  page: Page,
  url: string,
  name: string,
  game: string,
  seats?: number,
  absentMinutes?: number,
) {
  await page.goto(url);
  await page.getByTestId('name').fill(name);
  await page.getByTestId(`game-${game}`).click();
  if (seats !== undefined) await page.getByTestId('seats').selectOption(String(seats));
  if (absentMinutes !== undefined)
    await page.getByTestId('absent-limit').selectOption(String(absentMinutes));
  await page.getByTestId('create').click();
  return page.getByTestId('invite').inputValue();
}

/** Opens an invite link and joins under `name`. */
export async function joinTable(page: Page, invite: string, name: string) {
  await page.goto(invite);
  await page.getByTestId('name').fill(name);
  await page.getByTestId('join').click();
  await page.getByTestId('lobby').waitFor();
}

/** Waits until War's Flip is offered: the shuffle is done, and the player's move is owed. */
export const flipOffered = (page: Page) =>
  page.waitForFunction(
    () => document.querySelector('[data-testid=flip]:not([disabled])') !== null,
    null,
    { timeout: 60_000 },
  );

/** How long a whole game may stand still before a test calls it stuck. */
const STALL_MS = 60_000;

/**
 * Waits until `reached` holds on `page`. A whole game lasts as long as its deal, which no
 * test chooses (one War in a hundred runs past 600 battles), so the wait has no fixed
 * length: it goes on while the page's log grows, and fails once the log stands still.
 */
export async function whileTheGameMoves(page: Page, reached: () => Promise<boolean>) {
  let log = '';
  let movedAt = Date.now();
  while (!(await reached())) {
    const now = (await page.getByTestId('log').textContent()) ?? '';
    if (now !== log) [log, movedAt] = [now, Date.now()];
    else if (Date.now() - movedAt > STALL_MS)
      throw new Error(`the game stood still for ${STALL_MS / 1000} s`);
    await page.waitForTimeout(500);
  }
}

/** Waits until `page` shows `testId` (the end of a game), as long as the game moves. */
export const untilShown = (page: Page, testId: string) =>
  whileTheGameMoves(page, async () => (await page.getByTestId(testId).count()) > 0);

/**
 * War's steps settled on `page`: battles won plus wars declared. Once both players flip,
 * the step settles as one or the other: the faceup ranks tie in one deal of 17.
 */
export const settledSteps = async (page: Page) =>
  Number(await page.getByTestId('battles').textContent()) +
  Number(await page.getByTestId('wars').textContent());

/** Turns on auto-play once the shuffle is done and Flip is offered (War). */
export async function autoplayWar(page: Page) {
  await page.getByTestId('table').waitFor();
  await flipOffered(page);
  await page.getByTestId('autoplay').check();
}

/** Alice creates a table of `game`, Bob joins through the invite link, Alice starts it. */
export async function seatTwo(stack: Stack, game: string) {
  const alice = await stack.newPlayer();
  const bob = await stack.newPlayer();
  const invite = await createTable(alice, stack.url, 'Alice', game);
  await joinTable(bob, invite, 'Bob');
  await expect.poll(() => alice.getByTestId('start').isEnabled()).toBe(true);
  await alice.getByTestId('start').click();
  for (const page of [alice, bob]) await page.getByTestId('table').waitFor();
  return { alice, bob, invite };
}

const playerLinks = (page: Page) =>
  page.getByTestId('player').getByTestId('link-state').allTextContents();

/**
 * Takes `page` away from its table, as a closed tab or a reload does, until `other` shows
 * the page's link as reconnecting and says so in `words`; then opens the same URL
 * again and waits until the page is back at the table.
 */
export async function reopen(page: Page, other: Page, words: string, links: string[]) {
  const url = page.url();
  expect(url).toMatch(/#table=[a-z2-9]{10}$/);
  await page.goto('about:blank');
  await expect
    .poll(() => other.getByTestId('waiting').textContent(), { timeout: 30_000 })
    .toBe(words);
  expect(await playerLinks(other)).toEqual(links);
  await page.goto(url);
  await page.getByTestId('table').waitFor({ timeout: 60_000 });
  expect(page.url()).toBe(url);
}

/** Both pages agree: the same last words and the same log, nobody caught. */
export async function expectAgreement(
  alice: Page,
  bob: Page,
  result: (page: Page) => Promise<string>,
) {
  const [a, b] = await Promise.all([result(alice), result(bob)]);
  expect(b).toBe(a);
  // Either page may still be hearing the other's audit: read both logs afresh each time.
  const logOf = async (page: Page) => (await page.getByTestId('log').textContent()) ?? '';
  const logs = () => Promise.all([logOf(alice), logOf(bob)]);
  const audited = (log: string) =>
    /Alice published their secret keys/.test(log) && /Bob published their secret keys/.test(log);
  await expect
    .poll(
      async () => {
        const [aliceLog, bobLog] = await logs();
        return aliceLog === bobLog && audited(aliceLog);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  const [aliceLog, bobLog] = await logs();
  expect(bobLog).toBe(aliceLog);
  for (const page of [alice, bob]) expect(await page.getByTestId('alarm').count()).toBe(0);
}

/** A screen size a browser test checks at, named for its screenshots. */
export interface Viewport {
  readonly name: string;
  readonly width: number;
  readonly height: number;
}

/**
 * Runs axe on the page as it is and asserts no violation of any impact; the screen's
 * name says which screen failed. Wider than the viewport is a violation too: a phone
 * player would have to scroll sideways. With FAIRDEAL_SHOTS set to a folder, the screen
 * is saved there first as `<viewport>-<screen>.png`: the whole page, or for a dialog
 * (`dialog`) the screen as the player sees it over the page.
 */
export async function checkScreen(
  page: Page,
  screen: string,
  viewport: Viewport,
  { dialog = false } = {},
): Promise<void> {
  const shots = process.env.FAIRDEAL_SHOTS;
  if (shots)
    await page.screenshot({
      path: join(shots, `${viewport.name}-${screen}.png`),
      fullPage: !dialog,
    });
  const { violations } = await new AxeBuilder({ page }).analyze();
  const found = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
  );
  expect.soft(found, `axe on ${screen} at ${viewport.name}`).toEqual([]);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect
    .soft(width, `page width of ${screen} at ${viewport.name}`)
    .toBeLessThanOrEqual(viewport.width);
}
