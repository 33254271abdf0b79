/**
 * Issue 24, "Done when": a property-based fuzz of the fold. In every game, one
 * seat turns hostile part-way through a real recorded game (real keys, real
 * proofs) and signs, with its own key, whatever fast-check draws: its duties
 * and moves, on the newest basis or an older one the log still accepts, and
 * bodies of every kind, copied, mutated or made of garbage. The honest seats
 * play on as an honest page would (answer claims, do their duties, move), and
 * every event reaches every replica in an order of its own. What must hold:
 *
 * 1. nothing throws, not the fold and not an honest seat making its duty;
 * 2. no replica ever names an honest seat (the attacker it may);
 * 3. replicas holding the same events agree: log, verdicts, state, offences
 *    and outcome, whatever the order they got them in.
 *
 * The attacker keeps one chain (no equivocation): which of two equivocating
 * events a replica holds is delivery order by design (`log.ts`), and
 * `checks-log.test.ts` covers that.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { toHex } from '../../../crypto/index.ts';
import type { Json, JsonObject } from '../../../src/engine/encoding.ts';
import { signEvent, type EventBody, type SignedEvent } from '../../../src/engine/events.ts';
import type { AnyGame, Seat } from '../../../src/engine/game.ts';
import { gameById, type Playable } from '../../../src/engine/games/registry.ts';
import { seededRandom } from '../../../src/bots/computer.ts';
import {
  makeAct,
  makeDuty,
  makeSeal,
  owesDuty,
  privateFaces,
} from '../../../src/engine/table/author.ts';
import { Keyring, type KeyringSecrets } from '../../../src/engine/table/keyring.ts';
import { makeAudit } from '../../../src/engine/table/audit.ts';
import type { TableBody } from '../../../src/engine/table/bodies.ts';
import { allowed, owed } from '../../../src/engine/table/fold.ts';
import { earliestAt } from '../../../src/engine/log.ts';
import { Replica } from '../../../src/engine/table/replica.ts';
import type { Genesis, TableState } from '../../../src/engine/table/types.ts';
import { mutate, poolOf, recipe, type Pool, type Recipe } from '../helpers/mutate.ts';
import {
  Table,
  isMove,
  makeGenesis,
  makePlayers,
  withHeads,
  type Player,
} from '../helpers/table.ts';

/**
 * Each run rebuilds its replicas from the recorded prefix, which re-verifies
 * every proof in it. Verification is memoised by its exact inputs (as in
 * fuzz.test.ts): a proof already checked is not checked again, while any new
 * or changed input is verified for real.
 */
vi.mock('../../../crypto/index.ts', async (importOriginal) => {
  const { memoisedCrypto } = await import('../helpers/memo-crypto.ts');
  return memoisedCrypto(await importOriginal());
});

type GameId = 'war' | 'redblack' | 'town' | 'blackred' | 'batailles';

/**
 * Per game: its options, its seats, how much of an honest game to record
 * before the attacker starts (past the first shuffle, into play), and the
 * runs and steps per run. A run stops early once every replica has stopped
 * or the game is over. Measured on one idle core: 4 to 8 s a game, about
 * 2,100 events a file run (1,200 of them the attacker's), under 40 s in all.
 */
const GAMES: readonly {
  id: GameId;
  options: JsonObject;
  seats: number;
  prefix: number;
  runs: number;
  steps: number;
}[] = [
  {
    id: 'war',
    options: {
      stacks: [
        [0, 2, 4, 6, 8, 10],
        [1, 3, 5, 7, 9, 11],
      ],
    },
    seats: 2,
    prefix: 6,
    runs: 40,
    steps: 150,
  },
  // A match to one game won: since deal rounds made the setup shorter, 30 events reached
  // near a call in a third of the seeds, and the runs found little game left to play.
  {
    id: 'redblack',
    options: { red: 9, black: 9, target: 1 },
    seats: 2,
    prefix: 20,
    runs: 30,
    steps: 150,
  },
  { id: 'town', options: {}, seats: 2, prefix: 20, runs: 36, steps: 150 },
  { id: 'blackred', options: {}, seats: 2, prefix: 20, runs: 28, steps: 150 },
  { id: 'batailles', options: { players: 3 }, seats: 3, prefix: 40, runs: 32, steps: 150 },
];

