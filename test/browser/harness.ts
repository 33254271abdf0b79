/**
 * What every browser test needs: the stack of scripts/stack.ts (its own PeerServer, app
 * server and headless Chromium, and Firefox when asked) and the helpers that assert along
 * the way.
 */
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { join } from 'node:path';
import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { HEADLESS_SHELL_PATH } from '../../scripts/chromium.ts';
import {
  chooseTable,
  createTable,
  joinTable,
  launchBrowser,
  startStack,
  type Seat,
  type Stack,
  type StackOptions,
  type TableChoices,
} from '../../scripts/stack.ts';

export * from '../../scripts/stack.ts';

/** A Chromium for a test's own pages: the headless shell, as `useStack` starts. */
export const launchTestBrowser = () => launchBrowser(HEADLESS_SHELL_PATH);

/**
 * The stack of this test file, on the app the run built once (test/setup/build-app.ts):
 * started before its first test, stopped after its last. Each test's players are closed
 * after it, and a PeerServer it stopped is started again, so every test meets a quiet
 * stack: Chromium (and Firefox, with `firefox`) starts once per file, not once per test.
 * `options` is read as the stack starts, after the file's earlier `beforeAll` hooks (a
 * relay they started). Its pages run in Chromium's headless shell unless `options` name
 * another Chromium.
 */
export function useStack(options: () => StackOptions = () => ({})): Stack {
  let started: Stack | undefined;
  beforeAll(async () => {
    started = await startStack(inject('appDir'), { chromium: HEADLESS_SHELL_PATH, ...options() });
  });
  afterEach(async () => {
    await started?.closePlayers();
    await started?.startSignaling();
  });
  afterAll(async () => {
    await started?.close();
  });
  const stack = () => {
    if (started === undefined) throw new Error('the stack starts before the first test');
    return started;
  };
  return {
    get url() {
      return stack().url;
    },
    get browser() {
      return stack().browser;
    },
    newPlayer: () => stack().newPlayer(),
    newFirefoxPlayer: () => stack().newFirefoxPlayer(),
    closePlayers: () => stack().closePlayers(),
    stopSignaling: () => stack().stopSignaling(),
    startSignaling: () => stack().startSignaling(),
    close: () => stack().close(),
  };
}

/**
 * A War table that ends within 40 battles. A game played to the end lasts as long as its
 * deal: at the rules' 5,000, one deal in ten runs past 350 battles and one in a hundred
 * past 660, longer than a test's 60 s on a loaded machine. Forty battles still end the
 * game by its limit or by a player holding every card, and leave hundreds of steps to
 * restore, verify and audit.
 */
export const SHORT_WAR: TableChoices = { options: { battleLimit: '40' } };

/**
 * The bound of a whole Batailles game whose three seats share one page beside two
 * spectators or a reload (watch.test.ts, batailles.test.ts), in place of the usual 60 s:
 * 31–36 s alone, and with one core kept busy 50 and 56 s (2026-12-07). A bound here only
 * catches a game that hangs; how fast a game plays is the bench's to measure.
 */
export const BATAILLES_GAME_MS = 90_000;

/** Alice creates a table of `game`, Bob joins through the invite link, Alice starts it. */
export async function seatTwo(
  stack: Pick<Stack, 'url' | 'newPlayer'>,
  game: string,
  choices: TableChoices = {},
) {
  const alice = await stack.newPlayer();
  const bob = await stack.newPlayer();
  const invite = await createTable(alice, stack.url, 'Alice', game, choices);
  await joinTable(bob, invite, 'Bob');
  await expect.poll(() => alice.getByTestId('start').isEnabled()).toBe(true);
  await alice.getByTestId('start').click();
  for (const page of [alice, bob]) await page.getByTestId('table').waitFor();
  return { alice, bob, invite };
}

/**
 * As `seatTwo`, with no signaling server: the stack's PeerServer is stopped, Bob joins by
 * codes. `sockets`: every WebSocket each page opened, from its first page on.
 */
