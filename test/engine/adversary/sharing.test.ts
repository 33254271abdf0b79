/**
 * Issue 46, setup: at a Batailles table of three (protocol 6) every seat shares its
 * keys of the others' armies among them, with real cryptography. The others together
 * hold each shared key's unlock exponent, and nobody holds a share of a seat's key of
 * its own army. A dealer that publishes a false commitment is named at its SHARE; one
 * that encrypts a false share to one holder (following the spec otherwise, so only
 * that holder can tell) is named by the holder's complaint and loses; a holder that
 * complains of a true share, or of a dealing it holds no share of, is named.
 */
import { describe, expect, test } from 'vitest';
import {
  decodeDealing,
  encodeComplaint,
  fromBase64,
  invertScalar,
  lagrangeAtZero,
  modL,
  proveComplaint,
  shareImage,
  toBase64,
  toHex,
} from '../../../crypto/index.ts';
import { batailles, type BataillesState } from '../../../src/engine/games/batailles/index.ts';
import { redblack } from '../../../src/engine/games/redblack/index.ts';
import {
  parseBody,
  type KeyBody,
  type ShareBody,
  type TableBody,
} from '../../../src/engine/table/bodies.ts';
import type { JsonObject } from '../../../src/engine/encoding.ts';
import { Replica } from '../../../src/engine/table/replica.ts';
import { DEFAULT_CLOCK } from '../../../src/engine/table/clock.ts';
import { readPoint, writePoint } from '../../../src/engine/table/points.ts';
import { faceOf } from '../../../src/engine/table/decks.ts';
import { sharesLayers } from '../../../src/engine/table/sharing.ts';
import { stillDue } from '../../../src/engine/table/author.ts';
import type { StepOf } from '../../../src/engine/table/step.ts';
import type { Dealt, TableState } from '../../../src/engine/table/types.ts';
import { referenceDeal } from '../../crypto/helpers.ts';
import { run } from '../helpers/batailles-table.ts';
import { scriptGame } from '../helpers/script-game.ts';
import type { Need } from '../../../src/engine/game.ts';
import { dealingParts, shareBy } from '../helpers/sharing.ts';
import {
  dutyOf,
  lastDiagnosis,
  makeGenesis,
  makePlayers,
  Table,
  type Player,
} from '../helpers/table.ts';

type State = TableState<BataillesState>;

const sharing = (s: State) => s.step.type === 'SHARE';
const shareStep = (s: State) => s.step as StepOf<'SHARE'>;

/** A table of three at its SHARE step, every KEY in. */
function atShare(): Table<BataillesState> {
  const table = Table.of(makePlayers(3), batailles, { players: 3 });
  table.dutiesUntil(sharing);
  return table;
}

const named = (table: Table<BataillesState>, but: number) =>
  table.replicas
    .filter((_, s) => s !== but)
    .map((r) => r.offences().map((o) => [o.seat, o.reason]));