/** One recorded honest prefix: how to rebuild replicas of it and each seat's secrets at its end. */
interface Prefix {
  readonly id: GameId;
  readonly genesis: Genesis;
  readonly game: AnyGame<Json>;
  readonly initial: Json;
  readonly players: readonly Player[];
  readonly events: readonly SignedEvent[];
  readonly secrets: readonly KeyringSecrets[];
  readonly bot: Playable['bot'];
}

/** `id` played honestly by its bot for `limit` events: duties first, else the first seat that moves. */
function record(id: GameId, options: JsonObject, seats: number, limit: number): Prefix {
  const entry = gameById(id) as Playable;
  const players = makePlayers(seats);
  const initial = entry.setup(options);
  if (!initial.ok) throw new Error(String(initial.error));
  // A short clock, so that claims come due within a run.
  const genesis = { ...makeGenesis(players, entry, options), clock: RUN_CLOCK };
  const table = new Table(players, genesis, entry, initial.value);
  const random = seededRandom(24);
  while (table.events.length < limit) {
    const owing = table.replicas[0]!.owed();
    if (owing.length === 0) throw new Error(`${id} ended before ${limit} events`);
    const duty = owing.find((o) => !isMove(o.kind));
    if (duty) {
      table.duty(duty.seat);
      continue;
    }
    const moved = [...new Set(owing.map((o) => o.seat))].some((seat) => {
      const { state } = table.replicas[seat]!;
      const known = privateFaces(state, seat, players[seat]!.keyring, new Map());
      const legal = entry.legalActions(state.game, seat, known) as JsonObject[];
      const action = entry.bot(entry.view(state.game, seat), legal, random, known);
      if (action) table.act(seat, action);
      return action !== null;
    });
    if (!moved) throw new Error('nobody moves');
  }
  expect(table.replicas[0]!.offences()).toEqual([]);
  return {
    id,
    genesis,
    game: entry,
    initial: initial.value,
    players,
    events: table.events,
    secrets: players.map((p) => p.keyring.all()),
    bot: entry.bot,
  };
}

// ------------------------------------------------------------------ one run

/** One step of a run, as numbers that pick what happens (see `Run.step`). */
interface Step {
  readonly kind: number;
  /** Below the run's temper: the attacker's event is a hostile one. */
  readonly dice: number;
  readonly a: number;
  readonly b: number;
  readonly c: number;
  readonly r: Recipe;
}

const step: fc.Arbitrary<Step> = fc.record({
  // Unbiased: fast-check's small-number bias would make nearly every step an attack, hostile.
  kind: fc.noBias(fc.nat(99)),
  dice: fc.noBias(fc.nat(99)),
  a: fc.nat(),
  b: fc.nat(),
  c: fc.nat(),
  r: recipe,
});

/** What the runs of one game did, to show the fuzz reached what it claims to. */
interface Tally {
  events: number;
  attacker: number;
  verdicts: Record<string, number>;
  /** Runs where an honest seat's event was applied after the attacker's first. */
  playedOn: number;
}

const pick = <T>(list: readonly T[], n: number): T | undefined =>
  list.length === 0 ? undefined : list[n % list.length];

/** A replica of the prefix, as a page that joined and caught up would hold it. */
function replicaOf(prefix: Prefix): Replica<Json> {
  const replica = new Replica(prefix.genesis, prefix.game, prefix.initial);
  for (const e of prefix.events) replica.receive(e.bytes);
  return replica;
}

/** Garbage shares: the right shape, random points and proofs taken from recorded bytes. */
function garbage(type: string, n: number, pool: Pool): TableBody {
  const bytes = (k: number) => {
    const donor = pick(pool.donors, n + k) ?? new Uint8Array(32);
    return Buffer.from(donor.subarray(0, 32 * (1 + ((n >> k) % 3)))).toString('base64');
  };
  const hex = toHex(Uint8Array.from({ length: 32 }, (_, i) => (n * 31 + i * 7) & 0xff));
  switch (type) {
    case 'UNLOCK':
    case 'LOCK':
      return { type, shares: [{ points: bytes(1), proof: bytes(2) }] };
    case 'REKEY':
      return { type, key: bytes(0).slice(0, 44), rekeyed: bytes(1), rekeys: [bytes(2)] };
    case 'COMMIT':
      return { type, hash: hex };
    case 'OPEN':
      return { type, bit: n & 1, salt: hex };
    case 'SEAL':
      return { type, hash: hex };
    default:
      return { type: 'AUDIT', secrets: [hex] };
  }
}

