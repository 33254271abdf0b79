/**
 * Generates test/vectors/crypto.json, the frozen vectors of crypto/.
 * Run once: `npx tsx test/vectors/make-crypto-vectors.ts > test/vectors/crypto.json`.
 * Never regenerate to make a failing test pass: a change of these bytes is a
 * change of the wire format or of the transcript, and breaks every old log.
 */
import {
  G,
  PROTOCOL,
  Transcript,
  cardPoint,
  challenges128,
  deckPoints,
  deriveContext,
  encodeKeyProof,
  encodePoints,
  encodeRows,
  encodeScalar,
  encodeShuffleProof,
  encodeUnlockProof,
  generatorH,
  mulBase,
  proveKey,
  proveShuffle,
  proveUnlock,
  shuffleGenerators,
  toHex,
} from '../../crypto/index.ts';

const deckId = 'fairdeal-vector-deck';
const secret = 0x0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdefn;
const utf8 = (s: string) => new TextEncoder().encode(s);
const ctx = deriveContext('vector-table', deckId, 7, 'step');

const key = proveKey(ctx, secret);
const before = deckPoints(deckId, 3);
const unlock = proveUnlock(ctx, secret, before);
const deck = deckPoints(deckId, 3).map((p) => [p]);
const shuffle1 = proveShuffle(ctx, secret, deck);
const pairs = [
  [cardPoint(deckId, 0), mulBase(2n)],
  [cardPoint(deckId, 1), mulBase(3n)],
];
const shuffle2 = proveShuffle(ctx, secret, pairs);

const vectors = {
  note: 'Frozen by test/vectors/make-crypto-vectors.ts. Do not regenerate to fix a test.',
  protocol: PROTOCOL,
  deckId,
  cardPoints: Object.fromEntries([0, 1, 2, 51].map((i) => [i, cardPoint(deckId, i).toHex()])),
  generators: {
    H: generatorH().toHex(),
    H1: shuffleGenerators(1)[0]!.toHex(),
    H2: shuffleGenerators(2)[1]!.toHex(),
    H52: shuffleGenerators(52)[51]!.toHex(),
  },
  transcript: {
    items: "Transcript('fairdeal/vector').bytes(utf8('hello')).u32(7).point(G).scalar(5n)",
    digest: toHex(
      new Transcript('fairdeal/vector').bytes(utf8('hello')).u32(7).point(G).scalar(5n).digest(),
    ),
    challenge: new Transcript('fairdeal/vector')
      .bytes(utf8('hello'))
      .u32(7)
      .point(G)
      .scalar(5n)
      .challenge()
      .toString(16),
  },
  challenges128: challenges128(
    'fairdeal/shuffle/u',
    Uint8Array.from({ length: 64 }, (_, i) => i),
    3,
  ).map((x) => x.toString(16)),
  context: {
    parts: "deriveContext('vector-table', 'fairdeal-vector-deck', 7, 'step')",
    hex: toHex(ctx),
  },
  scalar: { value: secret.toString(16), hex: toHex(encodeScalar(secret)) },
  points: toHex(encodePoints([G, mulBase(2n)])),
  secret: secret.toString(16),
  key: { pub: key.pub.toHex(), proof: toHex(encodeKeyProof(key.proof)) },
  unlock: {
    before: toHex(encodePoints(before)),
    after: toHex(encodePoints(unlock.cards)),
    proof: toHex(encodeUnlockProof(unlock.proof)),
  },
  shuffleW1: {
    input: toHex(encodeRows(deck)),
    output: toHex(encodeRows(shuffle1.rows)),
    proof: toHex(encodeShuffleProof(shuffle1.proof)),
  },
  shuffleW2: {
    input: toHex(encodeRows(pairs)),
    output: toHex(encodeRows(shuffle2.rows)),
    proof: toHex(encodeShuffleProof(shuffle2.proof)),
  },
};

console.log(JSON.stringify(vectors, null, 2));
