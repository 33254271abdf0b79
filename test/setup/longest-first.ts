/**
 * The order test files start in, for the whole run (`sequence.sequencer` at the root of
 * vite.config.ts: Vitest sorts every project's files with the root's sequencer). Within a
 * phase (`groupOrder`), the files known to take longest start first, so that the files
 * running at once finish together rather than one long file running alone at the end
 * while the other core idles. Vitest's own order puts a phase's projects one after the
 * other by name, which ran every long unit file (`unit-long`) after all the short ones;
 * and on a fresh clone, with no timings of a last run, it starts the largest files first,
 * which are not the longest.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The unit files that play whole tables, or many, each 10 s or more on two idle cores
 * (2026-12-06), longest first: the command-line tools run as subprocesses, the adversaries
 * that play every game against the fold and the network, the clock against real timers.
 * They run in `npm test`, beside the others, and stay out of `npm run test:quick`.
 */
export const LONG_UNIT_FILES = [
  'cli',
  'net/absence',
  'net/gossip',
  'engine/adversary/audit-collusion',
  'engine/adversary/fold-property',
  'ui/clock',
  'net/watch',
  'engine/blackred-table',
  'engine/adversary/checks-net',
  'net/resume',
  'engine/adversary/flood',
  'engine/adversary/fuzz',
  'engine/batailles-privacy',
].map((file) => `test/${file}.test.ts`);

/**
 * The browser files that take longest beside another, longest first (a clean clone,
 * 2026-12-06: Firefox 139 s, the lobby 117 s, axe on every screen 63 s; every other file
 * beside another under 45 s).
 */
const LONG_BROWSER_FILES = ['firefox', 'lobby', 'a11y'].map(
  (file) => `test/browser/${file}.test.ts`,
);

const LONGEST = [...LONG_UNIT_FILES, ...LONG_BROWSER_FILES].map((file) => `/${file}`);

const rank = (file: TestSpecification) => {
  const place = LONGEST.findIndex((end) => file.moduleId.endsWith(end));
  return place === -1 ? LONGEST.length : place;
};

const phase = (file: TestSpecification) => file.project.config.sequence.groupOrder;

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return (await super.sort(files)).sort((a, b) => phase(a) - phase(b) || rank(a) - rank(b));
  }
}
