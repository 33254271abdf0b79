/**
 * Issue 8, item 5: no event body, however malformed, may make the fold throw
 * or change the state it was handed. Real games are recorded once (War,
 * Red & Black, Town for Two, Black & Red, Batailles et piques at three seats
 * and a scripted hand that deals, locks, re-masks and shows to a subset),
 * then fast-check mutates the bodies of their events and hands each to
 * `judge` in the state just before the original event. A sample also takes
 * the full path: re-signed by its author and received by a replica holding
 * the log up to that point.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { seededRandom } from '../../../src/bots/computer.ts';
import { stateHash, type Json, type JsonObject } from '../../../src/engine/encoding.ts';
import { signEvent, type Event, type EventBody } from '../../../src/engine/events.ts';
import type { AnyGame, Need } from '../../../src/engine/game.ts';
import { gameById, type Playable } from '../../../src/engine/games/registry.ts';
import { privateFaces } from '../../../src/engine/table/author.ts';
import { DEFAULT_CLOCK } from '../../../src/engine/table/clock.ts';
import type { TableBody } from '../../../src/engine/table/bodies.ts';
import { judge } from '../../../src/engine/table/judge.ts';
import { Replica } from '../../../src/engine/table/replica.ts';
import type { Genesis, TableState } from '../../../src/engine/table/types.ts';
import { mutate, poolOf, recipe, same, type Pool } from '../helpers/mutate.ts';
import { scriptGame } from '../helpers/script-game.ts';
import {
  Table,
  isMove,
  makeGenesis,
  makePlayers,
  tableGame,
  type Player,
} from '../helpers/table.ts';

/**
 * Each full-path case needs a fresh replica rebuilt from the log before its
 * event, which re-verifies every proof in that prefix. Verification is
 * memoised by its exact inputs (every byte of the context, points and
 * proof), so a proof already checked is not checked again, while any
 * mutated input is verified for real.
 */
vi.mock('../../../crypto/index.ts', async (importOriginal) => {
  const { memoisedCrypto } = await import('../helpers/memo-crypto.ts');
  return memoisedCrypto(await importOriginal());
});

/** Cases handed to `judge` directly, and those also signed and received by a replica. */
const JUDGE_RUNS = 10_000;
const FULL_PATH_RUNS = 100;

/** Red & Black's opening (keys, shuffle, coin, deals, swaps, re-masks): its length varies with the deal. */
const RED_BLACK_EVENTS = 36;

/** Town for Two's keys, shuffles, opening flips, first draws and a few plays. */
const TOWN_EVENTS = 24;

/** Black & Red's keys, shuffle, coin, deals, upcard and the first discards and draws. */
const BLACK_RED_EVENTS = 24;

/**
 * Batailles at three seats: three armies shuffled by all, the hands dealt, the lays, the
 * coins for the first player, then a fight shown to its two fighters alone (their locks
 * and the unlocks of each other's copies), their words, the dead revealed and replaced.
 */
const BATAILLES_EVENTS = 45;

/**
 * Bodies whose content is the author's to choose: another move or commitment may stand.
 * An ACK has no content: the one fieldless body it mutates into that may stand is a RESIGN.
 */
const FREE_CHOICE = new Set(['ACT', 'COMMIT', 'SEAL', 'ACK']);

/** One recorded game: how to rebuild a replica, and its events with the state around each. */
interface Recording {
  readonly name: string;
  readonly genesis: Genesis;
  readonly game: AnyGame<Json>;
  readonly initial: Json;
  readonly players: readonly Player[];
  readonly events: readonly RecordedEvent[];
}

interface RecordedEvent {
  readonly event: Event;
  readonly bytes: Uint8Array;
  /** The body type, with an unlock of copies (a show to a few seats) told apart. */
  readonly kind: string;
  readonly before: TableState<Json>;
  /** The state as text, to see that nothing changed it (cheaper than its hash). */
  readonly snapshot: string;
  readonly beforeHash: string;
}

/**
 * Plays `table` to its end, or until it holds `limit` events: duties first,
 * else the first seat whose bot moves.
 */
function playOut(
  table: Table<Json>,
  choose: (seat: number) => JsonObject | null,
  limit = Infinity,
): void {
  for (let steps = 0; steps < 1000; steps++) {
    const owed = table.replicas[0]!.owed();
    if (owed.length === 0 || table.events.length >= limit) return;
    const duty = owed.find((o) => !isMove(o.kind));
    if (duty) {
      table.duty(duty.seat);
      continue;
    }
    const seats = [...new Set(owed.map((o) => o.seat))];
    const moved = seats.some((seat) => {
      const action = choose(seat);
      if (action) table.act(seat, action);
      return action !== null;
    });
    if (!moved) throw new Error('nobody moves');
  }
  throw new Error('the game did not end');
}

