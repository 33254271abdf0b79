/**
 * Issue 46, recovery: at a Batailles table that shares its layers (protocol 6), a seat
 * that leaves mid-game does not end it. The other seats publish their shares of the
 * leaver's keys with proofs, the leaver's layer comes off every card still under one of
 * its shared keys, and the game goes on to its end and its audit. Played with real
 * cryptography through the replica's public API, as modified clients would:
 *
 * - the recovered cards are exactly what the leaver's own unlock would have left;
 * - a false recovery share, proven or not, names its author;
 * - two holders of three, together, open nothing: their shares interpolate to no card;
 * - a leaver that comes back after its leaving acts no more, and stops nothing;
 * - a second leaver ends the table; a show under way starts again from its cards;
 * - every replica and a spectator that reads the log agree.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import {
  decodeDealing,
  encodeUnlockProof,
  fromBase64,
  invertScalar,
  joinPoints,
  lagrangeAtZero,
  msmUnsafe,
  proveRecovery,
  randomScalar,
  shareImage,
  splitPoints,
  toBase64,
} from '../../../crypto/index.ts';
import { batailles, type BataillesState } from '../../../src/engine/games/batailles/index.ts';
import { makeAct, stillDue } from '../../../src/engine/table/author.ts';
import type { TableBody } from '../../../src/engine/table/bodies.ts';
import { proofContext } from '../../../src/engine/table/context.ts';
import { readPoint, writePoint, writePoints } from '../../../src/engine/table/points.ts';
import { judge } from '../../../src/engine/table/judge.ts';
import { Replica } from '../../../src/engine/table/replica.ts';
import { playsOn } from '../../../src/engine/table/recovery.ts';
import { ok, type Result } from '../../../src/engine/result.ts';
import type { Need } from '../../../src/engine/game.ts';
import { scriptGame, type ScriptState } from '../helpers/script-game.ts';
import type { StepOf } from '../../../src/engine/table/step.ts';
import type { TableState } from '../../../src/engine/table/types.ts';
import type { JsonObject } from '../../../src/engine/encoding.ts';
import { run, type BT } from '../helpers/batailles-table.ts';
import { signNext } from '../helpers/cheats.ts';
import {
  Table,
  dutyOf,
  feed,
  lastDiagnosis,
  makePlayers,
  setupOrThrow,
  tableGame,
} from '../helpers/table.ts';

type State = TableState<BataillesState>;

const RESIGN: TableBody = { type: 'RESIGN' };
const absent = (seat: number): TableBody => ({ type: 'ABSENT', seat });
const recovering = (s: State) => s.step as StepOf<'RECOVER'>;

/** A Batailles table of `seats`, played by the bots until the first fight is over. */
function midGame(seats: number): BT {
  const table = Table.of(makePlayers(seats), batailles, { players: seats });
  run(table, (s) => s.game.fights.length > 0 && s.step.type === 'PLAY');
  return table;
}

/** A table of three mid-game, played once for the tests that each branch off it. */
let three: BT | null = null;

/** A copy of the table of three mid-game: the same players, replicas that read its log. */
function midGameOfThree(): BT {
  three ??= midGame(3);
  const { players, replicas, events } = three;
  const copy = new Table(
    players,
    replicas[0]!.genesis,
    tableGame(batailles),
    setupOrThrow(batailles, { players: 3 }),
  );
  for (const replica of copy.replicas) for (const { bytes } of events) feed(replica, bytes);
  copy.events.push(...events);
  return copy;
}

/** A replica that reads the table's log as a spectator would, from its first event. */
function spectator(table: BT): Replica<BataillesState> {
  const { genesis } = table.replicas[0]!;
  const players = genesis.identities.length;
  const watcher = new Replica(genesis, tableGame(batailles), setupOrThrow(batailles, { players }));
  for (const { bytes } of table.events) feed(watcher, bytes);
  return watcher;
}

const offences = (table: BT) =>
  table.replicas.map((r) => r.offences().map(({ seat, reason }) => ({ seat, reason })));

