/**
 * How a fight ends, from the faces of its cards, and the audit's second look
 * at every claim once all faces are open.
 *
 * A fight's cards are numbered by position: the attackers first, then the
 * defenders. An outcome is the list of positions that die. A fight may have
 * several outcomes: a single unit facing two splits its strength between
 * them as its owner wishes, and each split may kill a different set.
 */
import type { Finding } from '../../game.ts';
import { isKing, isMine, isSpy, isSweeper, strengthOf } from './setup.ts';
import { SLOTS, type BataillesState, type Claim, type Face, type Fight } from './types.ts';

/**
 * Every outcome of a fight of `attackers` against `defenders` (faces), each
 * the ascending positions that die, or null when an attacker is a Mine (a
 * Mine never attacks: the attack itself breaks the rules).
 *
 * Two units: a Minesweeper defuses a Mine, any other unit dies on it; a Spy
 * kills a King whoever attacks; otherwise the stronger lives, equal both die.
 * Three units: every defending Mine is defused if an attacker is a
 * Minesweeper, else all attackers die and the fight ends. Then each side
 * deals its strength to the units left facing it, split as its owner
 * wishes; a unit dies once the damage it takes reaches its strength; a Spy
 * kills an opposing King outright, and a King never damages a Spy. All
 * deaths are at once.
 */
export function fightOutcomes(
  attackers: readonly Face[],
  defenders: readonly Face[],
): number[][] | null {
  if (attackers.some(isMine)) return null;
  const faces = [...attackers, ...defenders];
  const ours = attackers.map((_, i) => i);
  const theirs = defenders.map((_, i) => attackers.length + i);
  if (attackers.length === 1 && defenders.length === 1) return [duel(faces[0]!, faces[1]!)];
  const mines = theirs.filter((p) => isMine(faces[p]!));
  if (mines.length > 0 && !ours.some((p) => isSweeper(faces[p]!))) return [ours];
  const facing = theirs.filter((p) => !mines.includes(p));
  if (facing.length === 0) return [mines];
  const found = new Map<string, number[]>();
  for (const a of kills(faces, ours, facing))
    for (const d of kills(faces, facing, ours)) {
      const dead = [...new Set([...mines, ...a, ...d])].sort((x, y) => x - y);
      found.set(dead.join(','), dead);
    }
  return [...found.values()].sort(
    (x, y) => x.length - y.length || x.join().localeCompare(y.join()),
  );
}

/** The two-unit fight: attacker at position 0, defender at 1. */
function duel(a: Face, d: Face): number[] {
  if (isMine(d)) return isSweeper(a) ? [1] : [0];
  if (isKing(a) && isSpy(d)) return [0];
  if (isSpy(a) && isKing(d)) return [1];
  const [sa, sd] = [strengthOf(a), strengthOf(d)];
  return sa > sd ? [1] : sa < sd ? [0] : [0, 1];
}

/**
 * Every set of `targets` that `units` can kill between them, over every way
 * each unit may split its whole strength among the targets it may harm.
 */
function kills(faces: readonly Face[], units: readonly number[], targets: readonly number[]) {
  const spy = units.some((u) => isSpy(faces[u]!));
  const found = new Map<string, number[]>();
  const go = (next: number, damage: readonly number[]): void => {
    if (next === units.length) {
      const dead = targets.filter(
        (t, i) => (spy && isKing(faces[t]!)) || damage[i]! >= strengthOf(faces[t]!),
      );
      found.set(dead.join(','), dead);
      return;
    }
    const unit = faces[units[next]!]!;
    // A King never harms a Spy: its whole strength goes to the others, if any.
    const open = targets.flatMap((t, i) => (isKing(unit) && isSpy(faces[t]!) ? [] : [i]));
    if (open.length === 0) return go(next + 1, damage);
    for (const split of splits(strengthOf(unit), open.length))
      go(
        next + 1,
        damage.map((d, i) => (open.includes(i) ? d + split[open.indexOf(i)]! : d)),
      );
  };
  go(0, Array<number>(targets.length).fill(0));
  return [...found.values()];
}

/** Every split of `total` into `parts` (1 or 2) whole amounts. */
function splits(total: number, parts: number): number[][] {
  if (parts === 1) return [[total]];
  return Array.from({ length: total + 1 }, (_, a) => [a, total - a]);
}

