/**
 * A crypto worker: a Web Worker that does the jobs of src/net/work.ts for the
 * page's pool (src/net/pool.ts), over comlink. It builds its fixed-base tables
 * as it starts (messages wait until this module has run), so the first proof
 * it makes or checks does not pay for them.
 */
import { expose } from 'comlink';
import { work } from './work.ts';

work.prepare();
expose(work);
