/**
 * How a player's clicks become a signed move, the same on every board. While "Confirm my
 * moves" is on (`ConfirmMoves`), a click that names a whole move (Flip, a guess, a river
 * card to swap, a card to discard, where a run goes) only chooses it: the board shows it
 * chosen and its frame offers "Confirm: …", the move in words, which alone signs it;
 * Escape, Cancel or a second click on the choice takes it back. While it is off, that
 * click signs at once. A move built of picks (the cards of an attack, the two cards of a
 * lay) is signed by its own button, which says "Confirm: …" while the setting is on: the
 * picks were the choice, so no move asks for two confirmations.
 */
import type { Json } from '../../engine/encoding.ts';
import { encodeCanonical } from '../../engine/encoding.ts';

/** A move chosen, awaiting its confirmation. */
export interface Chosen<M> {
  /** The control it was chosen on, as the board names it: a second click there takes it back. */
  readonly key: string;
  readonly move: M;
  /** The move in words, to follow "Confirm: ". */
  readonly words: string;
}

/** What a board's frame does with a choice: offers to confirm it, or to take it back. */
export interface Confirmable {
  readonly chosen: { readonly words: string } | null;
  confirm(): void;
  cancel(): boolean;
}

export class MoveChoice<M extends object> implements Confirmable {
  private picked = $state.raw<Chosen<M> | null>(null);
  /**
   * The move chosen and awaiting its confirmation; null when none is, when moves are
   * signed at once, or once it is no longer a legal move (another player's move came first).
   */
  readonly chosen = $derived.by((): Chosen<M> | null => {
    const picked = this.picked;
    return picked !== null && this.confirming && offered(this.legal(), picked.move) ? picked : null;
  });

  constructor(
    /** The player's setting; none (a replay) signs at once, though nothing is played there. */
    private readonly setting: { readonly on: boolean } | undefined,
    /** The moves this player may make now, as the board offers them (none under the computer). */
    private readonly legal: () => readonly M[],
    private readonly sign: (move: M) => void,
    /** Drops the board's picks, saying whether there were any: a whole choice is taken back. */
    private readonly dropPicks: () => boolean = () => false,
  ) {}

  /** True while moves wait for their confirmation. */
  get confirming(): boolean {
    return this.setting?.on ?? false;
  }

  /** A click on `key`, which names the whole move `move`: chooses it, or takes it back, or signs it. */
  choose(key: string, move: M, words: string): void {
    if (!this.confirming) {
      this.picked = null;
      this.sign(move);
      return;
    }
    this.picked = this.chosen?.key === key ? null : { key, move, words };
  }

  /** True while the move chosen on `key` awaits confirmation. */
  isChosen(key: string): boolean {
    return this.chosen?.key === key;
  }

  /**
   * The `aria-pressed` of a control that chooses a whole move: a toggle while moves wait
   * for confirmation, a plain button (undefined) while a click signs.
   */
  pressed(key: string): boolean | undefined {
    return this.confirming ? this.isChosen(key) : undefined;
  }

  /** Signs the move chosen. */
  confirm(): void {
    const chosen = this.chosen;
    this.picked = null;
    if (chosen) this.sign(chosen.move);
  }

  /** Signs a move built of picks, from its own button. */
  signBuilt(move: M): void {
    this.picked = null;
    this.sign(move);
  }

  /** The label of a button that signs a move built of picks: `own`, or "Confirm: " and `words`. */
  label(own: string, words: string): string {
    return this.confirming ? `Confirm: ${words}` : own;
  }

  /** Takes back the move chosen, keeping the picks: they now make another move. */
  drop(): void {
    this.picked = null;
  }

  /** Takes back the move chosen and the picks; true when there was anything to take back. */
  cancel(): boolean {
    const had = this.chosen !== null;
    this.picked = null;
    return this.dropPicks() || had;
  }
}

/**
 * True when a legal move holds every field of `move`: the rules add the mover's seat to
 * some of theirs, which a board's move leaves out.
 */
function offered<M extends object>(legal: readonly M[], move: M): boolean {
  const fields = Object.entries(move).map(
    ([key, value]) => [key, encodeCanonical(value as Json)] as const,
  );
  return legal.some((other) => {
    const all = other as Record<string, unknown>;
    return fields.every(
      ([key, value]) => key in all && encodeCanonical(all[key] as Json) === value,
    );
  });
}
