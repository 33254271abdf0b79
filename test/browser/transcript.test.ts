/**
 * Transcripts in the browser: a game of Red & Black against the computer is
 * downloaded from its table, checked by `npm run verify`, opened in a fresh page
 * by the file picker and stepped through to the end, verified; a copy with one
 * byte of one event changed, and one with an event removed, stop at the bad
 * event, named; a file dropped on the home screen opens the same way. A game of
 * Batailles et piques kept in test/vectors (written by `npm run simulate -- --game
 * batailles --players 3 --seed 4 --out test/vectors/batailles-transcript.json`, which
 * writes the same bytes on every run) replays with what its audit found, each seat's board
 * as that seat saw it, and its audit view opens: a transcript saved earlier keeps opening.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { turnOnAutoplay, useStack } from './harness.ts';
import { keptTranscript } from '../vectors/kept.ts';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'fairdeal-transcripts-'));
const stack = useStack();
/** The finished game's transcript, as downloaded. */
let finished: string;
/** The same game's transcript, downloaded before any card was played. */
let early: string;

/** Clicks Download transcript and keeps the file; its name and path. */
async function download(page: Page, name: string) {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('download-transcript').click(),
  ]);
  const path = join(dir, name);
  await file.saveAs(path);
  return { suggested: file.suggestedFilename(), path };
}

beforeAll(async () => {
  const page = await stack.newPlayer();
  await page.goto(stack.url);
  await page.getByTestId('name').fill('Ada');
  await page.getByTestId('game-redblack').click();
  await page.getByTestId('opt-target').fill('1');
  await page.getByTestId('solo').click();
  await page.getByTestId('table').waitFor();
  // The hint tells a player what to do with the file, not a developer's command.
  const hint = await page.getByTestId('transcript-hint').innerText();
  expect(hint).toContain('Open a transcript');
  expect(hint).not.toContain('npm');
  const first = await download(page, 'early.json');
  expect(first.suggested).toMatch(/^fairdeal-redblack-[\w-]+-\d+\.json$/);
  early = first.path;
  await turnOnAutoplay(page);
  await page.getByTestId('result').waitFor({ timeout: 50_000 });
  // The game is over once both published their keys for the audit.
  await page.waitForFunction(
    () =>
      ['Ada', 'Computer'].every((name) =>
        document
          .querySelector('[data-testid=log]')
          ?.textContent?.includes(`${name} published their secret keys`),
      ),
    null,
    { timeout: 60_000 },
  );
  // The protocol panel beside the table lists every step, every check passed.
  expect(await page.getByTestId('protocol-summary').innerText()).toMatch(
    /^\d+ signed steps?, [\d.]+ k?B of proofs, every check passed\.$/,
  );
  expect(await page.getByTestId('protocol').innerText()).toMatch(
    /Computer shuffled and locked the deck \(\d+ cards\)\n\d+ B of proofs; checked in [\d.]+ m?s here; shuffle proof checked/,
  );
  finished = (await download(page, 'game.json')).path;
  await page.context().close();
});

/** A fresh page on the home screen opens `path` by the file picker. */
async function openReplay(path: string) {
  const page = await stack.newPlayer();
  await page.goto(stack.url);
  await page.getByTestId('transcript-file').setInputFiles(path);
  await page.getByTestId('replay').waitFor();
  return page;
}

const verdict = (page: Page) => page.getByTestId('replay-verdict').innerText({ timeout: 50_000 });
const position = async (page: Page) =>
  Number(await page.getByTestId('replay-position').textContent());
const events = (path: string) =>
  (JSON.parse(readFileSync(path, 'utf8')) as { events: string[] }).events;

/** A copy of the finished transcript with its events changed by `change`. */
function tampered(name: string, change: (events: string[]) => void) {
  const transcript = JSON.parse(readFileSync(finished, 'utf8')) as { events: string[] };
  change(transcript.events);
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(transcript));
  return path;
}

test('npm run verify accepts the transcript downloaded from the table', async () => {
  const { stdout } = await run(join('node_modules', '.bin', 'tsx'), [
    'scripts/verify.ts',
    finished,
  ]);
  expect(stdout).toMatch(/^verified \d+ events: every signature, chain link, proof and rule holds/);
  expect(stdout).toMatch(/^winner: (Ada|Computer) /m);
});

