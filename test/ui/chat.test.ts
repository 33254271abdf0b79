/**
 * The chat panel's words (`ChatBox`): who said each line, how many came while the panel
 * was closed, the newest line from the others for a screen reader, why a line could not
 * go; and which tables have a chat at all (`hasChat`).
 */
import { describe, expect, test } from 'vitest';
import type { Genesis } from '../../src/engine/table/types.ts';
import { CHAT_PACE, TableChat } from '../../src/net/chat.ts';
import { MAX_CHAT } from '../../src/net/messages.ts';
import { ChatBox, hasChat } from '../../src/ui/controllers/chat.svelte.ts';

/** Alice's chat box at a table of three, on a clock that stands still. */
function aliceBox() {
  const chat = new TableChat(
    0,
    3,
    () => {},
    () => 0,
  );
  const box = new ChatBox(chat, ['Alice', 'Bob', 'Cat'], 0);
  const stop = box.follow();
  return { chat, box, stop };
}

describe('ChatBox', () => {
  test('names each line, counts what came while closed, and tells the newest from the others', () => {
    const { chat, box } = aliceBox();
    chat.hear(1, 'hi all');
    expect(box.say('hello')).toBe(true);
    chat.hear(2, 'hey');
    expect(box.lines).toEqual([
      { n: 0, name: 'Bob', text: 'hi all', mine: false },
      { n: 1, name: 'You', text: 'hello', mine: true },
      { n: 2, name: 'Cat', text: 'hey', mine: false },
    ]);
    expect(box.unread).toBe(2);
    expect(box.heard).toBe('Cat says: hey');
    box.shown(true);
    expect(box.unread).toBe(0);
    chat.hear(1, 'gg');
    expect(box.unread).toBe(0);
    // This player's own line is not read out to them.
    box.say('thanks');
    expect(box.heard).toBe('Bob says: gg');
    box.shown(false);
    chat.hear(2, 'again?');
    expect(box.unread).toBe(1);
  });

  test('says in words why a line could not go, and clears it once one goes', () => {
    const { box } = aliceBox();
    expect(box.say('x'.repeat(MAX_CHAT + 1))).toBe(false);
    expect(box.error).toBe(`A message is one line of 1 to ${MAX_CHAT} characters.`);
    for (let i = 0; i < CHAT_PACE.burst; i++) expect(box.say(`line ${i}`)).toBe(true);
    expect(box.error).toBeNull();
    expect(box.say('one more')).toBe(false);
    expect(box.error).toBe('You are sending messages too fast. Wait a moment, then send it again.');
  });

  test('once it stops following, new lines change nothing', () => {
    const { chat, box, stop } = aliceBox();
    stop();
    chat.hear(1, 'anyone?');
    expect(box.lines).toEqual([]);
    expect(box.unread).toBe(0);
  });
});

describe('hasChat', () => {
  const genesis = (runBy?: number[]) =>
    ({ table: 'abcdefghjk', identities: ['a', 'b', 'c'], runBy }) as unknown as Genesis;
  test.each([
    ['a table over the network', genesis(), false, true],
    ['one where the host runs one computer', genesis([0, 1, 0]), false, true],
    ['one where the host runs every other seat', genesis([0, 0, 0]), false, false],
    ['a game against the computer in this page', genesis(), true, false],
  ])('%s', (_, g, local, expected) => {
    expect(hasChat(g, 0, local)).toBe(expected);
  });
});
