/** The three-seat Batailles table the lobby tests and the message checks share. */
import { DEFAULT_CLOCK } from '../../../src/engine/table/clock.ts';
import type { TableInfo } from '../../../src/net/messages.ts';

export const TABLE: TableInfo = {
  id: 'abcdefghij',
  game: 'batailles',
  seats: 3,
  options: { players: 3 },
  clock: DEFAULT_CLOCK,
};

/** A guest's peer id at `TABLE`. */
export const guest = (suffix: string) => `fairdeal-${TABLE.id}-${suffix}`;
