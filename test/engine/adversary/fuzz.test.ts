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
import {
  ORDER,
  encodeScalar,
  fromBase64,
  fromHex,
  toBase64,
  toHex,
} from '../../../crypto/index.ts';
import { seededRandom } from '../../../src/bots/computer.ts';
import { stateHash, type Json, type JsonObject } from '../../../src/engine/encoding.ts';
import { signEvent, type Event, type EventBody } from '../../../src/engine/events.ts';
import type { Need } from '../../../src/engine/game.ts';
import { playable, type Playable } from '../../../src/engine/games/registry.ts';
import { privateFaces } from '../../../src/engine/table/author.ts';
import type { TableBody } from '../../../src/engine/table/bodies.ts';
import type { AnyGame } from '../../../src/engine/table/fold.ts';
import { judge } from '../../../src/engine/table/judge.ts';
import { Replica } from '../../../src/engine/table/replica.ts';
import type { Genesis, TableState } from '../../../src/engine/table/types.ts';
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
  const crypto = await importOriginal<typeof import('../../../crypto/index.ts')>();
  const print = (x: unknown): string => {
    if (x instanceof Uint8Array) return crypto.toHex(x);
    if (x instanceof crypto.Point) return crypto.pointHex(x);
    if (Array.isArray(x)) return `[${x.map(print).join(',')}]`;
    if (typeof x === 'object' && x !== null)
      return `{${Object.entries(x)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([k, v]) => `${k}:${print(v)}`)
        .join(',')}}`;
    return String(x);
  };
  const memo = <A extends unknown[]>(verify: (...args: A) => boolean) => {
    const known = new Map<string, boolean>();
    return (...args: A): boolean => {
      const key = print(args);
      const hit = known.get(key);
      if (hit !== undefined) return hit;
      const verdict = verify(...args);
      known.set(key, verdict);
      return verdict;
    };
  };
  return {
    ...crypto,
    verifyKey: memo(crypto.verifyKey),
    verifyUnlock: memo(crypto.verifyUnlock),
    verifyShuffle: memo(crypto.verifyShuffle),
  };
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
  const entry = playable(id) as Playable;
  const players = makePlayers(seats);
  const initial = entry.setup(options);
  if (!initial.ok) throw new Error(String(initial.error));
  const genesis = makeGenesis(players, entry.game, options);
  const table = new Table(players, genesis, entry.game, initial.value);
  const random = seededRandom(8);
  playOut(
    table,
    (seat) => {
      const { state } = table.replicas[seat]!;
      const known = privateFaces(state, seat, players[seat]!.keyring, new Map());
      const legal = entry.game.legalActions(state.game, seat, known) as JsonObject[];
      return entry.bot(entry.game.view(state.game, seat), legal, random, known);
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

/** A hand that `seat` ends with `body` (a RESIGN, an ABSENT) once seat 1 is to move. */
function recordLeaving(seat: number, body: TableBody): Recording {
  const { table, initial } = scriptedTable([{ type: 'ACT', seats: [1] }]);
  table.dutiesUntil((state) => state.step.type === 'PLAY');
  table.play(seat, body);
  return recording(`script ended by ${body.type}`, table, initial);
}

// ------------------------------------------------------------------ mutations

type Path = (string | number)[];

/** Every node of `value` (the root too), by path. */
function nodes(value: Json, at: Path = []): Path[] {
  if (value === null || typeof value !== 'object') return [at];
  const children = Array.isArray(value)
    ? value.map((v, i) => nodes(v, [...at, i]))
    : Object.entries(value).map(([k, v]) => nodes(v, [...at, k]));
  return [at, ...children.flat()];
}

const getAt = (value: Json, path: Path): Json =>
  path.reduce<Json>((v, k) => (v as Record<string | number, Json>)[k]!, value);

/** A copy of `root` with the node at `path` replaced by `edit(node)` (or removed for `undefined`). */
function editAt(root: Json, path: Path, edit: (node: Json) => Json | undefined): Json {
  if (path.length === 0) return edit(root) ?? null;
  const [key, ...rest] = path;
  const next =
    rest.length === 0 ? edit(getAt(root, [key!])) : editAt(getAt(root, [key!]), rest, edit);
  if (Array.isArray(root)) {
    const copy = [...root];
    if (next === undefined) copy.splice(key as number, 1);
    else copy[key as number] = next;
    return copy;
  }
  const copy = { ...(root as JsonObject) };
  delete copy[key as string];
  if (next !== undefined) setOwn(copy, key as string, next);
  return copy;
}

/** Sets an own property, even one named `__proto__`, as `JSON.parse` would. */
const setOwn = (object: JsonObject, key: string, value: Json): void => {
  Object.defineProperty(object, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
};

const pick = <T>(list: readonly T[], n: number): T | undefined =>
  list.length === 0 ? undefined : list[n % list.length];

/** Binary payloads travel as lowercase hex (scalars, hashes) or base64 (points, proofs). */
function asBytes(text: string): { bytes: Uint8Array; encode: (b: Uint8Array) => string } | null {
  if (text.length > 0 && text.length % 2 === 0 && /^[0-9a-f]+$/.test(text))
    return { bytes: fromHex(text), encode: toHex };
  try {
    return { bytes: fromBase64(text), encode: toBase64 };
  } catch {
    return null;
  }
}

const littleEndian = (x: bigint): Uint8Array => {
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++, x >>= 8n) out[i] = Number(x & 0xffn);
  return out;
};

/** 32-byte values that break a point or scalar: identity / zero, ℓ, p, a negative s, all ones. */
const SPECIAL_32 = [
  new Uint8Array(32),
  littleEndian(ORDER),
  littleEndian(ORDER + 1n),
  littleEndian(2n ** 255n - 19n),
  encodeScalar(1n),
  new Uint8Array(32).fill(0xff),
];

/** Values that break a field's type or range. */
const HOSTILE: Json[] = [
  0,
  1,
  -1,
  0.5,
  -0,
  2 ** 31,
  2 ** 53 + 2,
  1e308,
  -1e308,
  '',
  'A',
  '00',
  'AAAA',
  '='.repeat(4),
  'x'.repeat(5000),
  null,
  true,
  false,
  [],
  [null],
  {},
  { type: 'AUDIT' },
];

/** Field names from every body type, plus names that trip careless object handling. */
const NAMES = [
  'type',
  'genesis',
  'pub',
  'proof',
  'rows',
  'shares',
  'points',
  'action',
  'hash',
  'bit',
  'salt',
  'secret',
  'remasks',
  'seat',
  'seen',
  '__proto__',
  'constructor',
  'toString',
  'x',
];

/** What mutations borrow from: every recorded body, and every byte string in them of 32 bytes or more. */
interface Pool {
  readonly bodies: readonly JsonObject[];
  readonly donors: readonly Uint8Array[];
}

function poolOf(bodies: readonly JsonObject[]): Pool {
  const donors = bodies
    .flatMap((body) => nodes(body).map((path) => getAt(body, path)))
    .flatMap((v) => (typeof v === 'string' ? [asBytes(v)?.bytes ?? new Uint8Array()] : []))
    .filter((b) => b.length >= 32);
  return { bodies, donors };
}

/** A mutation, as numbers that pick what to change; applied by `mutate`. */
interface Recipe {
  readonly op: (typeof OPS)[number];
  readonly a: number;
  readonly b: number;
  readonly c: number;
  readonly value: Json;
}

const OPS = [
  'drop',
  'add',
  'rename',
  'replace',
  'bytes',
  'text',
  'array',
  'swap',
  'graft',
  'retype',
] as const;

const recipe: fc.Arbitrary<Recipe> = fc.record({
  op: fc.constantFrom(...OPS),
  a: fc.nat(),
  b: fc.nat(),
  c: fc.nat(),
  value: fc.oneof(fc.constantFrom(...HOSTILE), fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>),
});

/** Mutates one byte string: truncate, extend, flip a bit, or overwrite / swap a 32-byte slot. */
function mutateBytes(bytes: Uint8Array, r: Recipe, donors: readonly Uint8Array[]): Uint8Array {
  // Points and scalars sit at 32-byte slots after a header of (length mod 32) bytes.
  const header = bytes.length % 32;
  const slots = Math.floor(bytes.length / 32);
  const slot = (n: number) => header + 32 * (n % Math.max(slots, 1));
  const out = bytes.slice();
  switch (r.b % 6) {
    case 0:
      return bytes.slice(0, r.c % Math.max(bytes.length, 1));
    case 1:
      return Uint8Array.from([
        ...bytes,
        ...(pick(donors, r.c) ?? new Uint8Array(1)).slice(0, 1 + (r.a % 40)),
      ]);
    case 2:
      if (bytes.length === 0) return Uint8Array.of(r.c & 0xff);
      out[r.c % bytes.length]! ^= 1 << (r.a % 8);
      return out;
    case 3:
      if (slots > 0) out.set(SPECIAL_32[r.c % SPECIAL_32.length]!, slot(r.a));
      return out;
    case 4: {
      // A valid point (or scalar) taken from this or another event.
      const donor = pick(donors, r.c);
      if (slots > 0 && donor && donor.length >= 32) {
        const from = (donor.length % 32) + 32 * (r.a % Math.floor(donor.length / 32));
        out.set(donor.subarray(from, from + 32), slot(r.a >> 3));
      }
      return out;
    }
    default: {
      if (slots < 2) return out;
      const [i, j] = [slot(r.a), slot(r.c)];
      out.set(bytes.subarray(j, j + 32), i);
      out.set(bytes.subarray(i, i + 32), j);
      return out;
    }
  }
}

/** Character-level damage to a string: case, padding, a character dropped or added. */
function mutateText(text: string, r: Recipe): string {
  const at = r.c % (text.length + 1);
  switch (r.b % 5) {
    case 0:
      return text.toUpperCase();
    case 1:
      return text + '=';
    case 2:
      return text.slice(0, at) + text.slice(at + 1);
    case 3:
      return text.slice(0, at) + ' ' + text.slice(at);
    default:
      return text.slice(0, at) + String.fromCharCode(r.a % 0x250) + text.slice(at + 1);
  }
}

function mutateArray(list: Json[], r: Recipe, other: Json | undefined): Json[] {
  const i = r.c % Math.max(list.length, 1);
  switch (r.b % 5) {
    case 0:
      return [];
    case 1:
      return list.length === 0
        ? [r.value]
        : [...list.slice(0, i + 1), list[i]!, ...list.slice(i + 1)];
    case 2:
      return list.filter((_, k) => k !== i);
    case 3:
      return [...list].reverse();
    default:
      return Array.isArray(other) && other.length > 0
        ? [...list, other[r.a % other.length]!]
        : [...list, r.value];
  }
}

/** Applies `r` to `body`, taking grafts and donor bytes from `pool`. */
function mutate(body: JsonObject, r: Recipe, pool: Pool): JsonObject {
  const all = nodes(body);
  const inner = all.filter((p) => p.length > 0);
  const objects = all.filter((p) => {
    const v = getAt(body, p);
    return v !== null && typeof v === 'object' && !Array.isArray(v);
  });
  const strings = inner.filter((p) => typeof getAt(body, p) === 'string');
  const arrays = all.filter((p) => Array.isArray(getAt(body, p)));
  const other = pick(pool.bodies, r.c)!;
  const edit = (path: Path | undefined, f: (node: Json) => Json | undefined): JsonObject =>
    path === undefined ? { ...body, x: r.value } : (editAt(body, path, f) as JsonObject);
  switch (r.op) {
    case 'drop': {
      const path = pick(
        inner.filter((p) => typeof p.at(-1) === 'string'),
        r.a,
      );
      return edit(path, () => undefined);
    }
    case 'add':
      return edit(pick(objects, r.a), (node) => {
        const copy = { ...(node as JsonObject) };
        setOwn(copy, pick(NAMES, r.b)!, r.value);
        return copy;
      });
    case 'rename': {
      const path = pick(
        inner.filter((p) => typeof p.at(-1) === 'string'),
        r.a,
      );
      if (path === undefined) return edit(path, () => undefined);
      const value = getAt(body, path);
      const renamed = editAt(body, path, () => undefined) as JsonObject;
      return editAt(renamed, path.slice(0, -1), (node) => {
        const copy = { ...(node as JsonObject) };
        setOwn(copy, pick(NAMES, r.b)!, value);
        return copy;
      }) as JsonObject;
    }
    case 'replace':
      return edit(pick(inner, r.a), () => r.value);
    case 'bytes':
      return edit(pick(strings, r.a), (node) => {
        const decoded = asBytes(node as string);
        return decoded
          ? decoded.encode(mutateBytes(decoded.bytes, r, pool.donors))
          : mutateText(node as string, r);
      });
    case 'text':
      return edit(pick(strings, r.a), (node) => mutateText(node as string, r));
    case 'array': {
      const path = pick(arrays, r.a);
      return edit(path, (node) => mutateArray(node as Json[], r, safeGet(other, path!)));
    }
    case 'swap': {
      const [p, q] = [pick(strings, r.a), pick(strings, r.b)];
      if (!p || !q) return edit(p, () => r.value);
      const [x, y] = [getAt(body, p), getAt(body, q)];
      return editAt(
        editAt(body, p, () => y),
        q,
        () => x,
      ) as JsonObject;
    }
    case 'graft': {
      // The same field from another event: a point, a proof or a share list that is valid elsewhere.
      const path = pick(inner, r.a);
      const twin = path ? safeGet(other, path) : undefined;
      if (path === undefined || twin === undefined)
        return { ...body, ...other, type: body.type as string };
      return edit(path, () => twin as Json);
    }
    case 'retype':
      return { ...body, type: pick(pool.bodies, r.b)!.type as string };
  }
}

function safeGet(value: Json, path: Path): Json | undefined {
  let v: Json | undefined = value;
  for (const k of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string | number, Json>)[k];
    if (v === undefined) return undefined;
  }
  return v;
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

/** Key order aside, the same JSON (a mutation may only reorder fields). */
const same = (a: Json, b: Json): boolean => JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
const sorted = (v: Json): Json =>
  v === null || typeof v !== 'object'
    ? v
    : Array.isArray(v)
      ? v.map(sorted)
      : Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, sorted((v as JsonObject)[k]!)]),
        );

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
