/**
 * Two players deal one card from a ten-card deck, as two peers would, with
 * nobody to trust: each shuffles the deck under a layer of their own and
 * proves it, then Alice takes her layer off the top card for Bob, who alone
 * can read it. Every message goes through its wire format, as on a network.
 *
 * Run it with `npm run build && node example.js` in crypto/, or from a
 * project that installed the package.
 */
import {
  cardIndex,
  decodeKeyProof,
  decodePoint,
  decodeRows,
  decodeShuffleProof,
  decodeUnlockProof,
  deckPoints,
  deriveContext,
  encodeKeyProof,
  encodePoint,
  encodeRows,
  encodeShuffleProof,
  encodeUnlockProof,
  invertScalar,
  mulSecret,
  proveKey,
  proveShuffle,
  proveUnlock,
  randomScalar,
  verifyKey,
  verifyShuffle,
  verifyUnlock,
} from '@fair-deal/crypto';

const DECK = 'example-deck';
const SIZE = 10;
/** Each proof is bound to its place in the game: the same bytes on both sides. */
const context = (step, seat) => deriveContext('example-table', DECK, step, seat);

// Each player's secret layer, and its public key with a proof of knowledge.
const alice = randomScalar();
const bob = randomScalar();
const aliceKey = proveKey(context('key', 0), alice);
const bobKey = proveKey(context('key', 1), bob);
const A = decodePoint(encodePoint(aliceKey.pub));
const B = decodePoint(encodePoint(bobKey.pub));
console.log(
  "Alice's key proof verifies:",
  verifyKey(context('key', 0), A, decodeKeyProof(encodeKeyProof(aliceKey.proof))),
);

// The face points nobody chose, one row each; Alice shuffles and locks them.
const faces = deckPoints(DECK, SIZE).map((p) => [p]);
const byAlice = proveShuffle(context('shuffle', 0), alice, faces);
const aliceRows = decodeRows(encodeRows(byAlice.rows));
const aliceProof = decodeShuffleProof(encodeShuffleProof(byAlice.proof));
console.log(
  "Alice's shuffle proof verifies:",
  verifyShuffle(context('shuffle', 0), A, faces, aliceRows, aliceProof),
);
const swapped = [aliceRows[1], aliceRows[0], ...aliceRows.slice(2)];
console.log(
  'the same proof with two cards swapped verifies:',
  verifyShuffle(context('shuffle', 0), A, faces, swapped, aliceProof),
);
console.log(
  'the proof with one response changed verifies:',
  verifyShuffle(context('shuffle', 0), A, faces, aliceRows, { ...aliceProof, s1: aliceProof.s2 }),
);

// Bob shuffles Alice's deck under his own layer: now neither knows the order.
const byBob = proveShuffle(context('shuffle', 1), bob, aliceRows);
const deck = decodeRows(encodeRows(byBob.rows));
console.log(
  "Bob's shuffle proof verifies:",
  verifyShuffle(
    context('shuffle', 1),
    B,
    aliceRows,
    deck,
    decodeShuffleProof(encodeShuffleProof(byBob.proof)),
  ),
);

// The top card goes to Bob: Alice takes her layer off it and proves she did.
const top = deck.slice(0, 1).map(([c]) => c);
const share = proveUnlock(context('deal', 0), alice, top);
const unlocked = decodePoint(encodePoint(share.cards[0]));
console.log(
  "Alice's unlock proof verifies:",
  verifyUnlock(
    context('deal', 0),
    A,
    top,
    [unlocked],
    decodeUnlockProof(encodeUnlockProof(share.proof)),
  ),
);

// Only Bob can take the last layer off, in private.
const face = mulSecret(unlocked, invertScalar(bob));
console.log("Bob's card:", cardIndex(DECK, SIZE, face), `of 0..${SIZE - 1}`);
