/**
 * Loads crypto/'s group backend (libsodium's WebAssembly) before any test, as
 * every thread of the app does before its first proof. Before the seeded
 * randomness: libsodium draws random bytes as it starts.
 */
import { cryptoReady } from '../../crypto/index.ts';

await cryptoReady();
