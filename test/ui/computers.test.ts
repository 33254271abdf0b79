/**
 * Computer players filling the seats of a table over the network: the host adds two to
 * a three-seat table of Batailles et piques; each is a peer of its own (its own peer id,
 * key and links), takes an open seat, signs the genesis and plays its seat once the host
 * starts. Real lobby and table sessions over the in-memory network, real cryptography.
 */
import { expect, test, vi } from 'vitest';
import { freshSeed } from '../../src/bots/computer.ts';
import { LoopbackNetwork } from '../../src/net/loopback.ts';
import { InThreadPool } from '../../src/net/pool.ts';
import { LobbyController } from '../../src/ui/controllers/lobby.svelte.ts';
import { until } from '../net/helpers/seats.ts';

test('the host adds two computer players to a table of three; they lay their cards like anyone', async () => {
  const net = new LoopbackNetwork();
  const open = (id: string) => Promise.resolve(net.join(id));
  const ann = new LobbyController(open, new InThreadPool());
  await ann.create('Ann', 'batailles', 3, {});
  expect(ann.snapshot!.table!.options).toEqual({ players: 3 });
  await ann.addComputer();
  await ann.addComputer();
  await until('every seat taken and linked', () => ann.canStart);
  const players = ann.snapshot!.players;
  expect(players.map((p) => p.name)).toEqual(['Ann', 'Computer 1', 'Computer 2']);
  expect(new Set(players.map((p) => p.identity)).size).toBe(3);
  // A full table takes no more computers.
  await ann.addComputer();
  expect(ann.snapshot!.players).toHaveLength(3);

  ann.start();
  await until('the table opens', () => ann.table !== null);
  await until('Ann owes her lay, and both computers laid theirs', () => {
    const state = ann.table!.session.replica.state.game as { laid: boolean[] };
    return ann.table!.seen.legal.length > 0 && state.laid[1] === true && state.laid[2] === true;
  });
  expect(ann.table!.seen.alarms).toEqual([]);
  ann.leave();
});

test('every player’s lobby and table say that the computer the host added is run by the host’s page', async () => {
  const net = new LoopbackNetwork();
  const open = (id: string) => Promise.resolve(net.join(id));
  const ann = new LobbyController(open, new InThreadPool());
  await ann.create('Ann', 'batailles', 3, {});
  const ben = new LobbyController(open, new InThreadPool());
  await ben.join(ann.snapshot!.table!.id, 'Ben');
  await until('Ben is seated', () => ann.snapshot?.players.length === 2);
  await ann.addComputer();
  await until('every seat taken and linked', () => ann.canStart);
  await until('Ben sees the computer', () => ben.snapshot?.players.length === 3);
  expect(ben.snapshot!.players.map((p) => [p.name, p.runByHost])).toEqual([
    ['Ann', false],
    ['Ben', false],
    ['Computer 1', true],
  ]);
  expect(ben.runBy).toEqual([null, null, "a computer player run by Ann's page"]);
  expect(ann.runBy).toEqual([null, null, 'a computer player run by your page']);

  ann.start();
  await until('both tables open', () => ann.table !== null && ben.table !== null);
  // The genesis every seat signed records it, so the table screen and a transcript show it.
  expect(ben.table!.session.genesis.runBy).toEqual([0, 1, 0]);
  expect(ben.table!.runBy).toEqual([null, null, "a computer player run by Ann's page"]);
  expect(ann.table!.runBy).toEqual([null, null, 'a computer player run by your page']);
  ben.leave();
  ann.leave();
});

test('a computer player’s seed does not come from the clock: taken at one instant, no two agree', () => {
  // An opponent who knows when a computer joined must not be able to replay its tie-breaks.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(1_800_000_000_000);
  const seeds = new Set(Array.from({ length: 8 }, () => freshSeed()));
  vi.useRealTimers();
  expect(seeds.size).toBe(8);
});
