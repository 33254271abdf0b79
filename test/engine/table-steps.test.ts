/**
 * The table steps beyond War's: a joint coin, a reveal to a subset of the
 * seats, a fresh shuffle for the next game of a match, on a three-seat
 * table with real cryptography; and, on two seats, a move made during a
 * reveal and a re-mask after a show.
 */
import { describe, expect, test } from 'vitest';
import type { JsonObject } from '../../src/engine/encoding.ts';
import { makeAct, privateFaces } from '../../src/engine/table/author.ts';
import type { TableBody, UnlockBody } from '../../src/engine/table/bodies.ts';
import type { Game, Need } from '../../src/engine/game.ts';
import { ok } from '../../src/engine/result.ts';
import { faceOf } from '../../src/engine/table/decks.ts';
import { readPoint } from '../../src/engine/table/points.ts';
import { startsNextGame } from '../../src/engine/table/keys.ts';
import { scriptGame, type ScriptOptions, type ScriptState } from './helpers/script-game.ts';
import { Table, makeGenesis, makePlayers, setupOrThrow, tableGame } from './helpers/table.ts';

const players = makePlayers(3);
const options = {
  decks: [{ name: 'deck', size: 10 }],
  script: [
    { type: 'COIN' },
    { type: 'SHOW', cards: [2, 5], to: [0, 2] },
    { type: 'ACT', seats: [1] },
    { type: 'SHUFFLE', cards: [...Array(10).keys()] },
    { type: 'ACT', seats: [1] },
  ] satisfies Need[],
};
const genesis = makeGenesis(players, scriptGame, options);
const script = setupOrThrow(scriptGame, options);

const readable = (table: Table<ScriptState>, seat: number) =>
  privateFaces(table.replicas[seat]!.state, seat, players[seat]!.keyring, new Map());

describe('coin, show to a subset, fresh shuffle', () => {
  // The three tests walk one table through the script, in order.
  let table: Table<ScriptState>;

  test('a joint coin: every seat commits, then every seat opens; all replicas learn the same bit', () => {
    table = new Table(players, genesis, tableGame(scriptGame), script);
    // The table's first key round is no next game of a match.
    expect(startsNextGame(table.replicas[0]!.state)).toBe(false);
    table.dutiesUntil((s) => s.step.type === 'COIN');
    const owedKinds = () => table.replicas[0]!.owed().map((o) => `${o.seat}:${o.kind}`);
    expect(owedKinds()).toEqual(['0:COMMIT', '1:COMMIT', '2:COMMIT']);
    for (const seat of [2, 0, 1]) table.duty(seat);
    expect(owedKinds()).toEqual(['0:OPEN', '1:OPEN', '2:OPEN']);
    table.dutiesUntil((s) => s.game.at === 1);
    const facts = table.replicas.map((r) => r.state.game.facts[0]);
    const bits = players.map((p) => p.keyring.coin!.bit);
    expect(facts[0]).toEqual({ type: 'COIN', bit: bits.reduce((x, b) => x ^ b, 0) });
    expect(facts[1]).toEqual(facts[0]);
    expect(facts[2]).toEqual(facts[0]);
  });

  test('a show to seats 0 and 2: both read the same faces, seat 1 reads nothing, nothing is public', () => {
    // The script waits for seat 1's action after the show, so the copies are still there.
    table.dutiesUntil((s) => s.game.at === 2);
    const zero = readable(table, 0);
    const two = readable(table, 2);
    expect([zero.get(2), zero.get(5)]).toEqual([two.get(2), two.get(5)]);
    expect(zero.get(2)).toBeGreaterThanOrEqual(0);
    expect(readable(table, 1).size).toBe(0);
    for (const replica of table.replicas) {
      expect(replica.state.faces.every((f) => f === null)).toBe(true);
      expect(replica.state.game.facts.at(-1)).toEqual({ type: 'SHOWN', cards: [2, 5], to: [0, 2] });
    }
    // Seat 1 unlocked its layer publicly first; the members' copies did the rest.
    expect(
      table.events.filter((e) => e.event.body.type === 'UNLOCK').map((e) => e.event.author),
    ).toEqual([1, 0, 2]);
  });

  test('a fresh shuffle: every card under every layer again, the show forgotten, the game told', () => {
    table.play(1, makeAct({ type: 'DONE' }));
    // The whole deck asked for again: the next game of a match, which the session has the
    // players confirm, until the keys are all in.
    expect(table.replicas.map((r) => startsNextGame(r.state))).toEqual([true, true, true]);
    table.duty(0);
    expect(startsNextGame(table.replicas[0]!.state)).toBe(true);
    table.dutiesUntil((s) => s.step.type !== 'KEYS');
    expect(startsNextGame(table.replicas[0]!.state)).toBe(false);
    table.dutiesUntil((s) => s.game.at === 4);
    for (const replica of table.replicas) {
      const state = replica.state;
      expect(state.cards.every((c) => c.layers.map((l) => l.seat).join() === '0,1,2')).toBe(true);
      expect(state.copies).toEqual([]);
      expect(state.game.facts.at(-1)).toEqual({ type: 'SHUFFLED' });
      expect(replica.owed()).toEqual([{ seat: 1, kind: 'ACT' }]);
    }
    expect(readable(table, 0).size).toBe(0);
    expect(new Set(table.replicas.map((r) => r.stateHash)).size).toBe(1);
  });
});

