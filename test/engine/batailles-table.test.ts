/**
 * Batailles et piques on the mental-poker table, with real cryptography, at
 * three seats and for a few turns: every army shuffled by every seat, a
 * fight shown to its two fighters and to nobody else (the third seat's
 * replica and keys learn no face of it), a lying word on a fight disputed,
 * then caught by the audit on every replica, and a liar who will not open
 * its keys named for that.
 */
import { describe, expect, test } from 'vitest';
import { cardIndex, invertScalar } from '../../crypto/index.ts';
import { batailles, type BataillesState } from '../../src/engine/games/batailles/index.ts';
import { deckId } from '../../src/engine/table/fold.ts';
import { readPoint } from '../../src/engine/table/points.ts';
import type { TableCard, TableState } from '../../src/engine/table/types.ts';
import { describeAudit, makeTranscript, verifyTranscript } from '../../src/engine/transcript.ts';
import { lazy } from '../lazy.ts';
import { known, lyingTable, run } from './helpers/batailles-table.ts';
import { Table, feed, makePlayers, type Player } from './helpers/table.ts';
import { DEFAULT_CLOCK } from '../../src/engine/table/clock.ts';

/** What `player` makes of `card` with every secret it holds: its face, or -1. */
function reads(state: TableState<unknown>, player: Player, id: number, card: TableCard): number {
  let p = readPoint(card.c);
  for (const layer of card.layers)
    if (player.keyring.has(layer.key))
      p = p.multiply(invertScalar(player.keyring.scalarFor(layer.key)));
  const deck = state.decks[Math.floor(id / 16)]!;
  return cardIndex(deckId(state.genesis, deck.name), deck.size, p);
}

const fighting = (s: TableState<BataillesState>) => s.game.fight?.shown === true;

describe('a fight on the table', () => {
  const table = Table.of(makePlayers(3), batailles, { players: 3 });
  const shown = lazy(() => {
    run(table, fighting);
    const state = table.replicas[0]!.state;
    const fight = state.game.fight!;
    const third = [0, 1, 2].find((s) => s !== fight.attacker && s !== fight.defender)!;
    const cards = [...fight.attackers, ...fight.defenders];
    const faces = known(table, fight.attacker);
    return { state, fight, third, cards, faces: cards.map((card) => faces.get(card)) };
  });

  test('every army is shuffled by every seat under its own fresh keys', () => {
    const { state } = shown();
    expect(state.epochs.map((e) => [e.deck, e.cards.length])).toEqual([
      [0, 16],
      [1, 16],
      [2, 16],
    ]);
    expect(new Set(state.epochs.flatMap((e) => e.keys)).size).toBe(9);
  });

  test('both fighters read every card of the fight, the same faces', () => {
    const { fight, cards } = shown();
    const [a, d] = [known(table, fight.attacker), known(table, fight.defender)];
    for (const card of cards) {
      expect(a.get(card)).toBeGreaterThanOrEqual(0);
      expect(a.get(card)).toBe(d.get(card));
    }
  });

  test("the third seat's replica and keys learn no face of it, and nothing is public", () => {
    const { state, third, cards } = shown();
    const player = table.players[third]!;
    expect(cards.some((card) => known(table, third).has(card))).toBe(false);
    for (const card of cards) {
      expect(state.faces[card]).toBeNull();
      expect(state.game.faces[card]).toBeNull();
      expect(reads(state, player, card, state.cards[card]!)).toBe(-1);
      for (const copy of state.copies.filter((c) => c.card === card))
        expect(reads(state, player, card, copy)).toBe(-1);
    }
    const view = batailles.view(state.game, third, known(table, third));
    const seen = [...view.fight!.attackers, ...view.fight!.defenders];
    expect(seen.map((c) => c.face)).toEqual(cards.map(() => null));
    // Every replica holds the same state: nothing of the fight is in it for the third to find.
    expect(new Set(table.replicas.map((r) => r.stateHash)).size).toBe(1);
  });

  test('after the fight the dead are faceup for all; a survivor stays unknown to the third seat', () => {
    const { third, cards, faces } = shown();
    run(table, (s) => s.game.fight === null && s.game.stage.type !== 'DEATHS');
    const state = table.replicas[0]!.state;
    const dead = state.game.fights[0]!.announcements[0]!.deaths!;
    expect(dead.length).toBeGreaterThan(0);
    cards.forEach((card, i) => {
      if (dead.includes(card)) expect(state.game.faces[card]).toBe(faces[i]);
      else expect(known(table, third).has(card)).toBe(false);
    });
    expect(table.replicas.every((r) => r.offences().length === 0)).toBe(true);
  });
});

