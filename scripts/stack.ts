/**
 * A whole Fair Deal on this machine for a browser to play on, shared by the browser
 * tests and the benchmark: the app built once into a folder, and on top of it a stack
 * of its own PeerServer and app server on free ports and a headless Debian Chromium
 * (Playwright gives each launch a fresh temporary profile), and on request a headless
 * Firefox beside it (scripts/firefox.ts), all stopped afterwards.
 * Each player is a browser context of its own, so one stack serves many tests: closing
 * the players leaves nothing of theirs behind. A caller may stop and restart the
 * PeerServer on its port, and cut a page's WebRTC links or lose some of its messages.
 * Nothing here asserts: the tests' helpers that do live in test/browser/harness.ts.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { build, preview } from 'vite';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.ts';
import type { Firefox, FirefoxPlayer } from './firefox.ts';
import {
  localConfig,
  serveConfig,
  startSignaling,
  TURN_CREDENTIALS_PATH,
  type Signaling,
  type SignalingOptions,
} from './servers.ts';
import type { TurnRelay } from './turn.ts';

/**
 * Builds the app into a new temporary folder and returns the folder: once per test run
 * (test/setup/build-app.ts), once per benchmark. The build is `npm run build`'s, but for
 * two warnings, left out: they say nothing about a build made to be played here. One is on
 * the chunk sizes; the other on slow plugins, as Workbox's making of the service worker
 * is on a busy machine. The bench's CPU profiles ask for source maps (`sourceMaps`), to
 * name the source file of each function they sample.
 *
 * It is the production build whoever asks. Vite builds for the `NODE_ENV` it finds set,
 * and Vitest sets it to `test`: the browser tests then played a development build, Svelte's
 * checks and a stack trace taken at every change of state included, which players never
 * run (a game of Batailles spent a fifth of its main thread in them).
 */
export async function buildApp(options: { sourceMaps?: boolean } = {}): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'fairdeal-dist-'));
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      logLevel: 'warn',
      mode: 'production',
      build: {
        outDir,
        emptyOutDir: true,
        sourcemap: options.sourceMaps ?? false,
        chunkSizeWarningLimit: Infinity,
        rolldownOptions: { checks: { bundlerTimings: false } },
      },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  return outDir;
}

/**
 * What the table helpers use of a player's page, its elements found by test id: a
 * Playwright page is one, and so is a Firefox player.
 */
export interface Seat {
  goto(url: string): Promise<unknown>;
  getByTestId(testId: string): SeatItem;
}

export interface SeatItem {
  fill(value: string): Promise<void>;
  click(): Promise<void>;
  check(): Promise<void>;
  selectOption(value: string): Promise<unknown>;
  inputValue(): Promise<string>;
  textContent(): Promise<string | null>;
  count(): Promise<number>;
  isEnabled(): Promise<boolean>;
  waitFor(options?: { timeout?: number }): Promise<void>;
}

