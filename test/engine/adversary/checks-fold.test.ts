/**
 * Issue 9, point 1: every check of the table's fold that rejects an event
 * has a test that sends exactly that bad event in a real game and sees it
 * rejected with its own code, its author named for it, the state unchanged.
 *
 * The game is a scripted hand at two seats (`helpers/cheats.ts`), recorded
 * once. Each case takes the honest body of one recorded event, changes one
 * thing in it, and has the same seat sign it as its next event on a replica
 * holding the log up to there: signed and chained, so the log places it and
 * the fold is what must refuse it. The exact code matters: a check deleted
 * often leaves the event to fail later for another reason (an exception, a
 * proof over a list of the wrong length), which no longer proves the check.
 */
import { describe, expect, test } from 'vitest';
import {
  ORDER,
  decodeScalar,
  encodeDleqProof,
  encodeScalar,
  fromHex,
  invertScalar,
  proveDleq,
  toBase64,
  toHex,
} from '../../../crypto/index.ts';
import { BASE_KEY } from '../../../src/engine/table/keyring.ts';
import { proofContext } from '../../../src/engine/table/context.ts';
import { readPoint, writePoints } from '../../../src/engine/table/points.ts';
import type {
  AuditBody,
  KeyBody,
  LockBody,
  OpenBody,
  RekeyBody,
  RemaskBody,
  ShuffleBody,
  TableBody,
  UnlockBody,
} from '../../../src/engine/table/bodies.ts';
import {
  badDleqProof,
  badKeyProof,
  badUnlockProof,
  compensatedShuffleProof,
  editPoints,
  editRows,
  expectOffence,
  indexOf,
  loadHand,
  replicaBefore,
  signNext,
  type Recording,
} from '../helpers/cheats.ts';
import { lazy } from '../../lazy.ts';
import { openWithAudit } from '../../../src/engine/table/audit.ts';

/** The recorded hand, folded by the first test that asks (`test/lazy.ts`). */
const hand = lazy(loadHand);

/** Where a cheat happens: the first recorded event of `seat` with this body type (in `step`). */
interface At {
  readonly seat: number;
  readonly type: string;
  readonly step?: string;
}

const KEY: At = { seat: 1, type: 'KEY' };
const SHUFFLE: At = { seat: 1, type: 'SHUFFLE' };
const DEAL: At = { seat: 0, type: 'UNLOCK', step: 'UNLOCK' };
const REMASK: At = { seat: 1, type: 'REMASK' };
const OPEN: At = { seat: 1, type: 'OPEN' };
const LOCK: At = { seat: 0, type: 'LOCK' };
const REKEY: At = { seat: 0, type: 'REKEY' };
const COPY: At = { seat: 0, type: 'UNLOCK', step: 'COPY' };
const ACT: At = { seat: 1, type: 'ACT' };
const AUDIT: At = { seat: 1, type: 'AUDIT' };

type Edit<B> = (body: B, rec: Recording) => TableBody;

const secretPlus1 = (hex: string): string =>
  toHex(encodeScalar((decodeScalar(fromHex(hex)) + 1n) % ORDER));

/** The same five cheats on any body made of shares (an unlock, a lock, a show's copies). */
const shareCases = (at: At, what: string) =>
  (
    [
      [
        `${what}: a share's proof off by one`,
        (b) => ({ ...b, shares: b.shares.map(badUnlockProof) }),
        'ERR_PROOF',
      ],
      [
        `${what}: one share too many`,
        (b) => ({ ...b, shares: [...b.shares, b.shares[0]!] }),
        'ERR_SHAPE',
      ],
      [`${what}: one share too few`, (b) => ({ ...b, shares: b.shares.slice(1) }), 'ERR_SHAPE'],
      [
        `${what}: a share with one point too many`,
        (b) => ({
          ...b,
          shares: b.shares.map((s) => ({
            ...s,
            points: editPoints(s.points, (p) => [...p, p[0]!]),
          })),
        }),
        'ERR_SHAPE',
      ],
      [
        `${what}: a share with one point too few`,
        (b) => ({
          ...b,
          shares: b.shares.map((s) => ({ ...s, points: editPoints(s.points, (p) => p.slice(1)) })),
        }),
        'ERR_SHAPE',
      ],
    ] as [string, Edit<UnlockBody | LockBody>, string][]
  ).map(([name, edit, reason]) => ({ name, at, edit: edit as Edit<never>, reason }));