describe('sharing the layers at setup', () => {
  test('each seat shares its keys of the others’ armies; all the others together hold each one’s inverse', () => {
    const table = atShare();
    expect(shareStep(table.replicas[0]!.state)).toMatchObject({
      epochs: [
        [1, 2],
        [0, 2],
        [0, 1],
      ],
      dealt: [false, false, false],
      held: [false, false, false],
    });
    const from = table.events.length;
    table.dutiesUntil((s) => s.step.type === 'SHUFFLE');
    const kinds = table.events.slice(from).map((e) => [e.event.author, e.event.body.type]);
    expect(kinds).toEqual([
      [0, 'SHARE'],
      [1, 'SHARE'],
      [2, 'SHARE'],
      [0, 'HELD'],
      [1, 'HELD'],
      [2, 'HELD'],
    ]);
    const state = table.replicas[0]!.state;
    const dealings = state.dealings!;
    // Each seat shares its keys of the two armies that are not its own.
    expect(dealings.map((d) => [d.dealer, d.epoch, d.holders])).toEqual([
      [0, 1, [1, 2]],
      [0, 2, [1, 2]],
      [1, 0, [0, 2]],
      [1, 2, [0, 2]],
      [2, 0, [0, 1]],
      [2, 1, [0, 1]],
    ]);
    for (const dealt of dealings) {
      const dealing = decodeDealing(fromBase64(dealt.dealing));
      const shares = dealt.holders.map((seat, j) =>
        table.players[seat]!.keyring.scalarFor(writePoint(shareImage(dealing.commitments, j + 1))),
      );
      const [l1, l2] = lagrangeAtZero([1, 2]);
      const e = table.players[dealt.dealer]!.keyring.scalarFor(
        state.epochs[dealt.epoch]!.keys[dealt.dealer]!,
      );
      expect(modL(l1! * shares[0]! + l2! * shares[1]!)).toBe(invertScalar(e));
    }
    // The share keys are kept apart from the keys the audit publishes.
    for (const seat of [0, 1, 2]) {
      expect(state.pubs[seat]).toHaveLength(3);
      expect(state.pubs[seat]).not.toContain(state.shareKeys![seat]);
    }
    expect(new Set(table.replicas.map((r) => r.stateHash)).size).toBe(1);
    expect(table.replicas.flatMap((r) => r.offences())).toEqual([]);
  });

  test('a SHARE or HELD made before the others’ came is still due in the same step, and signed as made', () => {
    const table = atShare();
    const made = table.replicas[0]!.state;
    const share = dutyOf(table.replicas[0]!, table.players[0]!);
    expect(stillDue(made, made, 0, share)).toBe(true);
    table.duty(1);
    table.duty(2);
    const now = table.replicas[0]!.state;
    expect(stillDue(made, now, 0, share)).toBe(true);
    // Not for another seat, nor once it is no longer owed, nor at another table or step.
    expect(stillDue(made, now, 1, share)).toBe(false);
    expect(stillDue({ ...made, genesisHash: 'other' }, now, 0, share)).toBe(false);
    expect(stillDue({ ...made, stepNo: made.stepNo - 1 }, now, 0, share)).toBe(false);
    table.play(0, share);
    expect(table.replicas.flatMap((r) => r.offences())).toEqual([]);
    const heldFor = table.replicas[2]!.state;
    const held = dutyOf(table.replicas[2]!, table.players[2]!);
    expect(held.type).toBe('HELD');
    expect(stillDue(heldFor, heldFor, 2, share)).toBe(false);
    table.duty(0);
    table.duty(1);
    expect(stillDue(heldFor, table.replicas[2]!.state, 2, held)).toBe(true);
    table.play(2, held);
    expect(table.replicas[0]!.state.step.type).toBe('SHUFFLE');
    expect(stillDue(heldFor, table.replicas[2]!.state, 2, held)).toBe(false);
  });

  test('a seat that withholds its SHARE, or its HELD, is claimed after the duty time and loses', () => {
    for (const half of ['SHARE', 'HELD'] as const) {
      const table = Table.of(makePlayers(3), batailles, { players: 3 });
      let at = 1_000;
      table.dutiesUntil((s) => s.step.type === 'SHARE');
      // Everyone's keys are in by 1 s; seats 1 and 2 do their part of the step, seat 0 not.
      for (const seat of [1, 2])
        table.play(seat, dutyOf(table.replicas[seat]!, table.players[seat]!), at);
      if (half === 'HELD') {
        table.play(0, dutyOf(table.replicas[0]!, table.players[0]!), (at += 1_000));
        for (const seat of [1, 2])
          table.play(seat, dutyOf(table.replicas[seat]!, table.players[seat]!), at);
      }
      expect(table.replicas[0]!.owed()).toEqual([{ seat: 0, kind: half }]);
      const limit = at + DEFAULT_CLOCK.dutyMs;
      const early = new Replica(
        table.genesis,
        table.replicas[1]!.game,
        table.replicas[1]!.state.game,
      );
      for (const e of table.events) early.receive(e.bytes);
      early.author(1, table.players[1]!.identity.secretKey, { type: 'ABSENT', seat: 0 }, limit - 1);
      expect(early.offences()).toEqual([
        expect.objectContaining({ seat: 1, reason: 'ERR_TOO_SOON' }),
      ]);
      table.play(1, { type: 'ABSENT', seat: 0 }, limit);
      for (const replica of table.replicas) {
        expect(replica.state.ending).toEqual({ type: 'ABSENT', seat: 0, by: 1 });
        expect(replica.outcome()).toMatchObject({ result: 'win', winners: [1, 2] });
      }
    }
  });

  test('a group short of every other seat opens no undrawn card; every other seat together takes one seat’s lock off, never off its own army', () => {
    const table = atShare();
    table.dutiesUntil((s) => s.step.type === 'PLAY');
    const state = table.replicas[0]!.state;
    const undrawn = (army: number) =>
      state.game.armies[army]!.map((id) => [id, state.cards[id]!] as const);
    /** The faces `group` reads of `army`'s undrawn cards: its own locks off, and any shared lock all its holders are in. */
    const opens = (group: number[], army: number) =>
      undrawn(army).filter(([id, card]) => {
        let p = readPoint(card.c);
        for (const { seat, key } of card.layers) {
          if (group.includes(seat)) {
            p = p.multiply(invertScalar(table.players[seat]!.keyring.scalarFor(key)));
            continue;
          }
          const d = state.dealings!.findIndex((x) => x.dealer === seat && x.epoch === army);
          if (d < 0 || !state.dealings![d]!.holders.every((h) => group.includes(h))) return false;
          const dealing = decodeDealing(fromBase64(state.dealings![d]!.dealing));
          const xs = state.dealings![d]!.holders.map((_, j) => j + 1);
          const shares = state.dealings![d]!.holders.map((h, j) =>
            table.players[h]!.keyring.scalarFor(writePoint(shareImage(dealing.commitments, j + 1))),
          );
          const lambdas = lagrangeAtZero(xs);
          const inverse = shares.reduce((acc, s, j) => modL(acc + lambdas[j]! * s), 0n);
          p = p.multiply(inverse);
        }
        return faceOf(state, id, p) >= 0;
      }).length;
    for (const army of [0, 1, 2]) {
      // Alone, a seat opens nothing undrawn: every other lock is on, its shares are one of two.
      for (const seat of [0, 1, 2]) expect(opens([seat], army)).toBe(0);
      // Every other seat of seat 1 together takes seat 1's lock off armies 0 and 2, never 1.
      expect(opens([0, 2], army)).toBe(army === 1 ? 0 : undrawn(army).length);
    }
    expect(undrawn(0).length).toBeGreaterThan(0);
  });

  test.each([
    [6, 'back under its owner’s lock alone, its owner’s copy'],
    [5, 'under both fighters’ locks still'],
  ])('after a fight at protocol %i, each card shown is %s', (protocol) => {
    const table = Table.of(makePlayers(3), batailles, { players: 3 }, protocol);
    const fought = (s: State) => s.game.fight?.shown === true;
    run(table, fought);
    const state = table.replicas[0]!.state;
    const fight = state.game.fight!;
    const fighters = [fight.attacker, fight.defender].sort();
    for (const [owner, cards] of [
      [fight.attacker, fight.attackers],
      [fight.defender, fight.defenders],
    ] as const)
      for (const id of cards) {
        const card = state.cards[id]!;
        const copy = state.copies.find((c) => c.card === id && c.seat === owner)!;
        if (protocol === 6) {
          expect(card.layers.map((l) => l.seat)).toEqual([owner]);
          expect(card.c).toBe(copy.c);
          expect(card.epoch).toBe(owner);
        } else expect(card.layers.map((l) => l.seat).sort()).toEqual(fighters);
      }
    // Every other card is where it was.
    expect(state.cards).toHaveLength(48);
    expect(state.cards.every((card) => card.c.length > 0 && card.layers.length > 0)).toBe(true);
    expect(new Set(table.replicas.map((r) => r.stateHash)).size).toBe(1);
    expect(table.replicas.flatMap((r) => r.offences())).toEqual([]);
  });

  test('after a show, a card goes back to its owner only where its deck has one and the owner saw it', () => {
    // Deck a is seat 0's, decks b and c nobody's.
    const owned = {
      ...scriptGame,
      id: 'script-owned',
      deckOwner: (deck: number) => (deck === 0 ? 0 : null),
    };
    const script = [
      { type: 'DEAL', cards: [0], to: 0 },
      { type: 'DEAL', cards: [2], to: 1 },
      { type: 'SHOW', cards: [0, 2], to: [0, 1] },
      { type: 'SHOW', cards: [1], to: [1, 2] },
      { type: 'ACT', seats: [0] },
    ] satisfies Need[];
    const decks = ['a', 'b', 'c'].map((name) => ({ name, size: 2 }));
    const table = Table.of(makePlayers(3), owned, { decks, script });
    table.dutiesUntil((s) => s.game.at === 4);
    const { cards } = table.replicas[0]!.state;
    const seats = (id: number) => cards[id]!.layers.map((l) => l.seat).sort();
    // Seat 0's card, shown to it and seat 1: seat 0's copy.
    expect(seats(0)).toEqual([0]);
    // A card of nobody's deck keeps both members' locks.
    expect(seats(2)).toEqual([0, 1]);
    // Seat 0's card shown to seats 1 and 2 only keeps theirs.
    expect(seats(1)).toEqual([1, 2]);
    expect(table.replicas.flatMap((r) => r.offences())).toEqual([]);
  });

  test('only from protocol 6, at a game that names its decks’ owners, three seats or more', () => {
    const players = makePlayers(3);
    const genesis = makeGenesis(players, batailles, { players: 3 });
    expect(sharesLayers(genesis, batailles)).toBe(true);
    expect(sharesLayers({ ...genesis, protocol: 5 }, batailles)).toBe(false);
    expect(sharesLayers(genesis, redblack)).toBe(false);
    expect(
      sharesLayers({ ...genesis, identities: genesis.identities.slice(0, 2) }, batailles),
    ).toBe(false);
    const older = Table.of(players, batailles, { players: 3 }, 5);
    older.dutiesUntil((s) => s.step.type === 'SHUFFLE');
    expect(older.events.map((e) => e.event.body.type)).toEqual(['KEY', 'KEY', 'KEY']);
    expect(older.events.some((e) => 'shareKey' in e.event.body)).toBe(false);
    expect(older.replicas[0]!.state.shareKeys).toBeUndefined();
  });

  test('a KEY without its share key, or with one where none is asked, is refused and named', () => {
    const table = Table.of(makePlayers(3), batailles, { players: 3 });
    const bare = { ...keyBody(table, 0) };
    delete bare.shareKey;
    table.play(0, bare);
    expect(named(table, 0)).toEqual([[[0, 'ERR_SHAPE']], [[0, 'ERR_SHAPE']]]);
    const older = Table.of(makePlayers(3), batailles, { players: 3 }, 5);
    const asked = keyBody(Table.of(older.players, batailles, { players: 3 }), 1);
    older.play(1, { ...keyBody(older, 1), shareKey: asked.shareKey! });
    expect(named(older, 1)).toEqual([[[1, 'ERR_SHAPE']], [[1, 'ERR_SHAPE']]]);
  });

  test('a share key proven for another seat, or a round key offered as one and back, is refused and named', () => {
    for (const make of [
      // Seat 1's share key and proof, as seat 0's.
      (table: Table<BataillesState>) => ({
        ...keyBody(table, 0),
        shareKey: keyBody(table, 1).shareKey!,
      }),
      // Seat 0's own first round key and proof, as its share key.
      (table: Table<BataillesState>) => {
        const key = keyBody(table, 0);
        return { ...key, shareKey: key.keys[0]! };
      },
      // Seat 0's share key and proof, as its first round key.
      (table: Table<BataillesState>) => {
        const key = keyBody(table, 0);
        return { ...key, keys: [key.shareKey!, ...key.keys.slice(1)] };
      },
    ]) {
      const table = Table.of(makePlayers(3), batailles, { players: 3 });
      table.play(0, make(table));
      expect(named(table, 0)).toEqual([[[0, 'ERR_PROOF']], [[0, 'ERR_PROOF']]]);
    }
    const table = Table.of(makePlayers(3), batailles, { players: 3 });
    const stolen = { ...keyBody(table, 0), shareKey: keyBody(table, 1).shareKey! };
    table.play(0, stolen);
    expect(lastDiagnosis(table.replicas[1]!)).toEqual({
      kind: 'proof',
      proof: 'key',
      part: 3,
      parts: 4,
      cards: [],
      key: toHex(fromBase64(stolen.shareKey.pub).subarray(5)),
    });
  });

  test('a SHARE with a dealing too few is refused, and a false dealing is diagnosed by its place and cards', () => {
    const table = atShare();
    const state = table.replicas[1]!.state;
    const honest = shareBy(state, table.players[1]!, (e, { ctx, holders }) =>
      referenceDeal(ctx, e, holders, 2),
    ) as ShareBody;
    table.play(1, { ...honest, dealings: honest.dealings.slice(1) });
    expect(lastDiagnosis(table.replicas[0]!)).toEqual({
      kind: 'count',
      items: 'dealings',
      claimed: 1,
      expected: 2,
      part: null,
    });
    const again = atShare();
    const other = again.replicas[1]!.state;
    again.play(
      1,
      shareBy(other, again.players[1]!, (e, { ctx, holders }, i) =>
        referenceDeal(ctx, i === 1 ? e + 1n : e, holders, 2),
      ),
    );
    expect(lastDiagnosis(again.replicas[0]!)).toEqual({
      kind: 'proof',
      proof: 'dealing',
      part: 1,
      parts: 2,
      cards: other.epochs[2]!.cards,
      key: toHex(fromBase64(other.epochs[2]!.keys[1]!).subarray(5)),
    });
  });

  test('SHARE and HELD bodies of the wrong shape do not parse', () => {
    const bodies: JsonObject[] = [
      { type: 'SHARE', dealings: 'x' },
      { type: 'SHARE', dealings: [1] },
      { type: 'SHARE' },
      { type: 'HELD', complaints: [{ dealing: -1, complaint: 'AA==' }] },
      { type: 'HELD', complaints: [{ dealing: 0 }] },
      { type: 'HELD', complaints: {} },
      { type: 'KEY', genesis: 'g', keys: [], shareKey: 'x' },
    ];
    for (const body of bodies)
      expect(parseBody(body)).toEqual({ ok: false, error: 'ERR_BODY_FIELDS' });
  });

  test('a dealing whose commitments do not match its layer is refused: its dealer is named at once', () => {
    const table = atShare();
    const state = table.replicas[1]!.state;
    // A whole dealing of another key's inverse: its shares would not take the layer off.
    const body = shareBy(state, table.players[1]!, (e, { ctx, holders }) =>
      referenceDeal(ctx, e + 1n, holders, 2),
    );
    table.play(1, body);
    expect(named(table, 1)).toEqual([[[1, 'ERR_PROOF']], [[1, 'ERR_PROOF']]]);
  });

  test('a false share to one holder passes every public check, and that holder’s complaint names the dealer', () => {
    const table = atShare();
    const state = table.replicas[1]!.state;
    // Seat 1 deals its key of army 0 with a false share for seat 2 (holder 1 of [0, 2]).
    table.play(
      1,
      shareBy(state, table.players[1]!, (e, { ctx, holders }, i) =>
        referenceDeal(ctx, e, holders, 2, i === 0 ? { wrong: 1 } : {}),
      ),
    );
    table.dutiesUntil((s) => shareStep(s).dealt.every(Boolean));
    expect(table.replicas.flatMap((r) => r.offences())).toEqual([]);
    // Seat 0's shares all open; seat 2's page complains of the one that does not.
    table.duty(0);
    const complaint = table.duty(2).event.body as Extract<TableBody, { type: 'HELD' }>;
    const dealings = table.replicas[2]!.state.dealings!;
    const falseOne = dealings.findIndex((d) => d.dealer === 1 && d.epoch === 0);
    expect(complaint.complaints.map((c) => c.dealing)).toEqual([falseOne]);
    for (const replica of table.replicas) {
      expect(replica.state.ending).toEqual({ type: 'FALSE_SHARE', seat: 1, by: 2 });
      expect(replica.offences()).toEqual([{ seat: 1, reason: 'ERR_SHARE', event: 'complaint' }]);
      expect(replica.outcome()).toEqual({
        result: 'win',
        winners: [0, 2],
        reason: 'player 1 dealt player 2 a false share',
      });
      // A proven offence: no claim to settle, every seat's word still to come.
      expect(replica.confirmedBy()).toEqual([]);
      expect(replica.finality()).toEqual({ kind: 'unconfirmed', missing: [0, 1, 2] });
    }
  });

  test('a complaint of a true share names the holder that makes it', () => {
    const table = atShare();
    table.dutiesUntil((s) => shareStep(s).dealt.every(Boolean));
    const state = table.replicas[2]!.state;
    const dealt = state.dealings![2]!;
    table.play(2, { type: 'HELD', complaints: [complaintOf(state, dealt, table.players[2]!, 2)] });
    expect(named(table, 2)).toEqual([[[2, 'ERR_PROOF']], [[2, 'ERR_PROOF']]]);
    expect(table.replicas[0]!.state.ending).toBeNull();
    expect(lastDiagnosis(table.replicas[0]!)).toEqual({
      kind: 'proof',
      proof: 'complaint',
      part: 0,
      parts: 1,
      cards: state.epochs[dealt.epoch]!.cards,
      key: toHex(fromBase64(state.epochs[dealt.epoch]!.keys[dealt.dealer]!).subarray(5)),
    });
  });

  test('a complaint of a dealing the seat holds no share of, or twice of one, is refused', () => {
    for (const complaints of [
      (state: State, player: Player) => [complaintOf(state, state.dealings![0]!, player, 0)],
      (state: State, player: Player) => {
        const c = complaintOf(state, state.dealings![2]!, player, 2);
        return [c, c];
      },
      // A place past the table's dealings.
      (state: State, player: Player) => [
        { ...complaintOf(state, state.dealings![2]!, player, 2), dealing: 6 },
      ],
    ]) {
      const table = atShare();
      table.dutiesUntil((s) => shareStep(s).dealt.every(Boolean));
      const state = table.replicas[0]!.state;
      table.play(0, { type: 'HELD', complaints: complaints(state, table.players[0]!) });
      expect(named(table, 0)).toEqual([[[0, 'ERR_SHAPE']], [[0, 'ERR_SHAPE']]]);
      expect(lastDiagnosis(table.replicas[1]!)).toEqual({ kind: 'other', code: 'ERR_SHAPE' });
    }
  });
});

/** The KEY `seat` owes now on its own replica, made as its page makes it. */
const keyBody = (table: Table<BataillesState>, seat: number) =>
  dutyOf(table.replicas[seat]!, table.players[seat]!) as KeyBody;

/** `player`'s complaint against the dealing `dealt`, at its place `d` at the table. */
function complaintOf(
  state: State,
  dealt: Dealt,
  player: Player,
  d: number,
): { dealing: number; complaint: string } {
  const { ctx, seats, holders, E } = dealingParts(state, dealt.dealer, dealt.epoch);
  const secret = player.keyring.scalarFor(state.shareKeys![player.seat]!);
  const dealing = decodeDealing(fromBase64(dealt.dealing));
  const j = Math.max(0, seats.indexOf(player.seat));
  const complaint = proveComplaint(ctx, E, holders, j, secret, dealing);
  return { dealing: d, complaint: toBase64(encodeComplaint(complaint)) };
}