/** What holder `seat`'s RECOVER proves over, for a test that makes its own. */
function batchOf(state: State, seat: number) {
  const step = recovering(state);
  const byKey = new Map<string, number[]>();
  for (const id of step.cards) {
    const key = state.cards[id]!.layers.find((l) => l.seat === step.seat)!.key;
    byKey.set(key, [...(byKey.get(key) ?? []), id]);
  }
  return [...byKey.values()].map((ids) => ({
    ids,
    context: proofContext(state, 'RECOVER', seat, { purpose: `recover ${step.seat}`, cards: ids }),
  }));
}

describe('a seat that resigns from a table of four, mid-game', () => {
  let table: BT;
  let before: State;
  beforeAll(() => {
    table = midGame(4);
    before = table.replicas[0]!.state;
  });

  test('the others owe their shares of its layer on every undrawn card of the other armies', () => {
    table.play(3, RESIGN);
    const state = table.replicas[0]!.state;
    expect(state.ending).toBeNull();
    expect(state.left).toEqual([{ type: 'RESIGN', seat: 3, by: 3 }]);
    const step = recovering(state);
    expect(step.seat).toBe(3);
    // Every card of armies 0 to 2 not yet drawn, and no other.
    const undrawn = before.game.armies.slice(0, 3).flat();
    expect([...step.cards].sort((a, b) => a - b)).toEqual([...undrawn].sort((a, b) => a - b));
    expect(table.replicas[0]!.owed()).toEqual([
      { seat: 0, kind: 'RECOVER' },
      { seat: 1, kind: 'RECOVER' },
      { seat: 2, kind: 'RECOVER' },
    ]);
    // The game was told: the leaver's army, hand and cards in play are out.
    expect(state.game.armies[3]).toEqual([]);
    expect(state.game.hands[3]).toEqual([]);
    expect(table.replicas[0]!.outcome()).toBeNull();
    // After a resignation the shares are owed at once: no claim's window to wait for.
    const replica = table.replicas[0]!;
    expect(replica.due(0)).toBe(replica.turnStart(0)! + replica.clock!.dutyMs);
  });

  test('two holders of three open nothing: their shares interpolate to no card', () => {
    const branch = spectator(table);
    const players = table.players;
    const state = branch.state;
    const step = recovering(state);
    const bodies = [0, 1].map((seat) => dutyOf(table.replicas[seat]!, players[seat]!));
    for (const [i, body] of bodies.entries()) {
      const signed = branch.author(i, players[i]!.identity.secretKey, body, 0);
      if (!signed.ok) throw new Error(signed.error);
    }
    // Two shares in, the third missing: the layer is still on every card.
    const now = branch.state;
    expect(now.step.type).toBe('RECOVER');
    for (const id of step.cards) expect(now.cards[id]!.layers.some((l) => l.seat === 3)).toBe(true);
    // Their points, interpolated as if two were the threshold, are not the cards without it.
    const given = recovering(now).given;
    const [first] = batchOf(state, 0);
    const lambdas = lagrangeAtZero([1, 2]);
    first!.ids.forEach((id, i) => {
      const guess = msmUnsafe(
        [0, 1].map((seat) => readPoint(given[seat]![0]![i]!)),
        lambdas,
      );
      const key = state.cards[id]!.layers.find((l) => l.seat === 3)!.key;
      const e = players[3]!.keyring.scalarFor(key);
      const truth = readPoint(state.cards[id]!.c).multiply(invertScalar(e));
      expect(guess.equals(truth)).toBe(false);
    });
  });

  test('a RECOVER made while the others give theirs is still due: their shares change no card it covers', () => {
    const made = table.replicas[0]!.state;
    const mine = dutyOf(table.replicas[0]!, table.players[0]!);
    expect(stillDue(made, made, 0, mine)).toBe(true);
    const branch = spectator(table);
    const other = dutyOf(branch, table.players[1]!);
    const signed = branch.author(1, table.players[1]!.identity.secretKey, other, 0);
    if (!signed.ok) throw new Error(signed.error);
    expect(stillDue(made, branch.state, 0, mine)).toBe(true);
    // Not for a seat that gave its shares, nor the leaver, nor at another table or step.
    expect(stillDue(made, branch.state, 1, other)).toBe(false);
    expect(stillDue(made, branch.state, 3, mine)).toBe(false);
    expect(stillDue({ ...made, genesisHash: 'other' }, branch.state, 0, mine)).toBe(false);
    expect(stillDue({ ...made, stepNo: made.stepNo - 1 }, branch.state, 0, mine)).toBe(false);
  });

  test('once every share is in, each card is what the leaver’s own unlock would have left', () => {
    const state = table.replicas[0]!.state;
    const step = recovering(state);
    for (const seat of [0, 1, 2]) table.duty(seat);
    const after = table.replicas[0]!.state;
    expect(after.step.type).not.toBe('RECOVER');
    for (const id of step.cards) {
      const card = state.cards[id]!;
      const layer = card.layers.find((l) => l.seat === 3)!;
      const e = table.players[3]!.keyring.scalarFor(layer.key);
      expect(
        readPoint(after.cards[id]!.c).equals(readPoint(card.c).multiply(invertScalar(e))),
      ).toBe(true);
      expect(after.cards[id]!.layers).toEqual(card.layers.filter((l) => l.seat !== 3));
    }
  });

  test('the leaver, back, acts no more: nothing chained after its resignation is taken, and nobody is named', () => {
    const before = table.replicas[0]!.stateHash;
    const size = table.replicas[0]!.log.size;
    // A modified client: a move, and a resignation again, signed after its RESIGN.
    for (const body of [makeAct({ type: 'PASS' }), RESIGN]) {
      const forged = signNext(table.replicas[0]!.log, table.players[3]!, body);
      for (const replica of table.replicas.slice(0, 3))
        expect(replica.receive(forged.bytes)).toMatchObject({
          ok: false,
          error: 'ERR_AFTER_RESIGN',
        });
    }
    // Its own page signs nothing more either.
    const own = table.replicas[3]!.author(3, table.players[3]!.identity.secretKey, RESIGN, 0);
    expect(own).toMatchObject({ ok: false, error: 'ERR_AFTER_RESIGN' });
    expect(table.replicas[0]!.log.size).toBe(size);
    expect(table.replicas[0]!.stateHash).toBe(before);
    expect(offences(table).flat()).toEqual([]);
    expect(table.replicas[0]!.stopped).toBe(false);
  });

  test('the three play on: a recovered card dealt to its owner is read by it alone; all agree', () => {
    const recovered = before.game.armies.slice(0, 3).flat();
    const dealt = (s: State) => s.game.hands.flat().find((id) => recovered.includes(id));
    run(table, (s) => dealt(s) !== undefined);
    const state = table.replicas[0]!.state;
    const card = dealt(state)!;
    const owner = state.game.hands.findIndex((hand) => hand.includes(card));
    // The card is under its owner's lock alone, and its owner reads its face.
    expect(state.cards[card]!.layers.map((l) => l.seat)).toEqual([owner]);
    expect(table.known(owner).has(card)).toBe(true);
    for (const other of [0, 1, 2].filter((s) => s !== owner))
      expect(table.known(other).has(card)).toBe(false);
    expect(offences(table).flat()).toEqual([]);
    const hashes = new Set([...table.replicas, spectator(table)].map((r) => r.stateHash));
    expect(hashes.size).toBe(1);
  });
});