const cases: { name: string; at: At; edit: Edit<never>; reason: string }[] = [
  // KEY (keys.ts applyKey)
  {
    name: 'KEY for another genesis',
    at: KEY,
    edit: ((b) => ({
      ...b,
      genesis: b.genesis.replace(/^./, (c) => (c === '0' ? '1' : '0')),
    })) as Edit<KeyBody>,
    reason: 'ERR_GENESIS',
  },
  {
    name: 'KEY with its proof off by one',
    at: KEY,
    edit: ((b) => ({
      ...b,
      keys: b.keys.map((k) => ({ ...k, proof: badKeyProof(k.proof) })),
    })) as Edit<KeyBody>,
    reason: 'ERR_PROOF',
  },
  {
    // A proof binds its author: seat 0's key and proof, replayed by seat 1.
    name: "KEY with another seat's key and proof",
    at: KEY,
    edit: ((_b, r) => r.events[indexOf(r, 0, 'KEY')]!.event.body as KeyBody) as Edit<KeyBody>,
    reason: 'ERR_PROOF',
  },
  {
    name: 'KEY with one key too many',
    at: KEY,
    edit: ((b) => ({ ...b, keys: [...b.keys, b.keys[0]!] })) as Edit<KeyBody>,
    reason: 'ERR_SHAPE',
  },
  {
    name: 'KEY with no key',
    at: KEY,
    edit: ((b) => ({ ...b, keys: [] })) as Edit<KeyBody>,
    reason: 'ERR_SHAPE',
  },
  // SHUFFLE (shuffle.ts applyShuffle)
  {
    // Only the verifier's random weights catch this one (see compensatedShuffleProof).
    name: 'SHUFFLE whose proof has sHat[0] + 1 offset by sHat[1] − 1',
    at: SHUFFLE,
    edit: ((b) => ({
      ...b,
      shuffles: b.shuffles.map((s) => ({ ...s, proof: compensatedShuffleProof(s.proof) })),
    })) as Edit<ShuffleBody>,
    reason: 'ERR_PROOF',
  },
  {
    name: 'SHUFFLE with one shuffle too many',
    at: SHUFFLE,
    edit: ((b) => ({ ...b, shuffles: [...b.shuffles, b.shuffles[0]!] })) as Edit<ShuffleBody>,
    reason: 'ERR_SHAPE',
  },
  {
    name: 'SHUFFLE with rows two points wide',
    at: SHUFFLE,
    edit: ((b) => ({
      ...b,
      shuffles: b.shuffles.map((s) => ({
        ...s,
        rows: editRows(s.rows, (rows) => rows.map((r) => [r[0]!, r[0]!])),
      })),
    })) as Edit<ShuffleBody>,
    reason: 'ERR_SHAPE',
  },
  // UNLOCK of a deal (fold.ts applyUnlock)
  ...shareCases(DEAL, 'UNLOCK of a deal'),
  // REMASK (remask.ts applyRemask): each card's re-key proof, then the shuffle
  ...[0, 1, 2].map((i) => ({
    name: `REMASK with card ${i}'s re-key proof off by one`,
    at: REMASK,
    edit: ((b) => ({
      ...b,
      rekeys: b.rekeys.map((p, j) => (j === i ? badDleqProof(p) : p)),
    })) as Edit<RemaskBody>,
    reason: 'ERR_PROOF',
  })),
  {
    name: "REMASK with cards 0 and 1's re-key proofs swapped",
    at: REMASK,
    edit: ((b) => ({
      ...b,
      rekeys: [b.rekeys[1]!, b.rekeys[0]!, ...b.rekeys.slice(2)],
    })) as Edit<RemaskBody>,
    reason: 'ERR_PROOF',
  },
  {
    name: 'REMASK whose shuffle proof has sHat[0] + 1 offset by sHat[1] − 1',
    at: REMASK,
    edit: ((b) => ({ ...b, proof: compensatedShuffleProof(b.proof) })) as Edit<RemaskBody>,
    reason: 'ERR_PROOF',
  },
  {
    name: 'REMASK with one re-keyed card too few',
    at: REMASK,
    edit: ((b) => ({
      ...b,
      rekeyed: editPoints(b.rekeyed, (p) => p.slice(1)),
    })) as Edit<RemaskBody>,
    reason: 'ERR_SHAPE',
  },
  {
    name: 'REMASK with one re-key proof too few',
    at: REMASK,
    edit: ((b) => ({ ...b, rekeys: b.rekeys.slice(1) })) as Edit<RemaskBody>,
    reason: 'ERR_SHAPE',
  },
  {
    name: 'REMASK with one row too few',
    at: REMASK,
    edit: ((b) => ({ ...b, rows: editRows(b.rows, (rows) => rows.slice(1)) })) as Edit<RemaskBody>,
    reason: 'ERR_SHAPE',
  },
  {
    name: 'REMASK with rows one point wide',
    at: REMASK,
    edit: ((b) => ({
      ...b,
      rows: editRows(b.rows, (rows) => rows.map((r) => [r[0]!])),
    })) as Edit<RemaskBody>,
    reason: 'ERR_SHAPE',
  },
  // OPEN (coin.ts applyOpen)
  {
    name: 'OPEN of the other bit than committed',
    at: OPEN,
    edit: ((b) => ({ ...b, bit: 1 - b.bit })) as Edit<OpenBody>,
    reason: 'ERR_PROOF',
  },
  // REKEY (rekey.ts applyRekey): each card's proof that seat 0's layer moved to its show key
  ...[0, 1].map((i) => ({
    name: `REKEY with card ${i}'s proof off by one`,
    at: REKEY,
    edit: ((b) => ({
      ...b,
      rekeys: b.rekeys.map((p, j) => (j === i ? badDleqProof(p) : p)),
    })) as Edit<RekeyBody>,
    reason: 'ERR_PROOF',
  })),
  {
    name: "REKEY with cards 0 and 1's proofs swapped",
    at: REKEY,
    edit: ((b) => ({ ...b, rekeys: [b.rekeys[1]!, b.rekeys[0]!] })) as Edit<RekeyBody>,
    reason: 'ERR_PROOF',
  },
  {
    // The same card twice: a show must not repeat a point, and a proof binds its card.
    name: "REKEY whose second card repeats the first's point and proof",
    at: REKEY,
    edit: ((b) => ({
      ...b,
      rekeyed: editPoints(b.rekeyed, (p) => [p[0]!, p[0]!]),
      rekeys: [b.rekeys[0]!, b.rekeys[0]!],
    })) as Edit<RekeyBody>,
    reason: 'ERR_PROOF',
  },
  {
    name: 'REKEY with one re-keyed card too few',
    at: REKEY,
    edit: ((b) => ({
      ...b,
      rekeyed: editPoints(b.rekeyed, (p) => p.slice(1)),
    })) as Edit<RekeyBody>,
    reason: 'ERR_SHAPE',
  },
  {
    name: 'REKEY with one proof too many',
    at: REKEY,
    edit: ((b) => ({ ...b, rekeys: [...b.rekeys, b.rekeys[0]!] })) as Edit<RekeyBody>,
    reason: 'ERR_SHAPE',
  },
  // A show key must be fresh (rekeys.ts staleKey): not G, not a key already at the table.
  {
    name: 'REKEY to the base point G',
    at: REKEY,
    edit: ((b) => ({ ...b, key: BASE_KEY })) as Edit<RekeyBody>,
    reason: 'ERR_KEY',
  },
  {
    name: 'REKEY to its author’s own round key, already at the table',
    at: REKEY,
    edit: ((b, rec) => ({
      ...b,
      key: replicaBefore(rec, indexOf(rec, REKEY.seat, 'REKEY')).state.pubs[REKEY.seat]![0]!,
    })) as Edit<RekeyBody>,
    reason: 'ERR_KEY',
  },
  {
    name: 'REMASK to the base point G',
    at: REMASK,
    edit: ((b) => ({ ...b, key: BASE_KEY })) as Edit<RemaskBody>,
    reason: 'ERR_KEY',
  },
  {
    name: 'REMASK whose rows end under G: every hand card a bare face',
    at: REMASK,
    edit: ((b) => ({
      ...b,
      rows: editRows(b.rows, (rows) => rows.map(([c]) => [c!, readPoint(BASE_KEY)])),
    })) as Edit<RemaskBody>,
    reason: 'ERR_KEY',
  },
  {
    name: 'REMASK whose shuffle factor is G: the rows only permuted',
    at: REMASK,
    edit: ((b) => ({ ...b, pub: BASE_KEY })) as Edit<RemaskBody>,
    reason: 'ERR_KEY',
  },
  // LOCK (fold.ts applyLock) and the copies of a show to a subset (fold.ts applyCopy)
  ...shareCases(LOCK, 'LOCK'),
  ...shareCases(COPY, 'UNLOCK of copies (a show to a subset)'),
  // ACT (fold.ts applyEvent)
  {
    name: 'ACT that the game does not allow',
    at: ACT,
    edit: () => ({ type: 'ACT', action: { type: 'WIN' } }),
    reason: 'ERR_RULES',
  },
  // AUDIT (fold.ts applyAudit): seat 1's pubs are its round key, its re-key key, its re-mask
  // factor and its show key
  ...['the shuffle round key', 'the re-key key', 'the re-mask factor', 'the show key'].map(
    (what, i) => ({
      name: `AUDIT with a wrong secret for ${what}`,
      at: AUDIT,
      edit: ((b) => ({
        ...b,
        secrets: b.secrets.map((s, j) => (j === i ? secretPlus1(s) : s)),
      })) as Edit<AuditBody>,
      reason: 'ERR_AUDIT',
    }),
  ),
  {
    name: 'AUDIT missing its last secret',
    at: AUDIT,
    edit: ((b) => ({ ...b, secrets: b.secrets.slice(0, -1) })) as Edit<AuditBody>,
    reason: 'ERR_AUDIT',
  },
  {
    name: 'AUDIT with an extra secret',
    at: AUDIT,
    edit: ((b) => ({ ...b, secrets: [...b.secrets, b.secrets[0]!] })) as Edit<AuditBody>,
    reason: 'ERR_AUDIT',
  },
];

