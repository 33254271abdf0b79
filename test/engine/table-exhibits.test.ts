/**
 * Exhibits and the game's audit, on a two-seat table with real
 * cryptography: a game records two cards of a hand, the table shows them to
 * both seats, hands them back and the owner re-masks its hand (so their ids
 * may now name other cards). The audit still opens each exhibit to the faces
 * it had when recorded, and the game judges a claim on them: an honest claim
 * names nobody, a false one names its author on every replica. The re-mask
 * also voids every copy shown before: nobody keeps a face its id no longer
 * holds.
 */
import { describe, expect, test } from 'vitest';
import type { JsonObject } from '../../src/engine/encoding.ts';
import type { Game, Need } from '../../src/engine/game.ts';
import { makeAct, privateFaces } from '../../src/engine/table/author.ts';
import { openExhibits } from '../../src/engine/table/audit.ts';
import { lazy } from '../lazy.ts';
import { scriptGame, type ScriptOptions, type ScriptState } from './helpers/script-game.ts';
import { Table, makeGenesis, makePlayers, setupOrThrow, tableGame } from './helpers/table.ts';

const options = {
  decks: [{ name: 'deck', size: 6 }],
  script: [
    { type: 'DEAL', cards: [0, 1, 2], to: 1 },
    { type: 'RECORD', cards: [0, 1] },
    { type: 'SHOW', cards: [0, 1], to: [0, 1] },
    { type: 'DEAL', cards: [0, 1], to: 1 },
    { type: 'REMASK', seat: 1, cards: [0, 1, 2] },
    { type: 'ACT', seats: [1] },
  ] satisfies Need[],
};

/** The script game with a second look: seat 1's last move claims the faces of the exhibit. */
const audited: Game<ScriptState, JsonObject, JsonObject, ScriptState, ScriptOptions> = {
  ...scriptGame,
  audit: (state, exhibits) => {
    const claim = state.facts.at(-1)!.faces as number[];
    return claim.every((face, i) => exhibits[0]![i] === face)
      ? []
      : [{ seat: 1, reason: 'ERR_CLAIM' }];
  },
};

const players = makePlayers(2);
const readable = (table: Table<ScriptState>, seat: number) =>
  privateFaces(table.replicas[seat]!.state, seat, players[seat]!.keyring, new Map());

/** The table up to seat 1's claim: what seat 1 read when its cards were recorded, and what seat 0 read of them. */
function untilClaim() {
  const table = new Table(
    players,
    makeGenesis(players, audited, options),
    tableGame(audited),
    setupOrThrow(audited, options),
  );
  table.dutiesUntil((s) => s.exhibits.length === 1);
  const recorded = [0, 1].map((id) => readable(table, 1).get(id)!);
  table.dutiesUntil((s) => s.game.facts.at(-1)?.type === 'SHOWN');
  const shown = [0, 1].map((id) => readable(table, 0).get(id));
  table.dutiesUntil((s) => s.game.at === options.script.length - 1);
  return { table, recorded, shown };
}

describe('an exhibit', () => {
  const honest = lazy(untilClaim);

  test('is kept as the cards were, with no event owed for it', () => {
    const { table } = honest();
    const state = table.replicas[0]!.state;
    expect(state.exhibits).toHaveLength(1);
    expect(state.exhibits[0]!.cards).toEqual([0, 1]);
    expect(state.exhibits[0]!.snapshot[0]!.layers.map((l) => l.seat)).toEqual([1]);
    expect(state.game.facts[1]).toEqual({ type: 'RECORDED', cards: [0, 1] });
    const kinds = table.events.map((e) => e.event.body.type);
    expect(kinds.slice(0, kinds.indexOf('REKEY'))).toEqual([
      'KEY',
      'KEY',
      'SHUFFLE',
      'SHUFFLE',
      'UNLOCK',
    ]);
  });

  test('a re-mask voids every copy shown before: seat 0 read the cards, and no longer does', () => {
    const { table, recorded, shown } = honest();
    expect(shown).toEqual(recorded);
    const state = table.replicas[0]!.state;
    expect(state.remasks[1]!.map((r) => r.cards)).toEqual([[0, 1, 2]]);
    expect(state.copies.filter((c) => [0, 1, 2].includes(c.card))).toEqual([]);
    expect(readable(table, 0).size).toBe(0);
    expect(readable(table, 1).size).toBe(3);
  });

  test('the audit opens it to the faces it had, and an honest claim on them names nobody', () => {
    const { table, recorded } = honest();
    table.play(1, makeAct({ type: 'DONE', faces: recorded }));
    table.dutiesUntil((s) => s.step.type === 'DONE');
    for (const replica of table.replicas) {
      expect(openExhibits(replica.state)).toEqual([recorded]);
      expect(replica.state.findings).toEqual([]);
      expect(replica.offences()).toEqual([]);
      expect(replica.outcome()).toEqual({ result: 'draw', reason: 'SCRIPT_DONE' });
    }
  });

  test('a false claim on it names its author on every replica, and the other seat wins', () => {
    const { table, recorded } = untilClaim();
    table.play(1, makeAct({ type: 'DONE', faces: [...recorded].reverse() }));
    table.dutiesUntil((s) => s.step.type === 'DONE');
    for (const replica of table.replicas) {
      expect(replica.offences()).toEqual([{ seat: 1, reason: 'ERR_CLAIM', event: 'audit' }]);
      expect(replica.outcome()).toEqual({
        result: 'win',
        winners: [0],
        reason: 'the audit caught player 1',
      });
    }
    expect(table.replicas[0]!.stateHash).toBe(table.replicas[1]!.stateHash);
  });
});

describe('an exhibit of cards as given seats hold them (`RECORD` `as`)', () => {
  const shownBoth = {
    decks: [{ name: 'deck', size: 6 }],
    script: [
      { type: 'DEAL', cards: [0, 1], to: 1 },
      { type: 'SHOW', cards: [0, 1], to: [0, 1] },
      { type: 'RECORD', cards: [0, 1, 0, 1], as: [0, 0, 1, 1] },
      { type: 'ACT', seats: [1] },
    ] satisfies Need[],
  };

  test('keeps each seat’s copy, which that seat’s keys open alone', () => {
    const table = new Table(
      players,
      makeGenesis(players, scriptGame, shownBoth),
      tableGame(scriptGame),
      setupOrThrow(scriptGame, shownBoth),
    );
    table.dutiesUntil((s) => s.exhibits.length === 1);
    const state = table.replicas[0]!.state;
    // The cards themselves carry both seats' show keys; each copy its own seat's alone.
    expect(state.cards[0]!.layers.map((l) => l.seat).sort()).toEqual([0, 1]);
    const copyOf = (card: number, seat: number) =>
      state.copies.find((c) => c.card === card && c.seat === seat)!;
    expect(state.exhibits[0]!.snapshot).toEqual(
      [copyOf(0, 0), copyOf(1, 0), copyOf(0, 1), copyOf(1, 1)].map(({ c, layers, epoch }) => ({
        c,
        layers,
        epoch,
      })),
    );
    table.play(1, makeAct({ type: 'DONE' }));
    table.dutiesUntil((s) => s.step.type === 'DONE');
    const done = table.replicas[0]!.state;
    const faces = [0, 1].map((id) => readable(table, 1).get(id)!);
    expect(openExhibits(done)).toEqual([[...faces, ...faces]]);
    // Seat 1's keys withheld: seat 0's copies still open.
    expect(openExhibits({ ...done, audit: [done.audit[0]!, null] })).toEqual([[...faces, -1, -1]]);
  });
});
