/** Table and peer ids: random, URL-safe and acceptable to PeerServer. */

const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const TABLE_ID = /^[a-z2-9]{10}$/;

/** A random id of `length` characters from an unambiguous alphabet (32 symbols, 5 bits each). */
export function randomId(length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  // 256 is a multiple of 32, so the low five bits are uniform.
  return Array.from(bytes, (b) => ALPHABET[b & 31]).join('');
}

export const newTableId = (): string => randomId(10);

export const isTableId = (value: unknown): value is string =>
  typeof value === 'string' && TABLE_ID.test(value);

/** The creator of a table listens under a peer id every joiner can derive from the link. */
export const hostPeerId = (tableId: string): string => `fairdeal-${tableId}-host`;

export const guestPeerId = (tableId: string): string => `fairdeal-${tableId}-${randomId(8)}`;

/** A peer id of any table: the host's, or a guest's. */
export const isPeerId = (value: unknown): value is string =>
  typeof value === 'string' && /^fairdeal-[a-z2-9]{10}-[a-z2-9]{4,8}$/.test(value);

export const isPeerIdOf = (tableId: string, value: unknown): value is string =>
  typeof value === 'string' && new RegExp(`^fairdeal-${tableId}-[a-z2-9]{4,8}$`).test(value);