describe('a lying word on a fight', () => {
  const players = makePlayers(3);
  const recorded = lazy(() => lyingTable(players));

  test('is disputed by the other fighter: the game stops there, with no winner yet', () => {
    const { table, liar } = recorded();
    const { game } = table.replicas[0]!.state;
    const fight = game.fights.at(-1)!;
    expect(fight.announcements[0]).toEqual({ seat: liar, deaths: [] });
    expect(fight.announcements[1]!.deaths).not.toEqual([]);
    expect(game.result).toMatchObject({ reason: 'DISPUTE', winners: [] });
    expect(table.replicas[0]!.outcome()).toEqual({ result: 'draw', reason: 'DISPUTE' });
  });

  test('the audit names the liar on every replica, and nobody else; the others win', () => {
    const { table, liar } = recorded();
    run(table, (s) => s.step.type === 'DONE');
    const names = table.replicas[0]!.genesis.names;
    for (const replica of table.replicas) {
      expect(replica.state.findings).toEqual([{ seat: liar, reason: 'ERR_FIGHT_RESULT' }]);
      expect(replica.offences()).toEqual([
        { seat: liar, reason: 'ERR_FIGHT_RESULT', event: 'audit' },
      ]);
      expect(replica.outcome()).toEqual({
        result: 'win',
        winners: [0, 1, 2].filter((s) => s !== liar),
        reason: `the audit caught ${names[liar]}`,
      });
    }
    expect(new Set(table.replicas.map((r) => r.stateHash)).size).toBe(1);
  });

  test("its transcript: npm run verify's check rebuilds the finding and names the liar", () => {
    const { table, liar } = recorded();
    run(table, (s) => s.step.type === 'DONE');
    const verified = verifyTranscript(
      JSON.parse(JSON.stringify(makeTranscript(table.replicas[0]!))),
    );
    if (!verified.ok) throw new Error(JSON.stringify(verified.fault));
    expect(verified.findings).toEqual([{ seat: liar, reason: 'ERR_FIGHT_RESULT' }]);
    const name = verified.genesis.names[liar]!;
    expect(verified.outcome).toMatchObject({ reason: `the audit caught ${name}` });
    expect(describeAudit(verified)).toBe(`audit caught ${name} (ERR_FIGHT_RESULT)`);
  });

  test('a liar who will not open its keys loses for that, and is caught all the same', () => {
    const { liar, events } = recorded();
    const table = Table.of(players, batailles, { players: 3 });
    for (const e of events) for (const replica of table.replicas) feed(replica, e.bytes);
    const honest = [0, 1, 2].filter((s) => s !== liar);
    for (const seat of honest) table.duty(seat);
    expect(table.replicas[0]!.owed()).toEqual([{ seat: liar, kind: 'AUDIT' }]);
    table.play(honest[0]!, { type: 'ABSENT', seat: liar }, DEFAULT_CLOCK.dutyMs);
    const names = table.replicas[0]!.genesis.names;
    // The other fighter's copies of the fight open with its own keys.
    for (const replica of table.replicas) {
      expect(replica.state.findings).toEqual([{ seat: liar, reason: 'ERR_FIGHT_RESULT' }]);
      expect(replica.outcome()).toEqual({
        result: 'win',
        winners: honest,
        reason: `the audit caught ${names[liar]}; ${names[liar]} did not open their keys for the audit`,
      });
    }
  });
});
