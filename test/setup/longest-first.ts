/**
 * Starts the browser files that take longest first, so that the two files running at once
 * finish together rather than one starting a long file while the other core idles. Vitest
 * puts first what took longest in this machine's last run, and on a fresh clone, which
 * has no such record, the largest file, which is not the longest. Measured on two idle
 * cores (2026-11-29), these three take near three minutes each (axe on every screen, with a
 * Batailles game then, 177 s; the lobby 174 s; Firefox 173 s); every other file under 90 s.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const LONGEST = ['a11y', 'lobby', 'firefox'].map((file) => `/test/browser/${file}.test.ts`);

const rank = (file: TestSpecification) => {
  const place = LONGEST.findIndex((end) => file.moduleId.endsWith(end));
  return place === -1 ? LONGEST.length : place;
};

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
