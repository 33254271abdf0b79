/**
 * TabHold: the table this tab holds (`tabs.ts`), so that no second tab of this browser
 * runs it under the same key. A tab sent back to a table another tab holds says so
 * (`elsewhere`) and may wait to take it over; a tab that visits such a table's invite may
 * still sit at it as another player (`shared`), its seat kept in memory only.
 */
import type { Release, TableLocks } from './tabs.ts';

export class TabHold {
  /** A table this page was sent to that another tab of this browser holds. */
  elsewhere = $state<string | null>(null);
  /** This page waits for the other tab to let go of `elsewhere`, to take it over. */
  waitingForTab = $state(false);
  /**
   * Another tab of this browser holds the table this page visits: a seat taken here is
   * another player's, kept in memory only, so a reload here does not come back to it.
   */
  shared = $state(false);
  /** The table this tab holds, and what lets it go. */
  private held: { id: string; release: Release } | null = null;
  /** Stops waiting for another tab to let go of a table. */
  private waiting: AbortController | null = null;

  constructor(private readonly locks: TableLocks) {}

  /** Holds table `id` for this tab, letting go of the one it held; false when another tab holds it. */
  async hold(id: string): Promise<boolean> {
    if (this.held?.id === id) return true;
    const release = await this.locks.take(id);
    if (!release) return false;
    this.letGo();
    this.held = { id, release };
    return true;
  }

  /**
   * Waits until the tab that holds `elsewhere` lets go of it (closes, leaves the page, or
   * leaves the table), then holds it here: its id, or null when there is nothing to take
   * over (already waiting, or gone home meanwhile).
   */
  async takeOver(): Promise<string | null> {
    const id = this.elsewhere;
    if (id === null || this.waiting) return null;
    this.waiting = new AbortController();
    this.waitingForTab = true;
    try {
      const release = await this.locks.wait(id, this.waiting.signal);
      this.letGo();
      this.held = { id, release };
    } catch {
      // Gone home while waiting: nothing to take over.
      return null;
    } finally {
      this.waiting = null;
      this.waitingForTab = false;
    }
    this.elsewhere = null;
    return id;
  }

  letGo(): void {
    this.held?.release();
    this.held = null;
  }

  /** Home: no table held, none waited for. */
  reset(): void {
    this.waiting?.abort();
    this.elsewhere = null;
    this.shared = false;
    this.letGo();
  }
}
