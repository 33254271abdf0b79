/**
 * Races, one by one: players act without having seen each other's actions, and every
 * replica must settle the race the same way by the game's race rule, whatever order the
 * events reach it in. "Crossing" (Red & Black's calls and moves in miniature, one card,
 * so quick proofs) plays each race between two honest peers; "Tally" plays races among
 * three, where a late action has two rivals (standing, or void already), an event lands
 * before a race already settled and reopens it, an event beaten by two stays void while
 * either stands, and an event is judged where its author stood, with the races it had
 * seen settled and the others not. The events are then fed to fresh replicas in every
 * order (the longest race, of eight events, in sixteen), held ones included (an event
 * that arrives before one it builds on waits for it). Last, a seat that saw a race settled signs on an older basis to reopen it: its
 * void event changes no other verdict. And a replica waiting on a proof check made after
 * a race looks ahead with the race still settled.
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
import {
  tally as tallyGame,
  tallySeats,
  tallyShownSeats,
  type TallyState,
} from './helpers/tally.ts';
import { dutyOf, feed, seatsAtPlay, verdictOf, type Seated } from './helpers/table.ts';

/** Honest peers whose messages go only where and when the race says. */
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

interface Race<S extends Json> {
  name: string;
  /** Plays the race on honest peers; returns its events by name, in the order they were made. */
  play: (peers: Peers<S>) => Record<string, SignedEvent>;
  verdicts: Record<string, Verdict>;
  /** The game state once the race is settled (the fields named). */
  game: Partial<S>;
}

/**
 * Plays `race`, then feeds its events to fresh replicas in every order (or in those
 * `orders` gives): each settles it alike.
 */
function expectSettled<S extends Json>(
  seated: Seated<S>,
  race: Race<S>,
  orders: (names: string[]) => string[][] = permutations,
): void {
  const made = race.play(new Peers(seated));
  const hashes: string[] = [];
  for (const order of orders(Object.keys(made))) {
    const replica = replayed(
      seated,
      order.map((name) => made[name]!),
    );
    expect(verdictsOf(replica, made), order.join(', ')).toEqual(race.verdicts);
    expect(replica.offences()).toEqual([]);
    expect(replica.state.game).toMatchObject(race.game);
    hashes.push(replica.stateHash);
  }
  expect(new Set(hashes).size).toBe(1);
}

const crossing = crossingSeats();

const crossingRaces: Race<CrossingState>[] = [
  {
    name: "seat 1's move crosses seat 0's call of its hand: the call is void",
    play: (peers) => {
      const first = peers.say(0, 'MOVE');
      peers.tell(1, first);
      return { first, call: peers.say(0, 'CALL'), move: peers.say(1, 'MOVE') };
    },
    verdicts: { first: 'applied', call: 'void', move: 'applied' },
    game: { caller: null, hands: [1, 1] },
  },
  {
    name: 'two calls cross: the call of the player not to move stands',
    play: (peers) => ({ mover: peers.say(0, 'CALL'), other: peers.say(1, 'CALL') }),
    verdicts: { mover: 'void', other: 'applied' },
    game: { caller: 1, hands: [0, 0] },
  },
  {
    name: 'a call crosses a wait ordered before it: no race, both stand',
    play: (peers) => ({ wait: peers.say(0, 'WAIT'), call: peers.say(1, 'CALL') }),
    verdicts: { wait: 'applied', call: 'applied' },
    game: { caller: 1, hands: [0, 0] },
  },
  {
    name: 'a wait crosses a call ordered before it: the call stands, the wait is void',
    play: (peers) => {
      const move = peers.say(0, 'MOVE');
      peers.tell(1, move);
      return { move, call: peers.say(0, 'CALL'), wait: peers.say(1, 'WAIT') };
    },
    verdicts: { move: 'applied', call: 'applied', wait: 'void' },
    game: { caller: 0, hands: [1, 0] },
  },
  {
    name: "a move beats a call that itself beat the caller's wait: the call is void, the wait stands",
    play: (peers) => {
      const wait = peers.say(0, 'WAIT');
      peers.tell(1, wait);
      const move = peers.say(1, 'MOVE');
      return { wait, call: peers.say(0, 'CALL'), move };
    },
    verdicts: { wait: 'applied', call: 'void', move: 'applied' },
    game: { caller: null, hands: [0, 1] },
  },
];

