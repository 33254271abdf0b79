/**
 * A card drawn faceup for this player that lies facedown on the table: a face they read
 * alone (a river card they peeked at or placed, a card they saw in a fight). Every board
 * that draws one says so in these words, under the card and to a screen reader, so it is
 * never taken for a card everyone sees.
 */
export const KNOWN_TO_YOU = 'facedown, known to you';
