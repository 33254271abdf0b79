/**
 * The audit view in words: the engine's `auditReport` (every card opened with
 * the published keys) told for people, deal by deal: each deck's order after
 * every shuffle, where each card went, the cards nobody saw; and whether every
 * player's replica reached the same state hash (`hashRows`). The cards are
 * opened in the page's crypto pool, never in its own thread; the words are
 * pure, so they are tested against real games; the component only draws them.
 */
import type { Json } from '../../engine/encoding.ts';
import {
  auditLog,
  type AuditDeal,
  type AuditMove,
  type AuditReport,
  type ReplicaRecord,
  type TableState,
} from '../../engine/table/index.ts';
import type { CryptoPool } from '../../net/pool.ts';
import type { PeerHash } from '../../net/table.ts';
import { describeFinding } from './describe.ts';
import { faceWords } from './faces.ts';
import { gameUi } from '../games/index.ts';
import { plural } from '../text.ts';
import { together } from '../text.ts';

/** One player's replica as the audit view shows it. */
export interface HashRow {
  readonly name: string;
  /** The hash cut short; null while that player has not said. */
  readonly hash: string | null;
  /**
   * `self`: this page's; `same` or `different` from it after as many events;
   * `elsewhere`: told after another number of events; `waiting`: not told yet;
   * `left`: resigned, its page closed before the table's last events (the others'
   * confirmations of the ending), so it never tells a hash to compare.
   */
  readonly status: 'self' | 'same' | 'different' | 'elsewhere' | 'waiting' | 'left';
  /** In words, for the row. */
  readonly words: string;
}

/** One shuffle: whose, and the deck's order after it. */
export interface ShuffleWords {
  readonly title: string;
  readonly cards: readonly string[];
}

/** One deal of one deck, in words. */
export interface DealWords {
  readonly title: string;
  readonly shuffles: readonly ShuffleWords[];
  /** Each card, in face order, with where it went. */
  readonly cards: readonly { readonly face: string; readonly story: string }[];
  readonly unseen: readonly string[];
  /** How many cards nobody saw, in words. */
  readonly unseenWords: string;
}

/** The audit view's cards: what the keys open. */
export interface AuditWords {
  /**
   * For a game with hidden claims (Batailles' fights, passes and lays), the audit's
   * verdict on them, `caught` when it named anyone; null for a game with none.
   */
  readonly claims: { readonly text: string; readonly caught: boolean } | null;
  readonly summary: string;
  readonly deals: readonly DealWords[];
}

/** Every replica's state hash: each player's row, and the verdict in one line. */
export interface HashWords {
  readonly rows: readonly HashRow[];
  readonly verdict: string;
  readonly agreed: boolean;
}

const short = (hash: string) => `${hash.slice(0, 16)}…`;

/**
 * Every player's state hash against this page's. `peers[seat]` is what that
 * seat said it reached (null: not yet, or a replay, which has no peers);
 * `self` is this page's seat (null: a replay, where no seat is this page's).
 */
export function hashRows(
  replica: ReplicaRecord<Json>,
  names: readonly string[],
  self: number | null,
  peers: readonly (PeerHash | null)[],
  /** Who this page is, in the first row: its seat's player, unless said (a spectator). */
  selfName = self === null ? '' : (names[self] ?? `seat ${self}`),
): HashWords {
  const mine = { events: replica.log.size, hash: replica.stateHash };
  const after = plural(mine.events, 'event');
  if (self === null)
    return {
      rows: [],
      agreed: true,
      verdict: `This replay reached state hash ${short(mine.hash)} after ${after}. A transcript holds no player's own hash: the audit view at the table compares them.`,
    };
  const { ending } = replica.state;
  const others = names.flatMap((name, seat): HashRow[] => {
    if (seat === self) return [];
    const told = peers[seat];
    const hash = told ? short(told.hash) : null;
    if (ending?.type === 'RESIGN' && ending.seat === seat && told?.events !== mine.events)
      return [
        {
          name,
          hash,
          status: 'left',
          words: told
            ? `resigned and left after ${plural(told.events, 'event')}, before the last`
            : 'resigned and left before saying',
        },
      ];
    // A seat the table played on without (a big table): it stopped where it left.
    if (replica.state.left?.some((d) => d.seat === seat) && told?.events !== mine.events)
      return [
        {
          name,
          hash,
          status: 'left',
          words: told
            ? `left the game after ${plural(told.events, 'event')}, before the last`
            : 'left the game before saying',
        },
      ];
    if (!told || hash === null)
      return [{ name, hash: null, status: 'waiting', words: 'has not said yet' }];
    if (told.events !== mine.events)
      return [
        {
          name,
          hash,
          status: 'elsewhere',
          words: `after ${plural(told.events, 'event')}, not ${mine.events}: not comparable yet`,
        },
      ];
    return told.hash === mine.hash
      ? [{ name, hash, status: 'same', words: 'the same state' }]
      : [{ name, hash, status: 'different', words: 'a different state' }];
  });
  const rows: HashRow[] = [
    {
      name: selfName,
      hash: short(mine.hash),
      status: 'self',
      words: 'this page',
    },
    ...others,
  ];
  const different = others.filter((row) => row.status === 'different');
  const left = others.filter((row) => row.status === 'left');
  const pending = others.filter((row) => row.status !== 'same' && row.status !== 'left');
  const list = (found: readonly HashRow[]) => found.map((row) => row.name).join(' and ');
  if (different.length > 0)
    return {
      rows,
      agreed: false,
      verdict: `${list(different)} reached a different state from the same ${after}: the replicas disagree.`,
    };
  if (pending.length > 0)
    return {
      rows,
      agreed: false,
      verdict: `This page reached ${short(mine.hash)} after ${after}; waiting for ${list(pending)} to say theirs.`,
    };
  if (left.length > 0)
    return {
      rows,
      agreed: true,
      verdict:
        left.length === others.length
          ? `This page reached ${short(mine.hash)} after ${after}. ${list(left)} left before the last, so no other replica is there to compare.`
          : `Every replica still at the table reached the same state hash, ${short(mine.hash)}, after the same ${after}; ${list(left)} left before the last.`,
    };
  return {
    rows,
    agreed: true,
    verdict: `Every player's replica reached the same state hash, ${short(mine.hash)}, after the same ${after}.`,
  };
}

