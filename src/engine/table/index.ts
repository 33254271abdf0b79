/**
 * The table as the pages read it: what the screens, their words and the replay may use of
 * the mental-poker table. Its modules (the fold, each step kind, the replica's parts) are
 * its own business; ESLint keeps src/ui to this file, so a change inside the table shows
 * here when the pages would see it. The time controls (`clock.ts`) are read apart: the
 * home screen and the lobby choose one before any table exists, and this file would bring
 * the whole table into their chunk.
 */
export { auditKeyring } from './audit.ts';
export { privateFaces } from './author.ts';
export { isTableBody, type TableBody } from './bodies.ts';
export { CheckBook } from './checks.ts';
export { deckIndex } from './decks.ts';
export { diagnose, type Diagnosis, type ProofKind } from './fold.ts';
export { startsNextGame } from './keys.ts';
export { claimedAbsent } from './leave.ts';
export { playsOn } from './recovery.ts';
export type { Offence, ReplicaRecord, Verdict } from './replica.ts';
export type { Finality } from './leave.ts';
export { auditLog, type AuditDeal, type AuditMove, type AuditReport } from './report.ts';
export { epochsOwed, epochsShuffledBy, owesShuffle } from './shuffle.ts';
export type { Genesis, Step, TableState } from './types.ts';
