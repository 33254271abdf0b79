/**
 * Autoplay: the game's computer player plays for this player while it is on, one move
 * at a time after a delay, and goes on to the next game of a match for it too.
 */
import type { Json, JsonObject } from '../../engine/encoding.ts';
import type { Seat } from '../../engine/game.ts';
import type { TableSession } from '../../net/table.ts';

export class Autoplay {
  on = $state(false);
  private pending = false;

  /**
   * `seen`: the moves this seat has now and the faces it knows; `act` makes a move as
   * the player would.
   */
  constructor(
    private readonly session: TableSession<Json>,
    private readonly seat: Seat,
    private readonly delayMs: number,
    private readonly seen: {
      readonly legal: readonly JsonObject[];
      readonly known: ReadonlyMap<number, number>;
    },
    private readonly act: (action: JsonObject) => void,
  ) {}

  set(on: boolean): void {
    this.on = on;
    this.update();
  }

  /** Plays, after the delay, when this player owes a move or holds its next game. */
  update(): void {
    const owes = this.seen.legal.length > 0 || this.session.nextGameHeld;
    if (!this.on || this.pending || !owes) return;
    this.pending = true;
    setTimeout(() => {
      this.pending = false;
      if (!this.on) return;
      // Playing for this player includes going on to the next game of the match.
      if (this.session.nextGameHeld) return this.session.startNextGame();
      // Choose on the state as it is now: events may have arrived since this was scheduled.
      const legal = this.session.legalActions();
      const known = this.seen.known;
      const view = this.session.playable.view(this.session.replica.state.game, this.seat, known);
      const choice =
        legal.length > 0 ? this.session.playable.bot(view, legal, Math.random, known) : null;
      if (choice) this.act(choice);
    }, this.delayMs);
  }
}
