/**
 * The mental-poker table under one small game (`helpers/hand-game.ts`) with
 * real cryptography: every operation a hand needs (deal, re-mask, reveal,
 * act, audit) between two replicas, who owes each event, and what each seat
 * can read at every point.
 */
import { describe, expect, test } from 'vitest';
import { encodeScalar, toHex } from '../../crypto/index.ts';
import { composeEvent } from '../../src/engine/log.ts';
import { makeAct, privateFaces } from '../../src/engine/table/author.ts';
import type { TableState } from '../../src/engine/table/types.ts';
import { handGame, type HandOptions, type HandState } from './helpers/hand-game.ts';
import { Table, auditOpen, makePlayers, tablePoints, type Player } from './helpers/table.ts';
import { lazy } from '../lazy.ts';

/** Six cards keep the shuffles cheap; seat 1 is dealt three of them. */
const DECK = 6;
const HAND = [0, 1, 2];

type State = TableState<HandState>;

/** What a test looks at after each event: who owes next, and both replicas' states. */
interface Snapshot {
  /** `owed()` of each replica. */
  readonly owed: readonly { seat: number; kind: string }[][];
  readonly states: readonly State[];
  readonly hashes: readonly string[];
}

/** A fresh two-seat table playing the hand game; seat 1 holds the hand, seat 0 acts. */
function handTable(show: HandOptions['show']): Table<HandState> {
  const players = makePlayers(2);
  const options = {
    decks: [{ name: 'deck', size: DECK }],
    seats: 2,
    to: 1,
    actor: 0,
    hand: HAND,
    show,
  };
  return Table.of(players, handGame, options);
}

function snapshot(table: Table<HandState>): Snapshot {
  return {
    owed: table.replicas.map((r) => r.owed()),
    states: table.replicas.map((r) => r.state),
    hashes: table.replicas.map((r) => r.stateHash),
  };
}

/**
 * Whoever owes the next event (lowest seat first) makes it, until `stop`
 * holds or nobody owes anything. Returns the snapshot before the first event
 * and after each one.
 */
function playUntil(table: Table<HandState>, stop: (s: Snapshot) => boolean): Snapshot[] {
  const snapshots = [snapshot(table)];
  for (let s = snapshots[0]!; !stop(s) && s.owed[0]!.length > 0; s = snapshots.at(-1)!) {
    // A table that never stops owing (a broken fold) fails here, not at a mutation run's timeout.
    if (snapshots.length > 200) throw new Error('no end after 200 events');
    const next = s.owed[0]![0]!;
    if (next.kind === 'ACT') table.play(next.seat, makeAct({ type: 'DONE' }));
    else table.duty(next.seat);
    snapshots.push(snapshot(table));
  }
  return snapshots;
}

/** What `player` reads alone in `state`, as (card id, face) pairs by card id. */
const readBy = (state: State, player: Player): [number, number][] =>
  [...privateFaces(state, player.seat, player.keyring, new Map())].sort((a, b) => a[0] - b[0]);

const facesOf = (pairs: readonly [number, number][]): number[] =>
  pairs.map(([, face]) => face).sort((a, b) => a - b);

/** Every ciphertext and layer key in `states`, and every shuffle key. */
const seenPoints = (states: readonly State[]): Set<string> =>
  new Set(states.flatMap((s) => [...tablePoints(s), ...s.keys.flatMap((k) => k ?? [])]));

/** The ciphertexts and layer keys of `cards` in `state`. */
const pointsOf = (state: State, cards: readonly number[]): string[] =>
  cards.flatMap((id) => [state.cards[id]!.c, ...state.cards[id]!.layers.map((l) => l.key)]);

