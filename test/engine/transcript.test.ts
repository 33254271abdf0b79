/**
 * Transcripts: a game rebuilt from its signed events alone. Every removal,
 * duplicate, reordering or alteration must fail, naming the first bad event.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { localTable } from '../../src/bots/table.ts';
import type { EventBody } from '../../src/engine/events.ts';
import type { Outcome } from '../../src/engine/game.ts';
import { war, type WarOptions } from '../../src/engine/games/war/index.ts';
import { composeEvent } from '../../src/engine/log.ts';
import { makeAct } from '../../src/engine/table/author.ts';
import { CheckBook, runCheck, type CheckJob } from '../../src/engine/table/checks.ts';
import { stateHash, type Json } from '../../src/engine/encoding.ts';
import { genesisHash } from '../../src/engine/table/fold.ts';
import {
  TranscriptCheck,
  describeAudit,
  describeFault,
  makeTranscript,
  parseGenesis,
  verifyTranscript,
  type Transcript,
} from '../../src/engine/transcript.ts';
import { forgedUnlockTranscript } from './helpers/forged.ts';
import { Table, makePlayers } from './helpers/table.ts';
import { CLOCKS } from '../../src/engine/table/clock.ts';

let transcript: Transcript;
let outcome: Outcome | null;

beforeAll(async () => {
  // Short stacks keep the game to a few battles; the deck is still the full 52, jointly shuffled.
  const table = localTable({
    game: 'war',
    names: ['Ada', 'Babbage'],
    seed: 5,
    table: 'transcript-test',
    options: {
      stacks: [
        [0, 2, 4, 6, 8],
        [1, 3, 5, 7, 9],
      ],
    },
  });
  await table.finished();
  const hashes = table.sessions.map((s) => s.replica.stateHash);
  expect(new Set(hashes).size).toBe(1);
  transcript = makeTranscript(table.sessions[0]!.replica);
  outcome = table.sessions[0]!.replica.outcome();
  table.close();
});

const edit = (change: (events: string[]) => void): Transcript => {
  const events = [...transcript.events];
  change(events);
  return { ...transcript, events };
};

describe('verifyTranscript', () => {
  test('rebuilds an honest game to the same outcome', () => {
    const result = verifyTranscript(JSON.parse(JSON.stringify(transcript)));
    expect(result).toMatchObject({ ok: true, outcome, events: transcript.events.length });
    expect(outcome).not.toBeNull();
    // War has no hidden claims: no audit of them to speak of, nobody found.
    if (!result.ok) throw new Error('not verified');
    expect(result.findings).toEqual([]);
    expect(describeAudit(result)).toBeNull();
  });

  test.each([
    [
      'an event removed from the middle',
      (e: string[]) => e.splice(5, 1),
      5,
      /out of order|predecessor|does not hold before it/,
    ],
    [
      'the first event removed',
      (e: string[]) => e.splice(0, 1),
      0,
      /out of order|predecessor|does not hold before it/,
    ],
    ['an event duplicated', (e: string[]) => e.splice(6, 0, e[5]!), 6, /duplicate/],
    [
      'two events swapped',
      (e: string[]) => e.splice(7, 2, e[8]!, e[7]!),
      7,
      /out of order|predecessor|does not hold before it/,
    ],
    [
      'an event moved to the end',
      (e: string[]) => e.push(...e.splice(3, 1)),
      3,
      /out of order|predecessor|does not hold before it/,
    ],
    [
      'an event altered (one character of its body)',
      (e: string[]) =>
        (e[4] = e[4]!.replace(
          /"type":"(\w)/,
          (_m, c: string) => `"type":"${c === 'A' ? 'B' : 'A'}`,
        )),
      4,
      /^ERR_SIGNATURE$/,
    ],
    [
      'garbage in place of an event',
      (e: string[]) => (e[2] = '{"not":"an event"}'),
      2,
      /^ERR_FIELDS$/,
    ],
  ])('fails on %s, naming the first bad event', (_, change, index, reason) => {
    const result = verifyTranscript(edit(change));
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.fault.index).toBe(index);
      expect(result.fault.reason).toMatch(reason);
    }
  });

  test('fails when the last event is removed: the game is not over', () => {
    const result = verifyTranscript(edit((e) => e.pop()));
    expect(result).toEqual({
      ok: false,
      fault: { index: null, author: null, reason: 'the transcript ends before the game is over' },
    });
  });

  test('fails when the genesis is changed: every event names the real one', () => {
    const renamed = {
      ...transcript,
      genesis: { ...transcript.genesis, names: ['Eve', 'Babbage'] },
    };
    const result = verifyTranscript(renamed);
    expect(result).toMatchObject({ ok: false, fault: { index: 0, reason: 'ERR_TABLE' } });
  });

  test('fails when the time control is changed: it is part of the genesis hash', () => {
    const changed = { ...transcript, genesis: { ...transcript.genesis, clock: CLOCKS.quick } };
    const result = verifyTranscript(changed);
    expect(result).toMatchObject({ ok: false, fault: { index: 0, reason: 'ERR_TABLE' } });
  });

  test.each([
    undefined,
    { moveMs: 999, dutyMs: 1_000 },
    { moveMs: 1_000, dutyMs: 3_600_001 },
    { moveMs: 1_000, dutyMs: 1_000.5 },
    { moveMs: 1_000 },
    { moveMs: 1_000, dutyMs: 1_000, bonus: 1 },
  ])('refuses a genesis whose time control is %j', (clock) => {
    const result = verifyTranscript({ ...transcript, genesis: { ...transcript.genesis, clock } });
    expect(result).toEqual({
      ok: false,
      fault: { index: null, author: null, reason: 'bad genesis.clock' },
    });
  });

  test('refuses a genesis of protocol 5 that keeps the older absence limit too', () => {
    const result = verifyTranscript({
      ...transcript,
      genesis: { ...transcript.genesis, absentAfterMs: 120_000 },
    });
    expect(result).toEqual({
      ok: false,
      fault: { index: null, author: null, reason: 'bad genesis.absentAfterMs' },
    });
  });

  test('records whose page runs each seat in the genesis hash, and keeps it when read back', () => {
    // A seat run by another's page (a computer the host added) is part of what every seat signed.
    const hosted = { ...transcript.genesis, runBy: [0, 0] };
    expect(verifyTranscript({ ...transcript, genesis: hosted })).toMatchObject({
      ok: false,
      fault: { index: 0, reason: 'ERR_TABLE' },
    });
    const read = parseGenesis(JSON.parse(JSON.stringify(hosted)));
    expect(read.ok && genesisHash(read.value)).toBe(genesisHash(hosted));
    expect(read.ok && read.value.runBy).toEqual([0, 0]);
  });

  test.each([
    ['a seat past the last', [0, 2]],
    ['one entry per seat missing', [0]],
    ['a runner whose own seat another page runs', [1, 0]],
    ['every seat its own player’s (the field is left out then)', [0, 1]],
    ['not a list', '0,0'],
    ['a fraction', [0, 0.5]],
  ])('refuses a genesis whose runBy has %s', (_, runBy) => {
    const result = verifyTranscript({ ...transcript, genesis: { ...transcript.genesis, runBy } });
    expect(result).toEqual({
      ok: false,
      fault: { index: null, author: null, reason: 'bad genesis.runBy' },
    });
  });

  test.each([
    ['not an object', 42],
    ['another format', { ...{ format: 'other' } }],
    [
      'an unknown game',
      { format: 'fairdeal-transcript/1', genesis: { game: 'poker' }, events: [] },
    ],
  ])('refuses %s as a whole', (_, raw) => {
    const result = verifyTranscript(raw);
    expect(result).toMatchObject({ ok: false, fault: { index: null } });
  });
});

test('names the seat of a properly signed cheating event, at that event', () => {
  // A War whose seat 1 flips, then, signing with its own key, flips again before the battle.
  const players = makePlayers(2);
  const options: WarOptions = {
    stacks: [
      [0, 2, 4],
      [1, 3, 5],
    ],
  };
  const table = Table.of(players, war, options);
  table.dutiesUntil((s) => s.step.type === 'PLAY');
  table.play(1, makeAct({ type: 'FLIP' }));
  const replica = table.replicas[1]!;
  const cheat = composeEvent(
    replica.log,
    1,
    makeAct({ type: 'FLIP' }) as unknown as EventBody,
    players[1]!.identity.secretKey,
  );
  if (!cheat.ok) throw new Error(cheat.error);
  const honest = makeTranscript(replica);
  const cheating = {
    ...honest,
    events: [...honest.events, new TextDecoder().decode(cheat.value.bytes)],
  };
  expect(verifyTranscript(cheating)).toEqual({
    ok: false,
    fault: { index: honest.events.length, author: 1, reason: 'ERR_NOT_OWED' },
  });
});

describe('TranscriptCheck, one event at a time', () => {
  test('checks each event in turn, with the state after it, to the same outcome', () => {
    const opened = TranscriptCheck.open(JSON.parse(JSON.stringify(transcript)));
    if (!opened.ok) throw new Error(opened.fault.reason);
    const { check } = opened;
    expect(check.result()).toMatchObject({ ok: false, fault: { index: null } });
    for (let i = 0; i < transcript.events.length; i++) {
      expect(check.done).toBe(false);
      expect(check.step()).toBe(true);
      expect(check.verified).toBe(i + 1);
      expect(check.replica.stateAfter(i + 1)).toBeDefined();
    }
    expect(check.done).toBe(true);
    expect(check.step()).toBe(false);
    expect(check.result()).toMatchObject({ ok: true, outcome });
  });

  test('stops at the first bad event: the events before it stay checked', () => {
    const opened = TranscriptCheck.open(edit((e) => e.splice(5, 1)));
    if (!opened.ok) throw new Error(opened.fault.reason);
    const { check } = opened;
    while (check.step());
    expect(check.verified).toBe(5);
    expect(check.done).toBe(true);
    expect(check.fault).toMatchObject({ index: 5 });
    expect(check.replica.log.size).toBe(5);
  });
});

/** Opens `raw` for a check, with `book` if given; throws if it cannot be opened. */
function opened(raw: unknown, book: CheckBook | null = null): TranscriptCheck {
  const found = TranscriptCheck.open(JSON.parse(JSON.stringify(raw)), book);
  if (!found.ok) throw new Error(found.fault.reason);
  return found.check;
}

