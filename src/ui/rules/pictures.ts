/**
 * The pictures of the rules screen: situations of each game drawn with the cards the
 * boards draw, each beside the rule it shows. Each game's are in its UI folder
 * (`src/ui/games/<id>/pictures.ts`). The rules themselves are the engine's (`rules` of
 * each game), so the words a player reads before sitting down are the ones beside the
 * table.
 */
import type { Component } from 'svelte';
import { faceOf, SUITS, type Face } from '../../engine/cards.ts';
import type { GameId } from '../../engine/catalog.ts';

export interface Picture {
  /** The rule (its index in the game's `rules`) the picture follows. */
  readonly rule: number;
  /** Each row's label and its cards, as `facesOf` reads them. */
  readonly rows: Readonly<Record<string, string>>;
  readonly caption: string;
}

/** A game's pictures, and how its cards are read and drawn where they are no standard cards. */
export interface GamePictures {
  readonly pictures: readonly Picture[];
  /** A card's face from its label; a standard card's (`10♥`, `K♠`) where absent. */
  readonly face?: (label: string) => Face;
  /** The card the game's board draws, for a face; the standard `Card`, small, where absent. */
  readonly card?: Component<{ face: Face | null }>;
}

const FOLDERS = import.meta.glob<GamePictures>('../games/*/pictures.ts', {
  eager: true,
  import: 'pictures',
});

/** The pictures of game `id`, from its UI folder. */
export function picturesOf(game: GameId): GamePictures {
  const found = FOLDERS[`../games/${game}/pictures.ts`];
  if (!found) throw new Error(`no pictures for ${game}`);
  return found;
}

const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
const SYMBOLS = ['♣', '♦', '♥', '♠'];

/** A standard card's face from its label (`10♥`, `K♠`). */
function standard(label: string): Face {
  const rank = RANKS.indexOf(label.slice(0, -1));
  const suit = SYMBOLS.indexOf(label.slice(-1));
  if (rank < 0 || suit < 0) throw new Error(`no card ${label}`);
  return faceOf(rank + 2, SUITS[suit]!);
}

/** The faces `labels` name in `game`, a card's labels apart by spaces, `?` a card's back. */
export function facesOf(game: GameId, labels: string): (Face | null)[] {
  const face = picturesOf(game).face ?? standard;
  return labels.split(' ').map((label) => (label === '?' ? null : face(label)));
}
