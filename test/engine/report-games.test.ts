/**
 * The audit opened (`auditReport`) on whole games between computer peers over
 * the in-memory network: one of War (one deck of 52) and one of Town for Two
 * (two decks). Left to `npm test`: the mutation run's table part reaches the
 * same code on scripted hands and small decks (`report.test.ts`).
 */
import { describe, expect, test } from 'vitest';
import { localTable } from '../../src/bots/table.ts';
import type { GameId } from '../../src/engine/catalog.ts';
import type { AuditDeal } from '../../src/engine/table/report.ts';
import { expectReadersTrue, expectUnseenConsistent, reportOf } from './helpers/audit-report.ts';
import { lazy } from '../lazy.ts';

/** A whole game between computer peers over the in-memory network; every replica's log. */
async function played(game: GameId) {
  const table = localTable({ game, names: ['Ada', 'Bob'], seed: 5, table: `report-${game}` });
  await table.finished();
  table.close();
  return table.sessions.map((s) => s.replica);
}

describe('a whole game of War', () => {
  const replicas = lazy(() => played('war'));

  test('one deal, two shuffles; every card turned up is read by both, the rest by nobody', async () => {
    const [ada, bob] = await replicas();
    const report = reportOf(ada!);
    expect(reportOf(bob!)).toEqual(report);
    const [deal] = report.deals;
    expect(report.deals).toHaveLength(1);
    expect(deal!.shuffles.map((s) => s.seat)).toEqual([0, 1]);
    for (const s of deal!.shuffles) expect(new Set(s.order).size).toBe(52);
    const faces = ada!.state.faces;
    for (const card of deal!.cards) {
      const up = card.moves.filter((m) => m.kind === 'revealed');
      expect(up.length).toBeLessThanOrEqual(1);
      expect(card.seenBy).toEqual(up.length === 1 ? [0, 1] : []);
    }
    // Nobody reads a War card before it is turned: the unseen are those never turned up.
    const turned = new Set(faces.filter((f) => f !== null));
    expect(deal!.unseen.every((face) => !turned.has(face))).toBe(true);
    expectReadersTrue(ada!, report);
    expectUnseenConsistent(deal!);
  });
});

describe('a whole game of Town for Two', () => {
  const replicas = lazy(() => played('town'));

  test('two decks dealt from one shuffle round; each player reads the cards it draws', async () => {
    const [ada] = await replicas();
    const report = reportOf(ada!);
    expect(report.deals.map((d) => [d.name, d.shuffles.length])).toEqual([
      ['red', 2],
      ['black', 2],
    ]);
    expect(report.deals[0]!.from).toBe(report.deals[1]!.from);
    const dealtTo = (deal: AuditDeal) =>
      new Set(
        deal.cards.flatMap((c) => c.moves.filter((m) => m.kind === 'dealt')).flatMap((m) => m.to),
      );
    // Each player draws from its own deck.
    expect([...dealtTo(report.deals[0]!)]).toEqual([0]);
    expect([...dealtTo(report.deals[1]!)]).toEqual([1]);
    // A card played from the hand is named by the move that plays it.
    const played = report.deals
      .flatMap((d) => d.cards)
      .filter((c) => c.moves.some((m) => m.kind === 'played'));
    expect(played.length).toBeGreaterThan(0);
    for (const card of played)
      expect(card.moves.find((m) => m.kind === 'played')!.action).toBe('play');
    expectReadersTrue(ada!, report);
    for (const deal of report.deals) expectUnseenConsistent(deal);
  });
});
