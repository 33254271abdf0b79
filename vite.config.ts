import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';

/**
 * Browser test files at once, each with its own Chromium, PeerServer and app server.
 * Measured on two idle cores, the browser tests alone (2026-11-27): one file at a time
 * took 533 s, two 383 s, three 400 s. Two is the fastest, and at three each test slows
 * down too far for its 60 s: the three-page Batailles games went from 28 s alone to 58 s.
 */
const BROWSER_FILES_AT_ONCE = 2;

export default defineConfig({
  base: './',
  plugins: [svelte()],
  build: { target: 'es2022', sourcemap: true },
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
          globalSetup: ['test/setup/build-app.ts'],
          // After the unit tests, not beside them: their pages' heartbeats need the cores.
          maxWorkers: BROWSER_FILES_AT_ONCE,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