describe('a false recovery share names its author', () => {
  let table: BT;
  beforeAll(() => {
    table = midGameOfThree();
  });

  /** A replica of the table once seat 2 resigned: the others owe their shares. */
  function resigned(): Replica<BataillesState> {
    const branch = spectator(table);
    const signed = branch.author(2, table.players[2]!.identity.secretKey, RESIGN, 0);
    if (!signed.ok) throw new Error(signed.error);
    return branch;
  }

  /** `seat`'s RECOVER, as `make` builds it from the honest one, once seat 2 resigned: the offences found. */
  function tryOn(
    seat: number,
    make: (honest: TableBody & { type: 'RECOVER' }, state: State) => TableBody,
  ) {
    const branch = resigned();
    const honest = dutyOf(branch, table.players[seat]!) as TableBody & { type: 'RECOVER' };
    const body = make(honest, branch.state);
    const signed = branch.author(seat, table.players[seat]!.identity.secretKey, body, 0);
    if (!signed.ok) throw new Error(signed.error);
    return {
      named: branch.offences().map(({ seat: s, reason }) => ({ seat: s, reason })),
      diagnosis: () => lastDiagnosis(branch),
    };
  }

  test('a point swapped for another card’s', () => {
    const { named, diagnosis } = tryOn(0, (honest) => {
      const share = honest.shares[0]!;
      const points = splitPoints(fromBase64(share.points));
      [points[0], points[1]] = [points[1]!, points[0]!];
      const swapped = { ...share, points: toBase64(joinPoints(points)) };
      return { ...honest, shares: [swapped, ...honest.shares.slice(1)] };
    });
    expect(named).toEqual([{ seat: 0, reason: 'ERR_PROOF' }]);
    expect(diagnosis()).toMatchObject({ kind: 'proof', proof: 'recovery', part: 0 });
  });

  test('a share proven under a secret that is not the holder’s share', () => {
    const { named } = tryOn(1, (_, state) => ({
      type: 'RECOVER',
      shares: batchOf(state, 1).map(({ ids, context }) => {
        const cards = ids.map((id) => readPoint(state.cards[id]!.c));
        const made = proveRecovery(context, randomScalar(), cards);
        return { points: writePoints(made.points), proof: toBase64(encodeUnlockProof(made.proof)) };
      }),
    }));
    expect(named).toEqual([{ seat: 1, reason: 'ERR_PROOF' }]);
  });

  test('another holder’s share, lent and passed off as one’s own', () => {
    const { named } = tryOn(0, (_, state) => ({
      type: 'RECOVER',
      shares: batchOf(state, 0).map(({ ids, context }) => {
        const step = recovering(state);
        const key = state.cards[ids[0]!]!.layers.find((l) => l.seat === step.seat)!.key;
        const dealt = state.dealings!.find(
          (d) => d.dealer === step.seat && state.epochs[d.epoch]!.keys[step.seat] === key,
        )!;
        const { commitments } = decodeDealing(fromBase64(dealt.dealing));
        const x = dealt.holders.indexOf(1) + 1;
        const lent = table.players[1]!.keyring.scalarFor(writePoint(shareImage(commitments, x)));
        const cards = ids.map((id) => readPoint(state.cards[id]!.c));
        const made = proveRecovery(context, lent, cards);
        return { points: writePoints(made.points), proof: toBase64(encodeUnlockProof(made.proof)) };
      }),
    }));
    expect(named).toEqual([{ seat: 0, reason: 'ERR_PROOF' }]);
  });

  test('a share missing, or a point short', () => {
    const missing = tryOn(0, () => ({ type: 'RECOVER', shares: [] }));
    expect(missing.named).toEqual([{ seat: 0, reason: 'ERR_SHAPE' }]);
    expect(missing.diagnosis()).toMatchObject({ kind: 'count', items: 'shares', claimed: 0 });
    const short = tryOn(1, (honest) => {
      const share = honest.shares[0]!;
      const points = splitPoints(fromBase64(share.points)).slice(1);
      const cut = { ...share, points: toBase64(joinPoints(points)) };
      return { ...honest, shares: [cut, ...honest.shares.slice(1)] };
    });
    expect(short.named).toEqual([{ seat: 1, reason: 'ERR_SHAPE' }]);
    expect(short.diagnosis()).toMatchObject({ kind: 'count', items: 'points', part: 0 });
  });

  test('a second leaver, during the recovery, ends the table: both lose', () => {
    const branch = resigned();
    const signed = branch.author(1, table.players[1]!.identity.secretKey, RESIGN, 0);
    if (!signed.ok) throw new Error(signed.error);
    expect(branch.state.ending).toEqual({ type: 'RESIGN', seat: 1, by: 1 });
    expect(branch.state.step.type).toBe('DONE');
    const outcome = branch.outcome();
    expect(outcome).toMatchObject({ result: 'win', winners: [0] });
    expect(outcome!.reason).toContain('resigned');
  });
});

