import { deriveContext } from '../../../crypto/index.ts';
import type { CardId, Seat } from '../game.ts';
import { deckId, deckIndex } from './decks.ts';
import type { TableState } from './types.ts';

/** What a proof is for, beyond where it stands in the log. */
export interface Purpose {
  /** What the step does: 'deck key', 'shuffle', 'reveal', 'deal', 'rekey', ... */
  readonly purpose: string;
  /** The cards it works on; their decks are bound too. */
  readonly cards?: readonly CardId[];
  /** The deck names, when no card exists yet (the keys of the table's first shuffle). */
  readonly decks?: readonly string[];
}

/**
 * The context a proof (or commitment) is bound to: the table's genesis, the
 * step number, the kind of event, its author, and what it is for: its
 * purpose, the decks and the card ids. A proof made for one deck, one set of
 * cards or one purpose verifies nowhere else, even at the same step.
 */
export function proofContext(
  state: TableState<unknown>,
  kind: string,
  seat: Seat,
  { purpose, cards = [], decks }: Purpose,
): Uint8Array {
  const names = decks ?? [
    // Stryker disable next-line StringLiteral,OptionalChaining: every card id the table passes lies in a deck, and prover and verifier derive the same bytes
    ...new Set(cards.map((id) => state.decks[deckIndex(state.decks, id)]?.name ?? '')),
  ];
  const ids = new Uint8Array(4 * cards.length);
  const view = new DataView(ids.buffer);
  cards.forEach((id, i) => view.setUint32(4 * i, id, true));
  return deriveContext(
    'fairdeal/table',
    state.genesisHash,
    kind,
    state.stepNo,
    seat,
    purpose,
    deriveContext('decks', ...names.map((name) => deckId(state.genesis, name))),
    ids,
  );
}