describe('races between two honest peers', () => {
  test.each(crossingRaces)('$name, whatever order the events arrive in', (race) =>
    expectSettled(crossing, race),
  );
});

const tally = tallySeats();

/** Seat 0 adds to 0 and everyone sees it: the count all three stand at is 1. */
function countToOne(peers: Peers<TallyState>): SignedEvent {
  const start = peers.say(0, 'ADD', { at: 0 });
  peers.tell(1, start);
  peers.tell(2, start);
  return start;
}

/** Each seat acts in turn on what it has seen: `[name, seat, type, at]`, events by name. */
const inTurn = (peers: Peers<TallyState>, acts: [string, Seat, string, number][]) =>
  Object.fromEntries(acts.map(([name, seat, type, at]) => [name, peers.say(seat, type, { at })]));

/**
 * Seats 0 and 1 add to 1 without seeing each other (seat 1's add is void) while seat 2
 * claims 1: the claim beats both adds, the one that stood and the one that had lost to
 * it, so neither stands in the other's place. Fed in every order, seat 1's add sometimes
 * comes last: it lands before a race the claim had already won, reopens it, and the
 * claim wins it again.
 */
const reopened: Race<TallyState> = {
  name: 'a claim beats the add standing before it and the add that lost to that one',
  play: (peers) => ({
    start: countToOne(peers),
    first: peers.say(0, 'ADD', { at: 1 }),
    second: peers.say(1, 'ADD', { at: 1 }),
    claim: peers.say(2, 'CLAIM', { at: 1 }),
  }),
  verdicts: { start: 'applied', first: 'void', second: 'void', claim: 'applied' },
  game: { count: 0, points: [0, 0, 1] },
};

/**
 * Seat 2 claims 0 before it has seen anything; seat 0's claim at 1 beats it, and seat 1's
 * claim at 2 beats seat 0's. Seat 1's claim beats seat 2's too: left standing again once
 * seat 0's is overtaken, it would void seat 1's, and a claim already beaten would decide.
 */
const beatenTwice: Race<TallyState> = {
  name: 'a claim beats a claim and the claim that one beat: the first claim does not stand again',
  play: (peers) => {
    const early = peers.say(2, 'CLAIM', { at: 0 });
    const start = peers.say(0, 'ADD', { at: 0 });
    peers.tell(1, start);
    const claim = peers.say(0, 'CLAIM', { at: 1 });
    const add = peers.say(1, 'ADD', { at: 1 });
    return { early, start, claim, add, higher: peers.say(1, 'CLAIM', { at: 2 }) };
  },
  verdicts: { early: 'void', start: 'applied', claim: 'void', add: 'applied', higher: 'applied' },
  game: { count: 0, points: [0, 1, 0] },
};

