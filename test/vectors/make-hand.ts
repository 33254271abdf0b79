/**
 * Generates test/vectors/hand.json, the honest scripted hand the adversary
 * tests of the table's checks cheat on (`loadHand` in helpers/cheats.ts):
 * `npx tsx test/vectors/make-hand.ts > test/vectors/hand.json`. Unlike the
 * crypto vectors, regenerate it whenever the table's events change shape:
 * `loadHand` refuses a recording the code no longer plays to its end.
 */
import { recordHand } from '../engine/helpers/cheats.ts';

const text = new TextDecoder();
console.log(JSON.stringify(recordHand().events.map((e) => text.decode(e.bytes))));
