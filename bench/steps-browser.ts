/**
 * Browser entry of the six-devices model's recording: bundled by bench/devices.ts and
 * run in headless Chromium, it records each table's setup (`recordSetup`) there.
 */
import { recordSetup, type Recording, type Shape } from './steps.ts';

declare global {
  var fairDealSteps: ((shapes: Shape[], seed: number) => Promise<Recording[]>) | undefined;
}

globalThis.fairDealSteps = async (shapes, seed) => {
  const recordings: Recording[] = [];
  for (const shape of shapes) {
    recordings.push(await recordSetup(shape, seed));
    console.log(`recorded ${recordings.at(-1)!.label}`);
  }
  return recordings;
};
