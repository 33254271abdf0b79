/**
 * The chat panel's words (`ChatBox`): who said each line, how many came while the panel
 * was closed, the newest line from the others for a screen reader, why a line could not
 * go; which tables have a chat at all (`hasChat`); and the tab's title while it is hidden
 * (`TabTitle`): lines from the others, and the turn.
 */
import { describe, expect, test } from 'vitest';
import type { Genesis } from '../../src/engine/table/types.ts';
import { CHAT_PACE, ChatLines, TableChat } from '../../src/net/chat.ts';
import { MAX_CHAT } from '../../src/net/messages.ts';
import { ChatBox, hasChat } from '../../src/ui/controllers/chat.svelte.ts';
import { TabTitle, type TabDocument } from '../../src/ui/controllers/tab-title.ts';

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

describe('the title of a hidden tab', () => {
  /** The page's document as the title reads it: its title, and whether the tab is seen. */
  const page = (): TabDocument & { visibilityState: DocumentVisibilityState } => ({
    title: 'Fair Deal',
    visibilityState: 'visible',
  });

  test('counts the lines from the others that came while the tab was hidden, beside the turn, until the tab is seen', () => {
    const doc = page();
    const tab = new TabTitle(doc);
    const chat = new TableChat(
      0,
      3,
      () => {},
      () => 0,
    );
    const box = new ChatBox(chat, ['Alice', 'Bob', 'Cat'], 0, tab);
    const stop = box.follow();
    chat.hear(1, 'seen as it came');
    expect(doc.title).toBe('Fair Deal');

    doc.visibilityState = 'hidden';
    chat.hear(1, 'hi');
    expect(doc.title).toBe('1 new message · Fair Deal');
    // This player's own line is nothing new to them.
    box.say('hello');
    expect(doc.title).toBe('1 new message · Fair Deal');
    tab.mark({ turn: true });
    chat.hear(2, 'your move');
    expect(doc.title).toBe('Your turn · 2 new messages · Fair Deal');
    tab.mark({ turn: false });
    expect(doc.title).toBe('2 new messages · Fair Deal');

    doc.visibilityState = 'visible';
    box.visibilityChanged();
    expect(doc.title).toBe('Fair Deal');
    // The panel still counts what came while it was closed: the tab's count is another.
    expect(box.unread).toBe(3);

    // Hidden again, then the table closes: the title is the page's own again.
    doc.visibilityState = 'hidden';
    chat.hear(1, 'bye');
    expect(doc.title).toBe('1 new message · Fair Deal');
    stop();
    expect(doc.title).toBe('Fair Deal');
  });

  test('a spectator’s tab counts the players’ lines too', () => {
    const doc = page();
    const lines = new ChatLines(2, () => 0);
    const box = new ChatBox(lines, ['Alice', 'Bob'], null, new TabTitle(doc));
    box.follow();
    doc.visibilityState = 'hidden';
    lines.hear(0, 'good luck');
    lines.hear(1, 'you too');
    expect(doc.title).toBe('2 new messages · Fair Deal');
    // A spectator has no line of its own: every line is named by its player.
    expect(box.lines).toEqual([
      { n: 0, name: 'Alice', text: 'good luck', mine: false },
      { n: 1, name: 'Bob', text: 'you too', mine: false },
    ]);
    expect(box.heard).toBe('Bob says: you too');
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
