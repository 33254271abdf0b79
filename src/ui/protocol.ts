/**
 * The protocol panel's steps: each cryptographic step of the log in order, in
 * words and figures: who shuffled which deck, who unlocked which cards for
 * whom, the size of each proof and that it was checked; a refused event names
 * its author and the reason. A pure function of the log's entries, their
 * verdicts and the states before them.
 */
import type { Json } from '../engine/encoding.ts';
import type { LogEntry } from '../engine/log.ts';
import type { Replica, Verdict } from '../engine/table/replica.ts';
import type { TableBody } from '../engine/table/bodies.ts';
import type { TableState } from '../engine/table/types.ts';

/** One step of the protocol as the panel lists it. */
export interface ProtocolStep {
  /** The event's number in the log, from 0. */
  readonly index: number;
  /** Who signed it. */
  readonly author: string;
  /** What it did, in words. */
  readonly text: string;
  /** Bytes of zero-knowledge proofs it carried (0 for steps without). */
  readonly proofBytes: number;
  /** What was checked and held; for a refused event, why it was refused. */
  readonly check: string;
  readonly status: 'checked' | 'void' | 'refused';
}

/** Bytes behind base64 text. */
const base64Bytes = (text: string): number =>
  Math.floor((text.length * 3) / 4) - (text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0);

/** A size for people: bytes below 10 kB, kB above. */
export function sizeWords(bytes: number): string {
  return bytes < 10_000 ? `${bytes} B` : `${(bytes / 1000).toFixed(1)} kB`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The cards named by id, for a line. */
const cardList = (ids: readonly number[]) =>
  ids.length <= 6
    ? `card${ids.length === 1 ? '' : 's'} ${ids.join(', ')}`
    : plural(ids.length, 'card');

/**
 * The game's second look at the last AUDIT, for a game that recorded exhibits
 * (hidden claims, see `Game.audit`): every key open, each claim judged on the
 * cards as they were; empty for any other step.
 */
function judgedClaims(
  before: TableState<Json>,
  after: TableState<Json>,
  names: readonly string[],
): string {
  if (before.exhibits.length === 0 || after.step.type !== 'DONE') return '';
  const caught = after.findings.map((f) => `${names[f.seat] ?? `seat ${f.seat}`} (${f.reason})`);
  const found = caught.length === 0 ? 'nobody caught' : `caught ${caught.join(', ')}`;
  return `; with every key open, ${plural(before.exhibits.length, 'recorded hidden claim')} judged on the cards as they were: ${found}`;
}

/** What one step did, the proofs it carried and what they were checked for. */
function explain(
  body: TableBody,
  before: TableState<Json>,
  after: TableState<Json>,
  names: readonly string[],
): { text: string; proofs: string[]; check: string } {
  const name = (seat: number) => names[seat] ?? `seat ${seat}`;
  const deck = (index: number) => {
    const deckName = before.decks[index]?.name ?? `${index + 1}`;
    return deckName === 'deck' ? 'the deck' : `the ${deckName} deck`;
  };
  const step = before.step;
  switch (body.type) {
    case 'KEY':
      return {
        text: `published ${plural(body.keys.length, 'fresh key')} for the next shuffle`,
        proofs: body.keys.map((k) => k.proof),
        check: 'proof of knowledge of each secret key checked',
      };
    case 'SHUFFLE': {
      const epochs = step.type === 'SHUFFLE' ? step.epochs : [];
      const decks = epochs.map((e) => {
        const epoch = before.epochs[e];
        return epoch ? `${deck(epoch.deck)} (${plural(epoch.cards.length, 'card')})` : 'a deck';
      });
      return {
        text: `shuffled and locked ${decks.join(' and ') || 'the deck'}`,
        proofs: body.shuffles.map((s) => s.proof),
        check:
          'shuffle proof checked: the same cards, re-ordered and locked under the published key',
      };
    }
    case 'UNLOCK': {
      // A COPY step's UNLOCK takes this seat's layer off the copies each other member keeps.
      const cards = step.type === 'UNLOCK' || step.type === 'COPY' ? step.cards : [];
      const to = step.type === 'UNLOCK' || step.type === 'COPY' ? step.to : 'all';
      const whom = to === 'all' ? 'everyone' : to.map(name).join(' and ');
      const copies = step.type === 'COPY' ? 'the copies of ' : '';
      return {
        text: `unlocked ${copies}${cardList(cards)} for ${whom}`,
        proofs: body.shares.map((s) => s.proof),
        check: 'unlock proof checked: the layer removed is the one it put on',
      };
    }
    case 'LOCK': {
      const cards = step.type === 'LOCK' ? step.cards : [];
      return {
        text: `locked ${cardList(cards)} again under their key`,
        proofs: body.shares.map((s) => s.proof),
        check: 'lock proof checked',
      };
    }
    case 'REMASK': {
      const cards = step.type === 'REMASK' ? step.cards : [];
      return {
        text: `re-keyed and shuffled ${cardList(cards)} of their own`,
        proofs: [body.proof, ...body.rekeys],
        check: 're-key and shuffle proofs checked',
      };
    }
    case 'COMMIT':
      return { text: 'committed to a hidden coin bit', proofs: [], check: 'commitment recorded' };
    case 'OPEN':
      return {
        text: `opened their coin bit (${body.bit})`,
        proofs: [],
        check: 'the bit and salt match its commitment',
      };
    case 'AUDIT':
      return {
        text: `published their ${plural(body.secrets.length, 'secret key')} for the audit`,
        proofs: [],
        check: `each secret matches its public key${judgedClaims(before, after, names)}`,
      };
    case 'ACT':
      return {
        text: `made a move (${String(body.action.type ?? 'move').toLowerCase()})`,
        proofs: [],
        check: 'legal by the rules',
      };
    case 'RESIGN':
      return { text: 'left the game', proofs: [], check: 'signed by the player leaving' };
    case 'ABSENT':
      return {
        text: `declared ${name(body.seat)} absent`,
        proofs: [],
        check: `${name(body.seat)} owed an event`,
      };
  }
}

/** One log entry as a protocol step; `before` is the state it was folded on, `after` what it made. */
export function protocolStep(
  index: number,
  entry: LogEntry,
  verdict: Verdict,
  before: TableState<Json>,
  after: TableState<Json>,
  names: readonly string[],
): ProtocolStep {
  const author = names[entry.event.author] ?? `seat ${entry.event.author}`;
  const body = entry.event.body as unknown as TableBody;
  const { text, proofs, check } = explain(body, before, after, names);
  const proofBytes = proofs.reduce((sum, proof) => sum + base64Bytes(proof), 0);
  const step = { index, author, text: `${author} ${text}`, proofBytes };
  if (verdict === 'void')
    return {
      ...step,
      check: 'voided: a concurrent event settled first',
      status: 'void',
    };
  if (typeof verdict === 'object')
    return {
      ...step,
      check: `refused (${verdict.rejected}): ${author} broke the protocol and the table stopped`,
      status: 'refused',
    };
  return { ...step, check, status: 'checked' };
}

/** Every step of a replica's log, in log order. */
export function protocolSteps(replica: Replica<Json>, names: readonly string[]): ProtocolStep[] {
  const verdicts = replica.entryVerdicts;
  return replica.log
    .entries()
    .map((entry, i) =>
      protocolStep(
        i,
        entry,
        verdicts[i]!,
        replica.stateAfter(i)!,
        replica.stateAfter(i + 1)!,
        names,
      ),
    );
}
