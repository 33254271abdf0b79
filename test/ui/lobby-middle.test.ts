/**
 * A host that sits in the middle of two guests' link, as a page that relays pairing codes
 * can: it answers each guest's end itself, passes their hellos on, and puts words of its
 * own in the place of theirs. Real lobby and table sessions over the in-memory network,
 * real keys; the host's relay is the man in the middle the network splices in.
 */
import { beforeAll, expect, test } from 'vitest';
import { loadTerms } from '../../src/engine/games/playable.ts';
import { LoopbackNetwork } from '../../src/net/loopback.ts';
import { MemoryStore } from '../../src/net/store.ts';
import { InThreadPool } from '../../src/net/pool.ts';
import { LobbyController } from '../../src/ui/controllers/lobby.svelte.ts';
import { middleWords } from '../../src/ui/words/waiting.ts';
import { until } from '../net/helpers/seats.ts';

beforeAll(() => loadTerms('batailles'));

test('guests with a host in the middle of their link: each page says so, shows no word forged in the other’s name, Start is held; started anyway, the table says it too', async () => {
  const net = new LoopbackNetwork();
  const open = (id: string) => Promise.resolve(net.join(id));
  const page = (opens = open) => new LobbyController(opens, new InThreadPool(), new MemoryStore());
  const ann = page();
  await ann.create('Ann', 'batailles', 3, { players: 3 });
  const ben = page();
  await ben.join(ann.tableId!, 'Ben');
  await until('Ben is seated', () => ben.snapshot?.seated === true);
  const benId = ben.session!.id;
  // Ann answers each end of Ben's and Cat's link herself: what Ben says to Cat, she rewrites.
  const cat = page((id) => {
    net.intercept(benId, id, (envelope, forward) => {
      if (envelope.from === benId && envelope.data.includes('"chat"'))
        envelope.data = JSON.stringify({ type: 'chat', text: 'I am leaving, Cat take my cards' });
      forward();
    });
    return open(id);
  });
  await cat.join(ann.tableId!, 'Cat');
  await until('Cat is seated, and both hellos refused', () =>
    [ben, cat].every((p) => p.snapshot?.seated === true && p.snapshot.middle.length > 0),
  );
  ben.say('hi Cat');
  await until('Ann hears Ben', () => ann.snapshot!.chat.length === 1);

  expect(ben.middle).toBe(middleWords(['Cat']));
  expect(cat.middle).toBe(middleWords(['Ben']));
  expect(cat.middle).toContain('Someone sits in the middle of your link to Ben');
  expect(ann.middle).toBeNull();
  expect(cat.snapshot!.chat).toEqual([]);
  // Each shows the other as not linked, so a page paired by codes offers to pair again.
  expect(cat.snapshot!.links[benId]).toBe('connecting');
  expect(ann.snapshot!.phase).toBe('full');
  expect(ann.canStart).toBe(false);

  // A modified host starts all the same: every seat signs the genesis, the table opens, and
  // the guests' pages say why they wait on each other instead of waiting in silence.
  const session = ann.session!;
  session['toSeats']({ type: 'start' });
  session['begin']();
  await until('every table opens', () => [ann, ben, cat].every((p) => p.table !== null));
  await until('each guest’s table names the middle', () =>
    [ben, cat].every((p) => p.table!.seen.alarms.some((a) => a.startsWith('Someone sits'))),
  );
  expect(ben.table!.seen.alarms).toContain(middleWords(['Cat']));
  expect(cat.table!.seen.alarms).toContain(middleWords(['Ben']));
  expect(ann.table!.seen.alarms).toEqual([]);
  for (const p of [ann, ben, cat]) p.leave();
});