/**
 * Steps `check` to the end, answering the checks it waits for with `answer`
 * (in this thread, as a worker would): the events at which it waited.
 */
function checkWithBook(check: TranscriptCheck, answer: (job: CheckJob) => boolean): number[] {
  const waited: number[] = [];
  while (!check.done) {
    if (check.step()) continue;
    if (!check.waiting) break;
    const at = check.verified;
    waited.push(at);
    // Nothing is judged while it waits: the event stays unchecked, however often asked.
    expect(check.step()).toBe(false);
    expect(check.verified).toBe(at);
    const { wanted } = check.ahead();
    expect(wanted.size).toBeGreaterThan(0);
    check.learn([...wanted].map(([id, job]) => [id, answer(job)] as const));
  }
  return waited;
}

/** Every state hash and verdict of a check's replica, in log order. */
const trail = (check: TranscriptCheck) => ({
  states: Array.from({ length: check.replica.log.size + 1 }, (_, i) =>
    stateHash(check.replica.stateAfter(i) as unknown as Json),
  ),
  verdicts: check.replica.entryVerdicts,
});

describe('TranscriptCheck with a CheckBook: the proofs checked elsewhere', () => {
  test('waits at each event with proofs, and reaches the same states, verdicts and outcome as at once', () => {
    const atOnce = opened(transcript);
    while (atOnce.step());
    const check = opened(transcript, new CheckBook());
    const waited = checkWithBook(check, runCheck);
    expect(check.result()).toEqual(atOnce.result());
    expect(trail(check)).toEqual(trail(atOnce));
    // Exactly the events that carry proofs waited for them; moves and audits did not.
    const types = transcript.events.map((e) => (JSON.parse(e) as { body: EventBody }).body.type);
    const proving = types.flatMap((type, i) =>
      ['KEY', 'SHUFFLE', 'UNLOCK', 'LOCK', 'REMASK'].includes(type) ? [i] : [],
    );
    expect(waited).toEqual(proving);
    expect(types.filter((_, i) => waited.includes(i))).toContain('SHUFFLE');
  });

  test('a forged unlock share stops the check at its event, named, as at once', () => {
    const { transcript: forged, index } = forgedUnlockTranscript();
    const check = opened(forged, new CheckBook());
    const waited = checkWithBook(check, runCheck);
    expect(waited.at(-1)).toBe(index);
    expect(check.fault).toEqual({ index, author: 0, reason: 'ERR_PROOF' });
    expect(check.verified).toBe(index);
    expect(check.result()).toEqual(verifyTranscript(forged));
  });

  test('the verdicts follow the answers: an honest shuffle answered false is refused, its author named', () => {
    const check = opened(transcript, new CheckBook());
    checkWithBook(check, (job) => job.kind !== 'shuffle' && runCheck(job));
    const first = transcript.events.findIndex((e) => e.includes('"type":"SHUFFLE"'));
    const author = (JSON.parse(transcript.events[first]!) as { author: number }).author;
    expect(check.fault).toEqual({ index: first, author, reason: 'ERR_PROOF' });
  });

  test('without a book it never waits: each event is checked at once', () => {
    const check = opened(transcript);
    expect(checkWithBook(check, () => false)).toEqual([]);
    expect(check.result()).toMatchObject({ ok: true, outcome });
  });
});

describe('describeFault', () => {
  const names = ['Ada', 'Babbage'];
  test.each([
    [
      { index: 4, author: 1, reason: 'ERR_SIGNATURE' },
      'event 4 by Babbage (seat 1) is bad: its signature does not match its author (ERR_SIGNATURE)',
    ],
    [
      { index: 7, author: 0, reason: 'event out of order or missing a predecessor' },
      'event 7 by Ada (seat 0) is bad: event out of order or missing a predecessor',
    ],
    [
      { index: 2, author: null, reason: 'ERR_JSON' },
      'event 2 is bad: it is not well-formed JSON (ERR_JSON)',
    ],
    [
      { index: 3, author: 5, reason: 'ERR_UNKNOWN_SEAT' },
      'event 3 by seat 5 is bad: its author has no seat at this table (ERR_UNKNOWN_SEAT)',
    ],
    [
      { index: null, author: null, reason: 'bad genesis.table' },
      'invalid transcript: bad genesis.table',
    ],
  ])('%o in words', (fault, words) => {
    expect(describeFault(fault, names)).toBe(words);
  });
});