describe('a seat claimed on time at a table of three', () => {
  /** A table of three mid-game, the seat that owes a move claimed once its time ran out. */
  function claimed() {
    const table = midGameOfThree();
    const mover = table.mover()!;
    const claimer = (mover + 1) % 3;
    const holder = (mover + 2) % 3;
    const claim = table.play(
      claimer,
      { type: 'ABSENT', seat: mover },
      table.replicas[0]!.due(mover)!,
    );
    const window = claim.event.at! + table.replicas[0]!.clock!.dutyMs;
    /** The claimed seat's move where it stands, its claim void there, signed at `at`. */
    const answer = (at: number) => {
      const state = table.replicas[mover]!.standingFor(mover);
      const legal = batailles.legalActions(state.game, mover, table.known(mover, state));
      const { seat: _, ...action } = legal[0]! as JsonObject;
      return table.play(mover, makeAct(action), at);
    };
    return { table, mover, claimer, holder, window, answer };
  }

  test('its claim stands once the others’ shares, signed past its window, settle it: a late answer is void', () => {
    const { table, mover, claimer, holder, window, answer } = claimed();
    table.play(claimer, dutyOf(table.replicas[claimer]!, table.players[claimer]!), window);
    table.play(holder, dutyOf(table.replicas[holder]!, table.players[holder]!), window);
    expect(table.replicas[0]!.state.step.type).not.toBe('RECOVER');
    // Backdated into the window, but after both others settled the claim.
    const late = answer(window);
    for (const replica of table.replicas.filter((_, s) => s !== mover)) {
      expect(replica.entryVerdicts[replica.log.size - 1]).toBe('void');
      expect(replica.state.left).toEqual([{ type: 'ABSENT', seat: mover, by: claimer }]);
      expect(replica.offences()).toEqual([]);
    }
    expect(late.event.author).toBe(mover);
    // The others play on: the table waits on them alone.
    expect(table.replicas[0]!.owed().map((o) => o.seat)).not.toContain(mover);
    expect(table.replicas[0]!.owed().length).toBeGreaterThan(0);
    expect(new Set(table.replicas.filter((_, s) => s !== mover).map((r) => r.stateHash)).size).toBe(
      1,
    );
  });

  test('what it signs once the others settled the claim is void: it left already', () => {
    const { table, mover, claimer, holder, window } = claimed();
    table.play(claimer, dutyOf(table.replicas[claimer]!, table.players[claimer]!), window);
    table.play(holder, dutyOf(table.replicas[holder]!, table.players[holder]!), window);
    const replica = table.replicas[claimer]!;
    const verdictOf = (hash: string) =>
      replica.entryVerdicts[replica.log.entries().findIndex((e) => e.hash === hash)];
    // A claim it makes, having seen its own stand: it has no say there.
    const claim = table.play(mover, absent(holder), window + 1);
    expect(verdictOf(claim.hash)).toBe('void');
    // Its resignation, as an answer too late: it left already, and the table plays on.
    const late = table.play(mover, RESIGN, window + 2);
    expect(verdictOf(late.hash)).toBe('void');
    expect(replica.state.ending).toBeNull();
    expect(replica.state.left).toEqual([{ type: 'ABSENT', seat: mover, by: claimer }]);
    expect(judge(replica.state, replica.game, mover, RESIGN)).toEqual({
      ok: false,
      error: 'ERR_LEFT',
    });
    expect(replica.offences()).toEqual([]);
  });

  test('a holder waiting for the window to end is not claimed before its time after it', () => {
    const { table, claimer, holder, window } = claimed();
    const dutyMs = table.replicas[0]!.clock!.dutyMs;
    // Its time for its shares runs from the window's end, not from the last move before the claim.
    expect(table.replicas[claimer]!.due(holder)).toBe(window + dutyMs);
    const early = spectator(table);
    early.author(
      claimer,
      table.players[claimer]!.identity.secretKey,
      absent(holder),
      window + dutyMs - 1,
    );
    expect(early.offences()).toMatchObject([{ seat: claimer, reason: 'ERR_TOO_SOON' }]);
    // Once its time ran out it is a second leaver: the table ends, both leavers lose.
    table.play(claimer, absent(holder), window + dutyMs);
    const state = table.replicas[0]!.state;
    expect(state.ending).toEqual({ type: 'ABSENT', seat: holder, by: claimer });
    expect(table.replicas[0]!.outcome()).toMatchObject({ result: 'win', winners: [claimer] });
  });

  test('an answer in its window voids the claim and the shares built on it, and names nobody', () => {
    const { table, claimer, window, answer } = claimed();
    const early = table.play(
      claimer,
      dutyOf(table.replicas[claimer]!, table.players[claimer]!),
      window,
    );
    answer(window - 1);
    for (const replica of table.replicas) {
      expect(replica.state.left).toBeUndefined();
      expect(replica.state.step.type).not.toBe('RECOVER');
      expect(replica.offences()).toEqual([]);
      const at = replica.log.entries().findIndex((e) => e.hash === early.hash);
      expect(replica.entryVerdicts[at]).toBe('void');
    }
    expect(new Set(table.replicas.map((r) => r.stateHash)).size).toBe(1);
  });
});