/** The time control of the fuzzed tables, and how far their clock moves at each step. */
const RUN_CLOCK = { moveMs: 2_000, dutyMs: 5_000 };
const STEP_MS = 250;

class Run {
  readonly players: Player[];
  /** The time on every honest page's clock (ms): the steps make it run. */
  private now = 0;
  /** Every replica: the attacker's own (what it chose to see), each honest seat's, an observer's. */
  readonly replicas: Replica<Json>[];
  readonly honest: Seat[];
  /** Index in `replicas` of each honest seat's replica. */
  readonly own = new Map<Seat, number>();
  readonly sent: SignedEvent[] = [];
  /** Per replica, which of `sent` it holds. */
  readonly held: Set<number>[];
  readonly bodies: JsonObject[];
  private readonly compared = new Set<string>();

  constructor(
    readonly prefix: Prefix,
    readonly attacker: Seat,
    /** The chance, in percent, that an attacker's event is not the one an honest page would make. */
    readonly temper: number,
    readonly pool: Pool,
    readonly tally: Tally,
  ) {
    // Each run starts from the secrets the seats held at the end of the prefix.
    this.players = prefix.players.map((p, seat) => {
      const keyring = new Keyring();
      keyring.restore(prefix.secrets[seat]!);
      return { ...p, keyring };
    });
    this.honest = this.players.map((p) => p.seat).filter((s) => s !== attacker);
    this.replicas = [replicaOf(prefix)];
    for (const seat of this.honest) {
      this.own.set(seat, this.replicas.length);
      this.replicas.push(replicaOf(prefix));
    }
    this.replicas.push(replicaOf(prefix));
    this.held = this.replicas.map(() => new Set());
    this.bodies = prefix.events.map((e) => e.event.body);
  }

  get game(): AnyGame<Json> {
    return this.prefix.game;
  }

  /**
   * Runs one step: the attacker signs (25%), an honest seat plays (30%), or up to four
   * events reach one replica (45%), mostly one that plays (the observer gets the rest
   * at the end), each the oldest it lacks or any (an event whose past is missing waits).
   */
  step(s: Step): void {
    this.now += STEP_MS;
    if (s.kind < 25) this.attack(s);
    else if (s.kind < 55) this.play(this.honest[s.a % this.honest.length]!, s);
    else {
      const players = this.replicas.length - 1;
      const r = s.dice < 85 ? s.a % players : players;
      for (let k = 0; k <= s.c % 4; k++) {
        const missing = this.missing(r);
        const i = (s.b >> k) % 2 === 0 ? missing[0] : pick(missing, s.r.b + k);
        if (i !== undefined) this.deliver(r, i);
      }
    }
  }

  /** True once no step can change anything but delivery: every replica stopped or owing nothing. */
  get settled(): boolean {
    return this.replicas.every((r) => r.stopped || r.state.step.type === 'DONE');
  }

  /** Every replica gets every event it lacks, each in an order of its own. */
  flush(seed: number): void {
    const random = seededRandom(seed);
    this.replicas.forEach((_, r) => {
      // An event may be refused as ERR_PENDING_FULL while too many wait: it is sent again.
      for (let missing = this.missing(r); missing.length > 0; missing = this.missing(r)) {
        for (let k = missing.length - 1; k > 0; k--) {
          const j = Math.floor(random() * (k + 1));
          [missing[k], missing[j]] = [missing[j]!, missing[k]!];
        }
        for (const i of missing) this.deliver(r, i);
      }
    });
  }

  private missing(r: number): number[] {
    return this.sent.map((_, i) => i).filter((i) => !this.held[r]!.has(i));
  }

  private deliver(r: number, i: number): void {
    const received = this.replicas[r]!.receive(this.sent[i]!.bytes);
    if (!received.ok && received.error === 'ERR_PENDING_FULL') return;
    // Every event here keeps its author's chain and basis: the log takes each one, but
    // what sorts after an offence, which it drops (ERR_HALTED) as it would have on arrival.
    if (received.ok || received.error !== 'ERR_HALTED')
      expect(received, `replica ${r}, event ${i}`).toMatchObject({ ok: true });
    this.held[r]!.add(i);
  }

  /** An event made on replica `r` (held there already) goes out. */
  private send(r: number, signed: SignedEvent): void {
    this.sent.push(signed);
    this.held[r]!.add(this.sent.length - 1);
    this.tally.events++;
  }

