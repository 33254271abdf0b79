/**
 * Computer players of chosen levels at one game, by the rules alone: no keys,
 * no proofs, no network. A referee holds the face of every card and answers
 * the game's needs as an honest table would (deals, shows, reveals, re-masks,
 * shuffles, coins, exhibits), and tells each seat only the faces the table
 * would let it read: the cards dealt or shown to it and its own re-masked
 * hand, until a re-mask or shuffle makes an id name another card. A game then
 * takes milliseconds instead of the seconds of its proofs, so that the
 * strength of the levels can be measured over many games (scripts/strength.ts).
 */
import {
  botAt,
  type CardId,
  type Level,
  type Need,
  type Outcome,
  type Seat,
} from '../engine/game.ts';
import type { Json, JsonObject } from '../engine/encoding.ts';
import type { Result } from '../engine/result.ts';
import { gameById, type GameId } from '../engine/games/registry.ts';
import { seededRandom } from './computer.ts';

/** Far more steps than any game takes: a game still going after them is a bug. */
const MAX_STEPS = 200_000;

/** Plays one game of `game` with a computer at `levels[seat]` in each seat; `seed` fixes the deal and every choice. */
export function duel(
  game: GameId,
  levels: readonly Level[],
  seed: number,
  options: JsonObject = {},
): Outcome {
  const rules = gameById(game);
  if (!rules) throw new Error(`${game} cannot be played`);
  const deal = seededRandom(seed);
  const given = rules.withSeats?.(options, levels.length) ?? options;
  const made = rules.setup(given);
  if (!made.ok) throw new Error(`${game} options refused: ${String(made.error)}`);
  let state = made.value;
  // The table's first shuffle: each deck in a fresh order, read by nobody.
  const truth = rules.decks(given).flatMap((deck) => shuffled([...Array(deck.size).keys()], deal));
  const known = levels.map(() => new Map<CardId, number>());
  const players = levels.map((level, seat) => ({
    choose: botAt(rules, level),
    random: seededRandom(seed * 7919 + seat + 1),
  }));
  const exhibits: number[][] = [];

  const apply = (input: JsonObject, next: Result<Json>) => {
    if (!next.ok) throw new Error(`${game}: ${JSON.stringify(input)} refused: ${next.error}`);
    state = next.value;
  };
  const tell = (fact: JsonObject) => apply(fact, rules.fact(state, fact));
  const forget = (cards: readonly CardId[], except?: Seat) =>
    known.forEach((faces, seat) => {
      if (seat !== except) for (const card of cards) faces.delete(card);
    });
  const learn = (seat: Seat, cards: readonly CardId[]) => {
    for (const card of cards) known[seat]!.set(card, truth[card]!);
  };
  /** New ids for the same faces: a re-mask or a shuffle of these cards. */
  const permute = (cards: readonly CardId[]) => {
    const faces = shuffled(
      cards.map((card) => truth[card]!),
      deal,
    );
    cards.forEach((card, i) => (truth[card] = faces[i]!));
  };

  const serve = (need: Exclude<Need, { type: 'ACT' }>) => {
    switch (need.type) {
      case 'COIN':
        return tell({ type: 'COIN', bit: deal() < 0.5 ? 0 : 1 });
      case 'RECORD':
        exhibits.push(need.cards.map((card) => truth[card]!));
        return tell({ type: 'RECORDED', cards: [...need.cards] });
      case 'REVEAL':
        forget(need.cards);
        for (const card of need.cards) tell({ type: 'REVEAL', card, face: truth[card]! });
        return;
      case 'DEAL':
        forget(need.cards, need.to);
        learn(need.to, need.cards);
        return tell({ type: 'DEALT', cards: [...need.cards], to: need.to });
      case 'SHOW':
        for (const seat of need.to) learn(seat, need.cards);
        return tell({ type: 'SHOWN', cards: [...need.cards], to: [...need.to] });
      case 'REMASK':
        permute(need.cards);
        forget(need.cards, need.seat);
        learn(need.seat, need.cards);
        return tell({ type: 'REMASKED', seat: need.seat, cards: [...need.cards] });
      case 'SHUFFLE':
        permute(need.cards);
        forget(need.cards);
        return tell({ type: 'SHUFFLED' });
    }
  };

  /** The first seat whose player moves: seats that may act out of turn are asked first, as a sealed move lets them. */
  const play = (needs: readonly Need[]) => {
    const acts = needs.flatMap((need) => (need.type === 'ACT' ? [need] : []));
    const seats = new Set([
      ...acts.flatMap((n) => n.optional ?? []),
      ...acts.flatMap((n) => n.seats),
    ]);
    for (const seat of seats) {
      const legal = rules.legalActions(state, seat, known[seat]);
      if (legal.length === 0) continue;
      const view = rules.view(state, seat, known[seat]);
      const player = players[seat]!;
      const choice = player.choose(view, legal, player.random, known[seat]!);
      if (choice) return apply(choice, rules.move(state, { ...choice, seat }));
    }
    throw new Error(`${game}: nobody moves`);
  };

  for (let step = 0; step < MAX_STEPS; step++) {
    const outcome = rules.outcome(state);
    if (outcome) {
      const findings = rules.audit?.(state, exhibits) ?? [];
      if (findings.length > 0)
        throw new Error(`${game}: the audit found ${JSON.stringify(findings)}`);
      return outcome;
    }
    const needs = rules.needs(state);
    const need = needs.find((n): n is Exclude<Need, { type: 'ACT' }> => n.type !== 'ACT');
    if (need) serve(need);
    else play(needs);
  }
  throw new Error(`${game}: no end after ${MAX_STEPS} steps`);
}