function recording(name: string, table: Table<Json>, initial: Json): Recording {
  const honest = table.replicas[0]!;
  expect(honest.offences()).toEqual([]);
  const events = honest.log.entries().map((entry, i) => {
    const before = honest.stateAfter(i)!;
    const copy = entry.event.body.type === 'UNLOCK' && before.step.type === 'COPY';
    return {
      event: entry.event,
      bytes: entry.bytes,
      kind: copy ? 'UNLOCK (copies)' : entry.event.body.type,
      before,
      snapshot: JSON.stringify(before),
      beforeHash: stateHash(before as unknown as Json),
    };
  });
  return {
    name,
    genesis: table.genesis,
    game: honest.game,
    initial,
    players: table.players,
    events,
  };
}

/** A game from the registry, its seats played by the game's own bot, for at most `limit` events. */
function recordPlayable(
  id: 'war' | 'redblack' | 'town' | 'blackred' | 'batailles',
  options: JsonObject,
  limit?: number,
  seats = 2,
): Recording {
  const entry = gameById(id) as Playable;
  const players = makePlayers(seats);
  const initial = entry.setup(options);
  if (!initial.ok) throw new Error(String(initial.error));
  const genesis = makeGenesis(players, entry, options);
  const table = new Table(players, genesis, entry, initial.value);
  const random = seededRandom(8);
  playOut(
    table,
    (seat) => {
      const { state } = table.replicas[seat]!;
      const known = privateFaces(state, seat, players[seat]!.keyring, new Map());
      const legal = entry.legalActions(state.game, seat, known) as JsonObject[];
      return entry.bot(entry.view(state.game, seat), legal, random, known);
    },
    limit,
  );
  return recording(id, table, initial.value);
}

/** A table of two seats playing `script` on a six-card deck. */
function scriptedTable(script: Need[]): { table: Table<Json>; initial: Json } {
  const players = makePlayers(2);
  const options = { decks: [{ name: 'deck', size: 6 }], script };
  const initial = scriptGame.setup(options);
  if (!initial.ok) throw new Error(initial.error);
  const genesis = makeGenesis(players, scriptGame, options);
  const game = tableGame(scriptGame) as unknown as AnyGame<Json>;
  const table = new Table(players, genesis, game, initial.value as unknown as Json);
  return { table, initial: initial.value as unknown as Json };
}

/** A hand dealt, re-masked, dealt on (so locked first), shown to both seats, then a coin. */
function recordScript(): Recording {
  const { table, initial } = scriptedTable([
    { type: 'DEAL', cards: [0, 1], to: 0 },
    { type: 'REMASK', seat: 0, cards: [0, 1] },
    { type: 'DEAL', cards: [0], to: 1 },
    { type: 'SHOW', cards: [2, 3], to: [0, 1] },
    { type: 'COIN' },
    { type: 'ACT', seats: [1] },
  ]);
  playOut(table, () => ({ type: 'DONE' }));
  return recording('script', table, initial);
}

/**
 * A hand that `seat` ends with `body` (a RESIGN, an ABSENT) once seat 1 is to move, signed
 * a move time after the duties (all at 0): a claim then finds seat 1 out of time.
 */
function recordLeaving(seat: number, body: TableBody): Recording {
  const { table, initial } = scriptedTable([{ type: 'ACT', seats: [1] }]);
  table.dutiesUntil((state) => state.step.type === 'PLAY');
  table.play(seat, body, DEFAULT_CLOCK.moveMs);
  return recording(`script ended by ${body.type}`, table, initial);
}

// ------------------------------------------------------------------ the fuzz

const recordings: Recording[] = [];
/** Every recorded event, with its recording. */
const cases: { recording: Recording; index: number }[] = [];
let pool: Pool = { bodies: [], donors: [] };

beforeAll(() => {
  recordings.push(
    recordPlayable('war', { stacks: [[0], [1]] }),
    recordPlayable('redblack', { red: 9, black: 9, target: 1 }, RED_BLACK_EVENTS),
    // Town for Two's two decks, its opening and a few plays with their reveals and draws.
    recordPlayable('town', {}, TOWN_EVENTS),
    // Black & Red's deck of 52, its coin, both hands and the upcard, then discards and draws.
    recordPlayable('blackred', {}, BLACK_RED_EVENTS),
    // Batailles' three armies, its hidden lays and a fight only its two fighters see.
    recordPlayable('batailles', { players: 3 }, BATAILLES_EVENTS, 3),
    recordScript(),
    recordLeaving(1, { type: 'RESIGN' }),
    recordLeaving(0, { type: 'ABSENT', seat: 1 }),
  );
  for (const recording of recordings)
    recording.events.forEach((_, index) => cases.push({ recording, index }));
  pool = poolOf(cases.map((c) => c.recording.events[c.index]!.event.body));
});

