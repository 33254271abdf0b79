/** Numbers in words a player reads. */

/** A count and its noun, one or many: "1 card", "2 cards". */
export const plural = (n: number, one: string, many = `${one}s`): string =>
  `${n} ${n === 1 ? one : many}`;

/**
 * A whole number with its thousands separated by commas ("5,000"). Not
 * `toLocaleString`: its first call loads the browser's locale data, which holds
 * the page for some 15 ms just as a table is first drawn.
 */
export const thousands = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
