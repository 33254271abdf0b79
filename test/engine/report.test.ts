/**
 * The audit opened (`auditReport`), against hands played with real cryptography:
 * the recorded hand (a deal, a re-mask, a show to both seats), a scripted table that
 * turns cards up, shuffles them into a new stock and deals a second time, one of two
 * decks dealt from one shuffle round, with moves that name cards, and cards that change
 * hands (a card turned up then dealt; a card passed from one hand to another). Each deck's
 * order after every shuffle is what the audit's keys open; every card a seat is said
 * to have read is one that seat really read (privateFaces with the audit's keys); the
 * cards nobody read are the rest. Whole games of War and Town for Two are in
 * `report-games.test.ts`.
 */
import { describe, expect, test } from 'vitest';
import type { JsonObject } from '../../src/engine/encoding.ts';
import type { Need } from '../../src/engine/game.ts';
import { openWithAudit } from '../../src/engine/table/audit.ts';
import { makeAct } from '../../src/engine/table/author.ts';
import { auditLog, auditReport } from '../../src/engine/table/report.ts';
import { expectReadersTrue, expectUnseenConsistent, reportOf } from './helpers/audit-report.ts';
import { loadHand, recordHand, replicaBefore, signNext, type Recording } from './helpers/cheats.ts';
import { verdictOf } from './helpers/table.ts';
import { lazy } from '../lazy.ts';

const full = (rec: Recording) => replicaBefore(rec, rec.events.length);