test('a finished game opens in a fresh page, steps to the end and is verified', async () => {
  const page = await openReplay(finished);
  const total = events(finished).length;
  await expect
    .poll(() => verdict(page), { timeout: 50_000 })
    .toMatch(
      new RegExp(
        `^Verified: all ${total} events hold, .*((Ada|Computer) wins the match|The match is a draw)`,
      ),
    );
  expect(await page.getByTestId('replay-event').innerText()).toMatch(
    /0 of \d+ events applied\. The table before the first event\./,
  );
  // Step by the buttons, then by the keyboard on the slider, to the last event.
  await page.getByTestId('replay-next').click();
  await page.getByTestId('replay-next').click();
  await expect.poll(() => position(page)).toBe(2);
  expect(await page.getByTestId('replay-event').innerText()).toMatch(
    /2 of \d+ events applied\. Event 1 by (Ada|Computer): /,
  );
  await page.getByTestId('replay-previous').click();
  await expect.poll(() => position(page)).toBe(1);
  await page.getByTestId('replay-slider').focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => position(page)).toBe(2);
  await page.keyboard.press('End');
  await expect.poll(() => position(page)).toBe(total);
  expect(await page.getByTestId('replay-next').isDisabled()).toBe(true);
  const log = (await page.getByTestId('log').textContent()) ?? '';
  expect(log).toMatch(/Computer published their secret keys/);
  // Seen by the computer at the end, the board names the same players and no move is offered.
  // The replay's protocol panel holds a step for every event; closed once, it stays closed.
  expect(await page.getByTestId('protocol-step').count()).toBe(total);
  const panelOpen = () =>
    page.getByTestId('protocol').evaluate((d) => (d as HTMLDetailsElement).open);
  expect(await panelOpen()).toBe(true);
  await page.getByTestId('protocol').locator('summary').click();
  await page.getByTestId('replay-close').click();
  await page.getByTestId('transcript-file').setInputFiles(finished);
  await expect.poll(() => verdict(page), { timeout: 50_000 }).toMatch(/^Verified: /);
  expect(await panelOpen()).toBe(false);
  await page.getByTestId('replay-seat').selectOption('1');
  expect(await page.getByTestId('autoplay').count()).toBe(0);
  expect(await page.getByTestId('replay-verdict').getAttribute('role')).toBe('status');
  // The whole game verified, its audit opens: each shuffle's order, and the hash reached.
  await page.getByTestId('see-audit').click();
  expect(await page.getByTestId('audit-hashes').innerText()).toMatch(
    /^This replay reached state hash [0-9a-f]{16}… after \d+ events\./,
  );
  expect(await page.getByTestId('audit-shuffle').first().innerText()).toMatch(
    /^After (Ada|Computer)'s shuffle \(step \d+\)\n/,
  );
});

test('a transcript downloaded mid-game holds as far as it goes, and says the game was not over', async () => {
  const page = await openReplay(early);
  await expect
    .poll(() => verdict(page), { timeout: 60_000 })
    .toMatch(/^All \d+ events hold, but the transcript ends before the game is over/);
  // No audit before the game is over.
  expect(await page.getByTestId('see-audit').count()).toBe(0);
});

test('one byte of one event changed: the replay stops at that event, named, with the reason', async () => {
  const path = tampered('byte.json', (e) => {
    const at = e[10]!.indexOf('"sig":"') + 20;
    const digit = e[10]![at] === '0' ? '1' : '0';
    e[10] = e[10]!.slice(0, at) + digit + e[10]!.slice(at + 1);
  });
  const page = await openReplay(path);
  await expect
    .poll(() => verdict(page), { timeout: 60_000 })
    .toMatch(
      /^Event 10 by (Ada|Computer) \(seat [01]\) is bad: its signature does not match its author \(ERR_SIGNATURE\)\. The replay stops before it: events 0 to 9 hold\.$/,
    );
  expect(await page.getByTestId('replay-verdict').getAttribute('role')).toBe('alert');
  await page.getByTestId('replay-last').click();
  await expect.poll(() => position(page)).toBe(10);
});

test('an event removed: the replay stops where it is missed, named', async () => {
  const path = tampered('removed.json', (e) => e.splice(7, 1));
  const page = await openReplay(path);
  await expect
    .poll(() => verdict(page), { timeout: 60_000 })
    .toMatch(
      /^Event 7 (by (Ada|Computer) \(seat [01]\) )?is bad: (event out of order or missing a predecessor|it names an event this transcript does not hold before it)\./,
    );
  await page.getByTestId('replay-last').click();
  await expect.poll(() => position(page)).toBe(7);
});

