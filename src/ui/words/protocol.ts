/**
 * The protocol panel's steps: each cryptographic step of the log in order, in
 * words and figures: who shuffled which deck, who unlocked which cards for
 * whom, the size of each proof, how long this device took to make and to check
 * it, and what was checked; a refused event names its author, with the
 * evidence: what it claimed against what the check found. A pure function of
 * the replica and the times the page measured.
 */
import type { Json } from '../../engine/encoding.ts';
import type { Seat } from '../../engine/game.ts';
import { eventHash } from '../../engine/events.ts';
import {
  deckIndex,
  diagnose,
  isTableBody,
  type Diagnosis,
  type ProofKind,
  type ReplicaRecord,
  type Step,
  type TableBody,
  type TableState,
} from '../../engine/table/index.ts';
import type { StepTiming } from '../../net/table.ts';
import { gameUi } from '../games/index.ts';
import { faceWords } from './faces.ts';
import { plural } from '../text.ts';

/** The case against a refused event: which event, what it claimed, what the check found. */
export interface Evidence {
  /** The event: its hash (cut short), its author's number for it, its kind. */
  readonly event: string;
  readonly claimed: string;
  readonly found: string;
}

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
  /** How long this device took to make it (its own duties only), in ms; null when it did not. */
  readonly proveMs: number | null;
  /** How long this device took to check it, in ms; null when not measured here. */
  readonly verifyMs: number | null;
  /** For a refused event, the case against it; null otherwise. */
  readonly evidence: Evidence | null;
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

/** What `author`'s UNLOCK share took its layer off, and for whom. */
function unlockWords(step: Step, author: Seat, name: (seat: Seat) => string): string {
  if (step.type === 'UNLOCK' && step.deals) {
    const others = step.deals.filter((deal) => deal.to !== author);
    const each = others.map((deal) => `${name(deal.to)} (${plural(deal.cards.length, 'card')})`);
    return `unlocked the cards dealt to ${each.join(', ')}`;
  }
  // A COPY step's UNLOCK takes this seat's layer off the copies each other member keeps.
  const cards = step.type === 'UNLOCK' || step.type === 'COPY' ? step.cards : [];
  const to = step.type === 'UNLOCK' || step.type === 'COPY' ? step.to : 'all';
  const whom = to === 'all' ? 'everyone' : to.map(name).join(' and ');
  const copies = step.type === 'COPY' ? 'the copies of ' : '';
  return `unlocked ${copies}${cardList(cards)} for ${whom}`;
}

