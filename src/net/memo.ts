/**
 * A pool's memory of the checks it did (`pool.ts`, `workers.ts`): a module of its own, so
 * that the page's pool of workers loads none of the cryptography the in-thread pool runs.
 */
import { checkId, type CheckJob } from '../engine/table/check-id.ts';
import type { CheckDone } from './work.ts';

/** Answers kept by a `CheckMemo`: a few hundred checks, more than a table has under way. */
const KEPT_CHECKS = 512;

/**
 * Each check done once however often it is asked: the sessions of a page with
 * computer players share one pool, and every one of them checks every event.
 * A check that failed to run (not one that answered false) is forgotten.
 */
export class CheckMemo {
  private readonly answers = new Map<string, Promise<CheckDone>>();

  run(job: CheckJob, check: () => Promise<CheckDone>): Promise<CheckDone> {
    const id = checkId(job);
    const kept = this.answers.get(id);
    if (kept) return kept;
    const answer = check();
    this.answers.set(id, answer);
    answer.catch(() => this.answers.delete(id));
    if (this.answers.size > KEPT_CHECKS) this.answers.delete(this.answers.keys().next().value!);
    return answer;
  }
}
