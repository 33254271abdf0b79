/**
 * Browser entry of the six-devices model's recording: bundled by bench/devices.ts and
 * run in headless Chromium, it records each table's setup (`recordSetup`) there.
 */
import { loadEveryGame } from '../src/engine/games/registry.ts';
import { recordSetup, type Recording, type Shape } from './steps.ts';

declare global {
  var fairDealSteps: ((shapes: Shape[], seed: number) => Promise<Recording[]>) | undefined;
}

globalThis.fairDealSteps = async (shapes, seed) => {
  // The page starts with no game loaded: each setup reads its game by its id.
  await loadEveryGame();
  const recordings: Recording[] = [];
  for (const shape of shapes) {
    recordings.push(await recordSetup(shape, seed));
    console.log(`recorded ${recordings.at(-1)!.label}`);
  }
  return recordings;
};
