/**
 * Batailles et piques in words: a card ("9", "Spy (1)", "King"), where it lies
 * ("Bob's card 2"), the game log's lines as one seat may read them, what the
 * audit names, and how the game ended.
 *
 * A line names a face only where the reader may know it: a dead card (faceup
 * for all), or a card whose face this seat reads (`known`: its own cards, the
 * cards of a fight it fought, a card it peeked at). Everyone else reads where
 * a card lies, never what it is.
 */
import type { LogReader } from '../game.ts';
import type { CardId, Outcome, Seat } from '../../../engine/game.ts';
import {
  isKing,
  isMine,
  isSpy,
  isSweeper,
  ownerOf,
  strengthOf,
  type BataillesEvent,
  type BataillesState,
  type Face,
  type FightView,
} from '../../../engine/games/batailles/index.ts';
import { together } from '../../text.ts';

/** A face in words: "9", "Spy (1)", "Minesweeper (8)", "King", "Mine". */
export function faceWords(face: Face): string {
  if (isMine(face)) return 'Mine';
  if (isKing(face)) return 'King';
  const n = strengthOf(face);
  return isSpy(face) ? `Spy (${n})` : isSweeper(face) ? `Minesweeper (${n})` : String(n);
}

/** Names, the reader, and the faces public in `state`: how to put a card into words. */
function wordsFor(state: BataillesState, names: readonly string[], reader: LogReader | null) {
  const who = (seat: Seat) => seatName(seat, reader?.seat ?? null, names);
  const Who = (seat: Seat) => cap(who(seat));
  /** A verb in the present for `seat`: "you say", "Bob says". */
  const verb = (seat: Seat, you: string, other: string) => (seat === reader?.seat ? you : other);
  const whose = (seat: Seat) => (seat === reader?.seat ? 'your' : `${who(seat)}'s`);
  const face = (card: CardId): Face | null => state.faces[card] ?? reader?.known.get(card) ?? null;
  /** "Bob's 9" when the reader knows the face, else "Bob's card 2" (its place, 1 or 2). */
  const card = (card: CardId) => {
    const owner = ownerOf(card);
    const f = face(card);
    if (f !== null) return `${whose(owner)} ${faceWords(f)}`;
    const place = (state.play[owner] ?? []).indexOf(card);
    return place >= 0 ? `${whose(owner)} card ${place + 1}` : `${whose(owner)} card`;
  };
  return { who, Who, verb, whose, card };
}

const cap = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A seat as `me` reads it: "you", or its player's name. */
export const seatName = (seat: Seat, me: Seat | null, names: readonly string[]): string =>
  seat === me ? 'you' : (names[seat] ?? `seat ${seat + 1}`);

/** "You attack Ben", "Ben attacks you", "Ben attacks Cat with a Teamwork": the fight box's title. */
export function fightTitle(fight: FightView, me: Seat, names: readonly string[]): string {
  const attack = fight.attacker === me ? 'attack' : 'attacks';
  const how = fight.teamwork ? ' with a Teamwork' : '';
  return `${cap(seatName(fight.attacker, me, names))} ${attack} ${seatName(fight.defender, me, names)}${how}`;
}

/** Which cards die, as `me` reads them, uncapitalised: "nobody dies", "Ben's 9 dies". */
function deathList(
  deaths: readonly CardId[] | null,
  fight: FightView,
  me: Seat,
  names: readonly string[],
): string {
  if (deaths === null) return 'the attack broke the rules: a Mine attacked';
  if (deaths.length === 0) return 'nobody dies';
  const cards = [...fight.attackers, ...fight.defenders];
  const dead = deaths.map((id) => {
    const owner = ownerOf(id);
    const whose = owner === me ? 'your' : `${names[owner] ?? `seat ${owner + 1}`}'s`;
    const face = cards.find((c) => c.card === id)?.face ?? null;
    return `${whose} ${face === null ? 'card' : faceWords(face)}`;
  });
  return `${together(dead)} ${dead.length === 1 ? 'dies' : 'die'}`;
}

/**
 * A word on the fight, which cards die, as `me` reads it: "Nobody dies", "Your 9 dies",
 * "Your 9 and Ben's King die"; a card whose face `me` cannot read is named by its owner.
 */
export const deathsWords = (
  deaths: readonly CardId[] | null,
  fight: FightView,
  me: Seat,
  names: readonly string[],
): string => cap(deathList(deaths, fight, me, names));

/** A fighter's word in the fight box: "You say: nobody dies.", "Ben says: your 9 dies." */
export function saidWords(
  seat: Seat,
  deaths: readonly CardId[] | null,
  fight: FightView,
  me: Seat,
  names: readonly string[],
): string {
  const says = seat === me ? 'You say' : `${names[seat] ?? `Seat ${seat + 1}`} says`;
  return `${says}: ${deathList(deaths, fight, me, names)}.`;
}

