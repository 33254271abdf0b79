/**
 * Tables with no signaling server (`src/net/direct.ts`): pages pair by codes, and every
 * other link is signaled through the host. The stack's PeerServer is stopped first, and
 * no page opens a socket to any: the pages find each other by the codes alone. War
 * between two pages paired by codes is played whole in war.test.ts.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { chromium, type Page } from 'playwright-core';
import QRCode from 'qrcode';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium.ts';
import { checkAtBothSizes } from './keyboard.ts';
import {
  checkScreen,
  createPairedTable,
  flipOffered,
  joinByCodes,
  pairByCodes,
  seatTwoByCodes,
  settledSteps,
  socketsOf,
  useStack,
} from './harness.ts';

const stack = useStack();

/** The pages' default size, for the screens checked by axe here (a11y.test.ts checks the rest). */
const SCREEN = { name: 'desktop', width: 1280, height: 720 };

const prompt = async (page: Page) => (await page.getByTestId('prompt').textContent()) ?? '';

/**
 * Ann, Ben and Cat pair by codes with no server, Ann pairing each guest; Ann starts
 * Batailles et piques, and every page is asked to pick its first 2 cards.
 */
async function threePairedAtTheFirstMove() {
  await stack.stopSignaling();
  const pages = [await stack.newPlayer(), await stack.newPlayer(), await stack.newPlayer()];
  const [ann, ben, cat] = pages as [Page, Page, Page];
  const sockets = pages.map(socketsOf);
  await createPairedTable(ann, stack.url, 'Ann', 'batailles', { seats: 3 });
  await joinByCodes(ann, ben, stack.url, 'Ben');
  await joinByCodes(ann, cat, stack.url, 'Cat');
  // Ben and Cat never exchanged a code: their link was signaled through Ann's page.
  for (const page of [ben, cat])
    await expect
      .poll(() => page.getByTestId('seat').getByTestId('link-state').allTextContents())
      .toEqual(
        page === ben ? ['connected', 'you', 'connected'] : ['connected', 'connected', 'you'],
      );
  await expect.poll(() => ann.getByTestId('start').isEnabled()).toBe(true);
  await ann.getByTestId('start').click();
  for (const page of pages) await page.getByTestId('table').waitFor();
  for (const page of pages)
    await expect.poll(() => prompt(page), { timeout: 50_000 }).toMatch(/^Pick 2 cards/);
  return { ann, ben, cat, pages, sockets };
}

/** `player` lays its first two cards, and every page of `others` sees it in its log. */
async function laysTwo(page: Page, player: string, others: Page[]) {
  const cards = page.getByTestId('hand-card');
  await cards.nth(0).click();
  await cards.nth(1).click();
  await page.getByTestId('lay').click();
  for (const other of others)
    await expect
      .poll(() => other.getByTestId('log').textContent(), { timeout: 30_000 })
      .toContain(`${player} laid 2 cards facedown.`);
}

test('three browsers pair by codes, the guests link through the host, and play Batailles et piques; a page that reloads pairs again with the host alone, its link to the third follows through the host, and it plays on', async () => {
  const { ann, ben, cat, pages, sockets } = await threePairedAtTheFirstMove();
  await laysTwo(ben, 'Ben', [ann, cat]);
  for (const page of pages) expect(await page.getByTestId('alarm').count()).toBe(0);

  await cat.reload();
  await cat.getByTestId('table').waitFor();
  await expect
    .poll(() => cat.getByTestId('pair-again').textContent(), { timeout: 30_000 })
    .toContain('Not linked to this page');
  await cat.getByTestId('show-code').click();
  await ann.getByTestId('enter-code').click();
  await pairByCodes(cat, ann);
  await expect
    .poll(() => cat.getByTestId('player').getByTestId('link-state').allTextContents(), {
      timeout: 30_000,
    })
    .toEqual(['connected', 'connected', 'you']);
  await expect.poll(() => prompt(cat), { timeout: 30_000 }).toMatch(/^Pick 2 cards/);
  await laysTwo(cat, 'Cat', [ann, ben]);
  for (const page of pages) expect(await page.getByTestId('alarm').count()).toBe(0);
  expect(sockets).toEqual([[], [], []]);
});

