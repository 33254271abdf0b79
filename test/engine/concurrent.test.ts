/**
 * Concurrent events, one case at a time: players act without having seen each other's
 * actions, and every replica settles them alike whatever order the events reach it in.
 * The log orders concurrent events by height, then by seat (log.ts); the one ordered
 * first stands, and one that is no longer valid after it is void, never rejected: it was
 * valid where its author stood. "Crossing" (Red & Black's calls and moves in miniature,
 * with no seal, one card, so quick proofs) plays each case between two honest peers,
 * "Tally" among three. The events are fed to fresh replicas in every order, held ones
 * included (an event that arrives before one it builds on waits for it). Then a seat
 * that signs on an older basis than it had seen changes no other verdict, a move crossing
 * a resignation is void, and a replica waiting on a proof check made after a void event
 * looks ahead to the state of one that checks at once.
 */
import { describe, expect, test } from 'vitest';
import type { SignedEvent } from '../../src/engine/events.ts';
import type { Json, JsonObject } from '../../src/engine/encoding.ts';
import type { Seat } from '../../src/engine/game.ts';
import { makeAct } from '../../src/engine/table/author.ts';
import type { TableBody } from '../../src/engine/table/bodies.ts';
import { CheckBook, runCheck } from '../../src/engine/table/checks.ts';
import { Replica, type Verdict } from '../../src/engine/table/replica.ts';
import { crossingSeats, type CrossingState } from './helpers/crossing.ts';
import { tallySeats, tallyShownSeats, type TallyState } from './helpers/tally.ts';
import { dutyOf, feed, verdictOf, type Seated } from './helpers/table.ts';

/** Honest peers whose messages go only where and when the case says. */
class Peers<S extends Json> {
  readonly replicas: Replica<S>[];

  constructor(private readonly seated: Seated<S>) {
    this.replicas = seated.players.map(() => seated.fresh());
  }

  /** `seat` acts on what it has seen so far. */
  say(seat: Seat, type: string, fields: JsonObject = {}): SignedEvent {
    return this.sign(seat, makeAct({ type, ...fields }));
  }

  /** `seat` resigns on what it has seen so far. */
  resign(seat: Seat): SignedEvent {
    return this.sign(seat, { type: 'RESIGN' });
  }

  /** `seat` does the cryptographic step it owes on what it has seen so far. */
  duty(seat: Seat): SignedEvent {
    return this.sign(seat, dutyOf(this.replicas[seat]!, this.seated.players[seat]!));
  }

  private sign(seat: Seat, body: TableBody): SignedEvent {
    const signed = this.replicas[seat]!.author(
      seat,
      this.seated.players[seat]!.identity.secretKey,
      body,
    );
    if (!signed.ok) throw new Error(`seat ${seat} cannot ${body.type}: ${signed.error}`);
    return signed.value;
  }

  /** `seat` receives `event`. */
  tell(seat: Seat, event: SignedEvent): void {
    feed(this.replicas[seat]!, event.bytes);
  }
}

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

/** A fresh replica fed `events` in order; every event is accepted, held ones once their predecessor is in. */
function replayed<S extends Json>(seated: Seated<S>, events: readonly SignedEvent[]): Replica<S> {
  const replica = seated.fresh();
  for (const e of events) {
    const received = replica.receive(e.bytes);
    if (!received.ok) throw new Error(received.error);
  }
  return replica;
}

/** The verdict of each event of `made`, by name. */
const verdictsOf = <S extends Json>(replica: Replica<S>, made: Record<string, SignedEvent>) =>
  Object.fromEntries(Object.entries(made).map(([name, e]) => [name, verdictOf(replica, e.hash)]));

interface Crossed<S extends Json> {
  name: string;
  /** Plays the case on honest peers; returns its events by name, in the order they were made. */
  play: (peers: Peers<S>) => Record<string, SignedEvent>;
  verdicts: Record<string, Verdict>;
  /** The game state once every event is in (the fields named). */
  game: Partial<S>;
}