  /** An honest seat's turn, as its page would take it (`honestBody`) on its own replica. */
  private play(seat: Seat, s: Step): void {
    const r = this.own.get(seat)!;
    const replica = this.replicas[r]!;
    if (replica.stopped) return;
    const body = this.honestBody(replica, seat, s);
    if (body === null) return;
    const signed = replica.author(seat, this.players[seat]!.identity.secretKey, body, this.now);
    expect(signed, `seat ${seat} authors ${body.type}`).toMatchObject({ ok: true });
    if (signed.ok) this.send(r, signed.value);
  }

  /**
   * What an honest page makes on `replica` for `seat`: its duty, else the game's own
   * bot's move (sealed if the table asks so; a bot's claims are true), both where it
   * stands (a claim that it is absent answered), else, now and then, a claim that a seat
   * the table waits on is absent (a page does that once that seat's time is up by the
   * table's clock, and not a third time in one place).
   */
  private honestBody(replica: Replica<Json>, seat: Seat, s: Step): TableBody | null {
    const player = this.players[seat]!;
    const state = replica.standingFor(seat);
    if (owesDuty(state, seat, player.keyring))
      return makeDuty(state, seat, player.keyring, this.game);
    const kinds = allowed(state, this.game).flatMap((o) => (o.seat === seat ? [o.kind] : []));
    if (kinds.includes('SEAL') || kinds.includes('ACT')) {
      const known = privateFaces(state, seat, player.keyring, new Map());
      const legal = this.game.legalActions(state.game, seat, known) as JsonObject[];
      const view = this.game.view(state.game, seat);
      const action = this.prefix.bot(view, legal, seededRandom(s.b), known);
      if (action === null) return null;
      return kinds.includes('SEAL')
        ? makeSeal(state, seat, action, player.keyring)
        : makeAct(action);
    }
    const waitedOn = owed(state, this.game).find((o) => o.seat !== seat);
    // A page claims a seat no more often than the rule lets it (`MAX_CLAIMS`).
    const due = waitedOn ? (replica.due(waitedOn.seat) ?? Infinity) : Infinity;
    return waitedOn &&
      s.c % 4 === 0 &&
      due <= this.now &&
      !replica.claimedAgain(seat, waitedOn.seat)
      ? { type: 'ABSENT', seat: waitedOn.seat }
      : null;
  }

  private legal(state: TableState<Json>, seat: Seat): JsonObject[] {
    const known = privateFaces(state, seat, this.players[seat]!.keyring, new Map());
    return this.game.legalActions(state.game, seat, known) as JsonObject[];
  }