/** The event signed with a mutated body, or null when no canonical event can carry that body. */
function resign(recorded: RecordedEvent, body: JsonObject, players: readonly Player[]) {
  const { table, author, seq, prev, basis } = recorded.event;
  try {
    const signed = signEvent(
      { table, author, seq, prev, basis, body: body as EventBody },
      players[author]!.identity.secretKey,
    );
    return signed.ok ? signed.value : null;
  } catch {
    return null;
  }
}
/** True when `mutated` is the pipelined SHUFFLE `body` with some of its shuffles left out. */
function fewerPipelinedShuffles(mutated: JsonObject, body: JsonObject): boolean {
  if (body.type !== 'SHUFFLE' || mutated.type !== 'SHUFFLE') return false;
  const [mine, theirs] = [mutated.shuffles, body.shuffles];
  if (!Array.isArray(mine) || !Array.isArray(theirs) || mine.length === 0) return false;
  if (Object.keys(mutated).length !== 2) return false;
  let from = 0;
  return mine.every((s) => {
    const at = theirs.findIndex((t, i) => i >= from && same(t as JsonObject, s as JsonObject));
    from = at + 1;
    return at >= 0 && typeof (s as JsonObject).epoch === 'number';
  });
}

const describeCase = (c: (typeof cases)[number], body: JsonObject) =>
  `${c.recording.name} event ${c.index} (${c.recording.events[c.index]!.kind}): ${JSON.stringify(body).slice(0, 400)}`;

describe('mutated event bodies', () => {
  test('the recorded games hold every body type', () => {
    const kinds = new Set(cases.map((c) => c.recording.events[c.index]!.kind));
    expect([...kinds].sort()).toEqual(
      expect.arrayContaining([
        'ABSENT',
        'ACT',
        'AUDIT',
        'COMMIT',
        'KEY',
        'LOCK',
        'OPEN',
        'REKEY',
        'REMASK',
        'RESIGN',
        'SHUFFLE',
        'UNLOCK',
        'UNLOCK (copies)',
      ]),
    );
  });

  test(`judge never throws and never changes the state it is given (${JUDGE_RUNS} cases)`, () => {
    const fuzzed = new Set<string>();
    fc.assert(
      fc.property(fc.nat(), recipe, (n, r) => {
        const c = cases[n % cases.length]!;
        const recorded = c.recording.events[c.index]!;
        const { author, body } = recorded.event;
        const mutated = mutate(body, r, pool);
        fc.pre(!same(mutated, body));
        fuzzed.add(recorded.kind);
        let verdict;
        try {
          verdict = judge(recorded.before, c.recording.game, author, mutated);
        } catch (e) {
          throw new Error(`judge threw on ${describeCase(c, mutated)}`, { cause: e });
        }
        expect(JSON.stringify(recorded.before), describeCase(c, mutated)).toBe(recorded.snapshot);
        if (!verdict.ok) {
          expect(typeof verdict.error).toBe('string');
          return;
        }
        if (FREE_CHOICE.has(recorded.kind)) return;
        // A pipelined shuffle may be of any epochs its author is next on: with some of its
        // shuffles left out it is another body the author could have made, each still proven.
        if (fewerPipelinedShuffles(mutated, body)) return;
        // A graft can rebuild, whole, an honest body recorded at another table with the same
        // genesis at the same step (a KEY with other fresh keys): valid here as it was there.
        if (pool.bodies.some((other) => same(other, mutated))) return;
        // Any other body is fixed by the secrets and the proofs: a changed one must be refused.
        throw new Error(`accepted a changed body: ${describeCase(c, mutated)}`);
      }),
      { numRuns: JUDGE_RUNS },
    );
    const kinds = new Set(cases.map((c) => c.recording.events[c.index]!.kind));
    expect(fuzzed).toEqual(kinds);
  });

  test(`a re-signed mutated event is refused by a replica, which names its author (${FULL_PATH_RUNS} cases)`, () => {
    fc.assert(
      fc.property(fc.nat(), recipe, (n, r) => {
        const c = cases[n % cases.length]!;
        const { recording } = c;
        const recorded = recording.events[c.index]!;
        const { author, body } = recorded.event;
        const mutated = mutate(body, r, pool);
        fc.pre(!same(mutated, body));
        // A body beyond the canonical encoding or the event limits never leaves its author.
        const signed = resign(recorded, mutated, recording.players);
        fc.pre(signed !== null);
        const replica = new Replica(recording.genesis, recording.game, recording.initial);
        for (const e of recording.events.slice(0, c.index)) replica.receive(e.bytes);
        const received = replica.receive(signed!.bytes);
        if (received.ok && replica.entryVerdicts.at(-1) === 'applied')
          expect(FREE_CHOICE, describeCase(c, mutated)).toContain(recorded.kind);
        else expect(replica.stateHash, describeCase(c, mutated)).toBe(recorded.beforeHash);
        // The log itself may refuse it (an event too large, say): then nobody is named.
        if (!received.ok || replica.entryVerdicts.at(-1) === 'applied') return;
        expect(replica.offences(), describeCase(c, mutated)).toEqual([
          { seat: author, reason: expect.stringMatching(/^ERR_/), event: signed!.hash },
        ]);
      }),
      { numRuns: FULL_PATH_RUNS },
    );
  });
});
