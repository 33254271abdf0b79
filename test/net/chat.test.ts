/**
 * Chat at a table (`chat.ts`): each line is checked as it comes off the wire, kept within
 * its bounds (length, pace, lines kept), and goes over the seats' proven links, outside
 * the signed log. A bad line changes nothing.
 */
import { describe, expect, test, vi } from 'vitest';
import { localTable } from '../../src/bots/table.ts';
import { makeTranscript } from '../../src/engine/transcript.ts';
import { CHAT_KEPT, CHAT_PACE, TableChat } from '../../src/net/chat.ts';
import {
  chatText,
  MAX_CHAT,
  parseWireMessage,
  type TableChatMessage,
  type WireMessage,
} from '../../src/net/messages.ts';
import type { Messenger } from '../../src/net/messenger.ts';
import type { TableSession } from '../../src/net/table.ts';

describe('chatText', () => {
  test.each([
    ['a word', 'hi', 'hi'],
    ['spaces around', '  good game  ', 'good game'],
    [
      'markup, kept as text',
      '<b>hi</b><img src=x onerror=alert(1)>',
      '<b>hi</b><img src=x onerror=alert(1)>',
    ],
    ['the longest line', 'x'.repeat(MAX_CHAT), 'x'.repeat(MAX_CHAT)],
    ['letters of any script', 'Ça va ? 你好 👋', 'Ça va ? 你好 👋'],
    ['nothing', '', null],
    ['blanks only', ' \t ', null],
    ['one character too many', 'x'.repeat(MAX_CHAT + 1), null],
    ['a line break', 'one\ntwo', null],
    ['a NUL', 'a\u0000b', null],
    ['a C1 control', 'a\u0085b', null],
    ['a right-to-left override', 'gg \u202egnp.exe', null],
    ['an isolate', 'a\u2067b', null],
    ['a number', 42, null],
    ['no text', undefined, null],
  ])('%s', (_, raw, expected) => {
    expect(chatText(raw)).toBe(expected);
  });
});

describe('parseWireMessage on a table-chat line', () => {
  test('a good line keeps exactly its text', () => {
    expect(parseWireMessage({ type: 'table-chat', text: 'gg', extra: 1 })).toEqual({
      ok: true,
      value: { type: 'table-chat', text: 'gg' },
    });
  });
  test.each([
    ['too long', { type: 'table-chat', text: 'x'.repeat(MAX_CHAT + 1) }],
    ['empty', { type: 'table-chat', text: '' }],
    ['not trimmed as sent', { type: 'table-chat', text: ' hi' }],
    ['with a control character', { type: 'table-chat', text: 'a\u0007' }],
    ['without text', { type: 'table-chat' }],
    ['of an object', { type: 'table-chat', text: { toString: 'hi' } }],
  ])('a line %s is refused', (_, raw) => {
    expect(parseWireMessage(raw)).toEqual({ ok: false, error: 'bad chat text' });
  });
});

/** A chat at seat 0 of three, on a clock the test moves, with what it sent. */
function chatAt() {
  let now = 1_000_000;
  const sent: [number | 'spectators', TableChatMessage][] = [];
  const chat = new TableChat(
    0,
    3,
    (to, message) => sent.push([to, message]),
    () => now,
  );
  return { chat, sent, advance: (ms: number) => (now += ms) };
}

