/**
 * The protocol panel's steps, held against the recorded hand (test/vectors/hand.json):
 * every cryptographic step in order, who did it, the proofs' sizes, what was checked;
 * and a cheat's refused step, its author named with the reason.
 */
import { expect, test } from 'vitest';
import type { UnlockBody } from '../../src/engine/table/bodies.ts';
import { protocolSteps, sizeWords } from '../../src/ui/protocol.ts';
import {
  badUnlockProof,
  indexOf,
  loadHand,
  replicaBefore,
  signNext,
} from '../engine/helpers/cheats.ts';

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
    [10, 'Ada locked cards 0, 1 again under their key', 97, 'checked'],
    [11, 'Ada unlocked the copies of cards 0, 1 for Ada and Bob', 97, 'checked'],
    [12, 'Bob unlocked the copies of cards 0, 1 for Ada and Bob', 97, 'checked'],
    [13, 'Bob made a move (done)', 0, 'checked'],
    [14, 'Ada published their 1 secret key for the audit', 0, 'checked'],
    [15, 'Bob published their 3 secret keys for the audit', 0, 'checked'],
  ]);
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
  expect(step).toEqual({
    index,
    author: 'Ada',
    text: 'Ada unlocked cards 0, 1, 2 for Bob',
    proofBytes: 97,
    check: 'refused (ERR_PROOF): Ada broke the protocol and the table stopped',
    status: 'refused',
  });
});

test.each([
  [0, '0 B'],
  [9_999, '9999 B'],
  [10_000, '10.0 kB'],
  [125_400, '125.4 kB'],
])('%i bytes read as %s', (bytes, words) => {
  expect(sizeWords(bytes)).toBe(words);
});