export async function seatTwoByCodes(
  stack: Stack,
  game: string,
  choices: TableChoices = {},
  { fakeClocks = false } = {},
) {
  await stack.stopSignaling();
  const alice = await stack.newPlayer();
  const bob = await stack.newPlayer();
  // Playwright's clocks, running as usual until a test moves both on together.
  if (fakeClocks) for (const page of [alice, bob]) await page.clock.install();
  const sockets = [socketsOf(alice), socketsOf(bob)];
  await createPairedTable(alice, stack.url, 'Alice', game, choices);
  await joinByCodes(alice, bob, stack.url, 'Bob');
  await expect.poll(() => alice.getByTestId('start').isEnabled()).toBe(true);
  await alice.getByTestId('start').click();
  for (const page of [alice, bob]) await page.getByTestId('table').waitFor();
  return { alice, bob, sockets };
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
export async function expectAgreement<P extends Seat>(
  alice: P,
  bob: P,
  result: (page: P) => Promise<string>,
) {
  const [a, b] = await Promise.all([result(alice), result(bob)]);
  expect(b).toBe(a);
  // Either page may still be hearing the other's audit: read both logs afresh each time.
  const logOf = async (page: Seat) => (await page.getByTestId('log').textContent()) ?? '';
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

/** What `checkScreen` needs of a page: a Playwright page is one, and so is a Firefox player. */
export interface Screen {
  screenshot(options: { path: string; fullPage: boolean }): Promise<unknown>;
  evaluate<R>(script: () => R | Promise<R>): Promise<R>;
}

/**
 * axe's findings on the page as it is, one line each: the rule, its impact and where.
 * axe-core is put into the page the first time, as the one script both browsers run.
 */
export async function axeViolations(page: Screen): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window)))
    await page.evaluate(new Function(axe.source) as () => void);
  return page.evaluate(async () => {
    const inPage = (window as unknown as { axe: typeof axe }).axe;
    const { violations } = await inPage.run(document, { resultTypes: ['violations'] });
    return violations.map(
      (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
    );
  });
}

/**
 * Runs axe on the page as it is and asserts no violation of any impact; the screen's
 * name says which screen failed. Wider than the viewport is a violation too: a phone
 * player would have to scroll sideways. With FAIRDEAL_SHOTS set to a folder, the screen
 * is saved there first as `<viewport>-<screen>.png`: the whole page, or for a dialog
 * (`dialog`) the screen as the player sees it over the page.
 */
export async function checkScreen(
  page: Screen,
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
  expect.soft(await axeViolations(page), `axe on ${screen} at ${viewport.name}`).toEqual([]);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect
    .soft(width, `page width of ${screen} at ${viewport.name}`)
    .toBeLessThanOrEqual(viewport.width);
}

/**
 * Opens in `page` each link that leads to no table (a bogus invite, a malformed one, a
 * table this browser never kept), each from about:blank so that the app loads afresh,
 * waits for the notice it gives, and hands that screen to `check` by name.
 */
export async function openDeadLinks(
  page: Seat,
  url: string,
  check: (screen: string) => Promise<void>,
): Promise<void> {
  const links = [
    // No table answers: the page says so once its dial has had 10 s.
    { hash: 'join=abcdefghjk', notice: 'unanswered', screen: 'bogus-invite', timeout: 10_000 },
    { hash: 'join=garbage', notice: 'malformed', screen: 'malformed-invite' },
    { hash: 'table=abcdefghjk', notice: 'unknown-table', screen: 'unknown-table' },
  ];
  for (const { hash, notice, screen, timeout } of links) {
    await page.goto('about:blank');
    await page.goto(`${url}#${hash}`);
    await page.getByTestId(notice).waitFor(timeout === undefined ? {} : { timeout });
    await check(screen);
  }
}

