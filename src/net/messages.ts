/**
 * Every message on a table's links, and the check each one passes before use: the lobby's
 * (`lobby.ts`), the seat proofs and hints (`seats.ts`), a game's signed events and the
 * state hashes of a finished table (`table.ts`). A module of its own, so that the lobby
 * and the seats both read it and neither imports the other. Shapes only: signatures,
 * seats and events are checked by the layer each message is for.
 */
import { isHex, isRecord } from '../engine/encoding.ts';
import { GAMES, isGameId, type GameId } from '../engine/catalog.ts';
import type { JsonObject } from '../engine/encoding.ts';
import type { Seat as SeatIndex } from '../engine/game.ts';
import { isValidPublicKey, SIGNATURE_BYTES } from '../engine/identity.ts';
import { MAX_EVENT_BYTES, MAX_SEATS as MAX_TABLE_SEATS, MAX_SEQ } from '../engine/events.ts';
import { MAX_MISSING } from '../engine/log.ts';
import { err, ok, type Result } from '../engine/result.ts';
import { isClock, type Clock } from '../engine/table/clock.ts';
import { parseGenesisStatement, type GenesisStatement } from './genesis.ts';
import { isSignedChannel, NONCE_BYTES, type SignedChannel } from './challenges.ts';
import { hostPeerId, isPeerId, isPeerIdOf, isTableId } from './ids.ts';
import type { LinkState } from './transport.ts';

export interface TableInfo {
  id: string;
  game: GameId;
  seats: number;
  /** The game's options as the creator chose them; they go into the genesis every player signs. */
  options: JsonObject;
  /** The creator's time control (`clock.ts`); it goes into the genesis too. */
  clock: Clock;
}

/** Options are small: a deck make-up, a match length. */
const MAX_OPTIONS_CHARS = 2000;

/** Who this peer is at the table: a display name and the identity key its events are signed with. */
export interface Player {
  name: string;
  identity: string;
}

export interface Seat {
  peer: string;
  name: string;
  /** The player's ed25519 identity key for this table (hex): it signs every game event. */
  identity: string;
  /**
   * The host's page runs this seat (a computer player it added): its keys live there.
   * The host's word, never proven; never set on the host's own seat.
   */
  runByHost: boolean;
}

export type LobbyMessage =
  /** Answers the receiver's `lobby-challenge`: `sig` is `identity`'s signature over it (see the top of `lobby-hello.ts`). */
  | {
      type: 'hello';
      name: string;
      identity: string;
      nonce: string;
      channel: SignedChannel;
      sig: string;
    }
  /** Fresh random bytes a hello over this link must sign. */
  | { type: 'lobby-challenge'; nonce: string }
  | { type: 'roster'; table: TableInfo; players: Seat[] }
  | { type: 'chat'; text: string }
  | { type: 'start' }
  | { type: 'bye' }
  | GenesisStatement
  /** The sender's links to the other seats, by peer id: how each pair is doing, for everyone. */
  | { type: 'links'; links: Record<string, LinkState> };

/** The seat proof and its hints: see the top of `seats.ts`. */
export type SeatMessage =
  | { type: 'challenge'; nonce: string }
  | { type: 'seat-hello'; seat: SeatIndex; nonce: string; channel: SignedChannel; sig: string }
  | { type: 'peers'; peers: (string | null)[] };

/**
 * A table's finished state as one peer folded it: `events` in its log, `hash` of its
 * state. Told to every seat once the table is done, so each page can show that every
 * replica reached the same state. The seat's proven link vouches for the sender.
 */
export type StateHashMessage = { type: 'state-hash'; events: number; hash: string };

/** Words from a player at the table, outside the signed log (`chat.ts`); `text` as `chatText` keeps it. */
export type TableChatMessage = { type: 'table-chat'; text: string };

/**
 * After a game, over the seat links (`table.ts`): the sender opened table `table` for
 * the same players and invites them to it.
 */
export type RematchMessage = { type: 'rematch'; table: string };

/** A table event on the wire (`exchange.ts`): its canonical JSON, signed by its author. */
export type EventMessage = { type: 'event'; event: string };

/** Most hashes one `have` may want: the log's own bound on what it lists (`MAX_MISSING`). */
export const MAX_WANTED = MAX_MISSING;

/**
 * What the sender holds of the log (`exchange.ts`): `seen[s]` events of seat `s`, the last
 * of them `heads[s]` (null for none), and the events it waits for by hash (`want`: a
 * predecessor, or a version some event names of a slot it holds otherwise). An `ask` is
 * answered with what the asker lacks, then the answerer's own `have` (not an ask), which
 * ends the answer.
 */