describe('TableChat', () => {
  test('a line said goes to every other seat and to the spectators, and is kept; a bad one to nobody', () => {
    const { chat, sent } = chatAt();
    expect(chat.say('  hello  ')).toEqual({ ok: true, value: undefined });
    expect(sent).toEqual([
      [1, { type: 'table-chat', text: 'hello' }],
      [2, { type: 'table-chat', text: 'hello' }],
      ['spectators', { type: 'table-chat', text: 'hello' }],
    ]);
    expect(chat.say('x'.repeat(MAX_CHAT + 1))).toEqual({ ok: false, error: 'ERR_BAD_TEXT' });
    expect(chat.say('   ')).toEqual({ ok: false, error: 'ERR_BAD_TEXT' });
    expect(sent).toHaveLength(3);
    expect(chat.lines()).toEqual([{ n: 0, seat: 0, text: 'hello' }]);
  });

  test('this player is held to the pace: a burst, then one line per interval', () => {
    const { chat, sent, advance } = chatAt();
    for (let i = 0; i < CHAT_PACE.burst; i++) expect(chat.say(`line ${i}`).ok).toBe(true);
    expect(chat.say('one too many')).toEqual({ ok: false, error: 'ERR_TOO_FAST' });
    advance(CHAT_PACE.everyMs - 1);
    expect(chat.say('still too soon').ok).toBe(false);
    advance(1);
    expect(chat.say('in time').ok).toBe(true);
    expect(chat.lines().map((l) => l.text)).toEqual([
      ...Array.from({ length: CHAT_PACE.burst }, (_, i) => `line ${i}`),
      'in time',
    ]);
    expect(sent).toHaveLength(3 * (CHAT_PACE.burst + 1));
  });

  test('another seat may go at twice the pace; faster lines are dropped, and it is heard again later', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { chat, advance } = chatAt();
    const listener = vi.fn();
    chat.subscribe(listener);
    for (let i = 0; i < 2 * CHAT_PACE.burst; i++) expect(chat.hear(1, `flood ${i}`)).toBe(true);
    expect(chat.hear(1, 'dropped')).toBe(false);
    // Each seat has its own allowance.
    expect(chat.hear(2, 'from Cat')).toBe(true);
    advance(CHAT_PACE.everyMs);
    expect(chat.hear(1, 'heard again')).toBe(true);
    const texts = chat.lines().map((l) => l.text);
    expect(texts).not.toContain('dropped');
    expect(texts.slice(-2)).toEqual(['from Cat', 'heard again']);
    expect(listener).toHaveBeenCalledTimes(2 * CHAT_PACE.burst + 2);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/dropped a chat line from seat 1/));
    warn.mockRestore();
  });

  test('a line from no other seat of the table is dropped', () => {
    const { chat } = chatAt();
    expect(chat.hear(0, 'as myself')).toBe(false);
    expect(chat.hear(3, 'no such seat')).toBe(false);
    expect(chat.hear(-1, 'no such seat')).toBe(false);
    expect(chat.lines()).toEqual([]);
  });

  test(`only the last ${CHAT_KEPT} lines are kept, each with its own number`, () => {
    const { chat, advance } = chatAt();
    for (let i = 0; i < CHAT_KEPT + 7; i++) {
      advance(CHAT_PACE.everyMs);
      chat.hear(1 + (i % 2), `line ${i}`);
    }
    const lines = chat.lines();
    expect(lines).toHaveLength(CHAT_KEPT);
    expect(lines[0]).toEqual({ n: 7, seat: 2, text: 'line 7' });
    expect(lines.at(-1)!.n).toBe(CHAT_KEPT + 6);
  });
});

const messengerOf = (session: TableSession) =>
  (session.links as unknown as { messenger: Messenger<WireMessage> }).messenger;

test('two seats chat over their proven links; a hostile line is refused and changes nothing', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  const table = localTable({
    game: 'redblack',
    options: { red: 9, black: 9, target: 1 },
    names: ['Ann', 'Ben'],
    humans: [0, 1],
    table: 'chat',
  });
  const [ann, ben] = table.sessions as [TableSession, TableSession];
  await vi.waitFor(() => expect(ann.links.states()).toEqual(['connected', 'connected']));
  await vi.waitFor(() => expect(ben.links.states()).toEqual(['connected', 'connected']));

  expect(ann.chat.say('good luck').ok).toBe(true);
  await vi.waitFor(() => expect(ben.chat.lines()).toEqual([{ n: 0, seat: 0, text: 'good luck' }]));

  // Ben's page, turned hostile, writes straight to the wire: a line too long, then one with
  // a control character, then an honest one. Ann refuses the first two in the messenger.
  const dropped: string[] = [];
  messengerOf(ann).on({ dropped: (_, reason) => dropped.push(reason) });
  const wire = messengerOf(ben).transport;
  wire.send('local-0', JSON.stringify({ type: 'table-chat', text: '<b>x</b>'.repeat(100) }));
  wire.send('local-0', JSON.stringify({ type: 'table-chat', text: 'ding\u0007' }));
  expect(ben.chat.say('<i>same to you</i>').ok).toBe(true);
  await vi.waitFor(() => expect(ann.chat.lines()).toHaveLength(2));
  expect(ann.chat.lines()[1]).toEqual({ n: 1, seat: 1, text: '<i>same to you</i>' });
  expect(dropped).toEqual([
    'malformed message (bad chat text)',
    'malformed message (bad chat text)',
  ]);
  // Chat is no part of the game: no line is in the signed log.
  expect(JSON.stringify(makeTranscript(ann.replica))).not.toMatch(/good luck|same to you/);
  table.close();
  warn.mockRestore();
});
