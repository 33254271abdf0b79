/**
 * The audit opened (`auditReport`), against games played with real cryptography:
 * the recorded hand (a deal, a re-mask, a show to both seats), a scripted table that
 * turns cards up, shuffles them into a new stock and deals a second time, a whole game
 * of War and one of Town for Two (two decks) between computer peers. Each deck's order
 * after every shuffle is what the audit's keys open; every card a seat is said to
 * have read is one that seat really read (privateFaces with the audit's keys); the
 * cards nobody read are the rest.
 */
import { describe, expect, test } from 'vitest';
import { localTable } from '../../src/bots/table.ts';
import type { Json } from '../../src/engine/encoding.ts';
import type { GameId } from '../../src/engine/catalog.ts';
import type { Need } from '../../src/engine/game.ts';
import { auditKeyring, openWithAudit } from '../../src/engine/table/audit.ts';
import { privateFaces } from '../../src/engine/table/author.ts';
import type { Replica } from '../../src/engine/table/replica.ts';
import {
  auditLog,
  auditReport,
  type AuditDeal,
  type AuditReport,
} from '../../src/engine/table/report.ts';
import { loadHand, recordHand, replicaBefore, type Recording } from './helpers/cheats.ts';
import { lazy } from '../lazy.ts';

const full = (rec: Recording) => replicaBefore(rec, rec.events.length);

function reportOf(replica: Replica<Json>): AuditReport {
  const report = auditReport(auditLog(replica));
  if (!report.ok) throw new Error(report.error);
  return report.value;
}

/** Every (face, seat) the report says was read, against what each seat's keys read at each state. */
function expectReadersTrue(replica: Replica<Json>, report: AuditReport): void {
  const keys = auditKeyring(replica.state);
  const keyring = { has: (k: string) => keys.has(k), scalarFor: (k: string) => keys.get(k)! };
  for (const deal of report.deals)
    for (const card of deal.cards)
      for (const move of card.moves.filter((m) => m.to.length > 0)) {
        const after = replica.stateAfter(move.index + 1)!;
        for (const seat of move.to) {
          const read =
            move.kind === 'revealed'
              ? after.faces[move.card]
              : privateFaces(after, seat, keyring, new Map()).get(move.card);
          expect(read, `${move.kind} at ${move.index} to seat ${seat}`).toBe(card.face);
        }
      }
}

/** Each deal's unseen faces are exactly those no move made readable. */
function expectUnseenConsistent(deal: AuditDeal): void {
  for (const card of deal.cards) {
    const readers = new Set(card.moves.flatMap((m) => m.to));
    expect([...readers].sort()).toEqual(card.seenBy);
  }
  expect(deal.unseen).toEqual(deal.cards.filter((c) => c.seenBy.length === 0).map((c) => c.face));
}

describe('the recorded hand', () => {
  const rec = loadHand();
  const replica = full(rec);
  const report = reportOf(replica);
  const [deal] = report.deals;

  test('one deal of the deck, shuffled by each seat in turn, each order a permutation', () => {
    expect(report.deals).toHaveLength(1);
    expect(deal!.shuffles.map((s) => [s.index, s.seat, s.partial])).toEqual([
      [2, 0, false],
      [3, 1, false],
    ]);
    for (const s of deal!.shuffles) expect([...s.order].sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(report.events).toBe(16);
  });

  test('the last shuffle’s order is what the audit opens where nothing moved since', () => {
    const final = openWithAudit(replica.state);
    const order = deal!.shuffles[1]!.order;
    // Cards 0 to 2 were dealt and re-masked (permuted among themselves); 3 to 5 never moved.
    expect(final.slice(3)).toEqual(order.slice(3));
    expect([...final.slice(0, 3)].sort()).toEqual([...order.slice(0, 3)].sort());
  });

  test('where each card went: dealt to Bob, re-masked by him, two shown to Ada; the rest unseen', () => {
    const order = deal!.shuffles[1]!.order;
    const story = (face: number) =>
      deal!.cards[face]!.moves.map((m) => `${m.kind} ${m.index} ${m.seat}>${m.to.join('')}`);
    const dealt = order.slice(0, 3);
    const shown = dealt.filter((face) => story(face).length === 3);
    expect(shown).toHaveLength(2);
    for (const face of dealt)
      expect(story(face)).toEqual(
        ['dealt 4 0>1', 'remasked 5 1>', 'shown 12 1>0'].slice(0, shown.includes(face) ? 3 : 2),
      );
    // The two shown are the re-masked hand's cards 0 and 1, as the script shows them.
    for (const face of shown) expect(deal!.cards[face]!.moves[2]!.card).toBeLessThan(2);
    for (const face of order.slice(3)) expect(story(face)).toEqual([]);
    expect(deal!.unseen).toEqual(order.slice(3).sort());
    expectReadersTrue(replica, report);
    expectUnseenConsistent(deal!);
  });

  test('no report before every seat has published its secrets', () => {
    expect(auditReport(auditLog(replicaBefore(rec, rec.events.length - 1)))).toEqual({
      ok: false,
      error: 'ERR_NO_AUDIT',
    });
  });
});

describe('cards turned up, shuffled into a new stock, then a second deal', () => {
  const SCRIPT: Need[] = [
    { type: 'DEAL', cards: [0, 1], to: 0 },
    { type: 'REVEAL', cards: [2, 3] },
    { type: 'SHUFFLE', cards: [2, 3] },
    { type: 'DEAL', cards: [2], to: 1 },
    { type: 'SHUFFLE', cards: [0, 1, 2, 3, 4, 5] },
    { type: 'REVEAL', cards: [5] },
    { type: 'ACT', seats: [0] },
  ];
  const rec = lazy(() => recordHand(2, SCRIPT));
  const replica = lazy(() => full(rec()));
  const report = lazy(() => reportOf(replica()));

  test('the new stock is a partial shuffle of the first deal; the whole deck again is a second', () => {
    const [first, second] = report().deals;
    expect(report().deals).toHaveLength(2);
    expect(first!.shuffles.map((s) => [s.seat, s.partial, s.order.length])).toEqual([
      [0, false, 6],
      [1, false, 6],
      [0, true, 2],
      [1, true, 2],
    ]);
    // The turned-up cards, and no others, go into the new stock.
    const turned = first!.cards.filter((c) => c.moves.some((m) => m.kind === 'revealed'));
    expect(turned.map((c) => c.face).sort()).toEqual([...first!.shuffles[3]!.order].sort());
    expect(second!.shuffles.map((s) => [s.seat, s.partial])).toEqual([
      [0, false],
      [1, false],
    ]);
    expect(second!.from).toBeGreaterThan(first!.shuffles[3]!.index);
  });

  test('each deal keeps its own readers: in the second only one card is turned up', () => {
    const [first, second] = report().deals;
    expect(first!.unseen).toHaveLength(2);
    expect(second!.unseen).toHaveLength(5);
    const up = second!.cards.filter((c) => c.seenBy.length > 0);
    expect(up.map((c) => c.moves.map((m) => [m.kind, m.to]))).toEqual([[['revealed', [0, 1]]]]);
    // The card dealt to seat 1 from the new stock is one of the two turned up before.
    const dealt = first!.cards.filter((c) =>
      c.moves.some((m) => m.kind === 'dealt' && m.to.includes(1)),
    );
    expect(dealt).toHaveLength(1);
    expect(dealt[0]!.moves.map((m) => m.kind)).toEqual(['revealed', 'dealt']);
    expectReadersTrue(replica(), report());
    for (const deal of report().deals) expectUnseenConsistent(deal);
  });
});

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
