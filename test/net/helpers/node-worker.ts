/**
 * A crypto worker for Node's worker_threads: the jobs of src/net/work.ts over
 * comlink's node adapter, as src/net/crypto-worker.ts serves them to a page.
 */
import { parentPort } from 'node:worker_threads';
import { expose } from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import { work } from '../../../src/net/work.ts';

work.prepare();
expose(work, nodeEndpoint(parentPort!));