/** Plays `crossed`, then feeds its events to fresh replicas in every order: each settles it alike. */
function expectSettled<S extends Json>(seated: Seated<S>, crossed: Crossed<S>): void {
  const made = crossed.play(new Peers(seated));
  const hashes: string[] = [];
  for (const order of permutations(Object.keys(made))) {
    const replica = replayed(
      seated,
      order.map((name) => made[name]!),
    );
    expect(verdictsOf(replica, made), order.join(', ')).toEqual(crossed.verdicts);
    expect(replica.offences()).toEqual([]);
    expect(replica.state.game).toMatchObject(crossed.game);
    hashes.push(replica.stateHash);
  }
  expect(new Set(hashes).size).toBe(1);
}

const crossing = crossingSeats();

describe('concurrent moves between two honest peers', () => {
  test.each<Crossed<CrossingState>>([
    {
      name: "seat 0 calls as seat 1 moves, both at one height: seat 0's call is ordered first and stands, the move is void",
      play: (peers) => {
        const first = peers.say(0, 'MOVE');
        peers.tell(1, first);
        return { first, call: peers.say(0, 'CALL'), move: peers.say(1, 'MOVE') };
      },
      verdicts: { first: 'applied', call: 'applied', move: 'void' },
      game: { caller: 0, hands: [1, 0] },
    },
    {
      name: "two calls cross: the lower seat's is ordered first and stands",
      play: (peers) => ({ mover: peers.say(0, 'CALL'), other: peers.say(1, 'CALL') }),
      verdicts: { mover: 'applied', other: 'void' },
      game: { caller: 0, hands: [0, 0] },
    },
    {
      name: 'a call crosses a wait ordered before it: the call is valid after it, both stand',
      play: (peers) => ({ wait: peers.say(0, 'WAIT'), call: peers.say(1, 'CALL') }),
      verdicts: { wait: 'applied', call: 'applied' },
      game: { caller: 1, hands: [0, 0] },
    },
  ])('$name, whatever order the events arrive in', (crossed) => expectSettled(crossing, crossed));
});

const tally = tallySeats();

/** Seat 0 adds to 0 and everyone sees it: the count all three stand at is 1. */
function countToOne(peers: Peers<TallyState>): SignedEvent {
  const start = peers.say(0, 'ADD', { at: 0 });
  peers.tell(1, start);
  peers.tell(2, start);
  return start;
}

describe('concurrent actions among three honest peers', () => {
  test.each<Crossed<TallyState>>([
    {
      name: 'two adds at 0 cross: the one ordered first stands',
      play: (peers) => ({
        first: peers.say(0, 'ADD', { at: 0 }),
        second: peers.say(1, 'ADD', { at: 0 }),
      }),
      verdicts: { first: 'applied', second: 'void' },
      game: { count: 1 },
    },
    {
      name: 'a claim crosses an add ordered before it: the count moved, the claim is void',
      play: (peers) => ({
        add: peers.say(0, 'ADD', { at: 0 }),
        claim: peers.say(1, 'CLAIM', { at: 0 }),
      }),
      verdicts: { add: 'applied', claim: 'void' },
      game: { count: 1, points: [0, 0, 0] },
    },
    // Three adds at 0 cross. Seat 2 then sees seat 1's add and its own, never seat 0's:
    // where it stood, seat 1's add stood and its own was void, so it adds at 1, which is
    // where the log stands too: it is judged on what it had seen, and stands.
    {
      name: 'an add made on two adds that crossed, not having seen a third before them, stands',
      play: (peers) => {
        const first = peers.say(0, 'ADD', { at: 0 });
        const second = peers.say(1, 'ADD', { at: 0 });
        const third = peers.say(2, 'ADD', { at: 0 });
        peers.tell(2, second);
        return { first, second, third, next: peers.say(2, 'ADD', { at: 1 }) };
      },
      verdicts: { first: 'applied', second: 'void', third: 'void', next: 'applied' },
      game: { count: 2 },
    },
  ])('$name, whatever order the events arrive in', (crossed) => expectSettled(tally, crossed));

  test('a move crossing a resignation ordered before it is void, whatever order the events arrive in', () =>
    expectSettled(tally, {
      name: 'seat 0 resigns as seat 1 adds',
      play: (peers) => ({ resign: peers.resign(0), add: peers.say(1, 'ADD', { at: 0 }) }),
      verdicts: { resign: 'applied', add: 'void' },
      game: { count: 0 },
    }));
});