test('a page that reloads pairs again by codes and its game goes on where it stood, the claims made while apart void', async () => {
  const { alice, bob } = await seatTwoByCodes(
    stack,
    'war',
    { clock: 'quick' },
    { fakeClocks: true },
  );
  // Both linked, neither page shows anything of pairing: the game starts with its board.
  for (const page of [alice, bob]) expect(await page.getByTestId('pair-again').count()).toBe(0);
  await flipOffered(alice);
  await alice.getByTestId('flip').click();
  await bob.getByTestId('flip').click();
  await expect.poll(() => settledSteps(bob)).toBe(1);

  const sockets = socketsOf(bob);
  await bob.reload();
  await bob.getByTestId('table').waitFor();
  // No server to find each other by: both pages say so, and each offers both ways round,
  // in a notice: no code is made until one of them asks for it.
  for (const page of [alice, bob])
    await expect
      .poll(() => page.getByTestId('pair-again').textContent(), { timeout: 30_000 })
      .toContain(`Not linked to this page: ${page === alice ? 'Bob' : 'Alice'}.`);
  for (const page of [alice, bob]) expect(await page.getByTestId('offer-panel').count()).toBe(0);
  await checkAtBothSizes(alice, 'table-pair-again-notice');
  await alice.setViewportSize(SCREEN);

  // Apart, both flip in time; neither flip reaches the other page, so once the quick
  // clock's 20 s have run each page may claim the other, and each does. Neither page
  // reaches the other: each shows its win as not final.
  await flipOffered(bob);
  for (const page of [alice, bob]) await page.getByTestId('flip').click();
  for (const page of [alice, bob]) await page.clock.fastForward('00:21');
  for (const [page, other] of [
    [alice, 'Bob'],
    [bob, 'Alice'],
  ] as const) {
    const claim = page.getByRole('button', { name: `Declare ${other} absent` });
    await claim.waitFor({ timeout: 30_000 });
    await claim.click();
    await page.getByTestId('result').waitFor();
    expect(await page.getByTestId('result-note').textContent()).toBe(
      `Not final yet: ended by your claim. This page cannot reach ${other} now, so the claim ` +
        `stays open until you are linked again: if ${other} answered in time, the game goes on.`,
    );
  }
  // Past the answer time, still apart: nothing is settled, nobody's result is final.
  for (const page of [alice, bob]) await page.clock.fastForward('00:25');
  for (const page of [alice, bob])
    expect(await page.getByTestId('result-note').textContent()).toMatch(/^Not final yet/);
  for (const page of [alice, bob]) await page.getByTestId('dismiss').click();
  await bob.getByTestId('show-code').click();
  await alice.getByTestId('enter-code').click();
  await bob.locator('[data-testid=offer-panel] .qr svg').waitFor();
  await checkScreen(bob, 'table-show-code', SCREEN);
  await checkScreen(alice, 'table-enter-code', SCREEN);
  await pairByCodes(bob, alice);
  for (const page of [alice, bob])
    await expect
      .poll(() => page.getByTestId('link-state').allTextContents())
      .toEqual(page === alice ? ['you', 'connected'] : ['connected', 'you']);
  // Linked again, the codes are gone from both pages, the fresh one Bob's page made too.
  for (const page of [alice, bob])
    await expect.poll(() => page.getByTestId('pair-again').count()).toBe(0);
  // Linked again, the pages reconcile: each claim crossed a flip made in time, so both
  // are void, on both pages, and the round the flips began is played out.
  for (const page of [alice, bob]) await expect.poll(() => settledSteps(page)).toBe(2);
  for (const page of [alice, bob]) expect(await page.getByTestId('result').count()).toBe(0);
  await flipOffered(bob);
  await alice.getByTestId('flip').click();
  await bob.getByTestId('flip').click();
  for (const page of [alice, bob]) await expect.poll(() => settledSteps(page)).toBe(3);
  for (const page of [alice, bob]) expect(await page.getByTestId('alarm').count()).toBe(0);
  expect(sockets).toEqual([]);
});

