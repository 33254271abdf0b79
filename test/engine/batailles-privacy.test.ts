/**
 * Issue 24, part 6: a bystander cannot link a card shown in one fight to the
 * same card shown in another. The copies of a show are public; if a seat's
 * copy were its fixed army key times the face, the same card fought again
 * after a Slacker and a re-mask would give a byte-identical copy, and anyone
 * would learn it is the same card without ever seeing its face.
 *
 * A real Batailles table at three seats, with real cryptography: a unit
 * beats a card of a foe (so it survives), its owner takes it back into the
 * hand with a Slacker (dealt back to it alone, then its hand re-masked),
 * lays it again with a second Slacker and attacks the same foe with it. No
 * group element (point or proof commitment) of any event of one show appears
 * in any other show of the game, and the audit still opens every card.
 */
import { describe, expect, test } from 'vitest';
import type { Json } from '../../src/engine/encoding.ts';
import type { Need } from '../../src/engine/game.ts';
import {
  batailles,
  fightOutcomes,
  inPlay,
  type BataillesPlay,
  type BataillesState,
} from '../../src/engine/games/batailles/index.ts';
import { openExhibits, openWithAudit } from '../../src/engine/table/audit.ts';
import type { TableState } from '../../src/engine/table/types.ts';
import { lazy } from '../lazy.ts';
import { elements } from './helpers/elements.ts';
import { known, run, type BT } from './helpers/batailles-table.ts';
import { Table, makePlayers } from './helpers/table.ts';

/** The show the game waits for in `state`, as text to tell one show from the next; null for none. */
function showOf(state: TableState<BataillesState>): string | null {
  const need = batailles.needs(state.game).find((n: Need) => n.type !== 'ACT');
  return need?.type === 'SHOW' ? JSON.stringify(need) : null;
}

/**
 * The group elements of every applied event made while a show was under way
 * (its locks, unlocks and copies, whatever the table calls them), one list
 * per show, in log order.
 */
function showElements(table: BT): string[][] {
  const replica = table.replicas[0]!;
  const shows: string[][] = [];
  let current: string | null = null;
  replica.log.entries().forEach(({ event }, i) => {
    if (replica.entryVerdicts[i] !== 'applied') return;
    const show = showOf(replica.stateAfter(i)!);
    if (show === null) return;
    if (show !== current || shows.length === 0) shows.push([]);
    current = show;
    shows.at(-1)!.push(...elements(event.body as Json));
    // A show ends when the game stops asking for it; the next one, even of the same cards, is new.
    if (showOf(replica.stateAfter(i + 1)!) !== show) current = null;
  });
  return shows;
}

/** The card of `seat` in play or in hand whose face its owner reads as `face`, or null. */
function cardWithFace(table: BT, seat: number, face: number, where: 'play' | 'hand') {
  const { game } = table.replicas[0]!.state;
  const faces = known(table, seat);
  const cards = where === 'play' ? inPlay(game, seat) : game.hands[seat]!;
  return cards.find((card) => faces.get(card) === face) ?? null;
}

/**
 * Plays the table until the unit that survived a first fight is shown to the
 * same foe a second time, after a Slacker took it back into the re-masked
 * hand and a second Slacker laid it again. The other seats fight each other
 * where they can, so that nobody kills that unit meanwhile.
 */
