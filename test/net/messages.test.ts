/**
 * Every message from a table's links is checked before use (`messages.ts`): malformed
 * lobby and seat messages are refused in words, good ones keep exactly their fields.
 */
import { describe, expect, test } from 'vitest';
import { createIdentity } from '../../src/engine/identity.ts';
import { hostPeerId } from '../../src/net/ids.ts';
import {
  MAX_WANTED,
  parseLobbyMessage,
  parseSeatMessage,
  parseWireMessage,
} from '../../src/net/messages.ts';
import { TABLE, guest } from './helpers/lobby-table.ts';

const HOST = hostPeerId(TABLE.id);

describe('parseLobbyMessage', () => {
  const key = createIdentity().publicKey;
  test.each([
    ['a hello without a name', { type: 'hello', identity: key }],
    ['a hello without an identity key', { type: 'hello', name: 'Al' }],
    [
      'a hello with a malformed key',
      { type: 'hello', name: 'Al', identity: 'ab'.repeat(16) + 'zz' },
    ],
    ['a name of control characters', { type: 'hello', name: '\u0000\u0001', identity: key }],
    ['a name that is too long', { type: 'hello', name: 'x'.repeat(25), identity: key }],
    ['a hello that signs nothing', { type: 'hello', name: 'Al', identity: key }],
    [
      'a hello that names no channel',
      { type: 'hello', name: 'Al', identity: key, nonce: 'ab'.repeat(32), sig: 'cd'.repeat(64) },
    ],
    ...[
      ['one end'],
      ['', 'b'],
      ['a', 'b', 'c'],
      ['a', '\ud800'],
      ['a', 'b'.repeat(1001)],
      'a b',
    ].map((channel): [string, unknown] => [
      `a hello whose channel is ${JSON.stringify(channel).slice(0, 40)}`,
      {
        type: 'hello',
        name: 'Al',
        identity: key,
        nonce: 'ab'.repeat(32),
        channel,
        sig: 'cd'.repeat(64),
      },
    ]),
    [
      'a hello with a short signature',
      {
        type: 'hello',
        name: 'Al',
        identity: key,
        nonce: 'ab'.repeat(32),
        channel: ['a', 'b'],
        sig: 'cd'.repeat(32),
      },
    ],
    ['a challenge without a nonce', { type: 'lobby-challenge' }],
    ['a challenge with a short nonce', { type: 'lobby-challenge', nonce: 'ab'.repeat(16) }],
    ['an empty chat', { type: 'chat', text: '   ' }],
    ['a chat that reorders the text around it', { type: 'chat', text: 'a\u202eb' }],
    ['a chat not trimmed as sent', { type: 'chat', text: ' hi' }],
    ['an unknown type', { type: 'shuffle' }],
    [
      'a roster for an unknown game',
      { type: 'roster', table: { ...TABLE, game: 'poker' }, players: [] },
    ],
    [
      'a roster with too many seats',
      { type: 'roster', table: { ...TABLE, seats: 7 }, players: [] },
    ],
    [
      'a roster whose first seat is not the host',
      {
        type: 'roster',
        table: TABLE,
        players: [{ peer: guest('bbbb'), name: 'B', identity: key, runByHost: false }],
      },
    ],
    ...[undefined, 'yes', 1, null, {}].map((runByHost): [string, unknown] => [
      `a roster whose flag for a seat run by the host's page is ${JSON.stringify(runByHost)}`,
      {
        type: 'roster',
        table: TABLE,
        players: [
          { peer: hostPeerId(TABLE.id), name: 'Ann', identity: key, runByHost: false },
          { peer: guest('bbbb'), name: 'B', identity: createIdentity().publicKey, runByHost },
        ],
      },
    ]),
    [
      'a roster whose host seat is flagged as run by the host’s page',
      {
        type: 'roster',
        table: TABLE,
        players: [{ peer: hostPeerId(TABLE.id), name: 'Ann', identity: key, runByHost: true }],
      },
    ],
    [
      'a roster with options that are not an object',
      { type: 'roster', table: { ...TABLE, options: [1] }, players: [] },
    ],
    ...[
      undefined,
      60_000,
      { moveMs: 999, dutyMs: 30_000 },
      { moveMs: 60_000, dutyMs: 3_600_001 },
      { moveMs: 60_000.5, dutyMs: 30_000 },
      { moveMs: '60000', dutyMs: 30_000 },
      { moveMs: 60_000 },
      { moveMs: 60_000, dutyMs: 30_000, extra: 1 },
    ].map((clock): [string, unknown] => [
      `a roster with the time control ${JSON.stringify(clock)}`,
      { type: 'roster', table: { ...TABLE, clock }, players: [] },
    ]),
    ['not an object', [1, 2, 3]],
    ['links that are not an object', { type: 'links', links: 'connected' }],
    [
      'links to a peer id of no table',
      { type: 'links', links: JSON.parse('{"__proto__":"lost"}') as unknown },
    ],
    ['links in a state no link has', { type: 'links', links: { [guest('bbbb')]: 'fine' } }],
    [
      'links to more peers than any table seats',
      {
        type: 'links',
        links: Object.fromEntries(
          ['bbbb', 'cccc', 'dddd', 'eeee', 'ffff', 'gggg', 'hhhh'].map((p) => [guest(p), 'lost']),
        ),
      },
    ],
  ])('rejects %s', (_, raw) => {
    expect(parseLobbyMessage(raw).ok).toBe(false);
  });

  test('a malformed flag for a seat run by the host’s page is refused in words', () => {
    const roster = (runByHost: unknown) => ({
      type: 'roster',
      table: TABLE,
      players: [
        { peer: hostPeerId(TABLE.id), name: 'Ann', identity: key, runByHost: false },
        {
          peer: guest('bbbb'),
          name: 'Computer 1',
          identity: createIdentity().publicKey,
          runByHost,
        },
      ],
    });
    expect(parseLobbyMessage(roster('true'))).toEqual({
      ok: false,
      error: 'bad runByHost flag: a seat is run by the host’s page (true) or not (false)',
    });
    const good = parseLobbyMessage(roster(true));
    expect(good.ok && good.value.type === 'roster' && good.value.players[1]!.runByHost).toBe(true);
  });

  test('accepts and trims a good hello', () => {
    const proof = {
      nonce: 'ab'.repeat(32),
      channel: ['sha-256 ab', 'sha-256 cd'],
      sig: 'cd'.repeat(64),
    };
    expect(parseLobbyMessage({ type: 'hello', name: '  Alice ', identity: key, ...proof })).toEqual(
      { ok: true, value: { type: 'hello', name: 'Alice', identity: key, ...proof } },
    );
  });

  test('a game event is a wire message with a bounded string, never a lobby message', () => {
    expect(parseWireMessage({ type: 'event', event: '{}' }).ok).toBe(true);
    expect(parseWireMessage({ type: 'event', event: 5 }).ok).toBe(false);
    expect(parseWireMessage({ type: 'event', event: 'x'.repeat(70_000) }).ok).toBe(false);
    expect(parseLobbyMessage({ type: 'event', event: '{}' }).ok).toBe(false);
  });

  test('an event message carries the event alone: nothing beside it is read', () => {
    // Since protocol 4 an event names what it saw inside its signature; a word beside it
    // (protocol 3's unsigned digest) could hold it in doubt, and is dropped.
    expect(parseWireMessage({ type: 'event', event: '{}', saw: 'ab'.repeat(16) })).toEqual({
      ok: true,
      value: { type: 'event', event: '{}' },
    });
  });

  test('what a seat holds: a count and the last event of each seat, at most six, what it wants, and whether it asks', () => {
    const head = 'cd'.repeat(32);
    const have = {
      type: 'have',
      seen: [2, 0],
      heads: [head, null],
      want: ['ef'.repeat(32)],
      ask: true,
    };
    expect(parseWireMessage(have)).toEqual({ ok: true, value: have });
    expect(parseWireMessage({ ...have, ask: 'yes' })).toEqual({ ok: false, error: 'bad ask flag' });
    const badCounts = { ok: false, error: 'bad counts of events held' };
    expect(parseWireMessage({ ...have, seen: [] })).toEqual(badCounts);
    expect(parseWireMessage({ ...have, seen: [2, -1] })).toEqual(badCounts);
    expect(parseWireMessage({ ...have, seen: [2, 0.5] })).toEqual(badCounts);
    expect(parseWireMessage({ ...have, seen: [2, 2 ** 32] })).toEqual(badCounts);
    expect(parseWireMessage({ ...have, seen: new Array(7).fill(0) })).toEqual(badCounts);
    const badHeads = { ok: false, error: 'bad last events held' };
    // A head for each count, and one exactly where the count is not zero.
    expect(parseWireMessage({ ...have, heads: [head] })).toEqual(badHeads);
    expect(parseWireMessage({ ...have, heads: [null, null] })).toEqual(badHeads);
    expect(parseWireMessage({ ...have, heads: [head, head] })).toEqual(badHeads);
    expect(parseWireMessage({ ...have, heads: ['cd', null] })).toEqual(badHeads);
    // At most as many events wanted by hash as a log lists as missing.
    const badWant = { ok: false, error: 'bad events wanted' };
    expect(parseWireMessage({ ...have, want: undefined })).toEqual(badWant);
    expect(parseWireMessage({ ...have, want: ['cd'] })).toEqual(badWant);
    expect(parseWireMessage({ ...have, want: new Array(MAX_WANTED + 1).fill(head) })).toEqual(
      badWant,
    );
    expect(parseWireMessage({ ...have, want: new Array(MAX_WANTED).fill(head) }).ok).toBe(true);
  });

  test('an invitation to play again is a wire message naming a well-formed table', () => {
    expect(parseWireMessage({ type: 'rematch', table: 'kmnpqrstuv' })).toEqual({
      ok: true,
      value: { type: 'rematch', table: 'kmnpqrstuv' },
    });
    expect(parseWireMessage({ type: 'rematch' })).toEqual({ ok: false, error: 'bad table id' });
    expect(parseWireMessage({ type: 'rematch', table: 'no such table!' }).ok).toBe(false);
  });
});