describe('the recorded hand', () => {
  // The hand is folded by the first test that asks (`test/lazy.ts`); each test makes the
  // report afresh, so that each one runs the code it checks (a mutant is live only then).
  const rec = lazy(loadHand);
  const replica = lazy(() => full(rec()));
  const report = () => reportOf(replica());
  const deal = () => report().deals[0];

  test('one deal of the deck, shuffled by each seat in turn, each order a permutation', () => {
    expect(report().deals).toHaveLength(1);
    expect(deal()!.shuffles.map((s) => [s.index, s.seat, s.partial])).toEqual([
      [2, 0, false],
      [3, 1, false],
    ]);
    for (const s of deal()!.shuffles) expect([...s.order].sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(report().events).toBe(19);
  });

  test('the last shuffle’s order is what the audit opens where nothing moved since', () => {
    const final = openWithAudit(replica().state);
    const order = deal()!.shuffles[1]!.order;
    // Cards 0 to 2 were dealt and re-masked (permuted among themselves); 3 to 5 never moved.
    expect(final.slice(3)).toEqual(order.slice(3));
    expect([...final.slice(0, 3)].sort()).toEqual([...order.slice(0, 3)].sort());
  });

  test('where each card went: dealt to Bob, re-masked by him, two shown to Ada, one dealt to her; the rest unseen', () => {
    const order = deal()!.shuffles[1]!.order;
    const story = (face: number) =>
      deal()!.cards[face]!.moves.map((m) => `${m.kind} ${m.index} ${m.seat}>${m.to.join('')}`);
    const dealt = order.slice(0, 3);
    const shown = dealt.filter((face) => story(face)[2] === 'shown 13 1>0');
    expect(shown).toHaveLength(2);
    for (const face of dealt)
      expect(story(face)).toEqual([
        'dealt 4 0>1',
        'remasked 5 1>',
        shown.includes(face) ? 'shown 13 1>0' : 'dealt 15 1>0',
      ]);
    // The two shown are the re-masked hand's cards 0 and 1, as the script shows them.
    for (const face of shown) expect(deal()!.cards[face]!.moves[2]!.card).toBeLessThan(2);
    for (const face of order.slice(3)) expect(story(face)).toEqual([]);
    expect(deal()!.unseen).toEqual(order.slice(3).sort());
    expectReadersTrue(replica(), report());
    expectUnseenConsistent(deal()!);
  });

  test('a move made while Bob re-masks (a crossing call) is a move, not a re-mask', () => {
    const log = auditLog(replica());
    const at = log.entries.findIndex((e) => e?.type === 'REMASK');
    // Ada's move, applied just before the re-mask and changing nothing at the table.
    const call = { author: 0, type: 'ACT', action: { type: 'CALL' } };
    const report = auditReport({
      states: [...log.states.slice(0, at + 1), ...log.states.slice(at)],
      entries: [...log.entries.slice(0, at), call, ...log.entries.slice(at)],
    });
    if (!report.ok) throw new Error(report.error);
    const moves = report.value.deals[0]!.cards.flatMap((c) => c.moves);
    expect(moves.filter((m) => m.kind === 'remasked').map((m) => [m.index, m.seat])).toEqual([
      [at + 1, 1],
      [at + 1, 1],
      [at + 1, 1],
    ]);
    expect(moves.filter((m) => m.kind === 'played')).toEqual([]);
  });

  test('no report before every seat has published its secrets', () => {
    expect(auditReport(auditLog(replicaBefore(rec(), rec().events.length - 1)))).toEqual({
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
  const report = () => reportOf(replica());

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

describe('two decks dealt from one shuffle round, and moves that name cards', () => {
  const SCRIPT: Need[] = [
    { type: 'DEAL', cards: [0, 1], to: 0 },
    { type: 'DEAL', cards: [3, 4], to: 1 },
    { type: 'REVEAL', cards: [2] },
    { type: 'ACT', seats: [1] },
  ];
  const DECKS = [
    { name: 'red', size: 3 },
    { name: 'black', size: 3 },
  ];
  // A move names cards by `card` and `cards`; what is no card id names none.
  const MOVE: JsonObject = { type: 'DONE', card: 4, cards: [1, 'two', 0] };
  const rec = lazy(() => recordHand(2, SCRIPT, DECKS, MOVE));
  const replica = lazy(() => full(rec()));
  const report = () => reportOf(replica());

  test('a deal of each deck, from the same shuffle round, each with its own cards', () => {
    const [red, black] = report().deals;
    expect(report().deals.map((d) => [d.deck, d.name, d.from, d.cards.length])).toEqual([
      [0, 'red', red!.shuffles[0]!.index, 3],
      [1, 'black', red!.shuffles[0]!.index, 3],
    ]);
    // Pipelined: red's chain starts at seat 0, black's at seat 1; played one event at a
    // time, seat 1 shuffles both decks in its first event.
    expect(red!.shuffles.map((s) => [s.index, s.seat, s.partial])).toEqual([
      [2, 0, false],
      [3, 1, false],
    ]);
    expect(black!.shuffles.map((s) => [s.index, s.seat, s.partial])).toEqual([
      [3, 1, false],
      [4, 0, false],
    ]);
    for (const deal of [red!, black!])
      for (const s of deal.shuffles) expect([...s.order].sort()).toEqual([0, 1, 2]);
    expect(report().events).toBe(rec().events.length);
  });

  test('who read what: each deck’s dealt cards by their seat, the card turned up by both', () => {
    const [red, black] = report().deals;
    const seen = (deal: typeof red) => deal!.cards.map((c) => c.seenBy);
    const order = (deal: typeof red) => deal!.shuffles.at(-1)!.order;
    // Faces in position order: ids 0 and 1 (3 and 4) dealt, id 2 (5) turned up or unseen.
    expect(order(red).map((face) => seen(red)[face])).toEqual([[0], [0], [0, 1]]);
    expect(order(black).map((face) => seen(black)[face])).toEqual([[1], [1], []]);
    expect(black!.unseen).toEqual([order(black)[2]]);
    expect(red!.unseen).toEqual([]);
    expectReadersTrue(replica(), report());
    for (const deal of report().deals) expectUnseenConsistent(deal);
  });

  test('a move names the cards it plays, by their ids then, with its type', () => {
    const moves = report()
      .deals.flatMap((deal) => deal.cards.flatMap((c) => c.moves))
      .filter((m) => m.kind === 'played');
    const at = rec().events.findIndex((e) => e.event.body.type === 'ACT');
    expect(moves.map((m) => [m.index, m.card, m.seat, m.to, m.action]).sort()).toEqual([
      [at, 0, 1, [], 'done'],
      [at, 1, 1, [], 'done'],
      [at, 4, 1, [], 'done'],
    ]);
    // Each on the face its id held.
    const [red, black] = report().deals;
    for (const [deal, id] of [
      [red!, 0],
      [red!, 1],
      [black!, 1],
    ] as const) {
      const face = deal.shuffles.at(-1)!.order[id]!;
      expect(deal.cards[face]!.moves.at(-1)).toMatchObject({
        kind: 'played',
        card: deal.deck * 3 + id,
      });
    }
  });

  test('an event the table refused is counted, and adds nothing', () => {
    const replica = full(rec());
    const before = reportOf(replica);
    // Bob plays again once the game is over: refused, no move of his.
    const late = signNext(replica.log, rec().players[1]!, makeAct({ type: 'DONE', cards: [2, 5] }));
    replica.receive(late.bytes);
    expect(verdictOf(replica, late.hash)).toMatchObject({ rejected: expect.any(String) });
    expect(reportOf(replica)).toEqual({ ...before, events: before.events + 1 });
  });

  test('the same move naming other things: no type, ids of no deck, a fraction', () => {
    // [the move, what it names: [card id, move's type]]
    const cases: [JsonObject, [number, string][]][] = [
      [{ card: 4 }, [[4, 'move']]],
      [{ type: 'DONE', card: 6, cards: [-1, 1.5, 2] }, [[2, 'done']]],
    ];
    const log = auditLog(replica());
    for (const [action, named] of cases) {
      const entries = log.entries.map((e) => (e?.action ? { ...e, action } : e));
      const report = auditReport({ ...log, entries });
      if (!report.ok) throw new Error(report.error);
      const moves = report.value.deals.flatMap((d) => d.cards.flatMap((c) => c.moves));
      expect(
        moves.filter((m) => m.kind === 'played').map((m) => [m.card, m.action]),
        JSON.stringify(action),
      ).toEqual(named);
    }
  });
});

describe('a card shown to both seats, then turned up at once', () => {
  const SCRIPT: Need[] = [
    { type: 'DEAL', cards: [0, 1], to: 1 },
    { type: 'SHOW', cards: [0], to: [0, 1] },
    { type: 'REVEAL', cards: [0] },
    { type: 'ACT', seats: [1] },
  ];
  const rec = lazy(() => recordHand(2, SCRIPT, 3));
  const replica = lazy(() => full(rec()));

  test('Ada reads it from her copy before it is turned up, not only once it is', () => {
    const [deal] = reportOf(replica()).deals;
    const face = deal!.shuffles.at(-1)!.order[0]!;
    const steps = rec().steps;
    // The show's last copy share, then the reveal's two shares (Ada's, then Bob's).
    const copied = steps.lastIndexOf('COPY');
    const turned = steps.lastIndexOf('UNLOCK');
    expect(deal!.cards[face]!.moves.map((m) => [m.kind, m.index, m.to])).toEqual([
      ['dealt', steps.indexOf('UNLOCK'), [1]],
      ['shown', copied, [0]],
      ['revealed', turned, [0, 1]],
    ]);
    expectReadersTrue(replica(), reportOf(replica()));
  });
});

describe('a card turned up, then dealt to a seat', () => {
  test('everyone read it when it was turned up; nobody reads it anew in the hand', () => {
    const SCRIPT: Need[] = [
      { type: 'REVEAL', cards: [2] },
      { type: 'DEAL', cards: [2], to: 0 },
      { type: 'ACT', seats: [0] },
    ];
    const rec = recordHand(2, SCRIPT, 3);
    const replica = full(rec);
    const [deal] = reportOf(replica).deals;
    const face = deal!.shuffles.at(-1)!.order[2]!;
    // Seat 0 locks the face-up card: then it is its alone, a card it has read already.
    expect(replica.stateAfter(rec.steps.indexOf('LOCK') + 1)!.cards[2]!.layers).toHaveLength(1);
    expect(deal!.cards[face]!.moves.map((m) => [m.kind, m.index, m.to])).toEqual([
      ['revealed', rec.steps.lastIndexOf('UNLOCK'), [0, 1]],
    ]);
    expectReadersTrue(replica, reportOf(replica));
  });
});

describe('a card passed from one hand to another, with a card of the stock', () => {
  test('the new holder reads each card at the share that leaves it the last layer', () => {
    // Card 0 goes to seat 1, then with card 1 to seat 0: seat 0 locks card 0, and seats 1
    // and 2 unlock both. Card 0 is seat 0's after seat 1's share, card 1 after seat 2's.
    const SCRIPT: Need[] = [
      { type: 'DEAL', cards: [0], to: 1 },
      { type: 'DEAL', cards: [0, 1], to: 0 },
      { type: 'ACT', seats: [0] },
    ];
    const rec = recordHand(3, SCRIPT, 3);
    const replica = full(rec);
    const [deal] = reportOf(replica).deals;
    const lock = rec.steps.indexOf('LOCK');
    const story = (id: number) =>
      deal!.cards[deal!.shuffles.at(-1)!.order[id]!]!.moves.map((m) => [m.kind, m.index, m.to]);
    expect(story(0)).toEqual([
      ['dealt', lock - 1, [1]],
      ['dealt', lock + 1, [0]],
    ]);
    expect(story(1)).toEqual([['dealt', lock + 2, [0]]]);
    expect(rec.events.slice(lock + 1, lock + 3).map((e) => e.event.author)).toEqual([1, 2]);
    expectReadersTrue(replica, reportOf(replica));
  });
});

describe('a card shown to three seats, named in the order 2, 1, 0', () => {
  test('the two who read it at the last copy share, in seat order', () => {
    const SCRIPT: Need[] = [
      { type: 'DEAL', cards: [0], to: 2 },
      { type: 'SHOW', cards: [0], to: [2, 1, 0] },
      { type: 'ACT', seats: [2] },
    ];
    const rec = recordHand(3, SCRIPT, 3);
    const [deal] = reportOf(full(rec)).deals;
    const face = deal!.shuffles.at(-1)!.order[0]!;
    expect(deal!.cards[face]!.moves.map((m) => [m.kind, m.index, m.seat, m.to])).toEqual([
      ['dealt', rec.steps.indexOf('REKEY') - 1, 1, [2]],
      ['shown', rec.steps.lastIndexOf('COPY'), 2, [0, 1]],
    ]);
  });
});
