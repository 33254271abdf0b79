/**
 * Generates test/vectors/sharing.json, the frozen vectors of a shared lock (crypto/vss.ts,
 * crypto/recover.ts): a dealing among two holders, both needed, a complaint of its first
 * holder (a true share: the complaint names the holder), and both holders' recovery shares
 * of one locked card. Run once:
 * `npx tsx test/vectors/make-sharing-vectors.ts > test/vectors/sharing.json`. As with the
 * other crypto vectors, never regenerate to make a failing test pass.
 */
import {
  cardPoint,
  dealShares,
  deriveContext,
  encodeComplaint,
  encodeDealing,
  encodePoints,
  encodeUnlockProof,
  mulBase,
  openShare,
  proveComplaint,
  proveRecovery,
  toHex,
} from '../../crypto/index.ts';

const deckId = 'fairdeal-vector-deck';
const ctx = deriveContext('vector-table', 'share', 0);
const secret = 0x0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdefn;
const holderSecrets = [0x1111n, 0x2222n];
const E = mulBase(secret);
const holders = holderSecrets.map(mulBase);
const dealing = dealShares(ctx, secret, holders, 2);
const shares = holderSecrets.map((h, j) => openShare(ctx, E, holders, j, h, dealing)!);
const complaint = proveComplaint(ctx, E, holders, 0, holderSecrets[0]!, dealing);
const card = cardPoint(deckId, 5).multiply(secret);
const recoveries = shares.map((s) => proveRecovery(ctx, s, [card]));

console.log(
  JSON.stringify(
    {
      note: 'Frozen by test/vectors/make-sharing-vectors.ts. Do not regenerate to fix a test.',
      deckId,
      context: toHex(ctx),
      secret: secret.toString(16),
      holderSecrets: holderSecrets.map((h) => h.toString(16)),
      dealing: toHex(encodeDealing(dealing)),
      shares: shares.map((s) => s.toString(16)),
      complaint: toHex(encodeComplaint(complaint)),
      card: toHex(encodePoints([card])),
      recoveries: recoveries.map((r) => ({
        points: toHex(encodePoints(r.points)),
        proof: toHex(encodeUnlockProof(r.proof)),
      })),
    },
    null,
    2,
  ),
);