describe('a coin opening that does not match its commitment', () => {
  test('is an offence: the author is named and nothing changes', () => {
    const table = new Table(players, genesis, tableGame(scriptGame), script);
    table.dutiesUntil((s) => s.step.type === 'COIN');
    for (const seat of [0, 1, 2]) table.duty(seat);
    const cheat = players[1]!.keyring.coin!;
    const honest = table.replicas[0]!;
    const before = honest.stateHash;
    const body: TableBody = { type: 'OPEN', bit: cheat.bit ^ 1, salt: cheat.salt };
    const signed = table.replicas[1]!.author(1, players[1]!.identity.secretKey, body);
    if (!signed.ok) throw new Error(signed.error);
    honest.receive(signed.value.bytes);
    expect(honest.offences()).toEqual([{ seat: 1, reason: 'ERR_PROOF', event: signed.value.hash }]);
    expect(honest.stateHash).toBe(before);
  });
});

describe('a card re-masked in one hand, then dealt to the other seat', () => {
  test('the new owner locks it before the old owner unlocks: it is never bare', () => {
    const two = makePlayers(2);
    const dealt = {
      decks: [{ name: 'deck', size: 4 }],
      script: [
        { type: 'DEAL', cards: [0], to: 1 },
        { type: 'REMASK', seat: 1, cards: [0] },
        { type: 'DEAL', cards: [0], to: 0 },
        { type: 'ACT', seats: [1] },
      ] satisfies Need[],
    };
    const game = tableGame(scriptGame);
    const table = new Table(
      two,
      makeGenesis(two, scriptGame, dealt),
      game,
      setupOrThrow(scriptGame, dealt),
    );
    const replica = table.replicas[0]!;
    table.dutiesUntil((s) => s.game.at === 2);
    // Under seat 1's layer alone: unlocking it for seat 0 would leave it bare.
    expect(replica.state.cards[0]!.layers.map((l) => l.seat)).toEqual([1]);
    expect(replica.owed()).toEqual([{ seat: 0, kind: 'LOCK' }]);
    table.dutiesUntil((s) => s.game.at === 3);
    const card = replica.state.cards[0]!;
    expect(card.layers.map((l) => l.seat)).toEqual([0]);
    expect(faceOf(replica.state, 0, readPoint(card.c))).toBe(-1);
    expect(privateFaces(replica.state, 0, two[0]!.keyring, new Map()).has(0)).toBe(true);
  });
});

describe('a reveal of a card already face up', () => {
  test('completes as it starts: the game is told the same face again and the table moves on', () => {
    const two = makePlayers(2);
    const twice = {
      decks: [{ name: 'deck', size: 4 }],
      script: [
        { type: 'REVEAL', cards: [0] },
        { type: 'REVEAL', cards: [0] },
        { type: 'ACT', seats: [1] },
      ] satisfies Need[],
    };
    const game = tableGame(scriptGame);
    const table = new Table(
      two,
      makeGenesis(two, scriptGame, twice),
      game,
      setupOrThrow(scriptGame, twice),
    );
    table.dutiesUntil((s) => s.game.at > 0);
    const state = table.replicas[0]!.state;
    const [first, second] = state.game.facts;
    expect(first).toMatchObject({ type: 'REVEAL', card: 0 });
    expect(second).toEqual(first);
    expect(state.game.at).toBe(2);
    expect(table.replicas[0]!.owed()).toEqual([{ seat: 1, kind: 'ACT' }]);
  });
});