export type HaveMessage = {
  type: 'have';
  seen: number[];
  heads: (string | null)[];
  want: string[];
  ask: boolean;
};

/**
 * A spectator and the seat it watches through (`audience.ts`, `watch.ts`). The spectator
 * asks to `watch`; a seat with room answers `watching` with the genesis and where it
 * reaches each seat, one without room says `watch-full`. A seat tells everyone it is
 * linked to, seats and spectators, the peer ids of the spectators it serves (`audience`),
 * so every page counts them.
 */
export type WatchMessage =
  | { type: 'watch' }
  /**
   * A spectator's proof that a seat forked its chain: two events signed by one seat for
   * one place, or one chained onto another version of the other (`audience.ts`).
   */
  | { type: 'fork'; events: [string, string] }
  | { type: 'watching'; genesis: JsonObject; peers: (string | null)[] }
  | { type: 'watch-full' }
  | { type: 'audience'; peers: string[] };

/** Every message on a table's links: the lobby's, the seat proofs, the game's signed events. */
export type WireMessage =
  | LobbyMessage
  | SeatMessage
  | EventMessage
  | HaveMessage
  | StateHashMessage
  | TableChatMessage
  | RematchMessage
  | WatchMessage;

export const MAX_NAME = 24;
/** The most seats any game has: a report of links names no more peers than that. */
const MAX_SEATS = Math.max(...Object.values(GAMES).map((game) => game.maxSeats));
const LINK_STATES: readonly LinkState[] = ['connecting', 'connected', 'lost', 'unreachable'];
const isLinkState = (value: unknown): value is LinkState =>
  LINK_STATES.includes(value as LinkState);
export const MAX_CHAT = 500;
/** More seats than any game has: a bound for the seat parser only. */
const MAX_SEAT_INDEX = 64;
/** What PeerJS accepts as an id, bounded: a hint may name any peer id, not only ours. */
const ANY_PEER_ID = /^[A-Za-z0-9](?:[A-Za-z0-9_-]{0,62}[A-Za-z0-9])?$/;

type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };
const fail = (error: string): Parsed<never> => ({ ok: false, error });
/** A display name: 1 to `MAX_NAME` characters once trimmed, no control characters. */
export function cleanName(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const name = raw.trim();
  // eslint-disable-next-line no-control-regex
  if (name.length === 0 || name.length > MAX_NAME || /[\u0000-\u001f\u007f]/.test(name))
    return null;
  return name;
}

function parseTable(raw: unknown): Parsed<TableInfo> {
  if (!isRecord(raw)) return fail('table missing');
  const { id, game, seats, options, clock } = raw;
  if (!isTableId(id)) return fail('bad table id');
  if (!isGameId(game)) return fail('unknown game');
  const info = GAMES[game];
  if (
    typeof seats !== 'number' ||
    !Number.isInteger(seats) ||
    seats < info.minSeats ||
    seats > info.maxSeats
  )
    return fail('bad seat count');
  // Their shape only: the lobby checks them with the game's rules, which it loads for
  // this game alone (`optionsRefused` in `lobby.ts`), so that no page loads every game's.
  if (!isRecord(options) || JSON.stringify(options).length > MAX_OPTIONS_CHARS)
    return fail('bad options');
  if (!isClock(clock)) return fail('bad time control');
  return { ok: true, value: { id, game, seats, options: options as JsonObject, clock } };
}

/**
 * Words for the table's chat: 1 to `MAX_CHAT` characters once trimmed, with no control
 * characters and no marks that reorder the text around them (a line could then show
 * words in another order than they were written); null for anything else.
 */
export function chatText(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const text = raw.trim();
  if (text.length === 0 || text.length > MAX_CHAT) return null;
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/.test(text) ? null : text;
}

/**
 * Chat words from the network: `raw` when `chatText` keeps it as it came (trimmed by its
 * sender), null for anything else. Kept as sent or refused: a sender's own copy of a line
 * shows what the others see.
 */
function sentChat(raw: unknown): string | null {
  const text = chatText(raw);
  return text === raw ? text : null;
}