const tallyRaces: Race<TallyState>[] = [
  // No race: three adds at 0 cross, the first in the log stands. Seat 2 then adds on seat 1's
  // add and its own, both void, never having seen seat 0's: where it stood, seat 1's add
  // stood and its own had lost to it, so it adds at 1, which is where the log stands too.
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
  // Seat 2 had seen its own add alone, so its claim sorts after seat 1's add: two rivals.
  {
    name: 'a claim beats both adds it had not seen, and an add that had lost to the first stands again',
    play: (peers) => {
      const first = peers.say(0, 'ADD', { at: 0 });
      const crossed = peers.say(2, 'ADD', { at: 0 });
      peers.tell(1, first);
      const second = peers.say(1, 'ADD', { at: 1 });
      return { first, crossed, second, claim: peers.say(2, 'CLAIM', { at: 1 }) };
    },
    verdicts: { first: 'void', crossed: 'applied', second: 'void', claim: 'applied' },
    game: { count: 0, points: [0, 0, 1] },
  },
  reopened,
  beatenTwice,
  // Two claims at one count are no rivals: seat 0's stands where seat 2's would have gone.
  {
    name: 'two claims at one count cross, each on its own add: the later loses its race, the add it would beat stands',
    play: (peers) =>
      inTurn(peers, [
        ['first', 0, 'ADD', 0],
        ['crossed', 2, 'ADD', 0],
        ['claim', 0, 'CLAIM', 1],
        ['same', 2, 'CLAIM', 1],
      ]),
    verdicts: { first: 'applied', crossed: 'void', claim: 'applied', same: 'void' },
    game: { count: 0, points: [1, 0, 0] },
  },
  // Settled, seat 0's claim stands where it lands (seat 2's add counts to 1), and races
  // nothing. Fed it before seat 2's add, it beats seat 1's claim, and seat 0's add stands
  // again; seat 2's add then lands before it, that race is forgotten, and seat 0's add is
  // void again: judging starts again before the first entry the forgotten race overtook.
  {
    name: 'an add lands before a claim that had won: its race is forgotten and the add the beaten claim beat is void again',
    play: (peers) =>
      inTurn(peers, [
        ['early', 1, 'CLAIM', 0],
        ['add', 0, 'ADD', 0],
        ['claim', 0, 'CLAIM', 1],
        ['other', 2, 'ADD', 0],
      ]),
    verdicts: { early: 'applied', add: 'void', claim: 'applied', other: 'applied' },
    game: { count: 0, points: [1, 1, 0] },
  },
  // The later claim overtakes a winner: the add the first claim beat is judged again.
  {
    name: 'a claim at a higher count beats a claim that beat an add: the add stands again',
    play: (peers) => {
      const start = countToOne(peers);
      const add = peers.say(0, 'ADD', { at: 1 });
      peers.tell(1, add);
      const [claim, higher] = [peers.say(2, 'CLAIM', { at: 1 }), peers.say(1, 'CLAIM', { at: 2 })];
      return { start, add, claim, higher };
    },
    verdicts: { start: 'applied', add: 'applied', claim: 'void', higher: 'applied' },
    game: { count: 0, points: [0, 1, 0] },
  },
  // Each add of seat 1 is judged where seat 1 stood: the first before it had seen the
  // claim (the add it built on stands there), the second with the claim's race settled.
  {
    name: 'an add made on an add a claim beat is void; one made after seeing the claim stands',
    play: (peers) => {
      const start = countToOne(peers);
      const first = peers.say(0, 'ADD', { at: 1 });
      peers.tell(1, first);
      const claim = peers.say(2, 'CLAIM', { at: 1 });
      const built = peers.say(1, 'ADD', { at: 2 });
      peers.tell(1, claim);
      return { start, first, claim, built, after: peers.say(1, 'ADD', { at: 0 }) };
    },
    verdicts: {
      start: 'applied',
      first: 'void',
      claim: 'applied',
      built: 'void',
      after: 'applied',
    },
    game: { count: 1, points: [0, 0, 1] },
  },
];

/**
 * Seat 0's add at 1 loses to seat 1's claim at 1, and again to seat 2's claim at 0, which
 * seat 1's last claim beats: the add stays void, for seat 1's first claim still stands
 * over it. Eight events, so not every order: those the order made and its reverse give
 * when rotated.
 */
const longBeaten: Race<TallyState> = {
  name: 'an add beaten by two claims stays void once the second is overtaken',
  play: (peers) => {
    const add = peers.say(1, 'ADD', { at: 0 });
    const claim = peers.say(1, 'CLAIM', { at: 1 });
    const zero = peers.say(0, 'ADD', { at: 0 });
    const again = peers.say(1, 'ADD', { at: 0 });
    const one = peers.say(0, 'ADD', { at: 1 });
    peers.tell(1, zero);
    peers.tell(1, one);
    peers.tell(2, zero);
    const cross = peers.say(2, 'CLAIM', { at: 1 });
    const last = peers.say(1, 'CLAIM', { at: 1 });
    return { add, claim, zero, again, one, cross, last, low: peers.say(2, 'CLAIM', { at: 0 }) };
  },
  verdicts: {
    add: 'applied',
    claim: 'applied',
    zero: 'void',
    again: 'applied',
    one: 'void',
    cross: 'void',
    last: 'applied',
    low: 'void',
  },
  game: { count: 0, points: [0, 2, 0] },
};

