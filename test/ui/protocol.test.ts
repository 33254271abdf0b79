/**
 * The protocol panel's steps, held against the recorded hand (test/vectors/hand.json):
 * every cryptographic step in order, who did it, the proofs' sizes, what was checked,
 * this device's times; and a cheat's refused step, its author named with the evidence.
 * A deal round of Batailles et piques, each seat's share in words.
 */
import { expect, test } from 'vitest';
import { pointHex } from '../../crypto/index.ts';
import type { AuditBody, TableBody, UnlockBody } from '../../src/engine/table/bodies.ts';
import type { Json } from '../../src/engine/encoding.ts';
import { batailles } from '../../src/engine/games/batailles/index.ts';
import { readPoint } from '../../src/engine/table/points.ts';
import type { Replica } from '../../src/engine/table/replica.ts';
import { protocolSteps, sizeWords, timeWords } from '../../src/ui/words/protocol.ts';
import {
  badUnlockProof,
  indexOf,
  loadHand,
  replicaBefore,
  signNext,
} from '../engine/helpers/cheats.ts';
import { run } from '../engine/helpers/batailles-table.ts';
import { Table, makePlayers } from '../engine/helpers/table.ts';

const NAMES = ['Ada', 'Bob'];

test('the recorded hand, step by step', () => {
  const rec = loadHand();
  const steps = protocolSteps(replicaBefore(rec, rec.events.length), NAMES);
  expect(steps.map((s) => [s.index, s.text, s.proofBytes, s.status])).toEqual([
    [0, 'Ada published 1 fresh key for the next shuffle', 65, 'checked'],
    [1, 'Bob published 1 fresh key for the next shuffle', 65, 'checked'],
    [2, 'Ada shuffled and locked the deck (6 cards)', 1257, 'checked'],
    [3, 'Bob shuffled and locked the deck (6 cards)', 1257, 'checked'],
    [4, 'Ada unlocked cards 0, 1, 2 for Bob', 97, 'checked'],
    [5, 'Bob re-keyed and shuffled cards 0, 1, 2 of their own', 1100, 'checked'],
    [6, 'Ada committed to a hidden coin bit', 0, 'checked'],
    [7, 'Bob committed to a hidden coin bit', 0, 'checked'],
    [8, 'Ada opened their coin bit (1)', 0, 'checked'],
    [9, 'Bob opened their coin bit (1)', 0, 'checked'],
    [10, 'Ada locked cards 0, 1 under a fresh key of their own for this show', 194, 'checked'],
    [11, 'Bob locked cards 0, 1 under a fresh key of their own for this show', 194, 'checked'],
    [12, 'Ada unlocked the copies of cards 0, 1 for Ada and Bob', 97, 'checked'],
    [13, 'Bob unlocked the copies of cards 0, 1 for Ada and Bob', 97, 'checked'],
    [14, 'Ada locked card 2 again under their key', 97, 'checked'],
    [15, 'Bob unlocked card 2 for Ada', 97, 'checked'],
    [16, 'Bob made a move (done)', 0, 'checked'],
    [17, 'Ada published their 2 secret keys for the audit', 0, 'checked'],
    [18, 'Bob published their 4 secret keys for the audit', 0, 'checked'],
  ]);
  expect(steps[10]!.check).toBe('re-key proofs checked: every card moved to the one fresh key');
  expect(steps[2]!.check).toBe(
    'shuffle proof checked: the same cards, re-ordered and locked under the published key',
  );
  expect(steps.every((s) => s.author === NAMES[rec.events[s.index]!.event.author])).toBe(true);
});

test('an unlock with a forged proof is refused, its author named with the reason', () => {
  const rec = loadHand();
  const index = indexOf(rec, 0, 'UNLOCK');
  const replica = replicaBefore(rec, index);
  const honest = rec.events[index]!.event.body as unknown as UnlockBody;
  const bad = { ...honest, shares: honest.shares.map(badUnlockProof) };
  replica.receive(signNext(replica.log, rec.players[0]!, bad).bytes);
  const step = protocolSteps(replica, NAMES).at(-1)!;
  const layer = pointHex(
    readPoint(replica.stateAfter(index)!.cards[0]!.layers.find((l) => l.seat === 0)!.key),
  );
  const hash = replica.log.entries()[index]!.hash;
  expect(step).toEqual({
    index,
    author: 'Ada',
    text: 'Ada unlocked cards 0, 1, 2 for Bob',
    proofBytes: 97,
    proveMs: null,
    verifyMs: null,
    check: 'refused (ERR_PROOF): Ada broke the protocol and the table stopped',
    status: 'refused',
    evidence: {
      event: `${hash.slice(0, 12)}…, Ada's event ${replica.log.entries()[index]!.event.seq}, an unlock`,
      claimed: `the unlock share, over cards 0, 1, 2, under the public key ${layer.slice(0, 12)}…`,
      found: 'that proof does not hold for that key and those cards (ERR_PROOF)',
    },
  });
});

