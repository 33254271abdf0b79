import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { createTable, joinTable, startStack, type Stack } from './harness.ts';

let stack: Stack;
beforeEach(async () => {
  stack = await startStack();
});
afterEach(async () => {
  await stack.close();
});

const seatNames = (page: Page) => page.getByTestId('seat-name').allTextContents();

/** Link badges of the seats, in seat order ('you' for the page's own seat). */
const linkStates = (page: Page) => page.getByTestId('link-state').allTextContents();

async function say(page: Page, text: string) {
  await page.getByTestId('chat-input').fill(text);
  await page.getByTestId('chat-send').click();
}

describe('lobby over PeerJS between real browsers', () => {
  test('a second browser joins through the invite link, and messages travel both ways', async () => {
    const alice = await stack.newPlayer();
    const bob = await stack.newPlayer();
    const invite = await createTable(alice, stack.url, 'Alice', 'war');
    expect(invite).toMatch(/#join=[a-z2-9]{10}$/);

    await joinTable(bob, invite, 'Bob');
    for (const page of [alice, bob]) {
      await expect.poll(() => seatNames(page)).toEqual(['Alice', 'Bob']);
    }
    await expect.poll(() => linkStates(alice)).toEqual(['you', 'connected']);
    await expect.poll(() => linkStates(bob)).toEqual(['connected', 'you']);

    await say(alice, 'hello from Alice');
    await expect
      .poll(() => bob.getByTestId('chat').textContent())
      .toContain('Alice: hello from Alice');
    await say(bob, 'hi Alice, Bob here');
    await expect
      .poll(() => alice.getByTestId('chat').textContent())
      .toContain('Bob: hi Alice, Bob here');

    await alice.getByTestId('start').click();
    // Start takes every page from the lobby to the table.
    await bob.getByTestId('table').waitFor();
    await alice.getByTestId('table').waitFor();
  });

  test('three browsers form a full mesh', async () => {
    const pages = [await stack.newPlayer(), await stack.newPlayer(), await stack.newPlayer()];
    const [ann, ben, cat] = pages as [Page, Page, Page];
    const invite = await createTable(ann, stack.url, 'Ann', 'batailles', 3);
    await joinTable(ben, invite, 'Ben');
    await joinTable(cat, invite, 'Cat');

    for (const page of pages) {
      await expect.poll(() => seatNames(page)).toEqual(['Ann', 'Ben', 'Cat']);
    }
    // Every page has a direct, open link to both others: the full mesh.
    await expect.poll(() => linkStates(ann)).toEqual(['you', 'connected', 'connected']);
    await expect.poll(() => linkStates(ben)).toEqual(['connected', 'you', 'connected']);
    await expect.poll(() => linkStates(cat)).toEqual(['connected', 'connected', 'you']);

    // Ben and Cat talk over their own link; the host relays nothing.
    await say(cat, 'Cat to everyone');
    await expect
      .poll(() => ben.getByTestId('chat').textContent())
      .toContain('Cat: Cat to everyone');
    await expect
      .poll(() => ann.getByTestId('chat').textContent())
      .toContain('Cat: Cat to everyone');
    // Batailles has no rules engine yet: the mesh forms, but the table cannot start.
    expect(await ann.getByTestId('start').isDisabled()).toBe(true);
    expect(await ann.getByTestId('not-playable').textContent()).toMatch(/not built yet/);
    // The others are not told to wait for Ann to start a game that cannot start.
    for (const page of [ben, cat]) {
      expect(await page.getByTestId('not-playable').textContent()).toMatch(/cannot start/);
      expect(await page.getByTestId('waiting-start').count()).toBe(0);
    }
  });

  test('a closed page is shown as lost within 10 seconds', async () => {
    const alice = await stack.newPlayer();
    const bob = await stack.newPlayer();
    const invite = await createTable(alice, stack.url, 'Alice', 'war');
    await joinTable(bob, invite, 'Bob');
    await expect.poll(() => linkStates(alice)).toEqual(['you', 'connected']);

    await bob.close();
    const closedAt = Date.now();
    await expect
      .poll(() => linkStates(alice), { timeout: 10_000, interval: 200 })
      .toEqual(['you', 'lost']);
    expect(Date.now() - closedAt).toBeLessThan(10_000);
    expect(await alice.getByTestId('start').isDisabled()).toBe(true);
  });

  test('a creator that sends a player a different table stops both pages, naming nobody', async () => {
    const alice = await stack.newPlayer();
    const bob = await stack.newPlayer();
    // Alice's page rewrites every roster it sends: Bob is told she is called Alicia.
    await alice.addInitScript(() => {
      const send = RTCDataChannel.prototype.send as (this: RTCDataChannel, data: unknown) => void;
      RTCDataChannel.prototype.send = function (this: RTCDataChannel, data: unknown) {
        const tampered =
          typeof data === 'string' && data.startsWith('{"type":"roster"')
            ? data.replace('"name":"Alice"', '"name":"Alicia"')
            : data;
        send.call(this, tampered);
      };
    });
    const invite = await createTable(alice, stack.url, 'Alice', 'war');
    await joinTable(bob, invite, 'Bob');
    await expect.poll(() => seatNames(bob)).toEqual(['Alicia', 'Bob']);
    await expect.poll(() => alice.getByTestId('start').isEnabled()).toBe(true);
    await alice.getByTestId('start').click();

    for (const page of [alice, bob]) {
      const alert = page.getByTestId('mismatch');
      await alert.waitFor();
      expect(await alert.getAttribute('role')).toBe('alert');
      expect(await alert.textContent()).toMatch(/Nobody has been named a cheater/);
      expect(await page.getByTestId('table').count()).toBe(0);
    }
  });

  test('a bogus invite link says within 10 seconds that no table answers, with a way home', async () => {
    const page = await stack.newPlayer();
    await page.goto(`${stack.url}#join=abcdefghjk`);
    const notice = page.getByTestId('unanswered');
    await notice.waitFor({ timeout: 10_000 });
    expect(await notice.getAttribute('role')).toBe('alert');
    expect(await page.getByRole('heading', { level: 2 }).textContent()).toBe(
      'No table answers at this link',
    );
    await page.getByTestId('home').click();
    await page.getByTestId('create').waitFor();
    expect(new URL(page.url()).hash).toBe('');
  });

  test('an expired invite (its creator closed the page) says the same within 10 seconds', async () => {
    const alice = await stack.newPlayer();
    const invite = await createTable(alice, stack.url, 'Alice', 'war');
    await alice.close();
    const bob = await stack.newPlayer();
    await bob.goto(invite);
    await bob.getByTestId('unanswered').waitFor({ timeout: 10_000 });
    expect(await bob.getByTestId('join').count()).toBe(0);
  });

  test('a host that closes its page while a visitor reads the invitation: the visitor is told', async () => {
    const alice = await stack.newPlayer();
    const invite = await createTable(alice, stack.url, 'Alice', 'war');
    const bob = await stack.newPlayer();
    await bob.goto(invite);
    await bob.getByTestId('invitation').waitFor();
    await alice.close();
    const gone = bob.getByTestId('host-gone');
    await gone.waitFor({ timeout: 10_000 });
    expect(await gone.textContent()).toMatch(/Alice's page no longer answers/);
    expect(await bob.getByTestId('join').count()).toBe(0);
  });

  test('a malformed invite link says it is malformed, with a way home', async () => {
    const page = await stack.newPlayer();
    await page.goto(`${stack.url}#join=garbage`);
    const notice = page.getByTestId('malformed');
    await notice.waitFor();
    expect(await notice.getAttribute('role')).toBe('alert');
    expect(await notice.textContent()).toMatch(/names no table/);
    expect(await page.getByTestId('create').count()).toBe(0);
    await page.getByTestId('home').click();
    await page.getByTestId('create').waitFor();
  });

  test('the join page names the game and who invites; a visitor to a full table is told so and never enters the game', async () => {
    const alice = await stack.newPlayer();
    const bob = await stack.newPlayer();
    const carol = await stack.newPlayer();
    const invite = await createTable(alice, stack.url, 'Alice', 'war');
    await bob.goto(invite);
    expect(await bob.getByTestId('invitation').textContent()).toBe('Alice invites you to play War');
    await joinTable(bob, invite, 'Bob');
    await expect.poll(() => linkStates(alice)).toEqual(['you', 'connected']);

    await carol.goto(invite);
    const full = carol.getByTestId('table-full');
    await full.waitFor();
    expect(await full.getAttribute('role')).toBe('alert');
    expect(await carol.getByTestId('name').count()).toBe(0);
    // Alice never sees Carol, and her Start takes only Alice and Bob to the table.
    expect(await seatNames(alice)).toEqual(['Alice', 'Bob']);
    await alice.getByTestId('start').click();
    await alice.getByTestId('table').waitFor();
    await bob.getByTestId('table').waitFor();
    // Carol's page never leaves the join page; Bob's and Alice's tables play on.
    await expect.poll(() => bob.getByTestId('table').isVisible()).toBe(true);
    expect(await carol.getByTestId('table-full').isVisible()).toBe(true);
    expect(await carol.getByTestId('table').count()).toBe(0);
    expect(await carol.getByTestId('lobby').count()).toBe(0);
  });

  test('a player who leaves shows as left, not lost', async () => {
    const alice = await stack.newPlayer();
    const bob = await stack.newPlayer();
    const invite = await createTable(alice, stack.url, 'Alice', 'war');
    await joinTable(bob, invite, 'Bob');
    await expect.poll(() => linkStates(alice)).toEqual(['you', 'connected']);
    await bob.getByRole('button', { name: 'Leave table' }).click();
    await bob.getByTestId('create').waitFor();
    await expect.poll(() => linkStates(alice)).toEqual(['you', 'left']);
  });
});
