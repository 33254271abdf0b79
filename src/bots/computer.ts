/**
 * A computer player: a peer like any other, with its own replica, keys and
 * links, that chooses its moves with the game's bot from what its seat may
 * see. It runs in the same page as a human (solo play) or in the simulator.
 */
import { botAt, type Level } from '../engine/game.ts';
import type { TableSession } from '../net/table.ts';

/** Mulberry32: a small seeded generator, so `--seed` replays the bots' choices. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A seed for a computer player that nobody can guess: drawn from the platform's
 * cryptographic generator, not the clock, so an opponent who knows when the
 * computer joined cannot replay its tie-breaks.
 */
export function freshSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0]!;
}

export class ComputerPlayer {
  private thinking = false;
  private readonly unsubscribe: () => void;

  /** `delayMs` paces the bot so a human can follow its moves; `level` says how well it plays. */
  constructor(
    private readonly session: TableSession,
    private readonly random: () => number,
    private readonly delayMs = 0,
    private readonly level: Level = 'good',
  ) {
    this.unsubscribe = session.subscribe(() => this.consider());
    this.consider();
  }

  stop(): void {
    this.unsubscribe();
  }

  private consider(): void {
    if (this.thinking) return;
    this.thinking = true;
    // Its moves read in a task of its own, not in the one that changed the table: reading
    // the seat's cards the first time takes a multiplication each, and every computer in
    // the page hears the same change.
    setTimeout(() => {
      if (this.session.legalActions().length === 0) {
        this.thinking = false;
        return;
      }
      setTimeout(() => this.choose(), this.delayMs);
    }, 0);
  }

  private choose(): void {
    this.thinking = false;
    const state = this.session.replica.state.game;
    const choice = botAt(this.session.playable, this.level)(
      this.session.playable.view(state, this.session.seat),
      this.session.legalActions(),
      this.random,
      this.session.knownFaces(),
    );
    if (choice) this.session.act(choice);
  }
}
