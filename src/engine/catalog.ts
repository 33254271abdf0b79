/** The five games of Fair Deal and how many seats each allows. */

export const GAME_IDS = ['redblack', 'blackred', 'war', 'town', 'batailles'] as const;

export type GameId = (typeof GAME_IDS)[number];

export interface GameInfo {
  id: GameId;
  name: string;
  minSeats: number;
  maxSeats: number;
  summary: string;
}

export const GAMES: Record<GameId, GameInfo> = {
  redblack: {
    id: 'redblack',
    name: 'Red & Black',
    minSeats: 2,
    maxSeats: 2,
    summary: 'Bluff over a river of three cards, then call the colours in your opponent’s hand.',
  },
  blackred: {
    id: 'blackred',
    name: 'Black & Red',
    minSeats: 2,
    maxSeats: 2,
    summary: 'Discard in rounds to 31 and collect seven cards of one colour.',
  },
  war: {
    id: 'war',
    name: 'War',
    minSeats: 2,
    maxSeats: 2,
    summary: 'Turn cards together; the higher takes both. Equal ranks mean war.',
  },
  town: {
    id: 'town',
    name: 'Town for Two',
    minSeats: 2,
    maxSeats: 2,
    summary: 'Play runs onto shared piles and own the tops of the town.',
  },
  batailles: {
    id: 'batailles',
    name: 'Batailles et piques',
    minSeats: 3,
    maxSeats: 6,
    summary: 'Armies of hidden units, spies and mines; only the fighters see a fight.',
  },
};

export function isGameId(value: unknown): value is GameId {
  return typeof value === 'string' && (GAME_IDS as readonly string[]).includes(value);
}
