/**
 * Issue 8, attack 3 as a property: claiming an older basis never helps.
 *
 * Random histories of "Crossing" (Red & Black's calls and moves in
 * miniature) between two honest peers whose messages arrive late and in any
 * interleaving. Then one player action is re-signed with an older basis, one
 * its author had also seen (at least what its own previous event had seen),
 * as a cheater would. Whatever the history:
 * - the honest history names nobody;
 * - the cheater's event does no better: void stays void (or worse);
 * - no other player's action goes from applied to not applied unless it
 *   crossed the cheater's event and the log orders the cheater's first, as it
 *   would a truly delayed event: the older basis wins nothing a slow link
 *   would not;
 * - every replica still agrees, whatever order the events arrive in;
 * - if anyone is named, it is the cheater (its event was illegal even where
 *   it claimed to stand, and the table stops there).
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { signEvent, type Event, type SignedEvent } from '../../../src/engine/events.ts';
import { makeAct, makeDuty } from '../../../src/engine/table/author.ts';
import { Replica } from '../../../src/engine/table/replica.ts';
import { crossing, type CrossingState } from '../helpers/crossing.ts';
import {
  Table,
  feed,
  makeGenesis,
  makePlayers,
  setupOrThrow,
  tableGame,
  verdictOf,
} from '../helpers/table.ts';

const players = makePlayers(2);
const genesis = makeGenesis(players, crossing, {});
const game = tableGame(crossing);
const initial = setupOrThrow(crossing, {});

/** The keys and the one-card shuffle every history starts from. */
const deck: SignedEvent[] = (() => {
  const table = new Table(players, genesis, game, initial);
  table.dutiesUntil((s) => s.step.type === 'PLAY');
  return table.events;
})();

type Step = { act: number; choice: number } | { deliver: number };

/** Plays `steps` on two peers whose links deliver only when told to; returns every event made. */
function history(steps: readonly Step[]): SignedEvent[] {
  const peers = players.map(() => new Replica(genesis, game, initial));
  for (const peer of peers) for (const e of deck) feed(peer, e.bytes);
  const inbox: SignedEvent[][] = [[], []];
  const made: SignedEvent[] = [];
  const act = (seat: number, choice: number) => {
    const replica = peers[seat]!;
    if (replica.stopped) return;
    const duty = makeDuty(replica.state, seat, players[seat]!.keyring, game);
    const legal = replica.allowed().some((o) => o.seat === seat && o.kind === 'ACT')
      ? crossing.legalActions(replica.state.game, seat)
      : [];
    const body = duty ?? (legal.length > 0 ? makeAct(legal[choice % legal.length]!) : null);
    if (body === null) return;
    const signed = replica.author(seat, players[seat]!.identity.secretKey, body);
    if (!signed.ok) throw new Error(signed.error);
    made.push(signed.value);
    inbox[1 - seat]!.push(signed.value);
  };
  for (const step of steps) {
    if ('act' in step) act(step.act, step.choice);
    else {
      const next = inbox[step.deliver]!.shift();
      if (next) feed(peers[step.deliver]!, next.bytes);
    }
  }
  return made;
}

/** A replica holding `events` (after the deck), fed in the given order. */
function replay(events: readonly SignedEvent[]): Replica<CrossingState> {
  const replica = new Replica(genesis, game, initial);
  for (const e of [...deck, ...events]) {
    const received = replica.receive(e.bytes);
    // Once a cheat is named, the log refuses what sorts after it: void wherever it would land.
    if (!received.ok && !(received.error === 'ERR_HALTED' && replica.stopped))
      throw new Error(received.error);
  }
  return replica;
}

const sees = (a: Event, b: Event) => b.seq < a.basis[b.author]!;

/** The least of the other seat's events `event`'s author may claim: what its own previous event had seen. */
function floorOf(made: readonly SignedEvent[], event: Event): number {
  const previous = [...deck, ...made].find(
    (e) => e.event.author === event.author && e.event.seq === event.seq - 1,
  )?.event;
  return previous?.basis[1 - event.author] ?? 0;
}