/** The good level's results against the easy one over many games. */
export interface Strength {
  readonly games: number;
  /** Players at each table: the game's fewest, one of them good, the others easy. */
  readonly seats: number;
  readonly wins: number;
  readonly draws: number;
  /**
   * The good player's share of the points: a win 1, a win shared by `k`
   * winners 1/k, a draw 1/`seats`. A level no better than the others scores
   * 1/`seats`.
   */
  readonly rate: number;
  /** The 95 % confidence interval of `rate` (Wilson's). */
  readonly low: number;
  readonly high: number;
}

/**
 * Plays `games` games at a table of the game's fewest players (at least
 * two), one good and the others easy, the good player moving to the next
 * seat each game so that no seat's edge counts. Game `i` is seeded `seed + i`.
 */
export function measure(game: GameId, games: number, seed = 1, options: JsonObject = {}): Strength {
  const seats = Math.max(2, gameById(game)!.minSeats);
  let wins = 0;
  let draws = 0;
  let points = 0;
  for (let i = 0; i < games; i++) {
    const good = i % seats;
    const levels = Array.from({ length: seats }, (_, seat): Level =>
      seat === good ? 'good' : 'easy',
    );
    const outcome = duel(game, levels, seed + i, options);
    if (outcome.result === 'draw') {
      draws++;
      points += 1 / seats;
    } else if (outcome.winners.includes(good)) {
      wins++;
      points += 1 / outcome.winners.length;
    }
  }
  const rate = points / games;
  // Wilson's interval, as if each game were all or nothing: points in between (a draw, a
  // shared win) vary less than that, so the interval is if anything too wide. Unlike the
  // normal approximation it stays honest at a rate of 0 or 1.
  const z = 1.96;
  const scale = 1 + (z * z) / games;
  const centre = (rate + (z * z) / (2 * games)) / scale;
  const margin =
    (z / scale) * Math.sqrt((rate * (1 - rate)) / games + (z * z) / (4 * games * games));
  return {
    games,
    seats,
    wins,
    draws,
    rate,
    low: centre - margin,
    high: centre + margin,
  };
}

/** `items` in a random order (Fisher–Yates). */
function shuffled<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}
