/**
 * A transcript with a cheat in it, for the tests of what reads transcripts (the
 * command line, the replay screen and its controller): a game of War with real
 * cryptography up to its first battle, where Ada sends her unlock share of the
 * two cards with its proof off by one, signed as her next event.
 */
import { expect } from 'vitest';
import type { Json, JsonObject } from '../../../src/engine/encoding.ts';
import { war, type WarState } from '../../../src/engine/games/war/index.ts';
import { makeAct } from '../../../src/engine/table/author.ts';
import type { UnlockBody } from '../../../src/engine/table/bodies.ts';
import type { Replica } from '../../../src/engine/table/replica.ts';
import { makeTranscript, type Transcript } from '../../../src/engine/transcript.ts';
import { badUnlockProof, signNext } from './cheats.ts';
import { Table, dutyOf, makeGenesis, makePlayers, setupOrThrow, tableGame } from './table.ts';

/** The table as it stopped at Ada's forged unlock share, and where that event is in it. */
export function forgedUnlockTranscript(): { transcript: Transcript; index: number } {
  const players = makePlayers(2);
  const genesis = { ...makeGenesis(players, war, {}), names: ['Ada', 'Bob'] };
  const table = new Table<WarState>(players, genesis, tableGame(war), setupOrThrow(war, {}));
  table.dutiesToMove();
  for (let seat = table.mover(); seat !== null; seat = table.mover())
    table.play(seat, makeAct({ type: 'FLIP' } as JsonObject));
  const replica = table.replicas[1]!;
  expect(replica.owed()).toEqual([{ seat: 0, kind: 'UNLOCK' }]);
  const honest = dutyOf(table.replicas[0]!, players[0]!) as UnlockBody;
  const bad = signNext(replica.log, players[0]!, {
    ...honest,
    shares: honest.shares.map(badUnlockProof),
  });
  replica.receive(bad.bytes);
  expect(replica.offences()).toEqual([{ seat: 0, reason: 'ERR_PROOF', event: bad.hash }]);
  const transcript = makeTranscript(replica as unknown as Replica<Json>);
  return { transcript, index: transcript.events.length - 1 };
}
