/**
 * AbsenceClocks: the countdown, second by second, of every seat that may be claimed
 * absent (on a timed table, every other seat the table waits on; before, those of them
 * whose link is down), and of this player's own time while the table waits on them.
 */
import type { Json } from '../../engine/encoding.ts';
import type { Seat } from '../../engine/game.ts';
import { playsOn } from '../../engine/table/index.ts';
import type { TableSession } from '../../net/table.ts';

/** Another seat that may be claimed absent: when. */
export interface Absence {
  readonly seat: Seat;
  readonly name: string;
  /** Seconds before it may be claimed; 0 once it may. */
  readonly secondsLeft: number;
  /** True on a timed table: its time runs whether its link is up or not. */
  readonly timed: boolean;
  /** True at a table that plays on without a seat claimed absent (a big table, recovery.ts). */
  readonly playsOn: boolean;
}

/** This player's own time: seconds left, and whether a claim names them (then to answer it). */
export interface OwnClock {
  readonly secondsLeft: number;
  readonly claimed: boolean;
}

/** Seconds left below which this player's own clock says to hurry. */
export const LOW_SECONDS = 10;

export class AbsenceClocks {
  /** The other seats that may be claimed, in seat order, while the game runs. */
  current = $state.raw<readonly Absence[]>([]);
  /** This player's own time, while the table waits on them; null otherwise. */
  own = $state.raw<OwnClock | null>(null);
  private timer: ReturnType<typeof setInterval> | null = null;
  private timed = false;

  constructor(
    private readonly session: TableSession<Json>,
    private readonly names: readonly string[],
  ) {}

  /** Keeps every clock that runs ticking; `timed` on a table with a time control. */
  update(timed: boolean): void {
    this.timed = timed;
    this.read();
    if (this.current.length === 0 && this.own === null) this.stop();
    else this.timer ??= setInterval(() => this.read(), 1000);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private read(): void {
    const now = Date.now();
    const left = (due: number) => Math.max(0, Math.ceil((due - now) / 1000));
    const goesOn = playsOn(this.session.snapshot.state);
    this.current = this.session.absences().map(({ seat, due }) => ({
      seat,
      name: this.names[seat] ?? `Seat ${seat}`,
      secondsLeft: left(due),
      timed: this.timed,
      playsOn: goesOn,
    }));
    const own = this.session.ownDeadline();
    this.own = own === null ? null : { secondsLeft: left(own.due), claimed: own.claimed };
  }
}