/** The state hash a page's audit view names, once every replica it compares agrees. */
export async function agreedHash(page: Page): Promise<string> {
  await page.getByTestId('see-audit').waitFor({ timeout: 50_000 });
  await page.getByTestId('see-audit').click();
  await expect
    .poll(() => page.getByTestId('audit-hashes').innerText(), { timeout: 30_000 })
    .toMatch(/^Every player's replica reached the same state hash, [0-9a-f]{16}…/);
  return (await page.getByTestId('audit-hashes').innerText()).match(/[0-9a-f]{16}…/)![0];
}

/** How long a whole game may stand still before a test calls it stuck. */
const STALL_MS = 20_000;

/**
 * Waits until `reached` holds on `page`. A whole game lasts as long as its deal, which no
 * test chooses: the test's own 60 s bound it. Before that, a game whose log stands still
 * fails here, saying so, rather than as a timeout that names no cause.
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

/**
 * Pairs `answerer` with `offerer` by codes, pasted as a player copies them: the offer code
 * `offerer` shows into `answerer`, then the answer code back. Either page may be the one
 * at the table; each shows its panel already. Returns the offer code, spent.
 */
export async function pairByCodes(offerer: Seat, answerer: Seat): Promise<string> {
  const offer = await offerer.getByTestId('offer-code').inputValue();
  await answerer.getByTestId('offer-input').fill(offer);
  await answerer.getByTestId('offer-submit').click();
  const answer = await answerer.getByTestId('answer-code').inputValue();
  await offerer.getByTestId('answer-input').fill(answer);
  await offerer.getByTestId('answer-submit').click();
  return offer;
}

/**
 * Creates a table paired by codes from the home screen, with the game's `options` typed into
 * their fields; its lobby shows the first offer.
 */
export async function createPairedTable(
  page: Seat,
  url: string,
  name: string,
  game: string,
  choices: TableChoices = {},
) {
  await chooseTable(page, url, name, game, choices);
  await page.getByTestId('create-paired').click();
  await page.getByTestId('lobby').waitFor();
}

/** `guest` opens the app, joins `host`'s table with a code and takes a seat as `name`. */
export async function joinByCodes(host: Seat, guest: Seat, url: string, name: string) {
  await guest.goto(url);
  await guest.getByTestId('join-by-code').click();
  const spent = await pairByCodes(host, guest);
  // The offer is spent once answered: the host shows the next player a new code.
  await expect.poll(() => host.getByTestId('offer-code').inputValue()).not.toBe(spent);
  await guest.getByTestId('name').fill(name);
  await guest.getByTestId('join').click();
  await guest.getByTestId('lobby').waitFor();
}

/**
 * Records every WebSocket `page` opens: a page paired by codes must open none, as that
 * is how PeerJS reaches its server.
 */
export function socketsOf(page: Page): string[] {
  const opened: string[] = [];
  page.on('websocket', (socket) => opened.push(socket.url()));
  return opened;
}

/**
 * Shows `page`'s tab as hidden (another tab in front of it) or as seen again. Headless
 * Chromium keeps every page visible whatever tab is in front, and no DevTools command
 * hides one: the document is told so, and hears the `visibilitychange` a browser fires.
 */
/**
 * True once `page`'s store keeps the table its URL names (`#table=<id>`): the URL names a
 * table as soon as the player is seated, and its record is written a moment later.
 */
export function keepsItsTable(page: Page): Promise<boolean> {
  return page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const id = new URLSearchParams(location.hash.slice(1)).get('table');
        const opened = indexedDB.open('fair-deal');
        opened.onerror = () => resolve(false);
        opened.onsuccess = () => {
          const db = opened.result;
          const got = db
            .transaction('tables')
            .objectStore('tables')
            .get(id ?? '');
          got.onsuccess = () => resolve(got.result !== undefined);
          got.onerror = () => resolve(false);
          // Closed once its one read is asked: an open connection would hold back the
          // page's own upgrades of the database.
          db.close();
        };
      }),
  );
}

export async function setTabHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((hidden) => {
    const visibility = hidden ? 'hidden' : 'visible';
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => visibility,
    });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

/**
 * From now on, each system notification `page` shows is also listed, title and body, in
 * what the returned function reads: the browser shows it as ever, and no API tells a test.
 */
export async function recordNotifications(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const shown: string[] = [];
    (window as unknown as { shownNotifications: string[] }).shownNotifications = shown;
    window.Notification = class extends Notification {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        shown.push(`${title}: ${options?.body ?? ''}`);
      }
    };
  });
  return () =>
    page.evaluate(() => (window as unknown as { shownNotifications: string[] }).shownNotifications);
}

/** The href of `page`'s icon, as the tab shows it. */
export const iconOf = (page: Page) =>
  page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel~="icon"]')?.href ?? null);

/** From now on, counts the tones `page` starts playing (Web Audio oscillators); the function reads the count. */
export async function countTones(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const counted = window as unknown as { tones: number };
    counted.tones = 0;
    const { start } = OscillatorNode.prototype;
    OscillatorNode.prototype.start = function (this: OscillatorNode, when?: number) {
      counted.tones++;
      start.call(this, when);
    };
  });
  return () => page.evaluate(() => (window as unknown as { tones: number }).tones);
}