/**
 * `made` with event `index` re-signed on an older basis (`pick` chooses how
 * much less of the other seat it claims, within what it may claim), and every
 * later event re-signed onto the new chain: its author's own, and the other
 * seat's, which name by hash the versions they saw (as if the cheater had sent
 * only the new version).
 */
function withOlderBasis(made: SignedEvent[], index: number, pick: number) {
  const target = made[index]!.event;
  const other = 1 - target.author;
  const floor = floorOf(made, target);
  const older = [...target.basis];
  older[other] = floor + (pick % (target.basis[other]! - floor));
  const slots = new Map(deck.map((e) => [`${e.event.author}:${e.event.seq}`, e.hash]));
  const hashAt = (seat: number, seq: number) => slots.get(`${seat}:${seq}`)!;
  const out = made.map((e, i) => {
    const event = e.event;
    const basis = i === index ? older : event.basis;
    const prev = event.seq === 0 ? event.prev : hashAt(event.author, event.seq - 1);
    const heads = basis.map((n, s) => (n === 0 || s === event.author ? null : hashAt(s, n - 1)));
    const same = i !== index && prev === event.prev && heads.join() === event.heads?.join();
    const signed = same
      ? e
      : signEvent({ ...event, prev, basis, heads }, players[event.author]!.identity.secretKey);
    if ('ok' in signed && !signed.ok) throw new Error(signed.error);
    const kept = 'ok' in signed ? signed.value : signed;
    slots.set(`${event.author}:${event.seq}`, kept.hash);
    return kept;
  });
  return { events: out, cheat: out[index]! };
}

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ act: fc.integer({ min: 0, max: 1 }), choice: fc.nat(5) }),
  fc.record({ deliver: fc.integer({ min: 0, max: 1 }) }),
);

describe('claiming an older basis', () => {
  test('voids only what it crossed and is ordered before, never names an honest player, never splits the replicas', () => {
    let cheats = 0;
    fc.assert(
      fc.property(
        fc.array(stepArb, { minLength: 4, maxLength: 40 }),
        fc.nat(),
        fc.nat(),
        (steps, which, pick) => {
          const made = history(steps);
          const honest = replay(made);
          expect(honest.offences()).toEqual([]);
          // Actions whose author had seen more than it must: those can claim an older basis.
          const acts = made.flatMap((e, i) =>
            e.event.body.type === 'ACT' &&
            e.event.basis[1 - e.event.author]! > floorOf(made, e.event)
              ? [i]
              : [],
          );
          if (acts.length === 0) return;
          const index = acts[which % acts.length]!;
          const { events, cheat } = withOlderBasis(made, index, pick);
          cheats++;
          const cheater = cheat.event.author;
          const lying = replay(events);

          const before = verdictOf(honest, made[index]!.hash);
          if (before !== 'applied') expect(verdictOf(lying, cheat.hash)).not.toBe('applied');

          const cheatIndex = lying.log.entries().findIndex((e) => e.hash === cheat.hash);
          const caught = typeof verdictOf(lying, cheat.hash) === 'object';
          // A cheat illegal even where it claims to stand is named, and the table stops there.
          if (caught) expect(lying.offences().map((o) => o.seat)).toEqual([cheater]);
          for (const e of caught ? [] : made) {
            if (e.event.author === cheater || e.event.body.type !== 'ACT') continue;
            if (verdictOf(honest, e.hash) !== 'applied' || verdictOf(lying, e.hash) === 'applied')
              continue;
            // It lost: only to the cheater's event, which it crossed and comes after.
            const at = lying.log.entries().findIndex((x) => x.hash === e.hash);
            expect(verdictOf(lying, cheat.hash)).toBe('applied');
            expect(sees(e.event, cheat.event) || sees(cheat.event, e.event)).toBe(false);
            expect(cheatIndex).toBeLessThan(at);
          }

          expect(lying.offences().every((o) => o.seat === cheater)).toBe(true);
          const reversed = replay([...events].reverse());
          expect(reversed.stateHash).toBe(lying.stateHash);
          expect(reversed.entryVerdicts).toEqual(lying.entryVerdicts);
        },
      ),
      { numRuns: 120 },
    );
    expect(cheats).toBeGreaterThan(40);
  });
});