/** Checks a message from the network; nothing unchecked reaches the lobby. */
export function parseLobbyMessage(raw: unknown): Parsed<LobbyMessage> {
  if (!isRecord(raw)) return fail('not an object');
  switch (raw.type) {
    case 'hello': {
      const name = cleanName(raw.name);
      if (!name) return fail('bad name');
      if (!isValidPublicKey(raw.identity)) return fail('bad identity key');
      const { nonce, channel, sig } = raw;
      if (!isHex(nonce, NONCE_BYTES)) return fail('bad hello nonce');
      if (!isSignedChannel(channel)) return fail('bad hello channel');
      if (!isHex(sig, SIGNATURE_BYTES)) return fail('bad hello signature');
      return {
        ok: true,
        value: {
          type: 'hello',
          name,
          identity: raw.identity,
          nonce,
          channel: [channel[0], channel[1]],
          sig,
        },
      };
    }
    case 'lobby-challenge':
      if (!isHex(raw.nonce, NONCE_BYTES)) return fail('bad challenge nonce');
      return { ok: true, value: { type: 'lobby-challenge', nonce: raw.nonce } };
    case 'event':
      return fail('a game event outside a game');
    case 'chat': {
      const text = sentChat(raw.text);
      if (text === null) return fail('bad chat text');
      return { ok: true, value: { type: 'chat', text } };
    }
    case 'start':
      return { ok: true, value: { type: 'start' } };
    case 'bye':
      return { ok: true, value: { type: 'bye' } };
    case 'genesis':
      return parseGenesisStatement(raw);
    case 'links': {
      if (!isRecord(raw.links)) return fail('bad links');
      const entries = Object.entries(raw.links);
      if (entries.length > MAX_SEATS) return fail('links to more peers than any table seats');
      const links: Record<string, LinkState> = {};
      for (const [peer, state] of entries) {
        if (!isPeerId(peer) || !isLinkState(state)) return fail('bad links');
        links[peer] = state;
      }
      return { ok: true, value: { type: 'links', links } };
    }
    case 'roster': {
      const table = parseTable(raw.table);
      if (!table.ok) return table;
      if (!Array.isArray(raw.players) || raw.players.length > table.value.seats)
        return fail('bad players');
      const players: Seat[] = [];
      for (const entry of raw.players) {
        if (!isRecord(entry)) return fail('bad player');
        const name = cleanName(entry.name);
        if (
          !name ||
          (!isPeerIdOf(table.value.id, entry.peer) && entry.peer !== hostPeerId(table.value.id))
        )
          return fail('bad player');
        if (!isValidPublicKey(entry.identity)) return fail('bad identity key');
        if (players.some((p) => p.peer === entry.peer || p.identity === entry.identity))
          return fail('player seated twice');
        const { runByHost } = entry;
        if (typeof runByHost !== 'boolean')
          return fail('bad runByHost flag: a seat is run by the host’s page (true) or not (false)');
        players.push({ peer: entry.peer as string, name, identity: entry.identity, runByHost });
      }
      if (players[0]?.peer !== hostPeerId(table.value.id)) return fail('host must hold seat 1');
      if (players[0]?.runByHost) return fail('the host’s own seat flagged as run by its page');
      return { ok: true, value: { type: 'roster', table: table.value, players } };
    }
    default:
      return fail('unknown type');
  }
}

const isAnyPeerId = (value: unknown): value is string =>
  typeof value === 'string' && ANY_PEER_ID.test(value);

const SEAT_MESSAGE_TYPES: ReadonlySet<unknown> = new Set(['challenge', 'seat-hello', 'peers']);

/**
 * Checks the shape of a seat message from the network, or returns null when `raw` is
 * not one (another layer's message). Signatures and seats are checked by `SeatLinks`.
 */
export function parseSeatMessage(raw: Record<string, unknown>): Result<SeatMessage> | null {
  if (!SEAT_MESSAGE_TYPES.has(raw.type)) return null;
  if (raw.type === 'peers') {
    const { peers } = raw;
    if (
      !Array.isArray(peers) ||
      peers.length > MAX_SEAT_INDEX ||
      !peers.every((p) => p === null || isAnyPeerId(p))
    )
      return err('bad peers');
    return ok({ type: 'peers', peers: peers as (string | null)[] });
  }
  const { nonce } = raw;
  if (!isHex(nonce, NONCE_BYTES)) return err('bad challenge nonce');
  if (raw.type === 'challenge') return ok({ type: 'challenge', nonce });
  const { seat, channel, sig } = raw;
  if (typeof seat !== 'number' || !Number.isInteger(seat) || seat < 0 || seat >= MAX_SEAT_INDEX)
    return err('bad seat');
  if (!isSignedChannel(channel)) return err('bad seat hello channel');
  if (!isHex(sig, SIGNATURE_BYTES)) return err('bad seat signature');
  return ok({ type: 'seat-hello', seat, nonce, channel: [channel[0], channel[1]], sig });
}

