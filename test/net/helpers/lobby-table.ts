/** The three-seat Batailles table the lobby tests and the message checks share. */
import { DEFAULT_ABSENT_AFTER_MS } from '../../../src/engine/table/leave.ts';
import type { TableInfo } from '../../../src/net/messages.ts';

export const TABLE: TableInfo = {
  id: 'abcdefghij',
  game: 'batailles',
  seats: 3,
  options: { players: 3 },
  absentAfterMs: DEFAULT_ABSENT_AFTER_MS,
};

/** A guest's peer id at `TABLE`. */
export const guest = (suffix: string) => `fairdeal-${TABLE.id}-${suffix}`;