/** Who owes what before each event of the game, in order. */
const OWED = [
  {
    step: 'keys',
    owed: [
      { seat: 0, kind: 'KEY' },
      { seat: 1, kind: 'KEY' },
    ],
  },
  { step: 'the last key', owed: [{ seat: 1, kind: 'KEY' }] },
  { step: 'shuffle, seat 0 first', owed: [{ seat: 0, kind: 'SHUFFLE' }] },
  { step: 'shuffle, then seat 1', owed: [{ seat: 1, kind: 'SHUFFLE' }] },
  // A deal to seat 1 takes off every layer but seat 1's: seat 0's.
  { step: 'deal to seat 1', owed: [{ seat: 0, kind: 'UNLOCK' }] },
  { step: 're-mask of the dealt hand', owed: [{ seat: 1, kind: 'REMASK' }] },
  // The shown card is under seat 1's layer alone: seat 1 alone unlocks it.
  { step: 'reveal of a hand card', owed: [{ seat: 1, kind: 'UNLOCK' }] },
  { step: 're-mask of the rest of the hand', owed: [{ seat: 1, kind: 'REMASK' }] },
  { step: 'the action', owed: [{ seat: 0, kind: 'ACT' }] },
  {
    step: 'audit',
    owed: [
      { seat: 0, kind: 'AUDIT' },
      { seat: 1, kind: 'AUDIT' },
    ],
  },
  { step: 'the last audit', owed: [{ seat: 1, kind: 'AUDIT' }] },
  { step: 'done', owed: [] },
].map((row, index) => ({ ...row, index }));

describe('a hand dealt, re-masked, shown, played and audited', () => {
  // One game serves every test here: real proofs are slow, and each test
  // reads one property off the same recorded run (made by the first test
  // that asks, so that a mutant of the table is live while it is made).
  const table = handTable('play');
  const [seat0, seat1] = table.players as [Player, Player];
  const played = lazy(() => playUntil(table, () => false));
  /** The snapshots just before and just after the `nth` event of `kind`. */
  const around = (kind: string, nth = 0): { before: Snapshot; after: Snapshot } => {
    const run = played();
    const index = table.events
      .map((e, i) => [e.event.body.type, i] as const)
      .filter(([type]) => type === kind)[nth]![1];
    return { before: run[index]!, after: run[index + 1]! };
  };
  /** Everything seat 0's replica held up to `snapshot`. */
  const seenBySeat0 = (until: Snapshot): Set<string> =>
    seenPoints(
      played()
        .slice(0, played().indexOf(until) + 1)
        .map((s) => s.states[0]!),
    );

  test.each(OWED)('$step: the table knows who owes the next event', ({ index, owed }) => {
    expect(played()).toHaveLength(OWED.length);
    // Both replicas name the same seats, from the same state.
    expect(played()[index]!.owed).toEqual([owed, owed]);
    expect(played()[index]!.hashes[1]).toBe(played()[index]!.hashes[0]);
  });

  test('after the deal only seat 1 reads its cards; seat 0 holds nothing that links them', () => {
    const { before, after } = around('UNLOCK', 0);
    // Under both deck layers nobody reads anything.
    expect(readBy(before.states[1]!, seat1)).toEqual([]);
    const read = readBy(after.states[1]!, seat1);
    expect(read.map(([id]) => id)).toEqual(HAND);
    expect(new Set(facesOf(read)).size).toBe(HAND.length);
    for (const state of after.states) {
      expect(state.faces).toEqual(Array(DECK).fill(null));
      for (const id of HAND) expect(state.cards[id]!.layers.map((l) => l.seat)).toEqual([1]);
    }
    expect(readBy(after.states[0]!, seat0)).toEqual([]);
  });

  test('a re-mask of the hand: seat 1 still reads every card, seat 0 can link none', () => {
    const { before, after } = around('REMASK', 0);
    const dealt = facesOf(readBy(before.states[1]!, seat1));
    expect(facesOf(readBy(after.states[1]!, seat1))).toEqual(dealt);
    expect(readBy(after.states[0]!, seat0)).toEqual([]);
    expect(after.states[0]!.faces).toEqual(Array(DECK).fill(null));
    // Fresh ciphertexts under a fresh key: not one point seat 0 saw before.
    const fresh = pointsOf(after.states[0]!, HAND);
    const seen = seenBySeat0(before);
    expect(fresh.filter((p) => seen.has(p))).toEqual([]);
  });

  test('showing a hand card reveals its face to both seats, as seat 1 read it', () => {
    const { before, after } = around('UNLOCK', 1);
    const shown = after.states[0]!.game.shown!;
    const read = new Map(readBy(before.states[1]!, seat1));
    expect(shown.face).toBe(read.get(shown.card));
    for (const state of after.states) {
      expect(state.faces[shown.card]).toBe(shown.face);
      expect(state.cards[shown.card]!.layers).toEqual([]);
    }
  });

  test('the rest of the hand re-masked after the show: private again, unlinkable again', () => {
    const { before, after } = around('REMASK', 1);
    const hand = after.states[0]!.game.hand;
    expect(hand).toHaveLength(HAND.length - 1);
    const held = facesOf(readBy(before.states[1]!, seat1));
    expect(facesOf(readBy(after.states[1]!, seat1))).toEqual(held);
    for (const state of after.states) for (const id of hand) expect(state.faces[id]).toBeNull();
    const seen = seenBySeat0(before);
    expect(pointsOf(after.states[0]!, hand).filter((p) => seen.has(p))).toEqual([]);
  });

  test('the audit publishes the secret of every key each seat introduced, and the table is done', () => {
    const end = played().at(-1)!;
    for (const state of end.states) {
      expect(state.step).toEqual({ type: 'DONE' });
      expect(state.audit).toEqual(
        table.players.map((p) => ({
          secrets: state.pubs[p.seat]!.map((pub) => toHex(encodeScalar(p.keyring.scalarFor(pub)))),
        })),
      );
      // A shuffle key each; seat 1 re-masked its hand twice, a re-key key and a factor each time.
      expect(state.audit.map((a) => a?.secrets.length)).toEqual([1, 5]);
    }
    expect(end.hashes[1]).toBe(end.hashes[0]);
    expect(table.replicas.map((r) => r.outcome())).toEqual([
      { result: 'win', winners: [0], reason: 'DONE' },
      { result: 'win', winners: [0], reason: 'DONE' },
    ]);
    expect(table.replicas.flatMap((r) => r.offences())).toEqual([]);
  });

  test('with one audit in, only the cards that seat’s secrets open are opened', () => {
    const { after } = around('AUDIT', 0);
    const state = after.states[0]!;
    const opened = auditOpen(state);
    state.cards.forEach((card, id) => {
      const closed = card.layers.some((l) => l.seat !== 0);
      if (closed) expect(opened[id]).toBe(-1);
      else expect(opened[id]).toBeGreaterThanOrEqual(0);
    });
    expect(opened).toContain(-1);
  });

  test('after the audit anyone can open every card, the re-masked hand included', () => {
    // docs/design.md, the audit: each player publishes the secret keys they used, so every
    // peer can open every card and check hidden results.
    const opened = auditOpen(played().at(-1)!.states[0]!);
    expect([...opened].sort((a, b) => a - b)).toEqual([...Array(DECK).keys()]);
  });
});