describe('every check of the fold, fed the one bad event it exists for', () => {
  test('the recording has what the cases need', () => {
    const rec = hand();
    expect((rec.events[indexOf(rec, 1, 'AUDIT')]!.event.body as AuditBody).secrets).toHaveLength(4);
    expect((rec.events[indexOf(rec, 0, 'REKEY')]!.event.body as RekeyBody).rekeys).toHaveLength(2);
    for (const at of [DEAL, LOCK, COPY])
      expect(
        (rec.events[indexOf(rec, at.seat, at.type, at.step)]!.event.body as UnlockBody).shares,
      ).toHaveLength(1);
  });

  // The control: each honest body, re-signed, is applied where the cheats are tried.
  test.each([KEY, SHUFFLE, DEAL, REMASK, OPEN, REKEY, LOCK, COPY, ACT, AUDIT])(
    'control: the honest $type of seat $seat is applied there',
    ({ seat, type, step }) => {
      const rec = hand();
      const index = indexOf(rec, seat, type, step);
      const replica = replicaBefore(rec, index);
      const honest = signNext(
        replica.log,
        rec.players[seat]!,
        rec.events[index]!.event.body as TableBody,
      );
      expect(honest.hash).toBe(rec.events[index]!.hash);
      replica.receive(honest.bytes);
      expect(replica.entryVerdicts.at(-1)).toBe('applied');
    },
  );

  test('the last honest AUDIT is kept as published, and the secrets open every card', () => {
    const rec = hand();
    const index = indexOf(rec, 1, 'AUDIT');
    const replica = replicaBefore(rec, index + 1);
    const body = rec.events[index]!.event.body as AuditBody;
    expect(replica.state.audit[1]).toEqual({ secrets: body.secrets });
    expect(replica.state.step.type).toBe('DONE');
    expect(openWithAudit(replica.state).every((face) => face >= 0)).toBe(true);
  });

  test('REKEY to G with a valid proof for k = 1 on every card: refused, its author named', () => {
    // Issue 40: the proofs hold (each card's layer moved to K = 1·G), so only the key's
    // freshness stops it; accepted, it left the shown card a bare face point for all.
    const rec = hand();
    const index = indexOf(rec, REKEY.seat, 'REKEY');
    const replica = replicaBefore(rec, index);
    const { state } = replica;
    const step = state.step as Extract<typeof state.step, { type: 'REKEY' }>;
    const keyring = rec.players[REKEY.seat]!.keyring;
    const proofs = step.cards.map((id) => {
      const card = state.cards[id]!;
      const base = card.layers.find((l) => l.seat === REKEY.seat)?.key ?? BASE_KEY;
      const x = invertScalar(keyring.scalarFor(base));
      const context = proofContext(state, 'REKEY', REKEY.seat, {
        purpose: 'show key',
        cards: [id],
      });
      return proveDleq(context, x, readPoint(base), readPoint(card.c));
    });
    const body = {
      type: 'REKEY',
      key: BASE_KEY,
      rekeyed: writePoints(proofs.map((p) => p.v)),
      rekeys: proofs.map((p) => toBase64(encodeDleqProof(p.proof))),
    } as TableBody;
    const bad = signNext(replica.log, rec.players[REKEY.seat]!, body);
    replica.receive(bad.bytes);
    expectOffence(replica, bad, REKEY.seat, 'ERR_KEY');
  });

  test.each(cases)('$name: $reason', ({ at, edit, reason }) => {
    const rec = hand();
    const index = indexOf(rec, at.seat, at.type, at.step);
    const replica = replicaBefore(rec, index);
    const before = replica.stateHash;
    const body = (edit as Edit<TableBody>)(rec.events[index]!.event.body as TableBody, rec);
    const bad = signNext(replica.log, rec.players[at.seat]!, body);
    expect(replica.receive(bad.bytes)).toMatchObject({ ok: true, value: { fresh: true } });
    expectOffence(replica, bad, at.seat, reason);
    expect(replica.stateHash).toBe(before);
  });
});
