/**
 * Plain text helpers shared by the page's words (`words/`) and each game's (`games/<id>/`):
 * counts, numbers and lists of names as a player reads them. Nothing here knows a game,
 * so a game's words and the table's words never import each other.
 */

/** A count and its noun, one or many: "1 card", "2 cards". */
export const plural = (n: number, one: string, many = `${one}s`): string =>
  `${n} ${n === 1 ? one : many}`;

/**
 * A whole number with its thousands separated by commas ("5,000"). Not
 * `toLocaleString`: its first call loads the browser's locale data, which holds
 * the page for some 15 ms just as a table is first drawn.
 */
export const thousands = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** "Bob", "Bob and Cat", "Ann, Bob and Cat". */
export function together(names: readonly string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