export interface Stack {
  url: string;
  browser: Browser;
  /** A new player: its own browser context (storage, PeerJS id), one page. */
  newPlayer(): Promise<Page>;
  /** A new player in Firefox, on a stack started with it (`startStack`). */
  newFirefoxPlayer(): Promise<FirefoxPlayer>;
  /** Closes every player made so far, in either browser, their pages and links with them. */
  closePlayers(): Promise<void>;
  /** The PeerServer goes down, dropping every peer's connection to it. */
  stopSignaling(): Promise<void>;
  /** A fresh PeerServer on the same port, knowing no peer. */
  startSignaling(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Keeps every RTCPeerConnection a page makes within reach of `cutLinks`; once `findNoPath`
 * says so, each new one gathers no address at all, as behind a network that needs a relay.
 */
function recordPeerConnections() {
  const made: RTCPeerConnection[] = [];
  const Native = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends Native {
    constructor(config?: RTCConfiguration) {
      const noPath = (window as unknown as { noPath?: boolean }).noPath === true;
      // Relay only, and no relay: no candidate, so no pair of addresses ever connects.
      super(noPath ? { ...config, iceServers: [], iceTransportPolicy: 'relay' } : config);
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

/**
 * From now on (`on`), or again no longer, the WebRTC connections `page` makes find no
 * network path to any other page, in this document and the ones it opens next: signaling
 * still works, so the other page answers, and the link fails as between two networks that
 * need a relay. Links already open stay.
 */
export async function findNoPath(page: Page, on: boolean): Promise<void> {
  const set = (value: boolean) => {
    (window as unknown as { noPath: boolean }).noPath = value;
  };
  await page.addInitScript(set, on);
  await page.evaluate(set, on);
}

/** How many WebRTC connections `page` has made so far. */
export const peerConnectionsMade = (page: Page): Promise<number> =>
  page.evaluate(
    () => (window as unknown as { peerConnections: RTCPeerConnection[] }).peerConnections.length,
  );

/**
 * The local and remote candidate types (`host`, `srflx`, `relay`…) of the pair each open
 * WebRTC connection of `page` carries its data over.
 */
export const selectedCandidates = (page: Page): Promise<[string, string][]> =>
  page.evaluate(async () => {
    const made = (window as unknown as { peerConnections: RTCPeerConnection[] }).peerConnections;
    const pairs: [string, string][] = [];
    for (const connection of made) {
      if (connection.connectionState !== 'connected') continue;
      const stats = await connection.getStats();
      for (const report of stats.values()) {
        if (report.type !== 'transport' || !report.selectedCandidatePairId) continue;
        const pair = stats.get(report.selectedCandidatePairId);
        const type = (id: string) => String(stats.get(id)?.candidateType);
        pairs.push([type(pair.localCandidateId), type(pair.remoteCandidateId)]);
      }
    }
    return pairs;
  });

/** A headless Debian Chromium with the flags of scripts/chromium.ts. */
export const launchBrowser = (executablePath = CHROMIUM_PATH): Promise<Browser> =>
  chromium.launch({ executablePath, args: CHROMIUM_FLAGS });

/**
 * Run in every page of a test player before the app: its player plays with "Confirm my
 * moves" off, as one who turned it off, so that a click on a move plays it, as the tests
 * that click moves were written. A test that wants it on turns it on as a player does,
 * and the choice it makes is kept (a11y.test.ts).
 */
export function confirmMovesOff(): void {
  try {
    if (localStorage.getItem('fairdeal.confirmMoves') === null)
      localStorage.setItem('fairdeal.confirmMoves', 'off');
  } catch {
    // A page with no storage (about:blank) has no app to set it for.
  }
}

/**
 * A new player in `browser`: its own browser context (storage, PeerJS id) and one page,
 * whose WebRTC connections and data channels the helpers above can reach.
 */
export async function newPlayerIn(browser: Browser): Promise<Page> {
  // No service worker: it would fetch the whole app again, the QR reader's WebAssembly
  // too, for every player of every test. The offline test (deploy.test.ts) lets it in.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  // Under tsx (the benchmark) esbuild names functions through its `__name` helper,
  // and the functions below reach the page as text: the page needs the helper too.
  await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  await context.addInitScript(recordPeerConnections);
  await context.addInitScript(recordDataChannels);
  await context.addInitScript(confirmMovesOff);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  return page;
}

export interface StackOptions {
  /** A TURN relay: the signaling server hands out its credentials, and config.json names them. */
  turn?: TurnRelay;
  /** Start a Firefox beside Chromium (`newFirefoxPlayer`). */
  firefox?: boolean;
  /** The Chromium the pages run in: Debian's (`CHROMIUM_PATH`) unless given. */
  chromium?: string;
}

/** Starts a stack on the app built into `outDir` (`buildApp`). */
export async function startStack(outDir: string, options: StackOptions = {}): Promise<Stack> {
  // The page and the signaling server are two origins here: the credentials need CORS.
  // Every page is on loopback, one address: its credentials are limited by the test alone.
  const signalingOptions: SignalingOptions = options.turn
    ? {
        turn: options.turn,
        allowOrigin: '*',
        limits: { credentialsBurst: 1000, credentialsPerHour: 1_000_000 },
      }
    : {};
  let signaling: Signaling | null = await startSignaling(0, signalingOptions);
  const signalingPort = signaling.port;
  const config = {
    ...localConfig(signalingPort),
    turnCredentials: options.turn
      ? `http://127.0.0.1:${signalingPort}${TURN_CREDENTIALS_PATH}`
      : null,
  };
  const server = await preview({
    plugins: [serveConfig(config)],
    build: { outDir },
    preview: { port: 0, host: '127.0.0.1', strictPort: false },
    logLevel: 'warn',
  });
  const address = server.httpServer.address() as AddressInfo;
  const [browser, inFirefox] = await Promise.all([
    launchBrowser(options.chromium),
    // Loaded only here: a stack without Firefox need not load Puppeteer.
    options.firefox ? import('./firefox.ts').then(({ startFirefox }) => startFirefox()) : null,
  ]);
  const withFirefox = (): Firefox => {
    if (inFirefox === null) throw new Error('this stack was started without Firefox');
    return inFirefox;
  };
  const players = new Set<BrowserContext>();
  return {
    url: `http://127.0.0.1:${address.port}/`,
    browser,
    async newPlayer() {
      const page = await newPlayerIn(browser);
      const context = page.context();
      players.add(context);
      context.on('close', () => players.delete(context));
      return page;
    },
    newFirefoxPlayer: () => withFirefox().newPlayer(),
    async closePlayers() {
      await Promise.all([
        ...[...players].map((context) => context.close()),
        inFirefox?.closePlayers(),
      ]);
    },
    async stopSignaling() {
      await signaling?.close();
      signaling = null;
    },
    async startSignaling() {
      signaling ??= await startSignaling(signalingPort, signalingOptions);
    },
    async close() {
      await Promise.all([browser.close(), inFirefox?.close()]);
      await server.close();
      await signaling?.close();
    },
  };
}

/** Creates a table from the home screen, as `choices` say, and returns its invite link. */
export async function createTable(
  page: Seat,
  url: string,
  name: string,
  game: string,
  choices: TableChoices = {},
) {
  await chooseTable(page, url, name, game, choices);
  await page.getByTestId('create').click();
  return page.getByTestId('invite').inputValue();
}

/** What a table's creator may choose on the home screen besides the game; absent: the default. */
export interface TableChoices {
  readonly seats?: number;
  /** The time control, by name (`relaxed`, `normal`, `quick`). */
  readonly clock?: string;
  /** Values typed into the game's options form, by option name (`opt-<name>`). */
  readonly options?: Readonly<Record<string, string>>;
}

/** Fills the home screen in for a table of `game`, up to the button that creates it. */
export async function chooseTable(
  page: Seat,
  url: string,
  name: string,
  game: string,
  { seats, clock, options = {} }: TableChoices,
) {
  await page.goto(url);
  await page.getByTestId('name').fill(name);
  await page.getByTestId(`game-${game}`).click();
  if (seats !== undefined) await page.getByTestId('seats').selectOption(String(seats));
  if (clock !== undefined) await page.getByTestId('clock').selectOption(clock);
  for (const [option, value] of Object.entries(options))
    await page.getByTestId(`opt-${option}`).fill(value);
}

/** Opens an invite link and joins under `name`. */
export async function joinTable(page: Seat, invite: string, name: string) {
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

/**
 * Turns on the computer's help by keyboard: the switch takes focus and Space turns it on,
 * wherever it stands. A click would land where the switch stood a moment before: at a
 * table already moving (another page's computer plays, the line of who may be declared
 * absent comes and goes above the board), the board can move between Playwright's aim
 * and its click, and the click missed the switch now and then with one core kept busy.
 */
export async function turnOnAutoplay(page: Page) {
  const toggle = page.getByTestId('autoplay');
  // As `check()` did: a switch already on is left on, where Space would turn it off.
  if (await toggle.isChecked()) return;
  await toggle.press(' ');
  if (!(await toggle.isChecked())) throw new Error('the auto-play switch did not turn on');
}

/** Turns on auto-play once the shuffle is done and Flip is offered (War). */
export async function autoplayWar(page: Page) {
  await page.getByTestId('table').waitFor();
  await flipOffered(page);
  await turnOnAutoplay(page);
}
