/**
 * A table's options in words, from what its invite carries (they go into the genesis
 * every player signs): for a player before taking a seat (the join form) and in the
 * lobby. Generic over games: an option is told by its name, so a new one (a time
 * control) is told by listing it in `OPTIONS`; one not listed is still shown, as its name
 * and value. Light on purpose: the join form draws it before any game's code is loaded.
 */
import type { Json, JsonObject } from '../../engine/encoding.ts';
import { ARMY } from '../../engine/games/batailles/types.ts';
import { plural, thousands } from '../text.ts';

/** Options told together, by name: each must be a whole number for the words to apply. */
interface Told {
  readonly names: readonly string[];
  readonly words: (values: Readonly<Record<string, number>>) => string;
}

const OPTIONS: readonly Told[] = [
  {
    names: ['red', 'black'],
    words: ({ red, black }) => `a deck of ${red} red and ${black} black cards`,
  },
  {
    names: ['target'],
    words: ({ target }) => `the first to win ${plural(target!, 'game')} wins the match`,
  },
  {
    names: ['battleLimit'],
    words: ({ battleLimit: n }) =>
      `after ${thousands(n!)} ${n === 1 ? 'battle' : 'battles'} the player holding more cards wins`,
  },
  {
    names: ['players'],
    words: ({ players }) => `${players} players, each with an army of ${ARMY} cards`,
  },
];

const isWhole = (value: Json | undefined): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** The game's options in one sentence ("a deck of 26 red and 26 black cards; …"), or null for none. */
export function optionsWords(options: JsonObject): string | null {
  const phrases: string[] = [];
  const told = new Set<string>();
  for (const { names, words } of OPTIONS) {
    if (!names.every((name) => isWhole(options[name]))) continue;
    phrases.push(words(Object.fromEntries(names.map((name) => [name, options[name] as number]))));
    for (const name of names) told.add(name);
  }
  for (const [name, value] of Object.entries(options))
    if (!told.has(name)) phrases.push(`${name} ${JSON.stringify(value)}`);
  return phrases.length === 0 ? null : `${phrases.join('; ')}.`;
}