describe('a show under way when one of its members leaves', () => {
  test('starts again from its cards as they were: the other member’s card carries no key nobody shares', () => {
    const table = Table.of(makePlayers(3), batailles, { players: 3 });
    // A show after the first fight's: copies of other cards are kept from it.
    run(table, (s) => s.step.type === 'COPY' && s.game.fights.length > 0);
    const state = table.replicas[0]!.state;
    const step = state.step as StepOf<'COPY'>;
    const kept = state.beforeShow!;
    expect(kept.cards).toEqual(step.cards);
    // The fight's members have each put a show key on every card of it.
    const [leaver, stays] = step.to as [number, number];
    const theirs = step.cards.filter((id) => Math.floor(id / 16) === stays);
    for (const id of theirs)
      expect(state.cards[id]!.layers.map((l) => l.seat).sort()).toEqual([...step.to].sort());
    table.play(leaver, RESIGN);
    const after = table.replicas[0]!.state;
    for (const id of theirs) {
      const i = kept.cards.indexOf(id);
      expect(after.cards[id]).toEqual(kept.snapshot[i]);
      expect(after.cards[id]!.layers.map((l) => l.seat)).toEqual([stays]);
    }
    // Every other card and copy is as it was.
    expect(after.cards.length).toBe(state.cards.length);
    after.cards.forEach((card, id) => {
      if (!step.cards.includes(id)) expect(card).toEqual(state.cards[id]);
    });
    expect(after.copies).toEqual(state.copies.filter((c) => !step.cards.includes(c.card)));
    expect(after.copies.length).toBeGreaterThan(0);
    expect(after.beforeShow).toBeUndefined();
    run(table, (s) => s.step.type !== 'RECOVER');
    expect(table.replicas[0]!.offences()).toEqual([]);
    expect(
      new Set(table.replicas.filter((_, s) => s !== leaver).map((r) => r.stateHash)).size,
    ).toBe(1);
  });
});

