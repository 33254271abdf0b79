/**
 * Starts test/net/helpers/node-worker.ts in a worker thread: Node runs no
 * TypeScript by itself, and a worker does not inherit the test's loader, so it
 * registers tsx's before it imports the worker.
 */
import { register } from 'tsx/esm/api';

register();
await import('./node-worker.ts');
