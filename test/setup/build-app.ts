/**
 * The browser tests' global setup: the app is built once for the whole run, and every
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

export default async function setup(project: TestProject) {
  const appDir = await buildApp();
  project.provide('appDir', appDir);
  return () => rmSync(appDir, { recursive: true, force: true });
}