describe('a seat that pretends not to have seen what was settled', () => {
  // Seat 1 watches seat 0's add stand and seat 2's claim made void by it, then adds on a
  // copy of its replica that saw only the start.
  test('an add signed on an older basis is void, and every other verdict and the game stay', () => {
    const peers = new Peers(tally);
    const start = countToOne(peers);
    const first = peers.say(0, 'ADD', { at: 1 });
    const claim = peers.say(2, 'CLAIM', { at: 1 });
    const seen = { start, first, claim };
    const watched = replayed(tally, Object.values(seen));
    expect(verdictsOf(watched, seen)).toEqual({
      start: 'applied',
      first: 'applied',
      claim: 'void',
    });
    const before = { verdicts: verdictsOf(watched, seen), game: watched.state.game };

    const backdated = peers.say(1, 'ADD', { at: 1 });
    // Its basis names every event of seats 0 and 2 before the add and the claim, and neither.
    expect([backdated.event.basis[0], backdated.event.basis[2]]).toEqual([
      first.event.seq,
      claim.event.seq,
    ]);
    feed(watched, backdated.bytes);
    expect(verdictOf(watched, backdated.hash)).toBe('void');
    expect(watched.offences()).toEqual([]);
    expect({ verdicts: verdictsOf(watched, seen), game: watched.state.game }).toEqual(before);
  });
});

/**
 * A replica that has its proofs checked elsewhere (checks.ts) and waits on a check made
 * after a void event: looking ahead from there, what was settled before the wait stays
 * settled. Seat 0's claim stands over seat 2's add, and the claim's point has the card
 * revealed; seat 1, having seen the add but not the claim, adds on it: void where it
 * lands, valid where seat 1 stood. Each seat makes its unlock share.
 */
describe('a void event before a proof still to check', () => {
  const shown = tallyShownSeats();

  /** A replica past the shuffle with a `CheckBook` that has every check of it answered. */
  function booked(): Replica<TallyState> {
    const shuffled = shown.fresh();
    const initial = shuffled.stateAfter(0)!.game;
    const replica = new Replica(shuffled.genesis, shuffled.game, initial, new CheckBook());
    for (const { bytes } of shuffled.log.entries()) feed(replica, bytes);
    while (replica.waiting)
      replica.learn([...replica.ahead().wanted].map(([id, job]) => [id, runCheck(job)]));
    return replica;
  }

  test('looking ahead keeps it settled: the state and the checks of a replica that checks at once', () => {
    const peers = new Peers(shown);
    const start = countToOne(peers);
    const claim = peers.say(0, 'CLAIM', { at: 1 });
    const add = peers.say(2, 'ADD', { at: 1 });
    peers.tell(1, add);
    const share = peers.duty(0);
    const built = peers.say(1, 'ADD', { at: 2 });
    for (const e of [claim, share]) peers.tell(1, e);
    const second = peers.duty(1);
    for (const e of [claim, share, built, second]) peers.tell(2, e);
    const made = { start, claim, add, share, built, second, third: peers.duty(2) };

    const now = replayed(shown, Object.values(made));
    expect(verdictsOf(now, made)).toEqual({
      start: 'applied',
      claim: 'applied',
      add: 'void',
      share: 'applied',
      built: 'void',
      second: 'applied',
      third: 'applied',
    });
    expect(now.offences()).toEqual([]);
    expect(now.state.game).toEqual({ count: 0, points: [1, 0, 0], shown: 0 });

    const later = booked();
    for (const e of Object.values(made)) feed(later, e.bytes);
    // The claim stands; judging waits on seat 0's share, the four entries from it on unjudged.
    expect(verdictsOf(later, { add, claim })).toEqual({ add: 'void', claim: 'applied' });
    expect(later.entryVerdicts.length).toBe(now.entryVerdicts.length - 4);
    const { wanted, askedBy, state } = later.ahead();
    expect(state).toEqual(now.state);
    expect([...askedBy.values()]).toEqual([share.hash, second.hash, made.third.hash]);

    const asked: string[] = [];
    while (later.waiting) {
      const [id, job] = [...later.ahead().wanted][0]!;
      asked.push(id);
      later.learn([[id, runCheck(job)]]);
    }
    expect(asked).toEqual([...wanted.keys()]);
    expect(later.entryVerdicts).toEqual(now.entryVerdicts);
    expect(later.stateHash).toBe(now.stateHash);
  });
});
