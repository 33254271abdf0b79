/**
 * What the tests of the audit's report (`auditReport`) check on any game: the
 * report of a replica, every reader it names against what that seat's keys
 * really read, and each deal's unseen cards against its moves.
 */
import { expect } from 'vitest';
import type { Json } from '../../../src/engine/encoding.ts';
import { auditKeyring } from '../../../src/engine/table/audit.ts';
import { privateFaces } from '../../../src/engine/table/author.ts';
import type { Replica } from '../../../src/engine/table/replica.ts';
import {
  auditLog,
  auditReport,
  type AuditDeal,
  type AuditReport,
} from '../../../src/engine/table/report.ts';

/** The report of `replica`'s game; throws if there is none. */
export function reportOf(replica: Replica<Json>): AuditReport {
  const report = auditReport(auditLog(replica));
  if (!report.ok) throw new Error(report.error);
  return report.value;
}

/** Every (face, seat) the report says was read, against what each seat's keys read at each state. */
export function expectReadersTrue(replica: Replica<Json>, report: AuditReport): void {
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
export function expectUnseenConsistent(deal: AuditDeal): void {
  for (const card of deal.cards) {
    const readers = new Set(card.moves.flatMap((m) => m.to));
    expect([...readers].sort()).toEqual(card.seenBy);
  }
  expect(deal.unseen).toEqual(deal.cards.filter((c) => c.seenBy.length === 0).map((c) => c.face));
}
