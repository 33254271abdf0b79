/**
 * Fair Deal's mental-poker library: commutative encryption of card points on
 * ristretto255 with zero-knowledge proofs (Schnorr key proofs, batched
 * Chaum–Pedersen unlock proofs, Chaum–Pedersen re-key proofs, Terelius–Wikström shuffle proofs), and Feldman
 * sharing of a layer so the others can take it off without its owner.
 * Re-exports only; each primitive lives in its own file. See README.md.
 */
export {
  Point,
  G,
  POINT_BYTES,
  encodePoint,
  decodePoint,
  pointHex,
  isPoint,
  assertPoint,
} from './group/point.ts';
export {
  ORDER,
  SCALAR_BYTES,
  modL,
  isScalar,
  assertScalar,
  assertSecret,
  invertScalar,
  encodeScalar,
  decodeScalar,
  decodeSecret,
} from './group/scalar.ts';
export { randomScalar, randomScalars, randomPermutation } from './group/random.ts';
export { mulBase, mulSecret, mulUnsafe, FixedBase } from './group/mul.ts';
export { msm, msmUnsafe } from './group/msm.ts';
export {
  CARD_DST,
  cardPoint,
  cardIndex,
  deckPoints,
  deckEncodings,
  encodingIndex,
  learnDeck,
  openCard,
} from './cards.ts';
export {
  PROTOCOL,
  Transcript,
  challenges128,
  deriveContext,
  type ContextPart,
} from './transcript.ts';
export { KEY_GAMMA, proveKey, verifyKey, type KeyProof } from './key.ts';
export { UNLOCK_Z, UNLOCK_GAMMA, proveUnlock, verifyUnlock, type UnlockProof } from './unlock.ts';
export { DLEQ_GAMMA, proveDleq, verifyDleq, type DleqProof } from './dleq.ts';
export {
  SHUFFLE_U,
  SHUFFLE_GAMMA,
  GENERATOR_DST,
  generatorH,
  shuffleGenerators,
  precomputeTables,
  proveShuffle,
  verifyShuffle,
  type ShuffleProof,
} from './shuffle.ts';
export {
  VSS_DEALING,
  VSS_PAD,
  VSS_COMPLAINT,
  dealShares,
  verifyDealing,
  shareImage,
  openShare,
  proveComplaint,
  judgeComplaint,
  type Dealing,
  type Complaint,
} from './vss.ts';
export { proveRecovery, verifyRecovery, lagrangeAtZero, combineRecovery } from './recover.ts';
export { BatchVerifier } from './batch.ts';
export {
  OPERATIONS,
  observeOperations,
  type Operation,
  type OperationObserver,
} from './observe.ts';
export {
  Kind,
  MAX_COUNT,
  MAX_WIDTH,
  encodePoints,
  decodePoints,
  encodeRows,
  decodeRows,
  splitPoints,
  splitRows,
  joinPoints,
  joinRows,
  encodeKeyProof,
  decodeKeyProof,
  encodeUnlockProof,
  decodeUnlockProof,
  encodeShuffleProof,
  decodeShuffleProof,
  encodeDleqProof,
  decodeDleqProof,
  MAX_HOLDERS,
  encodeDealing,
  decodeDealing,
  encodeComplaint,
  decodeComplaint,
  toBase64,
  fromBase64,
  toHex,
  fromHex,
} from './encoding.ts';
