/**
 * A crypto worker: a Web Worker that does the jobs of src/net/work.ts for the
 * page's pool (src/net/pool.ts), over comlink. It loads libsodium and builds
 * its fixed-base tables as it starts, and every job waits for them, so the
 * first proof it makes or checks does not pay for them.
 */
import { expose } from 'comlink';
import { afterReady, prepareThread, work } from './work.ts';

expose(afterReady(work, prepareThread()));
