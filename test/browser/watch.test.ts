/**
 * Spectators in real browsers over real PeerJS (issue 29). Each table has two: one opens
 * the watch link while the table still gathers its players (at Red & Black it reloads
 * mid-game); the other comes mid-game. Each runs its own replica and checks every proof in
 * its own workers; at the end each reaches the players' state hash, and the players see
 * how many watch.
 *
 * No hidden face reaches a spectator's page: every face it draws before the audit, each
 * player's page draws too within a few seconds (a face only one player may read is drawn
 * on that player's page alone). Batailles names a face by its word, which every army
 * shares, so there the check is looser; the unit test (test/net/watch.test.ts) checks
 * every point a spectator's replica holds against every face point of every deck.
 */
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import {
  agreedHash,
  BATAILLES_GAME_MS,
  createTable,
  joinTable,
  turnOnAutoplay,
  useStack,
} from './harness.ts';
import { checkAtBothSizes } from './keyboard.ts';

const stack = useStack();

/** How far apart two pages may draw one public face, in ms: each page judges at its own pace. */
const SAME_FACE_MS = 5000;
const SAMPLE_MS = 400;

interface Sample {
  readonly at: number;
  readonly faces: readonly string[];
}

/** Samples the faces `page` draws until `stop` says so. */
function sampleFaces(page: Page, stop: () => boolean): { samples: Sample[]; done: Promise<void> } {
  const samples: Sample[] = [];
  const done = (async () => {
    while (!stop()) {
      const faces = await page
        .evaluate(() =>
          [...document.querySelectorAll('[data-testid=card-face], [data-testid=unit-face]')].map(
            (card) => (card as HTMLElement).dataset.face ?? '',
          ),
        )
        .catch(() => [] as string[]);
      samples.push({ at: Date.now(), faces });
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    }
  })();
  return { samples, done };
}

/** Faces a spectator drew that some player's page did not draw near that time. */
function hiddenFacesDrawn(spectator: readonly Sample[], players: readonly Sample[][]): string[] {
  return spectator.flatMap(({ at, faces }) =>
    faces.filter((face) =>
      players.some(
        (samples) =>
          !samples.some((s) => Math.abs(s.at - at) <= SAME_FACE_MS && s.faces.includes(face)),
      ),
    ),
  );
}

/**
 * Opens the watch link in a fresh page and waits for the board. The page never shows the
 * home screen on the way, not even for a frame: from its first drawing it says it loads
 * the spectator's screen.
 */
