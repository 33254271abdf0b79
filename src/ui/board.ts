/**
 * What every game's board takes from the table screen: the seat's view of the game,
 * and the same players, moves and computer help for every game.
 */
import type { JsonObject } from '../engine/encoding.ts';

export interface BoardProps<View> {
  readonly view: View;
  readonly names: readonly string[];
  /** The moves this seat may make now. */
  readonly legal: readonly JsonObject[];
  /** True while the computer plays for this seat. */
  readonly autoplay: boolean;
  readonly onAct: (action: JsonObject) => void;
  /** Absent where nobody plays (a replay): no auto-play switch is drawn. */
  readonly onAutoplay?: (on: boolean) => void;
}