test('in the lobby, the guest and then the host reload and pair again, and keep their seats', async () => {
  await stack.stopSignaling();
  const alice = await stack.newPlayer();
  const bob = await stack.newPlayer();
  await createPairedTable(alice, stack.url, 'Alice', 'war');
  await joinByCodes(alice, bob, stack.url, 'Bob');
  const seats = (page: Page) => page.getByTestId('seat-name').allTextContents();

  await bob.reload();
  await bob.getByTestId('offer-input').waitFor();
  await pairByCodes(alice, bob);
  await bob.getByTestId('lobby').waitFor();
  expect(await seats(bob)).toEqual(['Alice', 'Bob']);

  await alice.reload();
  await alice.getByTestId('lobby').waitFor();
  await expect
    .poll(() => bob.getByTestId('pair-again').textContent(), { timeout: 30_000 })
    .toContain('Not linked to this page: Alice.');
  await bob.getByTestId('enter-code').click();
  await pairByCodes(alice, bob);
  await expect.poll(() => alice.getByTestId('start').isEnabled()).toBe(true);
  expect(await seats(alice)).toEqual(['Alice', 'Bob']);
  await alice.getByTestId('start').click();
  for (const page of [alice, bob]) await flipOffered(page);
});

/**
 * A video for Chromium's fake camera (y4m, 4:2:0) that shows `text` as a QR code: each
 * module 5 pixels square, black on white with its quiet zone, in grey (U and V at 128).
 */
function qrVideo(text: string): Buffer {
  const [width, height, scale] = [640, 480, 5];
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const luma = Buffer.alloc(width * height, 235);
  const left = Math.floor((width - modules.size * scale) / 2);
  const top = Math.floor((height - modules.size * scale) / 2);
  for (let row = 0; row < modules.size; row++)
    for (let col = 0; col < modules.size; col++)
      if (modules.get(row, col))
        for (let y = 0; y < scale; y++)
          luma.fill(
            16,
            (top + row * scale + y) * width + left + col * scale,
            (top + row * scale + y) * width + left + (col + 1) * scale,
          );
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const header = `YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`;
  return Buffer.concat([Buffer.from(header), Buffer.from('FRAME\n'), luma, chroma]);
}

test('a page scans the host’s QR code with its camera and pairs', async () => {
  await stack.stopSignaling();
  const host = await stack.newPlayer();
  await createPairedTable(host, stack.url, 'Alice', 'war');
  const offer = await host.getByTestId('offer-code').inputValue();
  // What the host's QR code shows: the invite link that carries the offer code.
  const link = `${stack.url}#pair=${offer}`;
  const folder = mkdtempSync(join(tmpdir(), 'fairdeal-camera-'));
  const video = join(folder, 'qr.y4m');
  writeFileSync(video, qrVideo(link));
  // A Chromium of its own: its fake camera plays the video, from launch on.
  const camera = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_FLAGS,
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const guest = await camera.newPage();
    const sockets = socketsOf(guest);
    await guest.goto(stack.url);
    await guest.getByTestId('join-by-code').click();
    await guest.getByTestId('scan').click();
    const answer = await guest.getByTestId('answer-code').inputValue({ timeout: 30_000 });
    await host.getByTestId('answer-input').fill(answer);
    await host.getByTestId('answer-submit').click();
    await expect
      .poll(() => guest.getByTestId('invitation').textContent())
      .toBe('Alice invites you to play War');
    expect(sockets).toEqual([]);
  } finally {
    await camera.close();
    rmSync(folder, { recursive: true, force: true });
  }
});
