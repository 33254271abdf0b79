/**
 * Pairing again at a table paired by codes (`PairAgain.svelte`, `CodePairing`): what a
 * seated page shows of it, and the codes a table under way has no use for. Real lobby
 * controllers over `DirectTransport`, its WebRTC an in-memory stand-in (test/net/helpers/rtc.ts);
 * paired.test.ts pairs again in real browsers.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { loadTerms } from '../../src/engine/games/playable.ts';
import { DirectTransport } from '../../src/net/direct.ts';
import { InThreadPool } from '../../src/net/pool.ts';
import { MemoryStore } from '../../src/net/store.ts';
import { pairAgainShown } from '../../src/ui/controllers/code-pairing.svelte.ts';
import { LobbyController } from '../../src/ui/controllers/lobby.svelte.ts';
import { unlocked } from '../../src/ui/controllers/tabs.ts';
import { MemoryPeerConnection } from '../net/helpers/rtc.ts';
import { until } from '../net/helpers/seats.ts';

describe('what a seated page shows of pairing again', () => {
  test.each([
    ['every player linked, no code open', 0, false, 'nothing'],
    // The host's code for a next player, or a fresh one made after a pairing: spent.
    ['every player linked, a code still open', 0, true, 'nothing'],
    ['a player not linked, no code asked for', 1, false, 'notice'],
    ['a player not linked, the codes asked for', 2, true, 'codes'],
  ] as const)('%s', (_, unlinked, open, shown) => {
    expect(pairAgainShown(unlinked, open)).toBe(shown);
  });
});

beforeAll(() => loadTerms('war'));
beforeEach(() => {
  vi.stubGlobal('RTCPeerConnection', MemoryPeerConnection);
});
const pages: LobbyController[] = [];
afterEach(() => {
  for (const page of pages.splice(0)) page.leave();
  vi.unstubAllGlobals();
});

/** A page with no signaling server: it pairs by codes alone. */
function page(): LobbyController {
  const made = new LobbyController(
    () => Promise.reject(new Error('no signaling server')),
    new InThreadPool(),
    new MemoryStore(),
    unlocked,
    (id) => Promise.resolve(new DirectTransport(id, {})),
  );
  pages.push(made);
  return made;
}

test('the host’s code for a next player is gone once the table starts: the game opens on its board', async () => {
  const ann = page();
  await ann.createPaired('Ann', 'war', 2, {});
  await until('Ann shows a code', () => ann.codes.offers?.code != null);
  const ben = page();
  ben.joinByCode();
  const entry = ben.codes.answers!;
  expect(await entry.take(ann.codes.offers!.code!)).toBe(true);
  expect(await ann.codes.offers!.complete(entry.code!)).toBe(true);
  await until('Ben visits the table', () => ben.snapshot?.table != null);
  await ben.sit('Ben');
  await until('Ann can start', () => ann.canStart);
  // Gathering players, the host shows the next one a fresh code.
  expect(ann.codes.offers?.code).not.toBeNull();
  ann.start();
  await until('both tables open', () => ann.table !== null && ben.table !== null);
  expect(ann.codes.offers).toBeNull();
  expect(ann.codes.answers).toBeNull();
  expect(ben.codes.answers).toBeNull();
});