async function watch(link: string): Promise<Page> {
  const page = await stack.newPlayer();
  // Every state the page's main part goes through, as it is drawn: each mutation is seen
  // before the frame that would show it.
  await page.addInitScript(() => {
    const drawn: string[] = [];
    (window as unknown as { drawn: string[] }).drawn = drawn;
    new MutationObserver(() => {
      const main = document.querySelector('main');
      const status = main?.querySelector('[data-testid=loading], [data-testid=watch]');
      const now = main?.querySelector('[aria-label="About Fair Deal"]')
        ? 'home'
        : ((status?.getAttribute('data-testid') === 'watch' ? 'watch' : status?.textContent) ?? '');
      if (now && drawn.at(-1) !== now) drawn.push(now);
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await page.goto(link);
  await page.getByTestId('watch').waitFor();
  expect(await page.evaluate(() => (window as unknown as { drawn: string[] }).drawn)).toEqual([
    "Loading the spectator's screen…",
    'watch',
  ]);
  return page;
}

/**
 * Plays `players` (their tables started, `watchLink` the table's) on the computer's help,
 * with a spectator from before the start, which reloads mid-game when `reloads`, and one
 * from mid-game.
 */
async function playWatched(
  players: readonly Page[],
  early: Page,
  watchLink: string,
  {
    screen,
    reloads,
  }: {
    /** The spectator's screen is checked (axe, no sideways scroll) at both sizes under this name. */
    screen: string | null;
    reloads: boolean;
  },
): Promise<void> {
  for (const page of players) await turnOnAutoplay(page);
  let over = false;
  const playerFaces = players.map((page) => sampleFaces(page, () => over));
  const earlyFaces = sampleFaces(early, () => over);
  await early.getByTestId('waiting').waitFor();
  await expect
    .poll(() => early.getByTestId('log').textContent(), { timeout: 30_000 })
    .toMatch(/shuffled/);

  // Mid-game: one more comes, and the first reloads; each finds the table again.
  const late = await watch(watchLink);
  const lateFaces = sampleFaces(late, () => over);
  if (reloads) {
    await early.reload();
    await early.getByTestId('watch').waitFor();
  }
  for (const page of [...players, early, late])
    await expect
      .poll(() => page.getByTestId('spectators').getAttribute('data-count'), { timeout: 30_000 })
      .toBe('2');
  if (screen) {
    // Its players' chat open: the spectator reads it, with no field to write in.
    await late.getByTestId('table-chat-title').click();
    await checkAtBothSizes(late, screen);
    // The players see who watches, and the watch link to pass on.
    await checkAtBothSizes(players[0]!, `${screen}-player`);
  }

  await Promise.all(
    [...players, early, late].map((page) =>
      page.getByTestId('result').waitFor({ timeout: 55_000 }),
    ),
  );
  over = true;
  await Promise.all([...playerFaces, earlyFaces, lateFaces].map((s) => s.done));
  const drawn = playerFaces.map((s) => s.samples);
  expect(hiddenFacesDrawn(earlyFaces.samples, drawn)).toEqual([]);
  expect(hiddenFacesDrawn(lateFaces.samples, drawn)).toEqual([]);
  // A spectator that drew no face at all would pass the check above: these drew the public ones.
  const spectatorFaces = [...earlyFaces.samples, ...lateFaces.samples].flatMap((s) => s.faces);
  expect(spectatorFaces.length).toBeGreaterThan(0);

  // Every page, spectators' included, reached one state hash, and says each other agrees.
  const hashes = await Promise.all([...players, early, late].map(agreedHash));
  expect(new Set(hashes).size).toBe(1);
  for (const page of [early, late]) {
    // The audit opened every key: the spectator's audit view tells every card's path.
    await expect.poll(() => page.getByTestId('audit-card').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('audit-card').count()).toBe(
      await players[0]!.getByTestId('audit-card').count(),
    );
    expect(await page.getByTestId('alarm').count()).toBe(0);
    // The spectator's own workers checked every proof, as a player's do.
    expect(await page.getByTestId('protocol').innerText()).toMatch(/checked in [\d.]+ m?s here/);
  }
}

test('two players play Red & Black with two spectators, one from the lobby who reloads, one from mid-game; all reach one state hash', async () => {
  const alice = await stack.newPlayer();
  const bob = await stack.newPlayer();
  const invite = await createTable(alice, stack.url, 'Alice', 'redblack', {
    options: { red: '9', black: '9', target: '1' },
  });
  const watchLink = await alice.getByTestId('watch-link').inputValue();
  expect(watchLink).toBe(invite.replace('#join=', '#watch='));
  // Before the table starts, the spectator's page says what it waits for.
  const early = await watch(watchLink);
  expect(await early.getByTestId('watch-status').textContent()).toMatch(/Looking for table/);
  await joinTable(bob, invite, 'Bob');
  await expect.poll(() => alice.getByTestId('start').isEnabled()).toBe(true);
  await alice.getByTestId('start').click();
  for (const page of [alice, bob]) await page.getByTestId('table').waitFor();
  await playWatched([alice, bob], early, watchLink, { screen: 'watch-redblack', reloads: true });
});

test(
  'three play Batailles et piques, two of them computers the host seats, with two spectators; all reach one state hash',
  async () => {
    // One player's page runs the two computers: with two spectators' pages, three pages on
    // two cores, each checking every proof, as a table of three players' pages and two
    // spectators would run on five devices. The early spectator does not reload here: a
    // reload would check every proof a third time, and with one core busy this game came
    // within 5 s of the usual 60 s bound. A spectator's reload at Batailles is net/watch.test.ts's.
    const ann = await stack.newPlayer();
    const invite = await createTable(ann, stack.url, 'Ann', 'batailles', { seats: 3 });
    const watchLink = invite.replace('#join=', '#watch=');
    const early = await watch(watchLink);
    await ann.getByTestId('add-computer').click();
    await ann.getByTestId('add-computer').click();
    await expect.poll(() => ann.getByTestId('start').isEnabled(), { timeout: 30_000 }).toBe(true);
    await ann.getByTestId('start').click();
    await ann.getByTestId('table').waitFor();
    await playWatched([ann], early, watchLink, { screen: null, reloads: false });
  },
  BATAILLES_GAME_MS,
);
