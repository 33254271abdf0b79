/**
 * Frozen vectors (test/vectors/crypto.json): face points, generators, the
 * transcript, the context derivation and one proof of each kind. If one of
 * these fails, an encoding or a hash changed: every stored game log would
 * stop verifying. Fix the code, not the vectors.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  G,
  PROTOCOL,
  Transcript,
  cardIndex,
  cardPoint,
  challenges128,
  decodeKeyProof,
  decodePoint,
  decodePoints,
  decodeRows,
  decodeShuffleProof,
  decodeUnlockProof,
  deriveContext,
  encodeKeyProof,
  encodePoints,
  encodeRows,
  encodeScalar,
  encodeShuffleProof,
  encodeUnlockProof,
  fromHex,
  generatorH,
  mulBase,
  shuffleGenerators,
  toHex,
  verifyKey,
  verifyShuffle,
  verifyUnlock,
} from '../../crypto/index.ts';

interface Vectors {
  protocol: string;
  deckId: string;
  cardPoints: Record<string, string>;
  generators: Record<'H' | 'H1' | 'H2' | 'H52', string>;
  transcript: { digest: string; challenge: string };
  challenges128: string[];
  context: { hex: string };
  scalar: { value: string; hex: string };
  points: string;
  secret: string;
  key: { pub: string; proof: string };
  unlock: { before: string; after: string; proof: string };
  shuffleW1: { input: string; output: string; proof: string };
  shuffleW2: { input: string; output: string; proof: string };
}

const v = JSON.parse(
  readFileSync(new URL('../vectors/crypto.json', import.meta.url), 'utf8'),
) as Vectors;
const utf8 = (s: string) => new TextEncoder().encode(s);
const ctx = deriveContext('vector-table', v.deckId, 7, 'step');
const secret = BigInt('0x' + v.secret);
const pub = decodePoint(fromHex(v.key.pub));

describe('frozen vectors', () => {
  it('protocol tag', () => {
    expect(PROTOCOL).toBe(v.protocol);
  });

  it('card face points and their indices', () => {
    for (const [i, hex] of Object.entries(v.cardPoints)) {
      expect(cardPoint(v.deckId, Number(i)).toHex()).toBe(hex);
      expect(cardIndex(v.deckId, 52, decodePoint(fromHex(hex)))).toBe(Number(i));
    }
  });

  it('independent generators H, H_1, H_2, H_52', () => {
    expect(generatorH().toHex()).toBe(v.generators.H);
    const Hi = shuffleGenerators(52);
    expect(Hi[0]!.toHex()).toBe(v.generators.H1);
    expect(Hi[1]!.toHex()).toBe(v.generators.H2);
    expect(Hi[51]!.toHex()).toBe(v.generators.H52);
  });

  it('transcript hash and challenge', () => {
    const t = () =>
      new Transcript('fairdeal/vector').bytes(utf8('hello')).u32(7).point(G).scalar(5n);
    expect(toHex(t().digest())).toBe(v.transcript.digest);
    expect(t().challenge().toString(16)).toBe(v.transcript.challenge);
    const seed = Uint8Array.from({ length: 64 }, (_, i) => i);
    expect(challenges128('fairdeal/shuffle/u', seed, 3).map((x) => x.toString(16))).toEqual(
      v.challenges128,
    );
  });

  it('context derivation and scalar/point encodings', () => {
    expect(toHex(ctx)).toBe(v.context.hex);
    expect(toHex(encodeScalar(BigInt('0x' + v.scalar.value)))).toBe(v.scalar.hex);
    expect(toHex(encodePoints([G, mulBase(2n)]))).toBe(v.points);
  });

  it('a frozen key proof verifies and re-encodes to the same bytes', () => {
    expect(mulBase(secret).equals(pub)).toBe(true);
    const proof = decodeKeyProof(fromHex(v.key.proof));
    expect(verifyKey(ctx, pub, proof)).toBe(true);
    expect(verifyKey(deriveContext('vector-table', v.deckId, 8, 'step'), pub, proof)).toBe(false);
    expect(toHex(encodeKeyProof(proof))).toBe(v.key.proof);
  });

  it('a frozen unlock proof verifies and re-encodes to the same bytes', () => {
    const before = decodePoints(fromHex(v.unlock.before));
    const after = decodePoints(fromHex(v.unlock.after));
    const proof = decodeUnlockProof(fromHex(v.unlock.proof));
    expect(verifyUnlock(ctx, pub, before, after, proof)).toBe(true);
    expect(after.map((p) => cardIndex(v.deckId, 3, p.multiply(secret)))).toEqual([0, 1, 2]);
    expect(toHex(encodeUnlockProof(proof))).toBe(v.unlock.proof);
  });

  it.each(['shuffleW1', 'shuffleW2'] as const)('a frozen %s proof verifies', (name) => {
    const s = v[name];
    const input = decodeRows(fromHex(s.input));
    const output = decodeRows(fromHex(s.output));
    const proof = decodeShuffleProof(fromHex(s.proof));
    expect(verifyShuffle(ctx, pub, input, output, proof)).toBe(true);
    expect(verifyShuffle(ctx, pub, input, output.slice().reverse(), proof)).toBe(false);
    expect(toHex(encodeShuffleProof(proof))).toBe(s.proof);
    expect(toHex(encodeRows(output))).toBe(s.output);
  });
});
