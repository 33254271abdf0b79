/**
 * Races, one by one: two players act without having seen each other's action, and every
 * replica must settle the race the same way by the game's race rule, whatever order the
 * events reach it in. "Crossing" (Red & Black's calls and moves in miniature, one card,
 * so quick proofs) plays each race between two honest peers; the events are then fed to
 * fresh replicas in every order, held ones included (an event that arrives before one it
 * builds on waits for it).
 */
import { describe, expect, test } from 'vitest';
import type { SignedEvent } from '../../src/engine/events.ts';
import type { JsonObject } from '../../src/engine/encoding.ts';
import type { Seat } from '../../src/engine/game.ts';
import { makeAct } from '../../src/engine/table/author.ts';
import { Replica, type Verdict } from '../../src/engine/table/replica.ts';
import { crossingSeats, type CrossingState } from './helpers/crossing.ts';
import { feed, verdictOf } from './helpers/table.ts';

const { players, fresh } = crossingSeats();

/** Two honest peers whose messages go only where and when the race says. */
class Peers {
  readonly replicas = [fresh(), fresh()];

  /** `seat` acts on what it has seen so far. */
  say(seat: Seat, type: string): SignedEvent {
    const action: JsonObject = { type };
    const signed = this.replicas[seat]!.author(
      seat,
      players[seat]!.identity.secretKey,
      makeAct(action),
    );
    if (!signed.ok) throw new Error(`seat ${seat} cannot ${type}: ${signed.error}`);
    return signed.value;
  }

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

/** A replica fed `events` in `order`; every event is accepted, held ones once their predecessor is in. */
function replayed(events: readonly SignedEvent[]): Replica<CrossingState> {
  const replica = fresh();
  for (const e of events) {
    const received = replica.receive(e.bytes);
    if (!received.ok) throw new Error(received.error);
  }
  return replica;
}

interface Race {
  name: string;
  /** Plays the race on two peers; returns its events by name, in the order they were made. */
  play: (peers: Peers) => Record<string, SignedEvent>;
  verdicts: Record<string, Verdict>;
  /** Who called, once the race is settled (null: nobody). */
  caller: Seat | null;
  hands: number[];
}

const races: Race[] = [
  {
    name: "seat 1's move crosses seat 0's call of its hand: the call is void",
    play: (peers) => {
      const first = peers.say(0, 'MOVE');
      peers.tell(1, first);
      return { first, call: peers.say(0, 'CALL'), move: peers.say(1, 'MOVE') };
    },
    verdicts: { first: 'applied', call: 'void', move: 'applied' },
    caller: null,
    hands: [1, 1],
  },
  {
    name: 'two calls cross: the call of the player not to move stands',
    play: (peers) => ({ mover: peers.say(0, 'CALL'), other: peers.say(1, 'CALL') }),
    verdicts: { mover: 'void', other: 'applied' },
    caller: 1,
    hands: [0, 0],
  },
  {
    name: 'a call crosses a wait ordered before it: no race, both stand',
    play: (peers) => ({ wait: peers.say(0, 'WAIT'), call: peers.say(1, 'CALL') }),
    verdicts: { wait: 'applied', call: 'applied' },
    caller: 1,
    hands: [0, 0],
  },
  {
    name: 'a wait crosses a call ordered before it: the call stands, the wait is void',
    play: (peers) => {
      const move = peers.say(0, 'MOVE');
      peers.tell(1, move);
      return { move, call: peers.say(0, 'CALL'), wait: peers.say(1, 'WAIT') };
    },
    verdicts: { move: 'applied', call: 'applied', wait: 'void' },
    caller: 0,
    hands: [1, 0],
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
    caller: null,
    hands: [0, 1],
  },
];

describe('races between two honest peers', () => {
  test.each(races)('$name, whatever order the events arrive in', (race) => {
    const made = race.play(new Peers());
    const names = Object.keys(made);
    const hashes: string[] = [];
    for (const order of permutations(names)) {
      const replica = replayed(order.map((name) => made[name]!));
      const verdicts = Object.fromEntries(
        names.map((name) => [name, verdictOf(replica, made[name]!.hash)]),
      );
      expect(verdicts, order.join(', ')).toEqual(race.verdicts);
      expect(replica.offences()).toEqual([]);
      expect(replica.state.game.caller).toBe(race.caller);
      expect(replica.state.game.hands).toEqual(race.hands);
      hashes.push(replica.stateHash);
    }
    expect(new Set(hashes).size).toBe(1);
  });
});
