/**
 * Why a refused event was refused, part by part: the fold answers with one
 * error code for a whole event, and a person who wants to see the cheat needs
 * more: which of its proofs failed (the n-th share, over which cards, against
 * which key), what it claimed against what the table expected, which move the
 * rules refused. `diagnose` checks the event's parts again one at a time, with
 * the same contexts and groups the fold uses, and names the first that fails.
 * Only refused events are diagnosed, so the extra checks cost nothing in play.
 */
import { G, pointHex, toHex } from '../../../crypto/index.ts';
import type { Json, JsonObject } from '../encoding.ts';
import type { CardId, Seat } from '../game.ts';
import { parseBody, type Decoded, type Encoding } from './bodies.ts';
import { dleqCheck, keyCheck, runCheck, shuffleCheck, unlockCheck } from './checks.ts';
import { coinCommitment } from './coin.ts';
import { faceOfEncoding } from './decks.ts';
import {
  copyContext,
  copyGroups,
  copyOf,
  lockContext,
  lockGroups,
  allowed,
  unlockContext,
  unlockGroups,
  type AnyGame,
} from './fold.ts';
import { readEncoding, readPoint, writePoint } from './points.ts';
import { openSeal } from './seal.ts';
import { showBase, showKeyContext } from './rekey.ts';
import { rekeyContext, remaskContext, remaskKey } from './remask.ts';
import { keyContext, keyRound, shuffleContext } from './rounds.ts';
import type { Step, TableState } from './types.ts';

/** Which proof a part carries. */
export type ProofKind = 'key' | 'shuffle' | 'unlock' | 'copy' | 'lock' | 'rekey' | 'remask';

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
 * - `other`: nothing more to say than the fold's code.
 */
export type Diagnosis =
  | { readonly kind: 'body'; readonly code: string }
  | { readonly kind: 'not-owed'; readonly owed: readonly { seat: Seat; kind: string }[] }
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
  | { readonly kind: 'other'; readonly code: string };

type Found = Diagnosis | null;

const count = (items: string, claimed: number, expected: number, part: number | null = null) =>
  claimed === expected ? null : ({ kind: 'count', items, claimed, expected, part } as const);

/** The first part of `parts` that `check` finds wrong, or null. */
function first<T>(parts: readonly T[], check: (part: T, index: number) => Found): Found {
  for (const [i, part] of parts.entries()) {
    const found = check(part, i);
    if (found) return found;
  }
  return null;
}

/**
 * Why `author`'s event `body` does not hold on `state` (the state its author
 * saw), given the fold's error `code`. Pure; never throws.
 */
export function diagnose<S extends Json>(
  state: TableState<S>,
  game: AnyGame<S>,
  author: Seat,
  body: JsonObject,
  code: string,
): Diagnosis {
  try {
    const decoded = parseBody(body);
    if (!decoded.ok) return { kind: 'body', code: decoded.error };
    return diagnoseDecoded(state, game, author, decoded.value) ?? { kind: 'other', code };
  } catch {
    return { kind: 'other', code };
  }
}

function diagnoseDecoded<S extends Json>(
  state: TableState<S>,
  game: AnyGame<S>,
  author: Seat,
  body: Decoded,
): Found {
  if (
    body.type === 'RESIGN' ||
    body.type === 'ABSENT' ||
    body.type === 'PRESENT' ||
    body.type === 'CONFIRM'
  )
    return null;
  const owing = allowed(state, game);
  if (!owing.some((o) => o.seat === author && o.kind === body.type))
    return { kind: 'not-owed', owed: owing };
  const step = state.step;
  switch (body.type) {
    case 'KEY':
      return keyParts(state, game, author, body);
    case 'SHUFFLE':
      return shuffleParts(state, author, body);
    case 'UNLOCK':
      return step.type === 'COPY'
        ? copyParts(state, author, body)
        : unlockParts(state, game, author, body);
    case 'LOCK':
      return lockParts(state, author, body);
    case 'REMASK':
      return remaskParts(state, author, body);
    case 'REKEY':
      return rekeyParts(state, author, body);
    case 'AUDIT': {
      const pubs = state.pubs[author]!;
      return (
        count('secrets', body.secrets.length, pubs.length) ??
        first(body.secrets, (s, i) =>
          writePoint(G.multiply(s)) === pubs[i]
            ? null
            : { kind: 'secret', part: i, parts: pubs.length, key: pointHex(readPoint(pubs[i]!)) },
        )
      );
    }
    case 'OPEN': {
      const commit = (step as Extract<Step, { type: 'COIN' }>).commits[author];
      return coinCommitment(state, author, body.bit, body.salt) === commit
        ? null
        : { kind: 'commitment', bit: body.bit };
    }
    case 'UNSEAL':
      if (!openSeal(state, author, body.action, body.salt).ok)
        return { kind: 'seal', action: String(body.action.type ?? 'move') };
      return actParts(state, game, author, body.action);
    case 'ACT':
      return actParts(state, game, author, body.action);
    case 'COMMIT':
    case 'SEAL':
    case 'ACK':
      return null;
  }
}