function playTwoShowsOfOneCard(): { table: BT; plan: Plan } {
  const table = Table.of(makePlayers(3), batailles, { players: 3 });
  const plan: Plan = { owner: -1, foe: -1, face: -1, phase: 'first' };
  const everyFace = () => new Map([0, 1, 2].flatMap((seat) => [...known(table, seat)]));
  run(
    table,
    (s) => plan.phase === 'again' && s.game.fight?.shown === true,
    (seat, legal) => {
      const attacks = legal.filter(
        (m): m is Extract<BataillesPlay, { type: 'ATTACK' }> => m.type === 'ATTACK',
      );
      if (plan.phase === 'first') {
        // A duel the unit wins alone: the test reads every face, the players do not need to.
        const faces = everyFace();
        const win = attacks.find((m) => {
          if (m.targets.length !== 1) return false;
          const outcome = fightOutcomes([faces.get(m.unit)!], [faces.get(m.targets[0]!)!]);
          return outcome?.length === 1 && outcome[0]!.join() === '1';
        });
        if (!win) return null;
        Object.assign(plan, {
          owner: seat,
          foe: Math.floor(win.targets[0]! / 16),
          face: faces.get(win.unit)!,
          phase: 'out',
        });
        return win;
      }
      if (seat === plan.owner && legal.some((m) => m.type === 'SLACKER')) {
        const slackers = legal.filter(
          (m): m is Extract<BataillesPlay, { type: 'SLACKER' }> => m.type === 'SLACKER',
        );
        if (plan.phase === 'out') {
          const unit = cardWithFace(table, seat, plan.face, 'play');
          const move = slackers.find((m) => m.unit === unit);
          if (move) plan.phase = 'in';
          return move ?? null;
        }
        if (plan.phase === 'in') {
          const card = cardWithFace(table, seat, plan.face, 'hand');
          const move = slackers.find((m) => m.card === card);
          if (move) plan.phase = 'attack';
          return move ?? null;
        }
      }
      if (seat === plan.owner && plan.phase === 'attack') {
        const unit = cardWithFace(table, seat, plan.face, 'play');
        const move = attacks.find(
          (m) => m.unit === unit && Math.floor(m.targets[0]! / 16) === plan.foe,
        );
        if (move) plan.phase = 'again';
        return move ?? null;
      }
      // Anyone else fights a seat other than the owner's where it can.
      return attacks.find((m) => Math.floor(m.targets[0]! / 16) !== plan.owner) ?? null;
    },
  );
  return { table, plan };
}

interface Plan {
  owner: number;
  foe: number;
  face: number;
  phase: 'first' | 'out' | 'in' | 'attack' | 'again';
}

describe('a card shown in two fights, re-masked in between', () => {
  const played = lazy(playTwoShowsOfOneCard);

  test('the game got there: one unit fought the same foe twice, with a re-mask between', () => {
    const { table, plan } = played();
    const state = table.replicas[0]!.state;
    const fights = [...state.game.fights, state.game.fight!];
    const withUnit = fights.filter(
      (f) => f.attacker === plan.owner && f.defender === plan.foe && f.attackers.length === 1,
    );
    expect(withUnit.length).toBeGreaterThanOrEqual(2);
    expect(state.remasks[plan.owner]!.length).toBeGreaterThanOrEqual(1);
    expect(table.replicas.every((r) => r.offences().length === 0)).toBe(true);
  });

  test('no group element of one show appears in any other show', () => {
    const { table } = played();
    const shows = showElements(table);
    expect(shows.length).toBeGreaterThanOrEqual(2);
    const seenIn = new Map<string, number>();
    const repeats: string[] = [];
    shows.forEach((elements, show) => {
      for (const element of new Set(elements)) {
        const earlier = seenIn.get(element);
        if (earlier !== undefined && earlier !== show)
          repeats.push(`${element.slice(0, 12)} in shows ${earlier} and ${show}`);
        seenIn.set(element, show);
      }
    });
    expect(repeats).toEqual([]);
  });

  test('the audit still opens every card and every exhibit, with every show key', () => {
    const { table } = played();
    run(table, (s) => s.step.type === 'DONE');
    for (const replica of table.replicas) {
      expect(replica.offences()).toEqual([]);
      expect(openWithAudit(replica.state).every((face) => face >= 0)).toBe(true);
      expect(
        openExhibits(replica.state)
          .flat()
          .every((face) => face >= 0),
      ).toBe(true);
    }
    expect(new Set(table.replicas.map((r) => r.stateHash)).size).toBe(1);
  });
});