/** One move of a card, in words. */
function moveWords(move: AuditMove, names: readonly string[]): string {
  const name = (seat: number) => names[seat] ?? `seat ${seat}`;
  const step = ` (step ${move.index})`;
  switch (move.kind) {
    case 'dealt':
      return `dealt to ${move.to.map(name).join(' and ')}${step}`;
    case 'shown':
      return `shown to ${move.to.map(name).join(' and ')}${step}`;
    case 'revealed':
      return `turned face up${step}`;
    case 'remasked':
      return `re-masked in ${name(move.seat)}'s hand${step}`;
    case 'played':
      return `${name(move.seat)} played it (${move.action})${step}`;
  }
}

/** A deal's title: its deck (`named` by the game, if it names it), and which deal of that deck it is when there are several. */
function dealTitle(deal: AuditDeal, named: string | undefined, number: number, of: number): string {
  const deck = named ?? (deal.name === 'deck' ? 'The deck' : `The ${deal.name} deck`);
  return `${deck}${of > 1 ? `, deal ${number} of ${of}` : ''}, shuffled from step ${deal.from}`;
}

/** The audit's verdict on the hidden claims `state` (the final one) recorded, or null for none. */
export function claimsWords(
  state: TableState<Json>,
  names: readonly string[],
): AuditWords['claims'] {
  const claims = state.exhibits.length;
  if (claims === 0) return null;
  const caught = state.findings.map(
    (f) =>
      `${names[f.seat] ?? `seat ${f.seat}`} for ${describeFinding(state.genesis.game, f.reason)}`,
  );
  const judged = `With every key open, ${plural(claims, 'hidden claim')} ${claims === 1 ? 'was' : 'were'} judged on the cards as they were`;
  return caught.length === 0
    ? { text: `${judged}: nobody was caught.`, caught: false }
    : { text: `${judged}: the audit caught ${together(caught)}.`, caught: true };
}

/** The audit report in words; `state` (the final one) names the faces. */
export function auditWords(
  report: AuditReport,
  state: TableState<Json>,
  names: readonly string[],
): AuditWords {
  const name = (seat: number) => names[seat] ?? `seat ${seat}`;
  const seen = new Map<number, number>();
  const deals = report.deals.map((deal): DealWords => {
    const face = (f: number) => (f < 0 ? 'unopened' : faceWords(state, deal.deck, f));
    const number = (seen.get(deal.deck) ?? 0) + 1;
    seen.set(deal.deck, number);
    const of = report.deals.filter((d) => d.deck === deal.deck).length;
    const unseen = deal.unseen.map(face);
    return {
      title: dealTitle(deal, gameUi(state.genesis.game)?.deckWords?.(deal.deck, names), number, of),
      shuffles: deal.shuffles.map((s) => ({
        title: s.partial
          ? `After ${name(s.seat)}'s shuffle of ${plural(s.order.length, 'card')} into a new stock (step ${s.index})`
          : `After ${name(s.seat)}'s shuffle (step ${s.index})`,
        cards: s.order.map(face),
      })),
      cards: deal.cards.map((card) => ({
        face: face(card.face),
        story:
          card.moves.length === 0
            ? 'stayed facedown; nobody saw it'
            : card.moves.map((move) => moveWords(move, names)).join(', '),
      })),
      unseen,
      unseenWords:
        unseen.length === 0
          ? 'Every card of this deal was seen by someone.'
          : `Nobody saw ${plural(unseen.length, 'card')} of this deal: ${unseen.join(', ')}.`,
    };
  });
  const keys = state.pubs.reduce((sum, pubs) => sum + pubs.length, 0);
  return {
    claims: claimsWords(state, names),
    summary: `Every player published their secret keys (${plural(keys, 'key')} in all), so every card of the game opens: ${plural(report.events, 'event')}, every proof and rule checked, and every card below read with those keys.`,
    deals,
  };
}

/**
 * The audit view of `replica`'s game, or why there is none yet, in words.
 * Every card is opened in `pool` (a worker, in a page): a long match takes seconds.
 */
export async function auditOf(
  replica: ReplicaRecord<Json>,
  names: readonly string[],
  pool: Pick<CryptoPool, 'audit'>,
): Promise<AuditWords | string> {
  const state = replica.state;
  const report = await pool.audit(auditLog(replica));
  if (report.ok) return auditWords(report.value, state, names);
  const ending = state.ending;
  if (ending === null)
    return 'The audit is not in yet: it opens once every player has published their keys.';
  const who = names[ending.seat] ?? `seat ${ending.seat}`;
  const how =
    ending.type === 'RESIGN'
      ? 'resigned'
      : ending.type === 'ABSENT'
        ? 'was declared absent'
        : ending.type === 'FALSE_SHARE'
          ? `dealt ${names[ending.by] ?? `seat ${ending.by}`} a false share`
          : 'made a claim the cards deny';
  return `This game ended when ${who} ${how}, before every key was published: the cards still locked stay closed, and there is no audit to open.`;
}
