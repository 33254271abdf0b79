/**
 * Autoplay: the game's computer player plays for this player while it is on, one move
 * at a time after a delay, and goes on to the next game of a match for it too. It plays
 * at the good level (the game's `bot`) whatever level the computer opponents play: it
 * stands in for the player, who would not want their game thrown.
 */
import type { Json, JsonObject } from '../../engine/encoding.ts';
import type { Seat } from '../../engine/game.ts';
import type { TableSession } from '../../net/table.ts';

export class Autoplay {
  on = $state(false);
  private pending = false;

  /** `act` makes a move as the player would. */
  constructor(
    private readonly session: TableSession<Json>,
    private readonly seat: Seat,
    private readonly delayMs: number,
    private readonly act: (action: JsonObject) => void,
  ) {}

  set(on: boolean): void {
    this.on = on;
    const { legal, nextGameHeld } = this.session.snapshot;
    this.update(legal.length > 0 || nextGameHeld);
  }

  /** Plays, after the delay, when this player `owes` a move or holds its next game. */
  update(owes: boolean): void {
    if (!this.on || this.pending || !owes) return;
    this.pending = true;
    setTimeout(() => {
      this.pending = false;
      if (!this.on) return;
      // Playing for this player includes going on to the next game of the match.
      // Choose on the table as it is now: events may have arrived since this was scheduled.
      const { nextGameHeld, legal, known, state, playable } = this.session.snapshot;
      if (nextGameHeld) return this.session.startNextGame();
      const view = playable.view(state.game, this.seat, known);
      const choice = legal.length > 0 ? playable.bot(view, legal, Math.random, known) : null;
      if (choice) this.act(choice);
    }, this.delayMs);
  }
}
