/**
 * Browser entry of the crypto benchmark: bundled by bench/crypto.ts and run in
 * headless Chromium, it exposes the same `runBench` as Node runs.
 */
import { runBench, type BenchResult } from './core.ts';

declare global {
  var fairDealBench: (() => BenchResult) | undefined;
}

globalThis.fairDealBench = () =>
  runBench(`Chromium ${navigator.userAgent.match(/Chrome\/[\d.]+/)?.[0] ?? ''}`.trim(), (line) =>
    console.log(line),
  );