// ---------------------------------------------------------------- the audit

/** The fight's outcomes as card ids, ascending; null when an attacker is a Mine. */
function outcomesOf(fight: Fight, faces: readonly Face[]): string[] | null {
  const cards = [...fight.attackers, ...fight.defenders];
  const outcomes = fightOutcomes(
    faces.slice(0, fight.attackers.length),
    faces.slice(fight.attackers.length),
  );
  return outcomes?.map((dead) => key(dead.map((p) => cards[p]!))) ?? null;
}

const key = (deaths: readonly number[] | null): string =>
  deaths === null ? 'foul' : [...deaths].sort((a, b) => a - b).join(',');

/**
 * What the faces say of one fight. The attacker is named for a Mine among
 * its attackers. The fighter who announced first is named when its word is
 * not an outcome of the faces (or not "foul" when an attacker is a Mine);
 * the second when it confirmed a false word, or denied a true one.
 */
function judgeFight(fight: Fight, faces: readonly Face[]): Finding[] {
  const findings: Finding[] = [];
  if (faces.slice(0, fight.attackers.length).some(isMine))
    findings.push({ seat: fight.attacker, reason: 'ERR_MINE_ATTACKS' });
  const outcomes = outcomesOf(fight, faces);
  const holds = (deaths: readonly number[] | null) =>
    outcomes === null ? deaths === null : deaths !== null && outcomes.includes(key(deaths));
  const [first, second] = fight.announcements;
  if (first && !holds(first.deaths))
    findings.push({ seat: first.seat, reason: 'ERR_FIGHT_RESULT' });
  if (first && second) {
    const confirmed = key(first.deaths) === key(second.deaths);
    if (holds(first.deaths) ? !confirmed : !holds(second.deaths))
      findings.push({ seat: second.seat, reason: 'ERR_FIGHT_RESULT' });
  }
  return findings;
}

/** What the faces say of one claim: see `Claim`. */
function judgeClaim(claim: Claim, faces: readonly Face[]): Finding[] {
  const play = faces.slice(0, claim.inPlay);
  const hand = faces.slice(claim.inPlay);
  const mines = play.filter(isMine).length;
  const named = (reason: string): Finding[] => [{ seat: claim.seat, reason }];
  if (claim.type === 'PASS') return play.some((f) => !isMine(f)) ? named('ERR_FALSE_PASS') : [];
  if (mines > 1) return named('ERR_TWO_MINES');
  const stuck = hand.every(isMine) && mines === 1;
  if (claim.type === 'REPLACE' && claim.inPlay < SLOTS && hand.length > 0 && !stuck)
    return named('ERR_MUST_LAY');
  return [];
}

/** Faces of which every one is open (none -1), or null. */
const opened = (faces: readonly number[] | undefined): Face[] | null =>
  faces === undefined || faces.some((f) => f < 0) ? null : [...faces];

/**
 * The faces of a fight's cards from its exhibit: the attacker's copies, or,
 * where one stays closed (the attacker kept its keys), the defender's.
 */
function fightFaces(fight: Fight, faces: readonly number[] | undefined): Face[] | null {
  const n = fight.attackers.length + fight.defenders.length;
  return opened(faces?.slice(0, n)) ?? opened(faces?.slice(n, 2 * n));
}

/**
 * The audit: every claim and every fight judged on the faces of its exhibit,
 * in the order they were made. An exhibit with a card no key opens (-1)
 * proves nothing either way and is passed over: that happens only where the
 * claimant, or both fighters, kept their keys.
 */
export function audit(state: BataillesState, exhibits: readonly (readonly number[])[]): Finding[] {
  const items = [
    ...state.claims.map((claim) => ({
      exhibit: claim.exhibit,
      judge: (faces: readonly number[] | undefined) => {
        const open = opened(faces);
        return open ? judgeClaim(claim, open) : [];
      },
    })),
    ...state.fights.map((fight) => ({
      exhibit: fight.exhibit,
      judge: (faces: readonly number[] | undefined) => {
        const open = fightFaces(fight, faces);
        return open ? judgeFight(fight, open) : [];
      },
    })),
  ].sort((a, b) => a.exhibit - b.exhibit);
  return items.flatMap(({ exhibit, judge }) => judge(exhibits[exhibit]));
}
