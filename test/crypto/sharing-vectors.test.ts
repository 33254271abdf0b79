/**
 * Frozen vectors of a shared lock (test/vectors/sharing.json, made once by
 * make-sharing-vectors.ts): a dealing, a complaint and two recovery shares that a second
 * implementation must accept as this one does. If one of these fails, an encoding or a
 * hash of crypto/vss.ts or crypto/recover.ts changed: fix the code, not the vectors.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  cardIndex,
  combineRecovery,
  decodeComplaint,
  decodeDealing,
  decodePoints,
  decodeUnlockProof,
  encodeComplaint,
  encodeDealing,
  fromHex,
  judgeComplaint,
  mulBase,
  openShare,
  shareImage,
  verifyDealing,
  verifyRecovery,
} from '../../crypto/index.ts';

const v = JSON.parse(readFileSync(new URL('../vectors/sharing.json', import.meta.url), 'utf8')) as {
  deckId: string;
  context: string;
  secret: string;
  holderSecrets: string[];
  dealing: string;
  shares: string[];
  complaint: string;
  card: string;
  recoveries: { points: string; proof: string }[];
};
const ctx = fromHex(v.context);
const E = mulBase(BigInt('0x' + v.secret));
const secrets = v.holderSecrets.map((h) => BigInt('0x' + h));
const holders = secrets.map(mulBase);
const dealing = decodeDealing(fromHex(v.dealing));

describe('frozen vectors of a shared lock', () => {
  it('the dealing passes the public check, re-encodes to its bytes, and each holder opens its share', () => {
    expect(verifyDealing(ctx, E, holders, 2, dealing)).toBe(true);
    expect(verifyDealing(ctx, E, holders.slice().reverse(), 2, dealing)).toBe(false);
    expect(encodeDealing(dealing)).toEqual(fromHex(v.dealing));
    secrets.forEach((h, j) =>
      expect(openShare(ctx, E, holders, j, h, dealing)).toBe(BigInt('0x' + v.shares[j]!)),
    );
  });

  it('the first holder’s complaint of its true share names the holder', () => {
    const complaint = decodeComplaint(fromHex(v.complaint));
    expect(encodeComplaint(complaint)).toEqual(fromHex(v.complaint));
    expect(judgeComplaint(ctx, E, holders, 0, dealing, complaint)).toBe('holder');
  });

  it('both recovery shares verify and together take the lock off the card', () => {
    const [card] = decodePoints(fromHex(v.card));
    const parts = v.recoveries.map(({ points, proof }, j) => {
      const R = decodePoints(fromHex(points));
      const S = shareImage(dealing.commitments, j + 1);
      expect(verifyRecovery(ctx, S, [card!], R, decodeUnlockProof(fromHex(proof)))).toBe(true);
      return R;
    });
    const [open] = combineRecovery([1, 2], parts);
    expect(cardIndex(v.deckId, 52, open!)).toBe(5);
  });
});
