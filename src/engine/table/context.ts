import { deriveContext } from '../../../crypto/index.ts';
import type { Seat } from '../game.ts';
import type { TableState } from './types.ts';

/**
 * The context a proof (or commitment) is bound to: the table's genesis, the
 * step number, the kind of event, its author and (for an unlock in several
 * key groups) the group.
 */
export function proofContext(
  state: TableState<unknown>,
  kind: string,
  seat: Seat,
  group = 0,
): Uint8Array {
  return deriveContext('fairdeal/table', state.genesisHash, kind, state.stepNo, seat, group);
}