describe('a hand card shown and taken back into the hand', () => {
  test('re-masking the whole hand makes the shown face private again and unlinkable', () => {
    const table = handTable('keep');
    const [seat0, seat1] = table.players as [Player, Player];
    const run = playUntil(table, (s) => s.states[0]!.game.phase === 'rehide');
    const before = run.at(-1)!;
    const shown = before.states[0]!.game.shown!;
    expect(before.states[0]!.faces[shown.card]).toBe(shown.face);
    expect(before.owed[0]).toEqual([{ seat: 1, kind: 'REMASK' }]);

    expect(() => table.duty(1)).not.toThrow();
    const after = snapshot(table);
    for (const state of after.states) {
      expect(state.faces).toEqual(Array(DECK).fill(null));
      for (const id of HAND) expect(state.cards[id]!.layers.map((l) => l.seat)).toEqual([1]);
    }
    // Seat 1 reads its whole hand again, the shown card among it (before the
    // show it read all of it); seat 0 cannot tell which card it is.
    const read = facesOf(readBy(after.states[1]!, seat1));
    expect(read).toEqual(facesOf(readBy(run.at(-3)!.states[1]!, seat1)));
    expect(read).toContain(shown.face);
    expect(readBy(after.states[0]!, seat0)).toEqual([]);
    const seen = seenPoints(run.map((s) => s.states[0]!));
    expect(pointsOf(after.states[0]!, HAND).filter((p) => seen.has(p))).toEqual([]);
  });

  test('a re-mask event for that hand is judged by the fold, not thrown out of receive', () => {
    const table = handTable('keep');
    playUntil(table, (s) => s.states[0]!.game.phase === 'rehide');
    // Any well-formed REMASK body will do (the first re-mask's): the fold
    // must answer it with a verdict, as it does every event from a peer.
    const body = table.events.find((e) => e.event.body.type === 'REMASK')!.event.body;
    const event = composeEvent(
      table.replicas[1]!.log,
      1,
      body,
      table.players[1]!.identity.secretKey,
    );
    if (!event.ok) throw new Error(event.error);
    const seat0 = table.replicas[0]!;
    expect(() => seat0.receive(event.value.bytes)).not.toThrow();
  });
});