function actParts<S extends Json>(
  state: TableState<S>,
  game: AnyGame<S>,
  author: Seat,
  action: JsonObject,
): Found {
  const applied = game.move(state.game, { ...action, seat: author, seen: state.acts });
  return applied.ok
    ? null
    : { kind: 'rules', code: applied.error, action: String(action.type ?? 'move') };
}

function keyParts<S extends Json>(
  state: TableState<S>,
  game: AnyGame<S>,
  author: Seat,
  body: Extract<Decoded, { type: 'KEY' }>,
): Found {
  if (body.genesis !== state.genesisHash)
    return { kind: 'genesis', claimed: body.genesis, expected: state.genesisHash };
  const round = keyRound(state, () => game.decks(state.genesis.options));
  return (
    count('keys', body.keys.length, round.groups.length) ??
    first(round.groups, (group, g) => {
      const { pub, proof } = body.keys[g]!;
      return runCheck(keyCheck(keyContext(state, author, round.decks, group), pub, proof))
        ? null
        : proofFailed('key', g, round.groups.length, [], pub);
    })
  );
}

function shuffleParts(
  state: TableState<unknown>,
  author: Seat,
  body: Extract<Decoded, { type: 'SHUFFLE' }>,
): Found {
  const step = state.step as Extract<Step, { type: 'SHUFFLE' }>;
  return (
    count('shuffles', body.shuffles.length, step.epochs.length) ??
    first(step.epochs, (index, g) => {
      const epoch = state.epochs[index]!;
      const { rows, proof } = body.shuffles[g]!;
      const input = epoch.cards.map((id) => [readEncoding(state.cards[id]!.c)]);
      const key = readEncoding(epoch.keys[author]!);
      return (
        count('rows', rows.length, input.length, g) ??
        // Rows decode to one width, so the first row's is every row's (an epoch has cards).
        count('points in a row', rows[0]!.length, 1, g) ??
        (runCheck(shuffleCheck(shuffleContext(state, author, epoch), key, input, rows, proof))
          ? null
          : proofFailed('shuffle', g, step.epochs.length, epoch.cards, key))
      );
    })
  );
}

/** One batch of unlock shares: its cards, the layer key, the points it starts from. */
interface Batch {
  readonly ids: readonly CardId[];
  readonly key: Encoding;
  readonly from: readonly Encoding[];
  readonly context: Uint8Array;
}

/** The first share of `shares` that fails against its batch: count, then proof. */
function shareParts(
  proof: ProofKind,
  batches: readonly Batch[],
  shares: Extract<Decoded, { type: 'UNLOCK' | 'LOCK' }>['shares'],
  reverse = false,
): Found {
  return (
    count('shares', shares.length, batches.length) ??
    first(batches, (batch, g) => {
      const { points, proof: made } = shares[g]!;
      const [before, after] = reverse ? [points, [...batch.from]] : [[...batch.from], points];
      return (
        count('points', points.length, batch.ids.length, g) ??
        (runCheck(unlockCheck(batch.context, batch.key, before, after, made))
          ? null
          : proofFailed(proof, g, batches.length, batch.ids, batch.key))
      );
    })
  );
}