/** `names` and their reverse, each rotated every way. */
const rotations = (names: string[]): string[][] =>
  [names, [...names].reverse()].flatMap((order) =>
    order.map((_, k) => [...order.slice(k), ...order.slice(0, k)]),
  );

describe('races among three honest peers', () => {
  test.each(tallyRaces)('$name, whatever order the events arrive in', (race) =>
    expectSettled(tally, race),
  );

  test(`${longBeaten.name}, in sixteen orders`, () => expectSettled(tally, longBeaten, rotations));
});

/**
 * A seat that saw `seen` settled signs `backdated` on a copy of its replica that saw less:
 * it is void, and every other verdict and the game stay as they were.
 */
function expectChangesNothing(seen: Record<string, SignedEvent>, backdated: SignedEvent): void {
  const watched = replayed(tally, Object.values(seen));
  const before = { verdicts: verdictsOf(watched, seen), game: watched.state.game };
  feed(watched, backdated.bytes);
  expect(verdictOf(watched, backdated.hash)).toBe('void');
  expect(watched.offences()).toEqual([]);
  expect({ verdicts: verdictsOf(watched, seen), game: watched.state.game }).toEqual(before);
}

describe('a seat that pretends not to have seen a race settled', () => {
  // Seat 1 watches the claim beat seat 0's add, then adds on a copy of its replica that saw
  // only the start: byte for byte the late add of the reopened race.
  test('an add signed on an older basis after a claim won is void, and the claim stands', () => {
    const peers = new Peers(tally);
    const start = countToOne(peers);
    const first = peers.say(0, 'ADD', { at: 1 });
    const claim = peers.say(2, 'CLAIM', { at: 1 });
    const seen = { start, first, claim };
    expect(verdictsOf(replayed(tally, Object.values(seen)), seen)).toEqual({
      start: 'applied',
      first: 'void',
      claim: 'applied',
    });

    const backdated = peers.say(1, 'ADD', { at: 1 });
    // Its basis names every event of seats 0 and 2 before the add and the claim, and neither.
    expect([backdated.event.basis[0], backdated.event.basis[2]]).toEqual([
      first.event.seq,
      claim.event.seq,
    ]);
    expect(backdated.bytes).toEqual(reopened.play(new Peers(tally)).second!.bytes);
    expectChangesNothing(seen, backdated);
  });

  // Seat 2 watches seat 1's claim at 2 beat seat 0's claim at 1, then claims 0 on a copy of
  // its replica that saw nothing: its claim beats seat 0's first add, loses to seat 0's
  // claim, and is beaten by seat 1's. Byte for byte the early claim of `beatenTwice`.
  test('a claim signed on an older basis, beaten twice, does not stand again', () => {
    const peers = new Peers(tally);
    const start = countToOne(peers);
    const claim = peers.say(0, 'CLAIM', { at: 1 });
    const add = peers.say(1, 'ADD', { at: 1 });
    const higher = peers.say(1, 'CLAIM', { at: 2 });
    const seen = { start, claim, add, higher };
    expect(verdictsOf(replayed(tally, Object.values(seen)), seen)).toEqual({
      start: 'applied',
      claim: 'void',
      add: 'applied',
      higher: 'applied',
    });

    const backdated = new Peers(tally).say(2, 'CLAIM', { at: 0 });
    expect(backdated.bytes).toEqual(beatenTwice.play(new Peers(tally)).early!.bytes);
    expectChangesNothing(seen, backdated);
  });
});

