/**
 * AbsenceClocks: the countdown, second by second, of every seat the session's absence
 * clock runs for, until that seat may be declared absent.
 */
import type { Json } from '../../engine/encoding.ts';
import type { Seat } from '../../engine/game.ts';
import type { TableSession } from '../../net/table.ts';

/** Another seat the table waits on while its link is down: when it may be declared absent. */
export interface Absence {
  readonly seat: Seat;
  readonly name: string;
  /** Seconds before it may be declared absent; 0 once it may. */
  readonly secondsLeft: number;
}

export class AbsenceClocks {
  /** The seats the table waits on whose link is down, in seat order, while the game runs. */
  current = $state.raw<readonly Absence[]>([]);
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly session: TableSession<Json>,
    private readonly names: readonly string[],
  ) {}

  /** Keeps the countdown of every seat the session's absence clock runs for ticking. */
  update(): void {
    if (this.session.absences().length === 0) this.stop();
    else this.timer ??= setInterval(() => this.read(), 1000);
    this.read();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private read(): void {
    const limit = this.session.genesis.absentAfterMs;
    const now = Date.now();
    this.current = this.session.absences().map(({ seat, since }) => ({
      seat,
      name: this.names[seat] ?? `Seat ${seat}`,
      secondsLeft: Math.max(0, Math.ceil((since + limit - now) / 1000)),
    }));
  }
}
