/**
 * One rule for every board's moves (issue 45): with "Confirm my moves" on, which it is for
 * a new player, a click chooses a move and only its confirmation signs it; a second click
 * on the choice, or Cancel and Escape, take it back; with the setting off, the click signs.
 * The setting is kept in the browser's storage (here a plain map with its two methods).
 */
import { expect, test } from 'vitest';
import { SvelteMap } from 'svelte/reactivity';
import { memoryStorage } from './storage.ts';
import { ConfirmMoves } from '../../src/ui/controllers/confirm-moves.svelte.ts';
import { MoveChoice } from '../../src/ui/games/choice.svelte.ts';

type Move = { readonly type: string; readonly slot?: number };

/** A board's choice, the moves it offers (a reactive prop on a board) and what it signed. */
function board(setting: { readonly on: boolean }, legal: readonly Move[]) {
  const offered = new SvelteMap([['now', legal]]);
  const signed: Move[] = [];
  let picks = 0;
  const choice = new MoveChoice<Move>(
    setting,
    () => offered.get('now')!,
    (move) => signed.push(move),
    () => {
      const had = picks > 0;
      picks = 0;
      return had;
    },
  );
  return {
    choice,
    signed,
    offer: (moves: readonly Move[]) => offered.set('now', moves),
    pick: () => picks++,
    picks: () => picks,
  };
}

// The rules add the mover's seat to their legal moves; a board's move leaves it out.
const SWAPS = [0, 1, 2].map((slot) => ({ type: 'SWAP', slot, seat: 1 }));

test('a new player confirms moves; turned off, it stays off in this browser', () => {
  const storage = memoryStorage();
  expect(new ConfirmMoves(storage).on).toBe(true);
  new ConfirmMoves(storage).set(false);
  expect(new ConfirmMoves(storage).on).toBe(false);
  new ConfirmMoves(storage).set(true);
  expect(new ConfirmMoves(storage).on).toBe(true);
});

test('confirming: a click chooses, a second click takes it back, Confirm signs once', () => {
  const { choice, signed } = board({ on: true }, SWAPS);
  choice.choose('slot-2', { type: 'SWAP', slot: 2 }, 'look at river slot 3');
  expect(signed).toEqual([]);
  expect(choice.chosen).toEqual({
    key: 'slot-2',
    move: { type: 'SWAP', slot: 2 },
    words: 'look at river slot 3',
  });
  expect([choice.pressed('slot-2'), choice.pressed('slot-1')]).toEqual([true, false]);
  // Another slot replaces the choice; a second click on it takes it back.
  choice.choose('slot-1', { type: 'SWAP', slot: 1 }, 'look at river slot 2');
  expect(choice.chosen?.key).toBe('slot-1');
  choice.choose('slot-1', { type: 'SWAP', slot: 1 }, 'look at river slot 2');
  expect(choice.chosen).toBeNull();
  expect(signed).toEqual([]);

  choice.choose('slot-0', { type: 'SWAP', slot: 0 }, 'look at river slot 1');
  choice.confirm();
  choice.confirm();
  expect(signed).toEqual([{ type: 'SWAP', slot: 0 }]);
  expect(choice.chosen).toBeNull();
  expect(choice.label('Put it in slot 1', 'put 7♥ in river slot 1')).toBe(
    'Confirm: put 7♥ in river slot 1',
  );
});

test('Cancel and Escape take back the choice and the picks, and say whether there was any', () => {
  const { choice, signed, pick, picks } = board({ on: true }, SWAPS);
  expect(choice.cancel()).toBe(false);
  pick();
  expect(choice.cancel()).toBe(true);
  expect(picks()).toBe(0);
  choice.choose('slot-0', { type: 'SWAP', slot: 0 }, 'look at river slot 1');
  expect(choice.cancel()).toBe(true);
  expect(choice.chosen).toBeNull();
  choice.confirm();
  expect(signed).toEqual([]);
});

test('a choice the table no longer offers is gone, and nothing is signed for it', () => {
  const { choice, signed, offer } = board({ on: true }, SWAPS);
  choice.choose('slot-0', { type: 'SWAP', slot: 0 }, 'look at river slot 1');
  // The other player called meanwhile: no swap is a move any more.
  offer([]);
  expect(choice.chosen).toBeNull();
  choice.confirm();
  expect(signed).toEqual([]);
});

test('with the setting off a click signs at once, and no control is a toggle', () => {
  const setting = new ConfirmMoves(memoryStorage());
  setting.set(false);
  const { choice, signed } = board(setting, SWAPS);
  choice.choose('slot-1', { type: 'SWAP', slot: 1 }, 'look at river slot 2');
  expect(signed).toEqual([{ type: 'SWAP', slot: 1 }]);
  expect(choice.chosen).toBeNull();
  expect(choice.pressed('slot-1')).toBeUndefined();
  expect(choice.label('Put it in slot 1', 'put 7♥ in river slot 1')).toBe('Put it in slot 1');
  // Turned off while a move waits: the move is no longer waiting.
  setting.set(true);
  choice.choose('slot-2', { type: 'SWAP', slot: 2 }, 'look at river slot 3');
  setting.set(false);
  expect(choice.chosen).toBeNull();
});
