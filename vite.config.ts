import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import LongestFirst from './test/setup/longest-first.ts';

/**
 * Browser test files at once, each with its own Chromium, PeerServer and app server.
 * Measured on two idle cores, the browser tests alone (2026-11-27): one file at a time
 * took 533 s, two 383 s, three 400 s. Two is the fastest, and at three each test slows
 * down too far for its 60 s: the three-page Batailles games went from 28 s alone to 58 s.
 */
const BROWSER_FILES_AT_ONCE = 2;

/**
 * The browser files that play whole games of War, which last as long as their deal: a
 * deal in a hundred runs past 660 battles, about 35 s of play on a page that has the
 * machine to itself, and twice that beside another file. They run last, one at a time.
 */
const WHOLE_WARS = ['war', 'rematch', 'resume', 'reconnect'].map(
  (file) => `test/browser/${file}.test.ts`,
);

export default defineConfig({
  base: './',
  plugins: [svelte()],
  // No source maps in dist/: it is served as it is, and nothing reads them (deploy.test.ts checks).
  build: { target: 'es2022' },
  test: {
    // Every test's budget: a test that needs longer is split or made cheaper, never given more.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ['default', './test/setup/slowest.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: ['test/browser/**'],
          setupFiles: ['test/setup/seeded-random.ts'],
          // Pure computation: one file per core.
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          exclude: WHOLE_WARS,
          globalSetup: ['test/setup/build-app.ts'],
          // After the unit tests, not beside them: their pages' heartbeats need the cores.
          maxWorkers: BROWSER_FILES_AT_ONCE,
          sequence: { groupOrder: 1, sequencer: LongestFirst },
        },
      },
      {
        extends: true,
        test: {
          name: 'browser-alone',
          include: WHOLE_WARS,
          globalSetup: ['test/setup/build-app.ts'],
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
