/**
 * Why the fold refuses an event: its code, and what a person who wants to
 * see the cheat needs besides, built by the check that failed, where it
 * failed: which of its proofs (the n-th share, over which cards, against
 * which key), what it claimed against what the table expected, which move
 * the rules refused.
 */
import { toHex } from '../../../crypto/index.ts';
import type { CardId } from '../game.ts';
import type { Encoding } from './bodies.ts';
import type { LeaveError } from './leave.ts';
import type { Owed } from './step.ts';

export type TableError =
  | 'ERR_NOT_OWED'
  | 'ERR_GENESIS'
  | 'ERR_PROOF'
  | 'ERR_SHAPE'
  | 'ERR_RULES'
  | 'ERR_AUDIT'
  | 'ERR_NOT_OVER'
  | 'ERR_KEY'
  | 'ERR_LEFT'
  | LeaveError;

/** Which proof a part carries. */
export type ProofKind =
  | 'key'
  | 'shuffle'
  | 'unlock'
  | 'copy'
  | 'lock'
  | 'rekey'
  | 'remask'
  | 'dealing'
  | 'complaint'
  | 'recovery';

/**
 * What a refused event claimed against what the check found:
 * - `body`: it does not parse (`code`: `ERR_BODY_FIELDS` or `ERR_BODY_ENCODING`);
 * - `not-owed`: its author owed no event of its kind; `owed` is who might sign what;
 * - `genesis`: its key names another genesis than the table's;
 * - `count`: it holds `claimed` items where the step takes `expected`
 *   (in part `part` of `parts`, when the count is within one part);
 * - `proof`: part `part` of `parts` carries a proof that does not hold, over
 *   `cards` (empty for a key) against the public `key` it must match (hex);
 * - `face`: the last unlock share left card `card` on a point that is no card;
 * - `reveal`: the rules refused card `card` turned up as `face` (`code`, the game's);
 * - `secret`: audit secret `part` of `parts` does not make the public `key` (hex);
 * - `commitment`: the coin bit opened does not match its commitment;
 * - `seal`: the move opened (`action`, its type) does not match its author's seal;
 * - `rules`: the rules refused the move (`code`, the game's; `action`, its type);
 * - `key`: a key that must be fresh is the base point `G` (no layer at all: `used` false)
 *   or one already at the table (`used` true); `key` in hex;
 * - `other`: nothing more to say than the fold's code.
 */
export type Diagnosis =
  | { readonly kind: 'body'; readonly code: string }
  | { readonly kind: 'not-owed'; readonly owed: readonly Owed[] }
  | { readonly kind: 'genesis'; readonly claimed: string; readonly expected: string }
  | {
      readonly kind: 'count';
      readonly items: string;
      readonly claimed: number;
      readonly expected: number;
      readonly part: number | null;
    }
  | {
      readonly kind: 'proof';
      readonly proof: ProofKind;
      readonly part: number;
      readonly parts: number;
      readonly cards: readonly CardId[];
      readonly key: string;
    }
  | { readonly kind: 'face'; readonly card: CardId }
  | { readonly kind: 'reveal'; readonly card: CardId; readonly face: number; readonly code: string }
  | { readonly kind: 'secret'; readonly part: number; readonly parts: number; readonly key: string }
  | { readonly kind: 'commitment'; readonly bit: number }
  | { readonly kind: 'seal'; readonly action: string }
  | { readonly kind: 'rules'; readonly code: string; readonly action: string }
  | { readonly kind: 'key'; readonly key: string; readonly used: boolean }
  | { readonly kind: 'other'; readonly code: string };

/**
 * A refused event: the fold's code (`error`, as in a `Result`), and its
 * diagnosis, null where the code says all there is.
 */
export interface Refusal {
  readonly ok: false;
  readonly error: TableError;
  readonly diagnosis: Diagnosis | null;
}

/** The fold's answer to one event: a `Result` whose failure says why, part by part. */
export type Folded<T> = { readonly ok: true; readonly value: T } | Refusal;

export const refuse = (error: TableError, diagnosis: Diagnosis | null = null): Refusal => ({
  ok: false,
  error,
  diagnosis,
});

/** A refusal (`ERR_SHAPE`, unless `code`) for `claimed` items where the step takes `expected`; null if they agree. */
export const miscount = (
  items: string,
  claimed: number,
  expected: number,
  part: number | null = null,
  code: TableError = 'ERR_SHAPE',
): Refusal | null =>
  claimed === expected ? null : refuse(code, { kind: 'count', items, claimed, expected, part });

/** An `ERR_PROOF` refusal: part `part` of `parts`, over `cards`, does not hold against `key`. */
export const proofFailed = (
  proof: ProofKind,
  part: number,
  parts: number,
  cards: readonly CardId[],
  key: Encoding,
) => refuse('ERR_PROOF', { kind: 'proof', proof, part, parts, cards, key: toHex(key) });

/** The type a move names itself by, as a refusal tells it. */
export const actionName = (action: { readonly type?: unknown }): string =>
  String(action.type ?? 'move');