test(`a game of Batailles at three seats opens and replays: the audit caught nobody, each seat sees its own hand and what it alone saw of others' cards`, async () => {
  const path = keptTranscript('batailles');
  const page = await openReplay(path);
  const total = events(path).length;
  await expect
    .poll(() => verdict(page), { timeout: 50_000 })
    .toMatch(
      new RegExp(
        `^Verified: all ${total} events hold, every signature, chain link, proof and rule\\. ` +
          'Audit: every hidden claim checked against the opened cards; nobody caught\\. ' +
          '(Ada|Babbage|Curie)( and (Babbage|Curie))* (wins|share) the game\\. Nobody else could attack\\.',
      ),
    );
  expect(await page.getByTestId('replay-verdict').getAttribute('role')).toBe('status');
  // Past the first fight, as Ada saw it: her own hand faceup, the others' cards in play facedown.
  await page.getByTestId('replay-slider').focus();
  for (let i = 0; i < 45; i++) await page.keyboard.press('ArrowRight');
  await expect.poll(() => position(page)).toBe(45);
  const hand = page.getByTestId('my-hand');
  const seats = page.getByTestId('seat-panel');
  expect(await seats.count()).toBe(3);
  expect(await hand.getByTestId('unit-face').count()).toBeGreaterThan(0);
  expect(await hand.getByTestId('unit-back').count()).toBe(0);
  expect(await seats.first().innerText()).toMatch(/^You \(Ada\)/);
  // Nobody plays in a replay: no prompt, no move's controls, no auto-play switch.
  expect(await page.getByTestId('prompt').count()).toBe(0);
  expect(await page.locator('[data-testid=replay] .board button').count()).toBe(0);
  expect(await page.getByTestId('autoplay').count()).toBe(0);
  // As Babbage saw it: his hand, and Ada's seat as he knew it.
  await page.getByTestId('replay-seat').selectOption('1');
  await expect.poll(() => seats.nth(1).innerText()).toMatch(/^You \(Babbage\)/);
  expect(await hand.getByTestId('unit-back').count()).toBe(0);
  expect(await seats.first().getByTestId('unit-back').count()).toBeGreaterThan(0);
  // Past Ada's first fight, as she saw it: Babbage's 11 she fought stays faceup to her, and
  // says it is known to her alone, to the eye and to a screen reader.
  await page.getByTestId('replay-seat').selectOption('0');
  await page.getByTestId('replay-slider').focus();
  for (let i = 45; i < 57; i++) await page.keyboard.press('ArrowRight');
  await expect.poll(() => position(page)).toBe(57);
  const babbage = seats.nth(1);
  expect(await babbage.getByTestId('known-to-you').allInnerTexts()).toEqual([
    'facedown, known to you',
  ]);
  expect(
    await babbage
      .getByRole('img', { name: "Babbage's card 2: 11, facedown, known to you" })
      .count(),
  ).toBe(1);
  expect(await seats.nth(2).getByTestId('known-to-you').count()).toBe(0);
  // The protocol's last step: every key open, the hidden claims judged on the cards as they were.
  await page.getByTestId('replay-last').click();
  await expect.poll(() => position(page)).toBe(total);
  expect(await page.getByTestId('protocol-step').last().innerText()).toMatch(
    /each secret matches its public key; with every key open, \d+ recorded hidden claims judged on the cards as they were: nobody caught/,
  );
  // Its audit opens, in the page's workers: each army, whose units share names (two Mines).
  await page.getByTestId('see-audit').click();
  await page.getByTestId('audit-summary').waitFor({ timeout: 50_000 });
  // At its top, the audit's verdict on the hidden claims; each deck named as its player's army.
  expect(await page.getByTestId('audit-claims').innerText()).toMatch(
    /^With every key open, \d+ hidden claims were judged on the cards as they were: nobody was caught\.$/,
  );
  expect(
    await page.getByTestId('audit-deal').first().locator('summary').first().innerText(),
  ).toMatch(/^Ada's army, shuffled from step \d+$/);
  expect(await page.getByTestId('audit-deal').count()).toBeGreaterThanOrEqual(3);
  const units = await page.getByTestId('audit-shuffle').first().locator('li').allInnerTexts();
  expect(units.filter((unit) => unit === 'Mine').length).toBeGreaterThan(1);
});

test('a transcript dropped on the home screen opens; a file that is not one is refused in words', async () => {
  const page = await stack.newPlayer();
  await page.goto(stack.url);
  const drop = (name: string, text: string) =>
    page.getByTestId('transcript-drop').evaluate(
      (zone, { name, text }) => {
        const data = new DataTransfer();
        data.items.add(new File([text], name, { type: 'application/json' }));
        zone.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true }));
      },
      { name, text },
    );
  await drop('notes.txt', 'not a transcript');
  const error = () => page.getByTestId('transcript-error').textContent();
  await expect.poll(error).toBe('notes.txt is not a transcript: it is not JSON.');
  await drop('other.json', '{"format":"something else"}');
  await expect.poll(error).toBe('other.json: Invalid transcript: not a Fair Deal transcript');
  await drop('game.json', readFileSync(finished, 'utf8'));
  await expect.poll(() => verdict(page), { timeout: 50_000 }).toMatch(/^Verified: /);
  await page.getByTestId('replay-close').click();
  await page.getByTestId('transcript-file').waitFor();
});