/**
 * A scripted game whose decks are its seats' own (army p is seat p's), told of a leaving:
 * with `ends`, the leaving ends it.
 */
const leavingGame = (ends: boolean) => ({
  ...scriptGame,
  id: 'script-leaving',
  deckOwner: (deck: number) => deck,
  fact: (state: ScriptState, input: JsonObject): Result<ScriptState> =>
    input.type === 'LEFT'
      ? ok({ ...state, facts: [...state.facts, input], at: ends ? state.script.length : state.at })
      : scriptGame.fact(state, input),
});

describe('a leaving the table plays on from at once', () => {
  /**
   * Three seats: army a dealt to seat 0, and with `dealB` army b to seat 1, then seat 0
   * owes a move, and seat 2 resigns.
   */
  function resignAtTheMove(ends: boolean, dealB = true) {
    const script: Need[] = [
      { type: 'DEAL', cards: [0, 1], to: 0 },
      ...(dealB ? [{ type: 'DEAL', cards: [2, 3], to: 1 } as const] : []),
      { type: 'ACT', seats: [0] },
    ];
    const decks = ['a', 'b', 'c'].map((name) => ({ name, size: 2 }));
    const table = Table.of(makePlayers(3), leavingGame(ends), { decks, script });
    table.dutiesToMove();
    table.play(2, RESIGN);
    return table.replicas[0]!;
  }

  test('with no card under a shared lock of the leaver’s, play goes on with no share to give', () => {
    // Armies a and b are in their owners' hands; army c is under seat 2's own lock, never shared.
    const replica = resignAtTheMove(false);
    expect(replica.state.left).toEqual([{ type: 'RESIGN', seat: 2, by: 2 }]);
    expect(replica.state.step.type).toBe('PLAY');
    expect(replica.state.game.facts.at(-1)).toEqual({ type: 'LEFT', seat: 2 });
    expect(replica.owed()).toEqual([{ seat: 0, kind: 'ACT' }]);
  });

  test('a leaving that ends the game goes to the audit, which asks nothing of the leaver', () => {
    // Army b is still under seat 2's shared lock: nothing needs it once the game is over.
    const replica = resignAtTheMove(true, false);
    expect(replica.state.cards[2]!.layers.map((l) => l.seat)).toContain(2);
    // The game's own outcome, with the leaver's loss told.
    expect(replica.outcome()).toEqual({ result: 'draw', reason: 'SCRIPT_DONE; player 2 resigned' });
    expect(replica.state.step.type).toBe('AUDIT');
    expect(replica.owed()).toEqual([
      { seat: 0, kind: 'AUDIT' },
      { seat: 1, kind: 'AUDIT' },
    ]);
  });

  test('a coin after the leaving is the others’ alone', () => {
    const script: Need[] = [
      { type: 'DEAL', cards: [0, 1], to: 0 },
      { type: 'ACT', seats: [0] },
      { type: 'COIN' },
      { type: 'ACT', seats: [1] },
    ];
    const decks = ['a', 'b', 'c'].map((name) => ({ name, size: 2 }));
    const table = Table.of(makePlayers(3), leavingGame(false), { decks, script });
    table.dutiesToMove();
    table.play(2, RESIGN);
    table.dutiesToMove();
    table.act(0, { type: 'DONE' });
    const replica = table.replicas[0]!;
    expect(replica.owed()).toEqual([
      { seat: 0, kind: 'COMMIT' },
      { seat: 1, kind: 'COMMIT' },
    ]);
    table.dutiesToMove();
    expect(replica.state.game.facts.at(-1)).toMatchObject({ type: 'COIN' });
    expect(replica.owed()).toEqual([{ seat: 1, kind: 'ACT' }]);
    expect(replica.offences()).toEqual([]);
  });

  test('the table plays on only once its first shuffle is done, while the game goes on, and once', () => {
    const replica = resignAtTheMove(false);
    const { state } = replica;
    expect(playsOn({ ...state, left: undefined })).toBe(true);
    expect(playsOn(state)).toBe(false);
    for (const step of [{ type: 'AUDIT' }, { type: 'DONE' }] as const)
      expect(playsOn({ ...state, left: undefined, step })).toBe(false);
    expect(playsOn({ ...state, left: undefined, dealings: undefined })).toBe(false);
  });
});