  /**
   * The attacker signs what an honest page would (its duty, else a legal move, on all
   * it holds), but for `temper` percent of its events: then a body of fast-check's
   * choosing on a basis of its choosing (its duty or a move on an older basis, a move
   * or claim of any kind, a copy of another seat's body, a recorded body mutated, or
   * garbage shares). A hostile event is mostly refused and stops the table, so the
   * attacker is mostly honest: the game goes on to where the next one lands.
   */
  private attack(s: Step): void {
    const seat = this.attacker;
    const player = this.players[seat]!;
    const mine = this.replicas[0]!;
    const state = mine.standingFor(seat);
    const legalMove = (): TableBody | null => {
      // Its own moves, or another seat's, now and then: an action for a seat it is not.
      const other = s.c % 5 === 0;
      const legal = this.legal(state, other ? (seat + 1) % this.players.length : seat);
      const action = pick(legal, s.c);
      if (!action) return null;
      const sealed = allowed(state, this.game).some((o) => o.seat === seat && o.kind === 'SEAL');
      return sealed && s.c % 3 !== 0
        ? makeSeal(state, seat, action, player.keyring)
        : makeAct(action);
    };
    const hostile = s.dice < this.temper;
    let body: JsonObject | null;
    try {
      switch (hostile ? s.b % 13 : -1) {
        case -1:
          body = this.honestBody(mine, seat, s);
          break;
        case 0:
        case 1:
        case 2:
          // Its duty or any legal move (a false claim too), on an older basis half the time.
          body = makeDuty(state, seat, player.keyring, this.game) ?? legalMove();
          break;
        case 3:
        case 4:
          body = legalMove();
          break;
        case 5:
          body = { type: 'ABSENT', seat: s.c % (this.players.length + 1) };
          break;
        case 6:
          body = { type: pick(['PRESENT', 'RESIGN', 'ACK'], s.c)! };
          break;
        case 7: {
          const action = pick(this.legal(state, seat), s.c) ?? { type: 'X' };
          body =
            s.c % 2 === 0 && player.keyring.seal
              ? {
                  type: 'UNSEAL',
                  action: player.keyring.seal.action,
                  salt: player.keyring.seal.salt,
                }
              : { type: 'UNSEAL', action, salt: toHex(new Uint8Array(32).fill(s.c & 0xff)) };
          break;
        }
        case 8:
          body =
            s.c % 2 === 0
              ? makeAudit(state, seat, player.keyring)
              : garbage('AUDIT', s.c, this.pool);
          break;
        case 9: {
          // Another seat's body, signed as its own: valid only where it would be for this seat.
          const others = [...this.bodies, ...this.sent.map((e) => e.event.body)];
          body = pick(others, s.c)!;
          break;
        }
        case 10:
        case 11:
          body = mutate(pick(this.pool.bodies, s.c)!, s.r, this.pool);
          break;
        default:
          body = garbage(
            pick(['UNLOCK', 'LOCK', 'REKEY', 'COMMIT', 'OPEN', 'SEAL'], s.c)!,
            s.a,
            this.pool,
          );
      }
    } catch {
      // An author's helper refused this state (a secret it never made): no body, no event.
      body = null;
    }
    if (body === null) return;
    const signed = this.sign(body as EventBody, hostile ? s.a : 0);
    // A body beyond the event limits or the canonical encoding never leaves its author.
    if (signed === null) return;
    const received = mine.receive(signed.bytes);
    // Past an offence the log keeps nothing (ERR_HALTED): what the attacker sends then is
    // dropped by every replica that knows of the offence (flood.test.ts sends it anyway).
    // Nor does it keep anything chained after the attacker's own resignation.
    if (!received.ok && (received.error === 'ERR_HALTED' || received.error === 'ERR_AFTER_RESIGN'))
      return;
    expect(received, 'the attacker keeps to the log').toMatchObject({ ok: true });
    this.send(0, signed);
    this.tally.attacker++;
  }

  /** The attacker's next event in its chain, carrying `body`; null when no event can. */
  private sign(body: EventBody, n: number): SignedEvent | null {
    const { log } = this.replicas[0]!;
    const seat = this.attacker;
    const basis = this.basis(n);
    // Signed at any time the log takes: up to 10 s behind the honest clocks or 30 s ahead.
    // A claim is stamped when its seat's time runs out by the attacker's replica, if it does.
    const due = body.type === 'ABSENT' ? this.replicas[0]!.due(body.seat as Seat) : null;
    const at = Math.max(earliestAt(log, basis), this.now + ((n % 9) - 2) * 5_000, due ?? 0);
    const unsigned = withHeads(log, {
      table: log.table,
      author: seat,
      seq: log.nextSeq(seat),
      prev: log.lastHash(seat),
      basis,
      at,
      body,
    });
    try {
      const signed = signEvent(unsigned, this.players[seat]!.identity.secretKey);
      return signed.ok ? signed.value : null;
    } catch {
      return null;
    }
  }

  /**
   * A basis the log accepts: no less than the attacker's last event saw (knowledge never
   * shrinks), no more than its replica holds, and closed (whatever an event it names had
   * seen, it has seen too). Half the time all it holds; else any count in between.
   */
  private basis(n: number): number[] {
    const { log } = this.replicas[0]!;
    const seat = this.attacker;
    const top = log.seen();
    const seq = log.nextSeq(seat);
    if (n % 2 === 0) return top;
    const last = seq > 0 ? log.at(seat, seq - 1)!.event.basis : top.map(() => 0);
    const random = seededRandom(n);
    const basis = top.map((most, s) =>
      s === seat ? seq : last[s]! + Math.floor(random() * (most - last[s]! + 1)),
    );
    for (let changed = true; changed;) {
      changed = false;
      basis.forEach((count, s) => {
        if (count === 0) return;
        log.at(s, count - 1)!.event.basis.forEach((seen, t) => {
          if (seen > basis[t]!) {
            basis[t] = seen;
            changed = true;
          }
        });
      });
    }
    return basis;
  }