describe('a card shown twice to the same seats', () => {
  test('the second show replaces the copies of the first: one copy per member, each readable', () => {
    const two = makePlayers(2);
    const twice = {
      decks: [{ name: 'deck', size: 4 }],
      script: [
        { type: 'SHOW', cards: [0], to: [0, 1] },
        { type: 'SHOW', cards: [0], to: [0, 1] },
        { type: 'ACT', seats: [1] },
      ] satisfies Need[],
    };
    const table = Table.of(two, scriptGame, twice);
    table.dutiesUntil((s) => s.game.at === 2);
    const state = table.replicas[0]!.state;
    expect(state.copies.map((copy) => [copy.card, copy.seat])).toEqual([
      [0, 0],
      [0, 1],
    ]);
    // Each show is locked under fresh keys of both members: no copy repeats one of the first.
    const copied = table.events.flatMap(({ event: { body } }) =>
      body.type === 'UNLOCK' ? (body as unknown as UnlockBody).shares.map((s) => s.points) : [],
    );
    expect(copied).toHaveLength(4);
    expect(new Set(copied).size).toBe(4);
    expect(
      table.events.filter((e) => e.event.body.type === 'REKEY').map((e) => e.event.author),
    ).toEqual([0, 1, 0, 1]);
    const faces = two.map((p) => privateFaces(state, p.seat, p.keyring, new Map()).get(0));
    expect(faces[0]).toBeGreaterThanOrEqual(0);
    expect(faces[1]).toBe(faces[0]);
  });
});

/** Two seats playing `script` on a deck of four cards. */
const twoSeats = (script: Need[], game = scriptGame) =>
  Table.of(makePlayers(2), game, { decks: [{ name: 'deck', size: 4 }], script });

/**
 * The script game in which seat 1 may also move while cards are being revealed, as Red &
 * Black's calls may: its move is kept and the reveal still needed.
 */
const restless: Game<ScriptState, JsonObject, JsonObject, ScriptState, ScriptOptions> = {
  ...scriptGame,
  needs: (state) => {
    const needs = scriptGame.needs(state);
    return needs[0]?.type === 'REVEAL' ? [...needs, { type: 'ACT', seats: [1] }] : needs;
  },
  move: (state, input) =>
    input.type === 'DONE' && state.script[state.at]?.type === 'REVEAL'
      ? ok({ ...state, facts: [...state.facts, input] })
      : scriptGame.move(state, input),
};

describe('a move during a reveal', () => {
  test('the step starts afresh from what is left: the share given stays given, the other seat ends it', () => {
    const table = twoSeats(
      [
        { type: 'REVEAL', cards: [0, 1] },
        { type: 'ACT', seats: [0] },
      ],
      restless,
    );
    const replica = table.replicas[0]!;
    table.dutiesUntil((s) => s.step.type === 'UNLOCK');
    table.duty(0);
    expect(replica.owed()).toEqual([
      { seat: 1, kind: 'UNLOCK' },
      { seat: 1, kind: 'ACT' },
    ]);
    table.play(1, makeAct({ type: 'DONE' }));
    const step = { type: 'UNLOCK', cards: [0, 1], order: [1], next: 0, to: 'all' };
    for (const r of table.replicas) {
      expect(r.state.step).toEqual(step);
      expect(r.state.cards.slice(0, 2).map((c) => c.layers.map((l) => l.seat))).toEqual([[1], [1]]);
    }
    table.duty(1);
    const { facts } = replica.state.game;
    expect(facts.map((f) => f.type)).toEqual(['DONE', 'REVEAL', 'REVEAL']);
    expect(facts.slice(1).map((f) => f.face)).toEqual([0, 1].map((id) => replica.state.faces[id]));
    expect(replica.owed()).toEqual([{ seat: 0, kind: 'ACT' }]);
    expect(replica.offences()).toEqual([]);
  });
});

describe('a re-mask after a show', () => {
  test('voids the copies of the cards it re-masks and keeps the others: seat 0 still reads those', () => {
    const table = twoSeats([
      { type: 'SHOW', cards: [0, 3], to: [0, 1] },
      { type: 'DEAL', cards: [0, 1], to: 1 },
      { type: 'REMASK', seat: 1, cards: [0, 1] },
      { type: 'ACT', seats: [1] },
    ]);
    const replica = table.replicas[0]!;
    const copies = () => replica.state.copies.map((copy) => [copy.card, copy.seat]);
    const read = () => table.known(0);
    table.dutiesUntil((s) => s.game.at === 2);
    expect(copies()).toEqual([
      [0, 0],
      [3, 0],
      [0, 1],
      [3, 1],
    ]);
    const shown = read();
    expect([...shown.keys()].sort()).toEqual([0, 3]);
    table.dutiesUntil((s) => s.game.at === 3);
    expect(copies()).toEqual([
      [3, 0],
      [3, 1],
    ]);
    expect([...read()]).toEqual([[3, shown.get(3)]]);
  });
});
