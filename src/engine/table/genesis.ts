/**
 * The hash that names a table's genesis, which every seat signs in the lobby and every
 * event chains from: a module apart from the fold (`fold.ts`), so that the lobby, which
 * a page loads to visit a table, loads none of the fold's proofs.
 */
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { encodeCanonical, sha256Hex, type Json } from '../encoding.ts';
import type { Genesis } from './types.ts';

export const genesisHash = (genesis: Genesis): string =>
  sha256Hex(utf8ToBytes(encodeCanonical(genesis as unknown as Json)));
