/**
 * Issue 24, part 3: a duty this device cannot make never leaves the page on a
 * progress bar that stands still. The table screen's controller says, in words,
 * which part of the protocol failed and why, and shows no progress in its place.
 * Real sessions over the in-memory network, real cryptography; the pool refuses
 * Alice's duties, as it did her re-mask of a hand that held a card under Bob's layer.
 */
import { expect, test } from 'vitest';
import { localTable } from '../../src/bots/table.ts';
import { InThreadPool } from '../../src/net/pool.ts';
import type { DutyRequest } from '../../src/net/work.ts';
import { TableController } from '../../src/ui/controllers/table.svelte.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

/** The pool of this thread, but every duty of seat 0 fails. */
class Failing extends InThreadPool {
  override duty(request: DutyRequest) {
    if (request.seat === 0)
      return Promise.reject(new Error("card 5 is not this seat's to re-mask"));
    return super.duty(request);
  }
}

test('a duty the device cannot make is said in words, with no progress bar left standing', async () => {
  const table = localTable({
    game: 'war',
    names: ['Alice', 'Bob'],
    humans: [0, 1],
    table: 'ui-duty-failure',
    pool: new Failing(),
  });
  const alice = new TableController(table.sessions[0]!);
  for (let i = 0; i < 100 && alice.seen.alarms.length === 0; i++) await settle();
  expect(table.sessions[0]!.dutyError).toEqual({
    step: 'KEYS',
    reason: "card 5 is not this seat's to re-mask",
  });
  expect(alice.seen.alarms).toEqual([
    "Your device could not make your keys for the shuffle: card 5 is not this seat's to re-mask. The table cannot go on from this page; the other players see it wait on you.",
  ]);
  expect(alice.seen.progress).toBeNull();
  // Bob's page, whose duties are made, shows the shuffle round waiting on Alice.
  const bob = new TableController(table.sessions[1]!);
  expect(bob.seen.alarms).toEqual([]);
  expect(bob.seen.progress?.text).toMatch(/Exchanging fresh keys/);
  table.close();
});
