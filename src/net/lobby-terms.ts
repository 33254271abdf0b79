/**
 * The terms of the lobby's game: a table's options are checked with its game's terms (its
 * setup, decks and seat count), which a page loads for that game alone (`loadTerms`),
 * without its rules. A roster for a game whose terms have not loaded yet waits for them,
 * and every message after it too, so that each is still taken in the order it came; a
 * host's page waits for them before its table can start. Terms that cannot load leave the
 * lobby waiting, and say why. The table session, which plays the rules, takes them from
 * the registry once the genesis is agreed.
 */
import type { GameId } from '../engine/catalog.ts';
import type { AnyTerms } from '../engine/game.ts';
import { loadTerms, suitsSeats } from '../engine/games/playable.ts';
import type { LobbyMessage, TableInfo, WireMessage } from './messages.ts';

/** Messages held while a roster waits for its game's terms; more are dropped. */
const MAX_HELD = 1000;

/** Why `rules` refuse the options of `table`, or null when they suit it. */
export function optionsRefused(rules: AnyTerms, { options, seats }: TableInfo): string | null {
  if (!rules.setup(options).ok) return 'options the game refuses';
  if (!suitsSeats(rules, options, seats)) return 'options for another number of players';
  return null;
}

/** What the terms wait reads of its lobby, and what it asks of it. */
export interface TermsLobby {
  /** Takes in a message that waited for the terms, as it would have when it came. */
  receive(from: string, message: WireMessage): void;
  /** Drops a message from `peer`, saying why. */
  drop(peer: string, reason: string): void;
  /** Something the page shows changed. */
  changed(): void;
}

/** The lobby's wait for its game's terms: see the top of this file. */
export class TermsWait {
  /** The game whose terms are loading, and why they could not load; null when none waits. */
  loading: { game: GameId; error: string | null } | null = null;
  /**
   * The messages that came since a roster began to wait for its game's terms, in order;
   * null when none waits.
   */
  private held: { from: string; message: WireMessage }[] | null = null;

  constructor(private readonly lobby: TermsLobby) {}

  /** At the host: loads the terms of the table's `game`, which it cannot start without. */
  load(game: GameId): void {
    this.loading = { game, error: null };
    loadTerms(game).then(
      () => {
        this.loading = null;
        this.lobby.changed();
      },
      (e: unknown) => {
        this.loading = { game, error: (e as Error).message };
        this.lobby.changed();
      },
    );
  }

  /**
   * Holds `roster`, and every message after it, until the terms of its game load; then
   * has the lobby take them in the order they came.
   */
  hold(from: string, roster: LobbyMessage & { type: 'roster' }): void {
    const { game } = roster.table;
    const held: { from: string; message: WireMessage }[] = [{ from, message: roster }];
    this.held = held;
    this.loading = { game, error: null };
    loadTerms(game).then(
      () => {
        // Closed meanwhile: nothing more to take.
        if (this.held !== held) return;
        this.held = null;
        this.loading = null;
        for (const { from, message } of held) this.lobby.receive(from, message);
        this.lobby.changed();
      },
      (e: unknown) => {
        if (this.held !== held) return;
        this.loading = { game, error: (e as Error).message };
        this.lobby.changed();
      },
    );
  }

  /** True when `message` waits behind a roster (or, past the bound, is dropped): not to take now. */
  holds(from: string, message: WireMessage): boolean {
    if (!this.held) return false;
    if (this.held.length < MAX_HELD) this.held.push({ from, message });
    else this.lobby.drop(from, 'a message while the rules of the table’s game load');
    return true;
  }

  /** Takes nothing more that waits. */
  close(): void {
    this.held = null;
  }
}