/** The most spectators a seat serves at once: each costs it a link and the events it sends. */
export const MAX_SPECTATORS = 8;
/** A genesis is small: the game, its options, names and keys of at most a few seats. */
const MAX_GENESIS_CHARS = 8000;

const isPeerList = (peers: unknown, most: number): peers is (string | null)[] =>
  Array.isArray(peers) && peers.length <= most && peers.every((p) => p === null || isAnyPeerId(p));

/**
 * Checks the shape of a spectator's or an audience message, or returns null when `raw` is
 * not one. The genesis is checked whole by the spectator (`parseGenesis`).
 */
function parseWatchMessage(raw: Record<string, unknown>): Parsed<WatchMessage> | null {
  switch (raw.type) {
    case 'watch':
      return { ok: true, value: { type: 'watch' } };
    case 'watch-full':
      return { ok: true, value: { type: 'watch-full' } };
    case 'watching': {
      const { genesis, peers } = raw;
      if (!isRecord(genesis) || JSON.stringify(genesis).length > MAX_GENESIS_CHARS)
        return fail('bad genesis');
      if (!isPeerList(peers, MAX_TABLE_SEATS)) return fail('bad peers');
      return { ok: true, value: { type: 'watching', genesis: genesis as JsonObject, peers } };
    }
    case 'fork': {
      const { events } = raw;
      if (
        !Array.isArray(events) ||
        events.length !== 2 ||
        !events.every((e) => typeof e === 'string' && e.length > 0 && e.length <= MAX_EVENT_BYTES)
      )
        return fail('bad fork');
      return { ok: true, value: { type: 'fork', events: [events[0], events[1]] } };
    }
    case 'audience': {
      const { peers } = raw;
      if (!isPeerList(peers, MAX_SPECTATORS) || peers.includes(null)) return fail('bad audience');
      return { ok: true, value: { type: 'audience', peers: peers as string[] } };
    }
    default:
      return null;
  }
}

function parseHave(raw: Record<string, unknown>): Parsed<HaveMessage> {
  const { seen, heads, want, ask } = raw;
  if (
    !Array.isArray(seen) ||
    seen.length === 0 ||
    seen.length > MAX_TABLE_SEATS ||
    !seen.every((n) => typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= MAX_SEQ)
  )
    return fail('bad counts of events held');
  if (
    !Array.isArray(heads) ||
    heads.length !== seen.length ||
    !heads.every((h, s) => (seen[s] === 0 ? h === null : isHex(h, 32)))
  )
    return fail('bad last events held');
  if (!Array.isArray(want) || want.length > MAX_WANTED || !want.every((h) => isHex(h, 32)))
    return fail('bad events wanted');
  if (typeof ask !== 'boolean') return fail('bad ask flag');
  return {
    ok: true,
    value: {
      type: 'have',
      seen: seen as number[],
      heads: heads as (string | null)[],
      want: want as string[],
      ask,
    },
  };
}

/**
 * Checks any message of a table's links: a lobby message, a seat proof (its signature
 * still unchecked) or a game event (still unverified bytes).
 */
export function parseWireMessage(raw: unknown): Parsed<WireMessage> {
  if (isRecord(raw) && raw.type === 'event') {
    const { event } = raw;
    if (typeof event !== 'string' || event.length === 0 || event.length > MAX_EVENT_BYTES)
      return fail('bad event');
    return { ok: true, value: { type: 'event', event } };
  }
  if (isRecord(raw) && raw.type === 'have') return parseHave(raw);
  if (isRecord(raw) && raw.type === 'state-hash') {
    const { events, hash } = raw;
    if (typeof events !== 'number' || !Number.isSafeInteger(events) || events < 0)
      return fail('bad event count');
    if (!isHex(hash, 32)) return fail('bad state hash');
    return { ok: true, value: { type: 'state-hash', events, hash } };
  }
  if (isRecord(raw) && raw.type === 'table-chat') {
    const text = sentChat(raw.text);
    if (text === null) return fail('bad chat text');
    return { ok: true, value: { type: 'table-chat', text } };
  }
  if (isRecord(raw) && raw.type === 'rematch') {
    if (!isTableId(raw.table)) return fail('bad table id');
    return { ok: true, value: { type: 'rematch', table: raw.table } };
  }
  if (isRecord(raw)) {
    const watch = parseWatchMessage(raw);
    if (watch) return watch;
  }
  return (isRecord(raw) ? parseSeatMessage(raw) : null) ?? parseLobbyMessage(raw);
}
