/**
 * Every proof's context binds what its step is for, not only its number: a
 * proof made for one purpose, one set of cards or one deck verifies nowhere
 * else, even at the same step of the same table.
 */
import { expect, test } from 'vitest';
import { toHex } from '../../../crypto/index.ts';
import { proofContext } from '../../../src/engine/table/context.ts';
import { initialTable } from '../../../src/engine/table/fold.ts';
import { makeGenesis, makePlayers } from '../helpers/table.ts';

const players = makePlayers(2);
const decks = [
  { name: 'red', size: 3 },
  { name: 'black', size: 3 },
];
const genesis = makeGenesis(players, { id: 'two-decks', decks: () => decks }, {});
const state = { ...initialTable(genesis, null), decks };

test('the context changes with the purpose, the cards, the deck, the kind and the author', () => {
  const base = { purpose: 'reveal', cards: [1] };
  const contexts = [
    proofContext(state, 'UNLOCK', 0, base),
    proofContext(state, 'UNLOCK', 0, { ...base, purpose: 'deal to 1' }),
    proofContext(state, 'UNLOCK', 0, { ...base, cards: [2] }),
    proofContext(state, 'UNLOCK', 0, { ...base, cards: [1, 2] }),
    // Card 4 is in the black deck.
    proofContext(state, 'UNLOCK', 0, { ...base, cards: [4] }),
    proofContext(state, 'LOCK', 0, base),
    proofContext(state, 'UNLOCK', 1, base),
    proofContext({ ...state, stepNo: 1 }, 'UNLOCK', 0, base),
    proofContext(state, 'KEY', 0, { purpose: 'shuffle key', decks: ['red'] }),
    proofContext(state, 'KEY', 0, { purpose: 'shuffle key', decks: ['black'] }),
  ].map(toHex);
  expect(new Set(contexts).size).toBe(contexts.length);
  expect(toHex(proofContext(state, 'UNLOCK', 0, { purpose: 'reveal', cards: [1] }))).toBe(
    contexts[0],
  );
});
