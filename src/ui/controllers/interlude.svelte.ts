/**
 * MatchInterlude: the pause between two games of a match. The session holds this
 * player's first duty of the next game, so a person reads how the last one ended; the
 * pause says who is ready and counts down to the next game, which then starts by itself.
 */
import type { Json } from '../../engine/encoding.ts';
import type { Seat } from '../../engine/game.ts';
import { startsNextGame } from '../../engine/table/index.ts';
import type { SeatSnapshot, TableSession } from '../../net/table.ts';
import { describeInterlude } from '../words/outcome.ts';

/** How long a finished game of a match stays on screen before the next one starts by itself. */
export const NEXT_GAME_SECONDS = 20;

/** Between two games of a match: how the last one ended, who is ready, the countdown. */
export interface Interlude {
  /** The last game and the score, in words. */
  readonly summary: string;
  /** Names of the other players who have not pressed Next game yet. */
  readonly waitingFor: readonly string[];
  /** Seconds before this player's next game starts by itself; null once it pressed Next game. */
  readonly secondsLeft: number | null;
}

export class MatchInterlude {
  /** Set between two games of a match, until every player has pressed Next game. */
  current = $state.raw<Interlude | null>(null);
  /** While this player's next game is held: when it starts by itself, and the ticking timer. */
  private countdown: { deadline: number; timer: ReturnType<typeof setInterval> } | null = null;

  constructor(
    private readonly session: TableSession<Json>,
    private readonly names: readonly string[],
    private readonly seat: Seat,
    private readonly seconds: number,
  ) {
    // A person reads how a game of the match ended before the next one is dealt.
    session.holdNextGame(true);
  }

  /** Reads the interlude from `table`, starting or stopping this player's countdown to match. */
  update(table: SeatSnapshot<Json>): void {
    const { state } = table;
    if (table.stopped || !startsNextGame(state)) {
      this.stop();
      this.current = null;
      return;
    }
    if (!table.nextGameHeld) this.stop();
    else if (!this.countdown) {
      const timer = setInterval(() => this.tick(), 1000);
      this.countdown = { deadline: Date.now() + this.seconds * 1000, timer };
    }
    this.current = {
      summary: describeInterlude(this.session.genesis.game, state.game, this.names) ?? '',
      waitingFor: this.names.filter((_, seat) => seat !== this.seat && state.keys[seat] === null),
      secondsLeft: this.secondsLeft(),
    };
  }

  stop(): void {
    if (this.countdown) clearInterval(this.countdown.timer);
    this.countdown = null;
  }

  private secondsLeft(): number | null {
    return this.countdown
      ? Math.max(0, Math.ceil((this.countdown.deadline - Date.now()) / 1000))
      : null;
  }

  private tick(): void {
    const left = this.secondsLeft();
    if (left === 0) this.session.startNextGame();
    else if (this.current) this.current = { ...this.current, secondsLeft: left };
  }
}
