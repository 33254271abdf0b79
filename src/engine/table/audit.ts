/**
 * The audit: once the game is over, every seat publishes the secret of every
 * public key it introduced (shuffle keys, re-key keys, re-mask factors), and
 * with them anyone can rebuild the scalar behind every layer key and read
 * every card of every deck still on the table: the second line of defence
 * after the proofs (docs/design.md, Cryptography: the audit).
 */
import {
  G,
  ORDER,
  decodeScalar,
  encodeScalar,
  fromHex,
  openCard,
  pointHex,
  toHex,
} from '../../../crypto/index.ts';
import type { Json } from '../encoding.ts';
import type { AnyGame, CardId, Seat } from '../game.ts';
import { ok } from '../result.ts';
import type { Keyring } from './keyring.ts';
import type { Decoded, TableBody } from './bodies.ts';
import { faceOf } from './decks.ts';
import { FieldError, fields, secret, type Parser } from './parse.ts';
import { readPoint, writePoint } from './points.ts';
import { hasLeft } from './recovery.ts';
import { miscount, refuse, type Folded } from './refusal.ts';
import {
  dutyOf,
  noActs,
  seatsMissing,
  type Applied,
  type Owed,
  type StepKind,
  type Turn,
} from './step.ts';
import type { AuditRecord, TableCard, TableState } from './types.ts';

/** Every seat that has not published its secrets owes its AUDIT, but one that left (recovery.ts). */
export const owesAudit = (state: TableState<unknown>): Owed[] =>
  seatsMissing(state.audit).flatMap((seat) =>
    hasLeft(state, seat) ? [] : [{ seat, kind: 'AUDIT' }],
  );

/**
 * The audit: one secret for each public key the author introduced by an
 * applied event, in order, each matching its key. Secrets are in [1, ℓ) from
 * the parser, so the multiplication never meets a zero. The last one opens
 * every exhibit, and the game judges its hidden claims on them.
 */
export function applyAudit<S extends Json>(
  { state, game, author }: Turn<S, 'AUDIT'>,
  body: Extract<Decoded, { type: 'AUDIT' }>,
): Folded<Applied<S>> {
  const pubs = state.pubs[author]!;
  const parts = pubs.length;
  const counted = miscount('secrets', body.secrets.length, parts, null, 'ERR_AUDIT');
  if (counted) return counted;
  const wrong = body.secrets.findIndex((s, i) => writePoint(G.multiply(s)) !== pubs[i]);
  if (wrong >= 0)
    return refuse('ERR_AUDIT', {
      kind: 'secret',
      part: wrong,
      parts,
      key: pointHex(readPoint(pubs[wrong]!)),
    });
  const record: AuditRecord = { secrets: body.secrets.map((s) => toHex(encodeScalar(s))) };
  const audit = state.audit.map((a, i) => (i === author ? record : a));
  if (owesAudit({ ...state, audit }).length > 0) return ok({ state: { ...state, audit } });
  return ok({ state: judgeClaims({ ...state, audit, step: { type: 'DONE' } }, game) });
}

/**
 * The game's second look (`Game.audit`) at every exhibit the published
 * secrets open: all of them after a full audit; after an audit an ABSENT
 * ended, those whose every layer belongs to a seat that published.
 */
export function judgeClaims<S extends Json>(state: TableState<S>, game: AnyGame<S>): TableState<S> {
  const findings = game.audit?.(state.game, openExhibits(state)) ?? [];
  return { ...state, findings: findings.map(({ seat, reason }) => ({ seat, reason })) };
}

/**
 * The AUDIT body: the secret of every public key this seat introduced by an
 * applied event, in the state's order. Read from the state, so the secrets
 * of a voided event (a re-mask a crossing call overtook) are never published.
 */
export function makeAudit(state: TableState<unknown>, seat: Seat, keyring: Keyring): TableBody {
  const secrets = state.pubs[seat]!.map((pub) => toHex(encodeScalar(keyring.scalarFor(pub))));
  return { type: 'AUDIT', secrets };
}

/** AUDIT: once the game is over, every seat publishes its secrets, in any order. */
export const AUDIT: StepKind<'AUDIT'> = {
  owes: owesAudit,
  acts: noActs,
  events: { AUDIT: applyAudit },
  duty: (state, _, seat) =>
    dutyOf(owesAudit(state), seat, (keyring) => makeAudit(state, seat, keyring)),
};

/** Every layer key whose scalar the published audit reveals, with that scalar. */
export function auditKeyring(state: TableState<unknown>): Map<string, bigint> {
  const scalars = new Map<string, bigint>();
  state.audit.forEach((record, seat) => {
    if (!record) return;
    state.pubs[seat]!.forEach((pub, i) => {
      scalars.set(pub, decodeScalar(fromHex(record.secrets[i]!)));
    });
    // A re-mask leaves its cards under r·K: the re-key secret times the factor.
    for (const { key, pub } of state.remasks[seat]!) {
      const k = scalars.get(key)!;
      const r = scalars.get(pub)!;
      scalars.set(writePoint(readPoint(key).multiply(r)), (k * r) % ORDER);
    }
  });
  return scalars;
}

/**
 * The face of card `id` held as `card` at `state`, with the secrets in
 * `scalars` (`auditKeyring`); -1 where a layer stays closed.
 */
export function openWith(
  scalars: ReadonlyMap<string, bigint>,
  state: TableState<unknown>,
  id: CardId,
  card: Pick<TableCard, 'c' | 'layers'>,
): number {
  const layers = card.layers.map((layer) => scalars.get(layer.key));
  if (!layers.every((s) => s !== undefined)) return -1;
  return faceOf(state, id, openCard(readPoint(card.c), layers));
}

/** The face of every card on the table (its index in its deck) as the audit opens it; -1 where a layer stays closed. */
export function openWithAudit(state: TableState<unknown>): number[] {
  const scalars = auditKeyring(state);
  return state.cards.map((card, id) => openWith(scalars, state, id, card));
}

/**
 * The faces of every exhibit the game recorded, as the audit opens them: the
 * cards as they were when recorded, whatever became of their ids since.
 */
export function openExhibits(state: TableState<unknown>): number[][] {
  const scalars = auditKeyring(state);
  return state.exhibits.map((exhibit) =>
    exhibit.cards.map((id, i) => openWith(scalars, state, id, exhibit.snapshot[i]!)),
  );
}

/** An AUDIT body: the secrets, each in [1, ℓ). */
export const parseAudit: Parser<'AUDIT'> = (body) => {
  fields(body, 'secrets');
  if (!Array.isArray(body.secrets)) throw new FieldError();
  return { type: 'AUDIT', secrets: body.secrets.map(secret) };
};
