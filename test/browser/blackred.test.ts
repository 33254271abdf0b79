/**
 * Black & Red in real browsers over real PeerJS: two pages play hands, each
 * choosing its discards from what its page shows (highlighted legal cards, Say go
 * offered only when it is the move; going out is no choice, and each page does it
 * for its player as soon as its hand holds 7 of one colour), until a hand runs its stock out;
 * the discards are reshuffled into a new stock with the progress shown, and that
 * hand is played to its end with both pages agreeing. Then one page plays a whole
 * match against the computer.
 */
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { seatTwo, turnOnAutoplay, useStack } from './harness.ts';

const stack = useStack();

const SHOTS = process.env.FAIRDEAL_SHOTS;

const prompt = async (page: Page) => (await page.getByTestId('prompt').textContent()) ?? '';
/** A prompt that owes this page a move. */
const OWED = /^(Your turn: |No \w+ card fits)/;

/** What a page showed when a hand ended: taken at once, before the next hand starts by itself. */
interface HandEnd {
  readonly log: string;
  readonly summary: string;
  readonly hands: string;
}

/**
 * Records on the page whether the reshuffle banner and the new-stock progress ever
 * showed, and what it showed at each hand's end: the shuffle takes a few events, each a
 * fresh render, and the next hand starts by itself after 20 s, so a poll from the test
 * (slow on a busy machine) could miss either.
 */