/** Tally under another race rule, or none. */
const ruledBy = (race: (typeof tallyGame)['race']) => seatsAtPlay({ ...tallyGame, race }, 3, {});

describe('what a race rule decides, and what it never meets', () => {
  test('without a race rule the add ordered first stands and the one crossing it is void, whatever order the events arrive in', () =>
    expectSettled(ruledBy(undefined), {
      name: 'two adds at 0',
      play: (peers) => ({
        first: peers.say(0, 'ADD', { at: 0 }),
        second: peers.say(1, 'ADD', { at: 0 }),
      }),
      verdicts: { first: 'applied', second: 'void' },
      game: { count: 1 },
    }));

  // A rule that lets the later action win every race: it is handed actions only, so a
  // resignation is no rival of a move, and no late action itself.
  const laterWins = ruledBy(() => true);

  test('a move never overtakes a resignation it had not seen, even where the later action wins every race', () =>
    expectSettled(laterWins, {
      name: 'seat 0 resigns as seat 1 adds',
      play: (peers) => ({ resign: peers.resign(0), add: peers.say(1, 'ADD', { at: 0 }) }),
      verdicts: { resign: 'applied', add: 'void' },
      game: { count: 0 },
    }));

  test('a resignation races nothing: the winning claim it had not seen stands, even where the later action wins every race', () =>
    expectSettled(laterWins, {
      name: 'seat 2 resigns as seat 1 claims its third point',
      play: (peers) => {
        const claims = [0, 1].map(() => {
          const claim = peers.say(1, 'CLAIM', { at: 0 });
          peers.tell(0, claim);
          peers.tell(2, claim);
          return claim;
        });
        return {
          firstClaim: claims[0]!,
          secondClaim: claims[1]!,
          win: peers.say(1, 'CLAIM', { at: 0 }),
          resign: peers.resign(2),
        };
      },
      verdicts: { firstClaim: 'applied', secondClaim: 'applied', win: 'applied', resign: 'void' },
      game: { points: [0, 3, 0] },
    }));

  test('a race rule that throws is a bug shown at once, not taken for a check still to come', () => {
    const broken = ruledBy(() => {
      throw new Error('a broken race rule');
    });
    const peers = new Peers(broken);
    const events = [peers.say(0, 'ADD', { at: 0 }), peers.say(1, 'ADD', { at: 0 })];
    expect(() => replayed(broken, events)).toThrow('a broken race rule');
  });
});

/**
 * A replica that has its proofs checked elsewhere (checks.ts) and waits on a check
 * made after a race: looking ahead from there, every race settled before the wait
 * stays settled. Seat 2's claim beats seat 0's add, and the claim's point has the
 * card revealed; seat 0 makes the first unlock share as seat 1, having seen the add
 * but not the claim, adds on it: void where it lands, valid where seat 1 stood. Then
 * seats 1 and 2 make their shares.
 */
describe('a race settled before a proof still to check', () => {
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
    const add = peers.say(0, 'ADD', { at: 1 });
    peers.tell(1, add);
    const claim = peers.say(2, 'CLAIM', { at: 1 });
    peers.tell(0, claim);
    const share = peers.duty(0);
    const built = peers.say(1, 'ADD', { at: 2 });
    for (const e of [claim, share]) peers.tell(1, e);
    const second = peers.duty(1);
    for (const e of [add, share, built, second]) peers.tell(2, e);
    const made = { start, add, claim, share, built, second, third: peers.duty(2) };

    const now = replayed(shown, Object.values(made));
    expect(verdictsOf(now, made)).toEqual({
      start: 'applied',
      add: 'void',
      claim: 'applied',
      share: 'applied',
      built: 'void',
      second: 'applied',
      third: 'applied',
    });
    expect(now.offences()).toEqual([]);
    expect(now.state.game).toEqual({ count: 0, points: [0, 0, 1], shown: 0 });

    const later = booked();
    for (const e of Object.values(made)) feed(later, e.bytes);
    // The claim's race is settled; judging waits on seat 0's share, the four entries from it on unjudged.
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
