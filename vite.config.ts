import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';

export default defineConfig({
  base: './',
  plugins: [svelte()],
  build: { target: 'es2022', sourcemap: true },
  test: {
    // Three files at once on two cores: the browser tests mostly wait (on links, timers,
    // other pages), so one file at a time per core left the machine idle half the run. Four
    // starved a page's heartbeats past the 5 s a link may stay silent, once in four runs.
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: ['test/browser/**'],
          setupFiles: ['test/setup/seeded-random.ts'],
          testTimeout: 120_000,
          // Whole games with real cryptography are set up in hooks; 2 busy cores make them slow.
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 120_000,
          // Each file runs its own servers and Chromium on free ports: files run side by side.
        },
      },
    ],
  },
});
