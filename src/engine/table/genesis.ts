/**
 * The hash that names a table's genesis, which every seat signs in the lobby and every
 * event chains from: a module apart from the fold (`fold.ts`), so that the lobby, which
 * a page loads to visit a table, loads none of the fold's proofs.
 */
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { encodeCanonical, sha256Hex, type JsonObject } from '../encoding.ts';
import type { Genesis } from './types.ts';

/**
 * The genesis as JSON, as it is hashed and sent to a spectator: each optional field a
 * table leaves out is absent, so a genesis made before that field hashes as it did.
 */
export function genesisJson(genesis: Genesis): JsonObject {
  const { absentAfterMs, clock, runBy, protocol, ...fields } = genesis;
  return {
    ...fields,
    ...(absentAfterMs === undefined ? {} : { absentAfterMs }),
    ...(clock === undefined ? {} : { clock }),
    ...(runBy === undefined ? {} : { runBy }),
    ...(protocol === undefined ? {} : { protocol }),
  };
}

export const genesisHash = (genesis: Genesis): string =>
  sha256Hex(utf8ToBytes(encodeCanonical(genesisJson(genesis))));
