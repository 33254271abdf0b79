/** Browser entry of bench/group.ts, bundled by bench/group-main.ts. */
import { runGroupBench, type GroupResult } from './group.ts';

declare global {
  var fairDealGroupBench: ((rounds: number) => Promise<GroupResult>) | undefined;
}

globalThis.fairDealGroupBench = (rounds) =>
  runGroupBench('Chromium', rounds, (line) => console.log(line));
