import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { VitePWA } from 'vite-plugin-pwa';
import LongestFirst, { LONG_UNIT_FILES } from './test/setup/longest-first.ts';

/**
 * Browser test files at once, each with its own Chromium, PeerServer and app server.
 * Measured on two idle cores, the browser tests alone (2026-11-27): one file at a time
 * took 533 s, two 383 s, three 400 s. Two is the fastest, and at three each test slows
 * down too far for its 60 s: the three-page Batailles games went from 28 s alone to 58 s.
 */
const BROWSER_FILES_AT_ONCE = 2;

/**
 * The browser files that run last, one at a time, each with the machine to itself: a file
 * beside another takes about twice as long, and these come too near their 60 s there.
 * Whole games, which last as long as their deal: War (measured when played to 100
 * battles, 11–16 s a test alone; in a whole run beside the other files, 2026-11-29, 33–34 s
 * a test, and the run 50 s longer), Batailles et piques between two pages and a computer
 * (28–36 s alone, past 60 s beside another file, 2026-11-29), Black & Red's hand until its
 * stock runs out (21 s alone, 41–45 s beside); three pages at one table (paired.test's
 * reload at three seats: 23 s alone, 48 s beside); and spectators, who check every proof
 * beside the players (watch.test: 36–42 s alone for Batailles).
 */
const ONE_AT_A_TIME = [
  'war',
  'war-peerjs',
  'batailles',
  'a11y-batailles',
  'blackred',
  'paired',
  'watch',
].map((file) => `test/browser/${file}.test.ts`);

/**
 * What every unit file runs with. A worker keeps the modules it imported from one file to
 * the next: a fresh copy of every module per file cost about a quarter of the unit tests'
 * time. Module state is content-keyed (memos of checks and judgements) or per test (the
 * seeded stream, test/setup/seeded-random.ts). First of the run, before any browser: the
 * pages' heartbeats need the cores.
 */
const unitTests = {
  setupFiles: ['test/setup/seeded-random.ts', 'test/setup/games.ts'],
  isolate: false,
  sequence: { groupOrder: 0 },
  // One file per core. Three at once took 199 s where two took 230 s, but with one core
  // kept busy the adversary that plays Batailles against the network ran past its bound.
  maxWorkers: 2,
};

/**
 * What every browser file runs with: the app built once for the run, and `expect.poll`
 * asking again every 200 ms rather than Vitest's 50. Each ask is a round trip to a page
 * (CDP, or WebDriver BiDi, run in script in Firefox's parent process), and a poll waits
 * on the game's proofs for seconds at a time: at 50 ms the asking took an eighth of the
 * CPU of the Firefox and Red & Black files (234 core-s against 205 at 250 ms, side by
 * side, 2026-12-07), and every core is busy through the browser phases.
 */
const browserTests = {
  globalSetup: ['test/setup/build-app.ts'],
  setupFiles: ['test/setup/games.ts'],
  expect: { poll: { interval: 200 } },
};

/**
 * The app installs on a phone and opens offline: a web-app manifest, and a service worker
 * (Workbox's, made at build time) that keeps every file of the build but the QR reader's
 * WebAssembly, kept only once a player scans. Not config.json: each host writes its own
 * after the build, read afresh by every page (src/net/config.ts keeps the last one read for
 * a page opened offline).
 *
 * A new version installs beside the one running and waits: a page at a table keeps the
 * files of the version it loaded, which the server may have dropped, until no tab of the
 * browser is at a table; then the pages on the home screen load the new one
 * (src/ui/controllers/update.svelte.ts, which registers the worker).
 */
const installable = VitePWA({
  injectRegister: false,
  // The icons are among the files kept already (globPatterns).
  includeManifestIcons: false,
  manifest: {
    name: 'Fair Deal',
    short_name: 'Fair Deal',
    description:
      'Card games with friends, peer to peer: no server deals, every player shuffles, every browser checks.',
    start_url: './',
    scope: './',
    display: 'standalone',
    background_color: '#0c3b20',
    theme_color: '#14532d',
    icons: [
      { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: 'icons/icon.svg', sizes: 'any', type: 'image/svg+xml' },
      { src: 'icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: 'icons/maskable.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'maskable' },
    ],
  },
  workbox: {
    // A first visit's page is served by the worker as soon as it is ready; a new version's
    // worker waits until the page tells it no table is open (no skipWaiting).
    clientsClaim: true,
    globPatterns: ['**/*.{js,css,html,svg,png}'],
    navigateFallback: 'index.html',
    runtimeCaching: [
      {
        // The QR reader's 950 kB of WebAssembly, on first use; each build names it anew, and
        // only the last one is kept.
        urlPattern: /\/assets\/zxing_reader-[\w-]+\.wasm$/,
        handler: 'CacheFirst',
        options: { cacheName: 'qr-reader', expiration: { maxEntries: 1 } },
      },
    ],
  },
});

export default defineConfig({
  base: './',
  plugins: [svelte(), installable],
  // No source maps in dist/: it is served as it is, and nothing reads them (deploy.test.ts checks).
  build: {
    target: 'es2022',
    rolldownOptions: {
      output: {
        // The games' catalog in one chunk: the manifest, each game's info and types, and
        // what the games share with it. The page's first chunk holds the manifest, which
        // import()s every game, so without this group each module a game shares with that
        // chunk became a chunk of its own: a dozen under 1 kB, fetched before the home screen.
        codeSplitting: {
          groups: [
            {
              name: 'catalog',
              test: /src\/engine\/(catalog|games\/(manifest|entries|common|\w+\/(info|types)))\.ts$/,
            },
          ],
        },
      },
    },
  },
  test: {
    // Every test's budget: a test that needs longer is split or made cheaper, never given more.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ['default', './test/setup/times.ts'],
    // Every project's files are sorted by the root's sequencer, not by their own.
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: ['test/browser/**', ...LONG_UNIT_FILES],
          ...unitTests,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-long',
          include: LONG_UNIT_FILES,
          ...unitTests,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          exclude: ONE_AT_A_TIME,
          ...browserTests,
          // After the unit tests, not beside them: their pages' heartbeats need the cores.
          maxWorkers: BROWSER_FILES_AT_ONCE,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'browser-alone',
          include: ONE_AT_A_TIME,
          ...browserTests,
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
