/**
 * The games of Fair Deal, in the order the home screen offers them: the one list of them.
 * Each game's line is in its folder (`info.ts`, made with `gameEntry`) and loads no rules.
 * The catalog, the loaders and the registry are made from this list, and the UI finds
 * each game's folder by its id (`src/ui/games/index.ts`).
 */
import { bataillesEntry } from './batailles/info.ts';
import { blackredEntry } from './blackred/info.ts';
import { redblackEntry } from './redblack/info.ts';
import { townEntry } from './town/info.ts';
import { warEntry } from './war/info.ts';

/** Every game: its info, and where its module and its terms are. */
export const MANIFEST = [
  redblackEntry,
  blackredEntry,
  warEntry,
  townEntry,
  bataillesEntry,
] as const;