function unlockParts<S extends Json>(
  state: TableState<S>,
  game: AnyGame<S>,
  author: Seat,
  body: Extract<Decoded, { type: 'UNLOCK' }>,
): Found {
  const step = state.step as Extract<Step, { type: 'UNLOCK' }>;
  const batches = unlockGroups(state.cards, step.cards, author).map((ids) => ({
    ids,
    key: readEncoding(state.cards[ids[0]!]!.layers.find((l) => l.seat === author)!.key),
    from: ids.map((id) => readEncoding(state.cards[id]!.c)),
    context: unlockContext(state, author, ids),
  }));
  const found = shareParts('unlock', batches, body.shares);
  if (found || step.to !== 'all' || step.next + 1 < step.order.length) return found;
  // The last share of a reveal: every card must now be a face the rules accept.
  let played = state.game;
  return first(batches, (batch, g) =>
    first(batch.ids, (id, i) => {
      const face = faceOfEncoding(state, id, body.shares[g]!.points[i]!);
      if (face < 0) return { kind: 'face', card: id };
      const applied = game.fact(played, { type: 'REVEAL', card: id, face });
      if (!applied.ok) return { kind: 'reveal', card: id, face, code: applied.error };
      played = applied.value;
      return null;
    }),
  );
}

function copyParts(
  state: TableState<unknown>,
  author: Seat,
  body: Extract<Decoded, { type: 'UNLOCK' }>,
): Found {
  const batches = copyGroups(state, author).map((group) => ({
    ids: group.ids,
    key: readEncoding(group.key),
    from: group.ids.map((id) => readEncoding(copyOf(state, id, group.recipient).c)),
    context: copyContext(state, author, group),
  }));
  return shareParts('copy', batches, body.shares);
}

function lockParts(
  state: TableState<unknown>,
  author: Seat,
  body: Extract<Decoded, { type: 'LOCK' }>,
): Found {
  const step = state.step as Extract<Step, { type: 'LOCK' }>;
  const batches = lockGroups(state, step.cards, author).map((group) => ({
    ids: group.ids,
    key: readEncoding(group.key),
    from: group.ids.map((id) => readEncoding(state.cards[id]!.c)),
    context: lockContext(state, author, group),
  }));
  // A lock is proven as the unlock that takes the locked cards back.
  return shareParts('lock', batches, body.shares, true);
}

function rekeyParts(
  state: TableState<unknown>,
  author: Seat,
  body: Extract<Decoded, { type: 'REKEY' }>,
): Found {
  const step = state.step as Extract<Step, { type: 'REKEY' }>;
  const n = step.cards.length;
  return (
    count('re-keyed cards', body.rekeyed.length, n) ??
    count('re-key proofs', body.rekeys.length, n) ??
    first(step.cards, (id, i) => {
      const card = state.cards[id]!;
      const g = readEncoding(showBase(card, author));
      const statement = [g, body.key, readEncoding(card.c), body.rekeyed[i]!] as const;
      return runCheck(dleqCheck(showKeyContext(state, author, id), statement, body.rekeys[i]!))
        ? null
        : proofFailed('rekey', i, n, [id], g);
    })
  );
}

function remaskParts(
  state: TableState<unknown>,
  author: Seat,
  body: Extract<Decoded, { type: 'REMASK' }>,
): Found {
  const step = state.step as Extract<Step, { type: 'REMASK' }>;
  const keys = step.cards.map((id) => remaskKey(state.cards[id]!, author));
  // A card not the author's alone: the fold refuses the shape before any proof, and its
  // code says so; a proof that fails as well is not what the event was refused for.
  if (keys.some((key) => key === null)) return null;
  const n = step.cards.length;
  const counted =
    count('re-keyed cards', body.rekeyed.length, n) ??
    count('re-key proofs', body.rekeys.length, n) ??
    count('rows', body.rows.length, n);
  if (counted) return counted;
  const rekeyed = first(step.cards, (id, i) => {
    const c = readEncoding(state.cards[id]!.c);
    const g = readEncoding(keys[i]!);
    return runCheck(
      dleqCheck(
        rekeyContext(state, author, id),
        [g, body.key, c, body.rekeyed[i]!],
        body.rekeys[i]!,
      ),
    )
      ? null
      : proofFailed('rekey', i, n, [id], g);
  });
  if (rekeyed) return rekeyed;
  const input = body.rekeyed.map((c) => [c, body.key]);
  return runCheck(
    shuffleCheck(remaskContext(state, author, step.cards), body.pub, input, body.rows, body.proof),
  )
    ? null
    : proofFailed('remask', 0, 1, step.cards, body.pub);
}

const proofFailed = (
  proof: ProofKind,
  part: number,
  parts: number,
  cards: readonly CardId[],
  key: Encoding,
): Diagnosis => ({ kind: 'proof', proof, part, parts, cards, key: toHex(key) });