test('a count that does not fit the step, an audit secret that opens nothing: claimed against found', () => {
  const rec = loadHand();
  const at = (seat: number, type: string, edit: (body: never) => TableBody) => {
    const index = indexOf(rec, seat, type);
    const replica = replicaBefore(rec, index);
    const honest = rec.events[index]!.event.body as never;
    replica.receive(signNext(replica.log, rec.players[seat]!, edit(honest)).bytes);
    return protocolSteps(replica, NAMES).at(-1)!.evidence;
  };
  expect(
    at(0, 'UNLOCK', (b: UnlockBody) => ({ ...b, shares: [...b.shares, b.shares[0]!] })),
  ).toMatchObject({ claimed: '2 shares', found: 'the step takes 1 (ERR_SHAPE)' });
  const secret = at(1, 'AUDIT', (b: AuditBody) => ({
    ...b,
    secrets: b.secrets.map((s, i) =>
      i === 1 ? s.replace(/^./, (c) => (c === '1' ? '2' : '1')) : s,
    ),
  }));
  expect(secret?.claimed).toMatch(/^audit secret 2 of 4, for the public key .{12}…$/);
  expect(secret?.found).toBe('that secret does not make that public key (ERR_AUDIT)');
});

test('two events signed under one number: the author named, both hashes the evidence', () => {
  const rec = loadHand();
  const index = indexOf(rec, 1, 'ACT');
  const replica = replicaBefore(rec, index);
  const one = signNext(replica.log, rec.players[1]!, { type: 'ACT', action: { type: 'DONE' } });
  const two = signNext(replica.log, rec.players[1]!, { type: 'ACT', action: { type: 'WAIT' } });
  replica.receive(one.bytes);
  replica.receive(two.bytes);
  const step = protocolSteps(replica, NAMES).at(-1)!;
  expect(step).toMatchObject({
    index: index + 1,
    author: 'Bob',
    text: `Bob signed two different events as their event ${one.event.seq}`,
    status: 'refused',
    evidence: {
      event: `${one.hash.slice(0, 12)}… and ${two.hash.slice(0, 12)}…, both Bob's event ${one.event.seq}`,
    },
  });
});

test('the times this device took ride with their step; steps it did not time say so', () => {
  const rec = loadHand();
  const replica = replicaBefore(rec, rec.events.length);
  const [key, shuffle] = replica.log.entries();
  const timings = new Map([
    [key!.hash, { proveMs: 12.5, verifyMs: 3.25 }],
    [shuffle!.hash, { proveMs: null, verifyMs: 40 }],
  ]);
  const steps = protocolSteps(replica, NAMES, timings);
  expect(steps.map((s) => [s.proveMs, s.verifyMs]).slice(0, 3)).toEqual([
    [12.5, 3.25],
    [null, 40],
    [null, null],
  ]);
});

test.each([
  [0.2, '1 ms'],
  [12.4, '12 ms'],
  [999, '999 ms'],
  [1000, '1.0 s'],
  [2345, '2.3 s'],
])('%f ms read as %s', (ms, words) => {
  expect(timeWords(ms)).toBe(words);
});

test.each([
  [0, '0 B'],
  [9_999, '9999 B'],
  [10_000, '10.0 kB'],
  [125_400, '125.4 kB'],
])('%i bytes read as %s', (bytes, words) => {
  expect(sizeWords(bytes)).toBe(words);
});

test('a deal round: each seat’s share names the hands it unlocked, never its own', () => {
  const table = Table.of(makePlayers(3), batailles, { players: 3 });
  run(table, (state) => state.game.hands.every((hand) => hand.length === 6));
  const names = ['Ada', 'Bob', 'Cy'];
  const unlocks = protocolSteps(table.replicas[0]! as Replica<Json>, names)
    .map((s) => s.text)
    .filter((text) => text.includes('unlocked'));
  expect(unlocks).toEqual([
    'Ada unlocked the cards dealt to Bob (6 cards), Cy (6 cards)',
    'Bob unlocked the cards dealt to Ada (6 cards), Cy (6 cards)',
    'Cy unlocked the cards dealt to Ada (6 cards), Bob (6 cards)',
  ]);
});

test('a body of the wrong shape is refused, and the panel tells it without reading its fields', () => {
  const rec = loadHand();
  const index = indexOf(rec, 0, 'KEY');
  const malformed = [
    { type: 'KEY', keys: 5 },
    { type: 'SHUFFLE', shuffles: [{ rows: 1 }] },
    { type: 'UNLOCK', shares: 'none' },
    { type: 'REMASK' },
    { type: 'AUDIT', secrets: null },
  ];
  for (const body of malformed) {
    const replica = replicaBefore(rec, index);
    replica.receive(signNext(replica.log, rec.players[0]!, body as never).bytes);
    const step = protocolSteps(replica, NAMES).at(-1)!;
    expect(step).toMatchObject({ index, author: 'Ada', status: 'refused', proofBytes: 0 });
    expect(step.text).toBe(`Ada sent a malformed event`);
    expect(step.check).toMatch(/^refused \(ERR_BODY_FIELDS\)/);
  }
});