async function watchReshuffle(page: Page) {
  await page.evaluate(() => {
    const seen = { banner: false, progress: [] as string[], ends: [] as HandEnd[] };
    (window as unknown as { reshuffleSeen: typeof seen }).reshuffleSeen = seen;
    const text = (id: string) => document.querySelector(`[data-testid=${id}]`)?.textContent ?? '';
    let inInterlude = false;
    new MutationObserver(() => {
      if (document.querySelector('[data-testid=reshuffle]')) seen.banner = true;
      const progress = text('progress');
      if (/new stock/.test(progress) && !seen.progress.includes(progress))
        seen.progress.push(progress.trim());
      const summary = text('interlude-summary');
      // Kept up to date while the hand's end shows, in case its last lines render later.
      const end = { log: text('log'), summary, hands: text('hands') };
      if (summary !== '' && inInterlude) seen.ends[seen.ends.length - 1] = end;
      else if (summary !== '') seen.ends.push(end);
      inInterlude = summary !== '';
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

const reshuffleSeen = (page: Page) =>
  page.evaluate(
    () =>
      (
        window as unknown as {
          reshuffleSeen: { banner: boolean; progress: string[]; ends: HandEnd[] };
        }
      ).reshuffleSeen,
  );

/** A hand card as its button says it: its face's words, worth, and whether it may go. */
interface HandCard {
  readonly words: string;
  readonly red: boolean;
  readonly worth: number;
  readonly legal: boolean;
}

async function handOf(page: Page): Promise<HandCard[]> {
  const cards = await page.getByTestId('hand-card').evaluateAll((buttons) =>
    buttons.map((b) => ({
      label: b.getAttribute('aria-label') ?? '',
      legal: b.getAttribute('data-legal') === 'true',
      enabled: !(b as HTMLButtonElement).disabled,
    })),
  );
  return cards.map(({ label, legal, enabled }) => {
    const [, words, worth] = /^(?:Discard )?(\S+), worth (\d+)$/.exec(label)!;
    expect(enabled).toBe(legal);
    expect(label.startsWith('Discard ')).toBe(legal);
    return { words: words!, red: /[♥♦]/.test(words!), worth: Number(worth), legal };
  });
}

/**
 * The page's move: say go when that is all the page offers; else discard the
 * lowest legal card of the colour it holds more of while it keeps its hand `mixed` (so
 * that hands last and stocks run out), or of the colour it holds fewer of while it
 * collects (so that the hand ends); else the lowest legal card.
 */
async function move(page: Page, mixed: boolean) {
  const words = await prompt(page);
  const hand = await handOf(page);
  if (/^No \w+ card fits/.test(words)) {
    expect(hand.some((c) => c.legal)).toBe(false);
    return page.getByTestId('go').click();
  }
  expect(await page.getByTestId('go').count()).toBe(0);
  const legal = hand.filter((c) => c.legal);
  expect(legal.length).toBeGreaterThan(0);
  const reds = hand.filter((c) => c.red).length;
  const redsMore = reds * 2 > hand.length;
  const shed = legal.filter((c) => c.red === (mixed ? redsMore : !redsMore));
  const pick = (shed.length > 0 ? shed : legal).reduce((low, c) => (c.worth < low.worth ? c : low));
  await page.getByRole('button', { name: `Discard ${pick.words}, worth ${pick.worth}` }).click();
}

/**
 * Waits until a page owes a move or has seen the end of hand `hand`; plays the move.
 * False once the hand is over. The previous hand's end may still show on one page while
 * the other has pressed Next game: only the ends each page recorded count.
 */
async function step(alice: Page, bob: Page, hand: number, mixed: boolean): Promise<boolean> {
  let mover = null as Page | null;
  await expect
    .poll(
      async () => {
        for (const page of [alice, bob]) {
          if ((await reshuffleSeen(page)).ends.length >= hand) return 'over';
          if (OWED.test(await prompt(page))) {
            mover = page;
            return 'move';
          }
        }
        return 'waiting';
      },
      { timeout: 50_000 },
    )
    .not.toBe('waiting');
  if (mover === null) return false;
  const page: Page = mover;
  const lines = () => page.getByTestId('log').locator('li').count();
  const before = await lines();
  await move(page, mixed);
  // The move is taken once the log tells it (a discard made 31 leaves its player to move again).
  await expect.poll(lines, { timeout: 60_000 }).toBeGreaterThan(before);
  return true;
}

/**
 * Plays to the end of the hand under way: both pages have recorded their `hands`-th hand
 * end. Both keep their hands mixed until the stock runs out and its reshuffle shows, then
 * collect: mixed hands would run the new stock out too, again and again.
 */
async function playHand(alice: Page, bob: Page, hands: number) {
  const mixed = async () => !(await reshuffleSeen(alice)).banner;
  while (await step(alice, bob, hands, await mixed()));
  for (const page of [alice, bob])
    await expect
      .poll(async () => (await reshuffleSeen(page)).ends.length, { timeout: 60_000 })
      .toBeGreaterThanOrEqual(hands);
}

test('two browsers play Black & Red until a stock runs out, reshuffle it with progress, and finish that hand agreed', async () => {
  const { alice, bob } = await seatTwo(stack, 'blackred');
  for (const page of [alice, bob]) await watchReshuffle(page);
  // To look the reshuffle over: Bob's page as soon as it shows it (it may have gone by then).
  if (SHOTS)
    void bob
      .waitForSelector('[data-testid=reshuffle]', { timeout: 0 })
      .then(() => bob.screenshot({ path: `${SHOTS}/blackred-reshuffle.png`, fullPage: true }))
      .catch(() => undefined);
  await expect
    .poll(async () => `${await prompt(alice)} ${await prompt(bob)}`, { timeout: 50_000 })
    // Or a hand dealt all of one colour, one deal in a hundred: its page goes out at once.
    .toMatch(/Your turn: discard any card to open a round|dealt 7 of one colour/);
  const wentOut = /dealt 7 of one colour/.test(`${await prompt(alice)} ${await prompt(bob)}`);
  // Each page shows its colour, the upcard, seven cards of its own and seven of the other's:
  // backs, unless a hand went out at the deal and shows face up.
  for (const page of [alice, bob]) {
    await expect
      .poll(() => page.getByTestId('colours').textContent(), { timeout: 30_000 })
      .toMatch(/You collect (red|black); (Alice|Bob) collects (red|black)\./);
    expect(await page.getByTestId('upcard').getByRole('img').getAttribute('aria-label')).toMatch(
      /^Upcard \S+$/,
    );
    expect(await page.getByTestId('hand-card').count()).toBe(7);
    const theirs = page.getByTestId('opponent-hand');
    expect(await theirs.getByRole('img').count()).toBe(7);
    if (wentOut) continue;
    expect(await theirs.getByTestId('card-back').count()).toBe(7);
    expect(await page.getByTestId('total').textContent()).toMatch(/^0 \/ 31 new round: any colour/);
  }
  let hands = 0;
  const restocked = (end: HandEnd | undefined) =>
    /shuffled again into a new stock/.test(end?.log ?? '');
  for (;;) {
    if (++hands > 8) throw new Error('no stock ran out in 8 hands');
    await playHand(alice, bob, hands);
    if (restocked((await reshuffleSeen(alice)).ends[hands - 1])) break;
    // The next hand may have started by itself already (20 s after the last one ended).
    for (const page of [alice, bob]) {
      const next = page.getByTestId('next-game');
      if ((await next.count()) > 0) await next.click({ timeout: 5_000 }).catch(() => undefined);
    }
  }
  if (SHOTS)
    await alice.screenshot({ path: `${SHOTS}/blackred-after-reshuffle.png`, fullPage: true });
  // The hand that ran out is over, on both pages alike, as each showed it at its end.
  const [aliceEnd, bobEnd] = await Promise.all(
    [alice, bob].map(async (page) => (await reshuffleSeen(page)).ends[hands - 1]!),
  );
  expect(bobEnd!.log).toBe(aliceEnd!.log);
  expect(aliceEnd!.log).toMatch(
    /The stock ran out: \d+ discards were shuffled again into a new stock, under fresh keys/,
  );
  expect(aliceEnd!.log).toMatch(/(Alice|Bob) goes out!/);
  for (const [page, end] of [
    [alice, aliceEnd!],
    [bob, bobEnd!],
  ] as const) {
    const seen = await reshuffleSeen(page);
    expect(seen.banner).toBe(true);
    expect(seen.progress.some((p) => /^Reshuffling the discards into a new stock: /.test(p))).toBe(
      true,
    );
    expect(end.hands).toMatch(/restocked \d×/);
    expect(await page.getByTestId('alarm').count()).toBe(0);
  }
  expect(bobEnd!.summary).toBe(aliceEnd!.summary);
  expect(aliceEnd!.summary).toMatch(
    /The stock was rebuilt from the discards (once|\d times)\. Score: Alice \d+ – \d+ Bob, first to 11\.$/,
  );
});

test('one browser plays a whole Black & Red match against the computer', async () => {
  const page = await stack.newPlayer();
  await page.goto(stack.url);
  await page.getByTestId('name').fill('Solo');
  await page.getByTestId('game-blackred').click();
  await page.getByTestId('solo').click();
  await page.getByTestId('my-hand').waitFor();
  await turnOnAutoplay(page);
  await page.getByTestId('result').waitFor({ timeout: 50_000 });
  expect((await page.getByTestId('result-headline').textContent())?.trim()).toMatch(
    /^(You win the match|Computer wins the match)$/,
  );
  expect(await page.getByTestId('result-reason').textContent()).toMatch(
    /Score: Solo \d+ – \d+ Computer, first to 11\.$/,
  );
  const score = (await page.getByTestId('score').textContent()) ?? '';
  const [, solo, computer] = /Solo (\d+) – (\d+) Computer/.exec(score)!;
  expect(Math.max(Number(solo), Number(computer))).toBeGreaterThanOrEqual(11);
  const log = (await page.getByTestId('log').textContent()) ?? '';
  expect(log).toMatch(/wins the match \d+–\d+\./);
  // No hand scores more than 5 a player: a match to 11 takes three hands at least.
  expect(await page.getByTestId('hands').locator('tbody tr').count()).toBeGreaterThanOrEqual(3);
  expect(log).toMatch(/Hand 3 begins; (Solo|Computer) deals\./);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/blackred-solo-end.png`, fullPage: true });
  expect(await page.getByTestId('alarm').count()).toBe(0);
});
