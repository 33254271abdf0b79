/**
 * What one seat knows of the faces at a table, over time: faces it has read
 * stay known to it while their ids name the same cards. A card it placed
 * facedown stays known after another player's peek has moved it under the
 * peeker's layer, or after a fight's lock put a second layer on it; a card
 * seen in a fight stays known after another fight showed it to others. A
 * fresh deck forgets all, a re-mask the cards it permuted. The table at play
 * and its replay keep one each, fed every state in turn.
 */
import type { TableState } from '../../engine/table/index.ts';

export class FaceMemory {
  private readonly faces = new Map<number, number>();
  /** How many of each seat's re-masks have had their cards forgotten. */
  private readonly remasksSeen: number[] = [];

  /**
   * The faces known in `state`, the next state this seat has seen: those it
   * reads now (`fresh`) and those it read before that still hold.
   */
  update(state: TableState<unknown>, fresh: ReadonlyMap<number, number>): Map<number, number> {
    // Mid-shuffle, ids are positions in a deck still being permuted: nothing read there lasts.
    if (state.step.type === 'SHUFFLE') {
      this.faces.clear();
      return new Map(fresh);
    }
    // A re-masked hand's ids name a permutation of its cards: what was known of them is void.
    state.remasks.forEach((list, seat) => {
      for (const { cards } of list.slice(this.remasksSeen[seat] ?? 0))
        for (const id of cards) this.faces.delete(id);
      this.remasksSeen[seat] = list.length;
    });
    for (const [id, face] of fresh) this.faces.set(id, face);
    return new Map(this.faces);
  }
}