describe('seat messages from the network are checked before use', () => {
  const nonce = 'ab'.repeat(32);
  const sig = 'cd'.repeat(64);
  const channel = ['sha-256 ab', 'sha-256 cd'];

  test.each([
    [{ type: 'challenge', nonce: 'ab' }, 'bad challenge nonce'],
    [{ type: 'challenge', nonce: 'AB'.repeat(32) }, 'bad challenge nonce'],
    [{ type: 'seat-hello', seat: 1.5, nonce, channel, sig }, 'bad seat'],
    [{ type: 'seat-hello', seat: -1, nonce, channel, sig }, 'bad seat'],
    [{ type: 'seat-hello', seat: 64, nonce, channel, sig }, 'bad seat'],
    [{ type: 'seat-hello', seat: 1, nonce, channel, sig: sig.slice(2) }, 'bad seat signature'],
    [{ type: 'seat-hello', seat: 1, channel, sig }, 'bad challenge nonce'],
    [{ type: 'seat-hello', seat: 1, nonce, sig }, 'bad seat hello channel'],
    [{ type: 'seat-hello', seat: 1, nonce, channel: ['one end'], sig }, 'bad seat hello channel'],
    [{ type: 'seat-hello', seat: 1, nonce, channel: ['', 'b'], sig }, 'bad seat hello channel'],
    [
      { type: 'seat-hello', seat: 1, nonce, channel: ['a', '\ud800'], sig },
      'bad seat hello channel',
    ],
    [
      { type: 'seat-hello', seat: 1, nonce, channel: ['a', 'b'.repeat(1001)], sig },
      'bad seat hello channel',
    ],
    [{ type: 'peers', peers: 'host' }, 'bad peers'],
    [{ type: 'peers', peers: ['ok', 'not ok'] }, 'bad peers'],
    [{ type: 'peers', peers: ['a'.repeat(65)] }, 'bad peers'],
    [{ type: 'peers', peers: Array<null>(65).fill(null) }, 'bad peers'],
  ])('%j is refused: %s', (raw, error) => {
    expect(parseSeatMessage(raw)).toEqual({ ok: false, error });
    expect(parseWireMessage(raw)).toEqual({ ok: false, error });
  });

  test('good ones keep exactly their fields; other types are not seat messages', () => {
    expect(
      parseSeatMessage({ type: 'seat-hello', seat: 2, nonce, channel, sig, extra: 1 }),
    ).toEqual({ ok: true, value: { type: 'seat-hello', seat: 2, nonce, channel, sig } });
    expect(parseSeatMessage({ type: 'peers', peers: [HOST, null] })).toEqual({
      ok: true,
      value: { type: 'peers', peers: [HOST, null] },
    });
    expect(parseSeatMessage({ type: 'chat', text: 'hi' })).toBeNull();
  });
});
