/**
 * Concurrent moves (docs/design.md, Replicated engine): a move overtaken by a concurrent event is
 * void, but a move that was illegal even in the state its author claims to
 * have seen (its basis) is an offence, so an old basis hides no cheat.
 */
import { expect, test } from 'vitest';
import { signEvent, type EventBody } from '../../src/engine/events.ts';
import { war } from '../../src/engine/games/war/index.ts';
import { makeAct } from '../../src/engine/table/author.ts';
import {
  Table,
  feed,
  makeGenesis,
  makePlayers,
  setupOrThrow,
  tableGame,
  withDeck,
  withHeads,
} from './helpers/table.ts';

const players = makePlayers(2);
const small = withDeck(war, 8);
const genesis = makeGenesis(players, small, {});

test('a second flip made against the state after its own first flip is an offence, not void', () => {
  const initial = setupOrThrow(war, {
    stacks: [
      [0, 2, 4, 6],
      [1, 3, 5, 7],
    ],
  });
  const table = new Table(players, genesis, tableGame(small), initial);
  table.dutiesUntil((s) => s.step.type === 'PLAY');
  const first = table.play(1, makeAct({ type: 'FLIP' }));
  table.play(0, makeAct({ type: 'FLIP' }));
  const honest = table.replicas[0]!;
  const before = honest.stateHash;

  // Seat 1's next event names its own first flip as basis: concurrent with seat 0's
  // flip, so it lands after it, where no flip is legal. Where its author stood, seat 1
  // had already flipped, so the move was illegal there too: an offence.
  const cheat = signEvent(
    withHeads(honest.log, {
      table: honest.log.table,
      author: 1,
      seq: first.event.seq + 1,
      prev: first.hash,
      basis: [first.event.basis[0]!, first.event.seq + 1],
      body: makeAct({ type: 'FLIP' }) as unknown as EventBody,
    }),
    players[1]!.identity.secretKey,
  );
  if (!cheat.ok) throw new Error(cheat.error);
  feed(honest, cheat.value.bytes);
  expect(honest.entryVerdicts.at(-1)).toEqual({ rejected: 'ERR_NOT_OWED' });
  expect(honest.offences()).toEqual([{ seat: 1, reason: 'ERR_NOT_OWED', event: cheat.value.hash }]);
  expect(honest.stateHash).toBe(before);
  expect(honest.stopped).toBe(true);
});

test('nobody may move before the deck is shuffled: a flip during the shuffle is an offence', () => {
  const initial = setupOrThrow(war, {
    stacks: [
      [0, 2, 4, 6],
      [1, 3, 5, 7],
    ],
  });
  const table = new Table(players, genesis, tableGame(small), initial);
  const owedKinds = () => table.replicas[0]!.owed().map((o) => o.kind);
  expect(owedKinds()).toEqual(['KEY', 'KEY']);
  table.dutiesUntil((s) => s.step.type === 'SHUFFLE');
  expect(owedKinds()).toEqual(['SHUFFLE']);
  table.duty(0);
  expect(owedKinds()).toEqual(['SHUFFLE']);
  const honest = table.replicas[0]!;
  const flip = signEvent(
    withHeads(honest.log, {
      table: honest.log.table,
      author: 1,
      seq: 1,
      prev: table.events.find((e) => e.event.author === 1)!.hash,
      basis: honest.log.seen(),
      body: makeAct({ type: 'FLIP' }) as unknown as EventBody,
    }),
    players[1]!.identity.secretKey,
  );
  if (!flip.ok) throw new Error(flip.error);
  feed(honest, flip.value.bytes);
  expect(honest.offences().map((o) => [o.seat, o.reason])).toEqual([[1, 'ERR_NOT_OWED']]);
});