/** What one step did, the proofs it carried and what they were checked for. */
function explain(
  body: TableBody,
  author: Seat,
  before: TableState<Json>,
  after: TableState<Json>,
  names: readonly string[],
): { text: string; proofs: string[]; check: string } {
  const name = (seat: number) => names[seat] ?? `seat ${seat}`;
  const deck = (index: number) => {
    const named = gameUi(before.genesis.game)?.deckWords?.(index, names);
    if (named) return named;
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
    case 'SHARE':
      return {
        text: `shared ${plural(body.dealings.length, 'lock')} among the other players, all of them needed to use one`,
        proofs: body.dealings,
        check:
          'each share set checked against the lock it shares: all the others are needed to use it',
      };
    case 'HELD':
      return body.complaints.length === 0
        ? {
            text: 'said every share they were given opens',
            proofs: [],
            check: 'nothing to check: a share that does not open would be shown here',
          }
        : {
            text: `showed ${plural(body.complaints.length, 'share')} they were given that does not open`,
            proofs: body.complaints.map((c) => c.complaint),
            check: "the share was opened for everyone and checked against its dealer's commitments",
          };
    case 'SHUFFLE': {
      // A pipelined shuffle names its epochs; one in turn shuffles every epoch of the round.
      const named = body.shuffles.flatMap((s) => (s.epoch === undefined ? [] : [s.epoch]));
      const epochs = named.length > 0 ? named : step.type === 'SHUFFLE' ? step.epochs : [];
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
    case 'UNLOCK':
      return {
        text: unlockWords(step, author, name),
        proofs: body.shares.map((s) => s.proof),
        check: 'unlock proof checked: the layer removed is the one it put on',
      };
    case 'RECOVER': {
      const leaver = step.type === 'RECOVER' ? name(step.seat) : 'the leaver';
      const cards = step.type === 'RECOVER' ? step.cards : [];
      return {
        text: `gave their shares of ${leaver}'s lock on ${cardList(cards)}`,
        proofs: body.shares.map((s) => s.proof),
        check: `recovery proof checked: each share is the one ${leaver} dealt them at the start`,
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
    case 'REKEY': {
      const cards = step.type === 'REKEY' ? step.cards : [];
      return {
        text: `locked ${cardList(cards)} under a fresh key of their own for this show`,
        proofs: body.rekeys,
        check: 're-key proofs checked: every card moved to the one fresh key',
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
    case 'SEAL':
      return {
        text: 'sealed their move: committed to it, hidden until the other players have seen it',
        proofs: [],
        check: 'commitment recorded',
      };
    case 'ACK':
      return {
        text: 'saw that a move was sealed',
        proofs: [],
        check: 'from here on, they act only on the state after that move',
      };
    case 'UNSEAL':
      return {
        text: `opened their sealed move (${String(body.action.type ?? 'move').toLowerCase()})`,
        proofs: [],
        check: 'the move and salt match the seal; legal by the rules',
      };
    case 'RESIGN':
      return { text: 'left the game', proofs: [], check: 'signed by the player leaving' };
    case 'ABSENT':
      return {
        text: `declared ${name(body.seat)} absent`,
        proofs: [],
        check: `the table waited on ${name(body.seat)}`,
      };
    case 'PRESENT':
      return {
        text: 'answered a claim that they were absent',
        proofs: [],
        check: 'it answers a claim that named its author',
      };
    case 'SEEN':
      return {
        text: 'said their turn reached them late: their time runs from here',
        proofs: [],
        check: 'the table waited on its author, who had not said so since it last moved',
      };
    case 'CONFIRM':
      return {
        text: 'confirmed how the game ended',
        proofs: [],
        check: 'signed after every event of the game it names',
      };
  }
}

/** An event's kind in words, with its article: "an unlock", "a shuffle". */
const kindWords = (type: string) => {
  const kind = type.toLowerCase();
  return `${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind}`;
};

/** A key or a hash cut short for people: enough to tell two apart. */
const short = (text: string) => `${text.slice(0, 12)}…`;

/** A time for people: ms below a second, seconds above. */
export function timeWords(ms: number): string {
  return ms < 1000 ? `${Math.max(1, Math.round(ms))} ms` : `${(ms / 1000).toFixed(1)} s`;
}

const PROOFS: Record<ProofKind, string> = {
  key: 'the proof of knowledge of the secret key',
  shuffle: 'the shuffle proof',
  unlock: 'the unlock share',
  copy: 'the unlock share of the copies',
  lock: 'the lock share',
  rekey: 'the re-key proof',
  remask: 'the re-mask shuffle proof',
  dealing: 'the shared lock',
  complaint: 'the complaint against a share',
  recovery: "the share of a leaver's lock",
};

/** What a refused event claimed against what the check found, in words. */
function evidenceWords(
  diagnosis: Diagnosis,
  type: string,
  who: string,
  seen: TableState<Json>,
  names: readonly string[],
): { claimed: string; found: string } {
  const name = (seat: number) => names[seat] ?? `seat ${seat}`;
  switch (diagnosis.kind) {
    case 'body':
      return {
        claimed: `${kindWords(type)} event`,
        found: `its body does not parse (${diagnosis.code})`,
      };
    case 'not-owed': {
      const owed = diagnosis.owed.map((o) => `${name(o.seat)}'s ${o.kind.toLowerCase()}`);
      return {
        claimed: `${who}'s ${type.toLowerCase()}`,
        found: `the table waited for ${owed.length > 0 ? owed.join(' or ') : 'nobody'}, not for that (ERR_NOT_OWED)`,
      };
    }
    case 'genesis':
      return {
        claimed: `keys for the game with genesis ${short(diagnosis.claimed)}`,
        found: `this table's genesis is ${short(diagnosis.expected)} (ERR_GENESIS)`,
      };
    case 'count': {
      const where = diagnosis.part === null ? '' : ` in part ${diagnosis.part + 1}`;
      return {
        claimed: `${diagnosis.claimed} ${diagnosis.items}${where}`,
        found: `the step takes ${diagnosis.expected} (ERR_SHAPE)`,
      };
    }
    case 'proof': {
      const of = diagnosis.parts > 1 ? ` (${diagnosis.part + 1} of ${diagnosis.parts})` : '';
      const cards = diagnosis.cards.length > 0 ? `, over ${cardList(diagnosis.cards)}` : '';
      return {
        claimed: `${PROOFS[diagnosis.proof]}${of}${cards}, under the public key ${short(diagnosis.key)}`,
        found: 'that proof does not hold for that key and those cards (ERR_PROOF)',
      };
    }
    case 'face':
      return {
        claimed: `the last unlock share of card ${diagnosis.card}`,
        found: 'it leaves a point that is no card of its deck (ERR_PROOF)',
      };
    case 'reveal': {
      const deck = deckIndex(seen.decks, diagnosis.card);
      return {
        claimed: `the unlock share that turns up card ${diagnosis.card}`,
        found: `the card is ${faceWords(seen, deck, diagnosis.face)}, which the rules refuse (${diagnosis.code})`,
      };
    }
    case 'secret':
      return {
        claimed: `audit secret ${diagnosis.part + 1} of ${diagnosis.parts}, for the public key ${short(diagnosis.key)}`,
        found: 'that secret does not make that public key (ERR_AUDIT)',
      };
    case 'commitment':
      return {
        claimed: `coin bit ${diagnosis.bit}`,
        found: `it does not match ${who}'s commitment (ERR_PROOF)`,
      };
    case 'seal':
      return {
        claimed: `the sealed move ${diagnosis.action.toLowerCase()}`,
        found: `it does not match ${who}'s seal (ERR_PROOF)`,
      };
    case 'rules':
      return {
        claimed: `the move ${diagnosis.action.toLowerCase()}`,
        found: `the rules refuse it (${diagnosis.code})`,
      };
    case 'key':
      return {
        claimed: `a fresh key ${short(diagnosis.key)}`,
        found: diagnosis.used
          ? 'that key is already at the table: a fresh key must be new (ERR_KEY)'
          : 'that key is the base point G, a layer that hides nothing (ERR_KEY)',
      };
    case 'other':
      return { claimed: `${kindWords(type)} event`, found: `refused (${diagnosis.code})` };
  }
}

/**
 * Log entry `index` of `replica` as a protocol step, with this device's times
 * over it (`timing`) when the page measured them.
 */
export function protocolStep(
  replica: ReplicaRecord<Json>,
  index: number,
  names: readonly string[],
  timing?: StepTiming,
): ProtocolStep {
  const entry = replica.log.entries()[index]!;
  const verdict = replica.entryVerdicts[index]!;
  const before = replica.stateAfter(index)!;
  const after = replica.stateAfter(index + 1)!;
  const { event } = entry;
  const author = names[event.author] ?? `seat ${event.author}`;
  // A body of the wrong shape is refused; what it claims is not read, as it may not be there.
  const { text, proofs, check } = isTableBody(event.body)
    ? explain(event.body, event.author, before, after, names)
    : { text: 'sent a malformed event', proofs: [], check: 'malformed' };
  const proofBytes = proofs.reduce((sum, proof) => sum + base64Bytes(proof), 0);
  const step = {
    index,
    author,
    text: `${author} ${text}`,
    proofBytes,
    proveMs: timing?.proveMs ?? null,
    verifyMs: timing?.verifyMs ?? null,
    evidence: null,
  };
  if (verdict === 'void')
    return {
      ...step,
      check: 'voided: a concurrent event settled first',
      status: 'void',
    };
  if (typeof verdict === 'object') {
    const seen = replica.stateSeen(index);
    const diagnosis = diagnose(seen, replica.game, event.author, event.body, verdict.rejected);
    const type = event.body.type;
    return {
      ...step,
      check: `refused (${verdict.rejected}): ${author} broke the protocol and the table stopped`,
      status: 'refused',
      evidence: {
        event: `${short(entry.hash)}, ${author}'s event ${event.seq}, ${kindWords(type)}`,
        ...evidenceWords(diagnosis, type, author, seen, names),
      },
    };
  }
  return { ...step, check, status: 'checked' };
}

/**
 * Two events one seat signed under one number: caught by the log before any
 * fold, so no entry holds them. Each is a refused step after the log's
 * entries, its author named, the two events' hashes as the evidence.
 */
export function equivocationSteps(
  replica: ReplicaRecord<Json>,
  names: readonly string[],
): ProtocolStep[] {
  return replica.log.equivocations.map((e, i) => {
    const author = names[e.author] ?? `seat ${e.author}`;
    const [one, two] = e.events.map((bytes) => short(eventHash(bytes)));
    return {
      index: replica.log.size + i,
      author,
      text: `${author} signed two different events as their event ${e.seq}`,
      proofBytes: 0,
      proveMs: null,
      verifyMs: null,
      check: `refused (ERR_EQUIVOCATION): ${author} broke the protocol and the table stopped`,
      status: 'refused',
      evidence: {
        event: `${one} and ${two}, both ${author}'s event ${e.seq}`,
        claimed: `two events, each signed by ${author}, under one number`,
        found: `an honest player signs one event per number: ${author} told seats different stories (ERR_EQUIVOCATION)`,
      },
    };
  });
}

/**
 * Every step of a replica's log judged so far, in log order, then any equivocation;
 * `timings` by event hash. Entries waiting on a proof check are not steps yet.
 */
export function protocolSteps(
  replica: ReplicaRecord<Json>,
  names: readonly string[],
  timings: ReadonlyMap<string, StepTiming> = new Map(),
): ProtocolStep[] {
  return [
    ...replica.log
      .entries()
      .slice(0, replica.entryVerdicts.length)
      .map((entry, i) => protocolStep(replica, i, names, timings.get(entry.hash))),
    ...equivocationSteps(replica, names),
  ];
}
