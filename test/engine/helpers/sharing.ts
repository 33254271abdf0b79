/**
 * A dealer at a table that shares its locks (sharing.ts), written from the spec as a
 * modified client would be: what a dealing is bound to and shared among, as the fold
 * reads them, and a SHARE whose dealings a test makes (the reference dealer, with a cheat).
 */
import { decodePoint, encodeDealing, toBase64, type Dealing } from '../../../crypto/index.ts';
import type { Json } from '../../../src/engine/encoding.ts';
import type { Seat } from '../../../src/engine/game.ts';
import type { TableBody } from '../../../src/engine/table/bodies.ts';
import { proofContext } from '../../../src/engine/table/context.ts';
import { readEncoding } from '../../../src/engine/table/points.ts';
import type { StepOf } from '../../../src/engine/table/step.ts';
import type { TableState } from '../../../src/engine/table/types.ts';
import type { Player } from './table.ts';

/** What a dealing of `dealer`'s key of `epoch` is bound to and shared among, as the fold reads them. */
export function dealingParts(state: TableState<Json>, dealer: Seat, epoch: number) {
  const ctx = proofContext(state, 'SHARE', dealer, {
    purpose: 'share',
    cards: state.epochs[epoch]!.cards,
  });
  const seats = state.genesis.identities.flatMap((_, s) => (s === dealer ? [] : [s]));
  const holders = seats.map((s) => decodePoint(readEncoding(state.shareKeys![s]!)));
  const E = decodePoint(readEncoding(state.epochs[epoch]!.keys[dealer]!));
  return { ctx, seats, holders, E };
}

/** `player`'s SHARE, its dealings made by `deal`, the `i`-th of its epochs with its key `e`. */
export function shareBy(
  state: TableState<Json>,
  player: Player,
  deal: (e: bigint, parts: ReturnType<typeof dealingParts>, i: number) => Dealing,
): TableBody {
  const step = state.step as StepOf<'SHARE'>;
  const dealings = step.epochs[player.seat]!.map((epoch, i) => {
    const parts = dealingParts(state, player.seat, epoch);
    const e = player.keyring.scalarFor(state.epochs[epoch]!.keys[player.seat]!);
    return toBase64(encodeDealing(deal(e, parts, i)));
  });
  return { type: 'SHARE', dealings };
}