const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

/** One line of the game log for one event, as `reader` may read it (null: a public reader). */
export function describeBataillesEvent(
  event: BataillesEvent,
  before: BataillesState,
  after: BataillesState,
  names: readonly string[],
  reader: LogReader | null,
): string {
  // Cards are placed as they lay before the event; dead cards read as they were revealed.
  const { who, Who, verb, card } = wordsFor({ ...before, faces: after.faces }, names, reader);
  const list = (cards: readonly CardId[]) => cards.map(card).join(' and ');
  switch (event.type) {
    case 'DRAW':
      return `${Who(event.seat)} drew ${count(event.cards.length, 'card')}.`;
    case 'LAY':
      return `${Who(event.seat)} laid 2 cards facedown.`;
    case 'FIRST':
      return `The coins chose ${who(event.seat)} to go first.`;
    case 'ATTACK':
      return event.teamwork
        ? `${Who(event.seat)} played a Teamwork: ${list(event.attackers)} attack ${list(event.defenders)}.`
        : `${cap(list(event.attackers))} attacks ${list(event.defenders)}. Only ${who(event.seat)} and ${who(event.defender)} see the fight.`;
    case 'ANNOUNCE':
      return event.deaths === null
        ? `${Who(event.seat)} ${verb(event.seat, 'say', 'says')} the attack broke the rules.`
        : `${Who(event.seat)} ${verb(event.seat, 'say', 'says')}: ${event.deaths.length === 0 ? 'nobody dies' : `${list(event.deaths)} ${event.deaths.length === 1 ? 'dies' : 'die'}`}.`;
    case 'DISPUTE':
      return `${Who(event.seats[0]!)} and ${who(event.seats[1]!)} disagree on the fight: the game stops here, and the audit will name whoever lied.`;
    case 'DEATH':
      return `${cap(card(event.card))} is dead: a trophy for ${who(event.killer)}${isKing(event.face) ? ', worth 2' : ''}.`;
    case 'REPLACE':
      return event.cards.length === 0
        ? `${Who(event.seat)} ${verb(event.seat, 'have', 'has')} nothing to lay in the empty place.`
        : `${Who(event.seat)} laid ${count(event.cards.length, 'card')} from hand in the empty place${event.cards.length === 1 ? '' : 's'}.`;
    case 'PEEK':
      return event.card === null
        ? `${Who(event.seat)} chose not to look at any card.`
        : `${Who(event.seat)} looked at ${list([event.card])}.`;
    case 'SLACKER':
      return `${Who(event.seat)} played a Slacker: ${card(event.unit)} went back to hand, a card from hand took its place.`;
    case 'PASS':
      return `${Who(event.seat)} passed: no unit that can attack.`;
    case 'STOP':
      return `${Who(event.seat)} stopped the game: nobody else can attack.`;
    case 'END':
      return `Game over. ${scoreWords(event.scores, names)}.`;
    case 'LEFT':
      return `${Who(event.seat)} left: ${verb(event.seat, 'your', 'their')} army, hand and cards in play leave the game unseen, and the others play on.`;
  }
}

/** "Ada 5, Bob 3, Cat 3". */
export const scoreWords = (scores: readonly number[], names: readonly string[]): string =>
  scores.map((points, seat) => `${names[seat]} ${points}`).join(', ');

/** Log lines for one table event: the new entries of the game's log, as `reader` may read them. */
export function describeBatailles(
  before: BataillesState,
  after: BataillesState,
  names: readonly string[],
  reader: LogReader | null = null,
): string[] {
  return after.log
    .slice(before.log.length)
    .map((event) => describeBataillesEvent(event, before, after, names, reader));
}

/** Why the game ended as it did. */
export function bataillesReason(
  _outcome: Outcome,
  state: BataillesState,
  names: readonly string[],
): string {
  const { result } = state;
  if (!result) return '';
  if (result.reason === 'DISPUTE')
    return 'Two fighters disagreed on a fight, so the game stopped there; the audit names whoever lied.';
  return `Nobody else could attack. Points, 1 per trophy and 2 per King: ${scoreWords(result.scores, names)}.`;
}

/** What the audit may name a player for, in words. */
export const AUDIT_WORDS: Readonly<Record<string, string>> = {
  ERR_FIGHT_RESULT: 'a false word on a fight',
  ERR_MINE_ATTACKS: 'attacking with a Mine',
  ERR_TWO_MINES: 'two Mines in play',
  ERR_MUST_LAY: 'leaving a place empty with a card that could fill it',
  ERR_FALSE_PASS: 'passing with a unit that could attack',
};
