/**
 * The browser projects' global setup: the app is built once for the whole run, and every
 * browser test file serves that one build (test/browser/harness.ts `useStack`).
 */
import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../../scripts/stack.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder the app was built into for this run. */
    appDir: string;
  }
}

/**
 * The one build of this run. Vitest loads this file once per browser project, each time
 * as a module of its own: the build is kept on the process, where both find it.
 */
const run = globalThis as { fairdealAppDir?: Promise<string> };

export default async function setup(project: TestProject) {
  run.fairdealAppDir ??= buildApp();
  const appDir = await run.fairdealAppDir;
  project.provide('appDir', appDir);
  return () => rmSync(appDir, { recursive: true, force: true });
}