  /** Properties 1 and 2 now, and 3 between replicas that hold the same events. */
  check(): void {
    for (const [r, replica] of this.replicas.entries()) {
      const named = replica.offences().filter((o) => o.seat !== this.attacker);
      expect(named, `replica ${r} names an honest seat`).toEqual([]);
    }
    const bySet = new Map<string, number>();
    for (const r of this.replicas.keys()) {
      const key = `${this.held[r]!.size}:${[...this.held[r]!].sort((x, y) => x - y).join(',')}`;
      const other = bySet.get(key);
      if (other === undefined) bySet.set(key, r);
      // Each replica compared once per set of events it holds (a hash of the state is not free).
      else if (!this.compared.has(`${r} ${key}`)) {
        this.expectSame(other, r);
        this.compared.add(`${r} ${key}`);
      }
    }
  }

  expectSame(r: number, q: number): void {
    const [a, b] = [this.replicas[r]!, this.replicas[q]!];
    const what = `replicas ${r} and ${q}`;
    expect(b.log.digest(), what).toBe(a.log.digest());
    expect(b.entryVerdicts, what).toEqual(a.entryVerdicts);
    expect(b.offences(), what).toEqual(a.offences());
    expect(b.stateHash, what).toBe(a.stateHash);
    expect(b.outcome(), what).toEqual(a.outcome());
  }

  /** Adds this run's verdicts on the attacker's events to the tally. */
  count(): void {
    const replica = this.replicas.at(-1)!;
    const entries = replica.log.entries();
    const firstAttack = entries.findIndex(
      (e, i) => i >= this.prefix.events.length && e.event.author === this.attacker,
    );
    replica.entryVerdicts.forEach((v, i) => {
      const { author } = entries[i]!.event;
      if (author === this.attacker && i >= this.prefix.events.length) {
        const key = typeof v === 'object' ? 'rejected' : v;
        this.tally.verdicts[key] = (this.tally.verdicts[key] ?? 0) + 1;
      }
    });
    const later = entries.some(
      (e, i) =>
        firstAttack >= 0 &&
        i > firstAttack &&
        e.event.author !== this.attacker &&
        replica.entryVerdicts[i] === 'applied',
    );
    if (later) this.tally.playedOn++;
  }
}

// ------------------------------------------------------------------ the fuzz

const prefixes = new Map<GameId, Prefix>();
let pool: Pool = { bodies: [], donors: [] };

beforeAll(() => {
  for (const g of GAMES) prefixes.set(g.id, record(g.id, g.options, g.seats, g.prefix));
  pool = poolOf([...prefixes.values()].flatMap((p) => p.events.map((e) => e.event.body)));
});

describe('one hostile seat against the fold', () => {
  for (const g of GAMES) {
    test(`${g.id}: nothing throws, no honest seat is named, replicas agree (${g.runs} runs of ${g.steps} steps)`, () => {
      const prefix = prefixes.get(g.id)!;
      const tally: Tally = { events: 0, attacker: 0, verdicts: {}, playedOn: 0 };
      fc.assert(
        fc.property(
          fc.nat(g.seats - 1),
          fc.constantFrom(2, 5, 15, 40),
          fc.array(step, { minLength: g.steps, maxLength: g.steps }),
          fc.nat(),
          (attacker, temper, steps, seed) => {
            const run = new Run(prefix, attacker, temper, pool, tally);
            for (const s of steps) {
              if (run.settled) break;
              run.step(s);
              run.check();
            }
            run.flush(seed);
            run.check();
            // After the flush every replica holds every event: all agree with the observer.
            for (let r = 0; r < run.replicas.length - 1; r++)
              run.expectSame(run.replicas.length - 1, r);
            run.count();
          },
        ),
        // A failure is reported as found: shrinking one of these runs takes minutes.
        { numRuns: g.runs, endOnFailure: true },
      );
      // The fuzz reached what it claims: hostile events of every verdict, and games that went on.
      expect(tally.verdicts.applied).toBeGreaterThan(0);
      expect(tally.verdicts.void).toBeGreaterThan(0);
      expect(tally.verdicts.rejected).toBeGreaterThan(0);
      expect(tally.playedOn).toBeGreaterThan(0);
      // Several events of the attacker's a run on average (it stops once its own log is cut
      // at its offence), and more honest ones.
      expect(tally.attacker).toBeGreaterThan(2 * g.runs);
      expect(tally.events - tally.attacker).toBeGreaterThan(2 * g.runs);
    });
  }
});
