/**
 * The log's waiting room: events whose own bytes passed the checks but whose `prev`, or
 * an event their basis or `heads` names, is not accepted yet. Each waits under the hash,
 * or the `(author, seq)` slot, of what it waits for; its author's slot is held, for
 * equivocation checks; each author's count is kept, for the bound on waiting.
 */
import type { Seat } from './game.ts';
import { slot, type Candidate } from './log-checks.ts';

/** The events waiting for a dependency, and what each waits for. */
export class WaitingRoom {
  private readonly pending = new Map<string, Candidate>();
  /** `${author}:${seq}` of every pending event, for equivocation checks. */
  private readonly slots = new Map<string, Candidate>();
  /** Dependency hash (or slot) -> hashes of pending events waiting for it. */
  private readonly waiting = new Map<string, Set<string>>();
  /** Each author's count, by seat; a seat with none waiting may have no entry (read as 0). */
  private readonly perSeat: number[] = [];

  /** Number of events waiting. */
  get size(): number {
    return this.pending.size;
  }

  /** True when the event `hash` waits here. */
  has(hash: string): boolean {
    return this.pending.has(hash);
  }

  /** The waiting event `hash`, if any. */
  get(hash: string): Candidate | undefined {
    return this.pending.get(hash);
  }

  /** The waiting event in `author`'s slot `seq`, if any. */
  inSlot(event: { readonly author: Seat; readonly seq: number }): Candidate | undefined {
    return this.slots.get(slot(event));
  }

  /** Every waiting event, as a list of its own: the caller may remove some meanwhile. */
  candidates(): Candidate[] {
    return [...this.pending.values()];
  }

  /** How many of `author`'s events wait. */
  heldOf(author: Seat): number {
    return this.perSeat[author] ?? 0;
  }

  /** Every hash or slot some event waits for. */
  waitedFor(): IterableIterator<string> {
    return this.waiting.keys();
  }

  /** Parks `candidate` until `missing` is accepted. */
  hold(candidate: Candidate, missing: string): void {
    const { author } = candidate.event;
    this.pending.set(candidate.hash, candidate);
    this.slots.set(slot(candidate.event), candidate);
    this.perSeat[author] = (this.perSeat[author] ?? 0) + 1;
    this.wait(candidate.hash, missing);
  }

  /** Has the waiting event `hash` wait for `missing` (now, or instead of what it waited for). */
  wait(hash: string, missing: string): void {
    const set = this.waiting.get(missing) ?? new Set<string>();
    set.add(hash);
    this.waiting.set(missing, set);
  }

  /**
   * The hashes of the events that waited for `entry`, by hash or by slot, now accepted:
   * each is to be placed again, and waits for it no more.
   */
  takeWaiters(entry: Candidate): Set<string> {
    const waiters = new Set<string>();
    for (const key of [entry.hash, slot(entry.event)]) {
      this.waiting.get(key)?.forEach((hash) => waiters.add(hash));
      this.waiting.delete(key);
    }
    return waiters;
  }

  /** Takes `candidate` out of the room: placed, refused or dropped. */
  remove(candidate: Candidate): void {
    const { author } = candidate.event;
    this.pending.delete(candidate.hash);
    this.slots.delete(slot(candidate.event));
    this.perSeat[author] = (this.perSeat[author] ?? 1) - 1;
  }

  /**
   * Forgets the events that wait for `candidate`, which the log will never hold, and
   * those that wait for them: each sorts after what it waits for.
   */
  discardWaiters(candidate: Candidate): void {
    for (const key of [candidate.hash, slot(candidate.event)]) {
      const waiters = this.waiting.get(key);
      this.waiting.delete(key);
      waiters?.forEach((hash) => {
        const waiter = this.pending.get(hash);
        if (waiter === undefined) return;
        this.remove(waiter);
        this.discardWaiters(waiter);
      });
    }
  }
}
