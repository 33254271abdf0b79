/**
 * The time control a genesis carries (`clock.ts`): which clocks a genesis may name, the
 * fields each protocol keeps time by, and which of its two limits a seat's turn gets; and
 * the genesis as it is hashed, each optional field (the time fields among them) left out
 * where a table has none.
 */
import { describe, expect, test } from 'vitest';
import {
  DEFAULT_ABSENT_AFTER_MS,
  DEFAULT_CLOCK,
  MAX_CLOCK_MS,
  MIN_CLOCK_MS,
  TIME_PROTOCOL,
  isClock,
  limitFor,
  timeFields,
} from '../../src/engine/table/clock.ts';
import { genesisJson } from '../../src/engine/table/genesis.ts';
import type { Genesis } from '../../src/engine/table/types.ts';

describe('the clock a genesis carries', () => {
  test('exactly its two limits, each a whole number of milliseconds within bounds', () => {
    expect(isClock({ moveMs: MIN_CLOCK_MS, dutyMs: MAX_CLOCK_MS })).toBe(true);
    expect(isClock({ dutyMs: 30_000, moveMs: 60_000 })).toBe(true);
    for (const value of [
      null,
      undefined,
      60_000,
      'moveMs,dutyMs',
      Object.assign([60_000, 30_000], { moveMs: 60_000, dutyMs: 30_000 }),
      {},
      { moveMs: 60_000 },
      { moveMs: 60_000, dutyMs: 30_000, absentAfterMs: 120_000 },
      { moveMs: '60000', dutyMs: 30_000 },
      { moveMs: 60_000, dutyMs: 30_000.5 },
      { moveMs: NaN, dutyMs: 30_000 },
      { moveMs: 60_000, dutyMs: Infinity },
      { moveMs: MIN_CLOCK_MS - 1, dutyMs: 30_000 },
      { moveMs: 60_000, dutyMs: MIN_CLOCK_MS - 1 },
      { moveMs: MAX_CLOCK_MS + 1, dutyMs: 30_000 },
      { moveMs: 60_000, dutyMs: MAX_CLOCK_MS + 1 },
    ])
      expect(isClock(value), JSON.stringify(value)).toBe(false);
  });

  test('a table keeps time by its clock from the time protocol on, by the absence limit before', () => {
    const clock = { moveMs: 20_000, dutyMs: 5_000 };
    expect(timeFields(TIME_PROTOCOL, clock)).toEqual({ clock });
    expect(timeFields(TIME_PROTOCOL)).toEqual({ clock: DEFAULT_CLOCK });
    expect(timeFields(TIME_PROTOCOL - 1, clock)).toEqual({
      absentAfterMs: DEFAULT_ABSENT_AFTER_MS,
    });
  });
});

describe('the limit of a seat’s turn', () => {
  const clock = { moveMs: 60_000, dutyMs: 10_000 };
  test('the move time for its own choice or the next game’s first duty, else the duty time', () => {
    expect(limitFor(clock, [{ seat: 1, kind: 'ACT' }], 1, false)).toBe(60_000);
    // Its own move among what others owe too.
    expect(
      limitFor(
        clock,
        [
          { seat: 0, kind: 'UNLOCK' },
          { seat: 1, kind: 'ACT' },
        ],
        1,
        false,
      ),
    ).toBe(60_000);
    expect(limitFor(clock, [{ seat: 1, kind: 'SEAL' }], 1, false)).toBe(60_000);
    expect(limitFor(clock, [{ seat: 1, kind: 'SHUFFLE' }], 1, true)).toBe(60_000);
    expect(limitFor(clock, [{ seat: 1, kind: 'SHUFFLE' }], 1, false)).toBe(10_000);
    // Another seat's move is not this seat's choice.
    expect(
      limitFor(
        clock,
        [
          { seat: 0, kind: 'ACT' },
          { seat: 1, kind: 'UNLOCK' },
        ],
        1,
        false,
      ),
    ).toBe(10_000);
  });
});

describe('the genesis as it is hashed', () => {
  const bare: Genesis = {
    table: 't',
    game: 'war',
    names: ['Ada', 'Bob'],
    identities: ['aa', 'bb'],
    deckSize: 52,
    options: {},
  };
  test('leaves out each optional field a table has none of, so an older genesis hashes as it did', () => {
    expect(Object.keys(genesisJson(bare)).sort()).toEqual(Object.keys(bare).sort());
  });
  test('keeps each optional field a table has', () => {
    const full: Genesis = {
      ...bare,
      absentAfterMs: DEFAULT_ABSENT_AFTER_MS,
      clock: DEFAULT_CLOCK,
      runBy: [0, 0],
      protocol: TIME_PROTOCOL,
    };
    expect(genesisJson(full)).toEqual(full);
    expect(Object.keys(genesisJson(full)).sort()).toEqual(Object.keys(full).sort());
  });
});
