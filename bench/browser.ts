/**
 * Browser entry of the crypto benchmark: bundled by bench/crypto.ts and run in
 * headless Chromium, it exposes the same `runBench` as Node runs.
 */
import { cryptoReady } from '../crypto/index.ts';
import { runBench, type BenchResult } from './core.ts';

declare global {
  var fairDealBench: (() => Promise<BenchResult>) | undefined;
}

globalThis.fairDealBench = async () => {
  await cryptoReady();
  return runBench(
    `Chromium ${navigator.userAgent.match(/Chrome\/[\d.]+/)?.[0] ?? ''}`.trim(),
    (line) => console.log(line),
  );
};
