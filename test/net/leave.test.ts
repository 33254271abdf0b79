/**
 * Issue 10, leaving and absent players, through the `TableSession` every
 * browser runs: real games (War, Red & Black) with real cryptography over
 * the in-memory network. A player who resigns ends the game for every
 * replica alike; a player who owes a move and is out of reach can be
 * declared absent; one who comes back in time simply continues.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { Json, JsonObject } from '../../src/engine/encoding.ts';
import type { Outcome } from '../../src/engine/game.ts';
import { gameById } from '../../src/engine/games/registry.ts';
import { makeTranscript, verifyTranscript } from '../../src/engine/transcript.ts';
import { parseWireMessage, type WireMessage } from '../../src/net/messages.ts';
import { LoopbackNetwork } from '../../src/net/loopback.ts';
import { Messenger } from '../../src/net/messenger.ts';
import { TableSession } from '../../src/net/table.ts';
import { DEFAULT_ABSENT_AFTER_MS } from '../../src/engine/table/clock.ts';
import { seeded } from '../engine/helpers.ts';
import { makeGenesis, makePlayers } from '../engine/helpers/table.ts';

const PEERS = ['ada', 'babbage'];
const NAMES = ['Ada', 'Babbage'];
type Session = TableSession<Json>;
/** Short stacks keep a War to a few battles; the deck is still the full 52, jointly shuffled. */
const SHORT_WAR: JsonObject = {
  stacks: [
    [0, 2, 4, 6, 8, 10],
    [1, 3, 5, 7, 9, 11],
  ],
};

const open: { close(): void }[] = [];
afterEach(() => {
  for (const thing of open.splice(0)) thing.close();
});

/** Two sessions of `game`, one per seat, linked to each other. */
function seatTable(game: 'war' | 'redblack', options: JsonObject) {
  const entry = gameById(game)!;
  const players = makePlayers(2);
  // Protocol 4: the claimed seat's page answers a claim at once, as tables made before the
  // table's clock keep it (a table made now: ui/clock.test.ts, adversary/clock.test.ts).
  const genesis = { ...makeGenesis(players, entry, options, 4), names: NAMES };
  const net = new LoopbackNetwork();
  const messengers = PEERS.map(
    (peer) => new Messenger<WireMessage>(net.join(peer), parseWireMessage),
  );
  const sessions = messengers.map(
    (messenger, seat) =>
      new TableSession(messenger, genesis, entry, seat, players[seat]!.identity.secretKey, PEERS),
  );
  open.push(...sessions, ...messengers);
  messengers[0]!.connect(PEERS[1]!);
  return { net, messengers, sessions };
}

const until = (what: string, condition: () => boolean) =>
  vi.waitFor(() => expect(condition(), what).toBe(true), { timeout: 60_000, interval: 5 });

const mayAct = (session: Session) => session.legalActions().length > 0;
const ended = (sessions: Session[]) => sessions.every((s) => s.replica.state.step.type === 'DONE');
const sameLogs = (sessions: Session[]) =>
  new Set(sessions.map((s) => s.replica.log.digest())).size === 1;

/** What every replica must agree on. */
const summary = (session: Session) => ({
  digest: session.replica.log.digest(),
  stateHash: session.replica.stateHash,
  outcome: session.replica.outcome(),
  ending: session.replica.state.ending,
  offences: session.replica.offences(),
  refusals: session.refusals,
});

/** Every replica holds the same log, state and outcome, and nobody was named or refused. */
function expectAgreement(sessions: Session[], outcome: Outcome | null): void {
  const [first, ...others] = sessions.map(summary);
  expect(first).toMatchObject({ outcome, offences: [], refusals: [] });
  for (const other of others) expect(other).toEqual(first);
}

/** Plays `moves` player actions, each chosen by the game's own bot for a seat that wants to act. */
async function play(sessions: Session[], moves: number): Promise<void> {
  // A bot may pass on an optional action (Red & Black's call out of turn): ask each seat,
  // each time with the same draws, so the moves depend on the state and not on polling.
  const choose = (session: Session, made: number) => {
    const random = seeded(3 + made);
    if (!mayAct(session)) return null;
    const { playable } = session;
    const view = playable.view(session.replica.state.game, session.seat);
    return playable.bot(view, session.legalActions(), random, session.knownFaces());
  };
  for (let made = 0; made < moves; made++) {
    let move: { session: Session; choice: JsonObject } | undefined;
    await until(`a seat chooses move ${made + 1}`, () => {
      for (const session of sessions) {
        const choice = choose(session, made);
        if (choice) move = { session, choice };
      }
      return move !== undefined;
    });
    expect(move!.session.act(move!.choice).ok).toBe(true);
    await until('every seat has the move', () => sameLogs(sessions));
  }
}

describe('a player who resigns ends the game, alike for every replica', () => {
  test.each<{
    game: 'war' | 'redblack';
    options: JsonObject;
    moves: number;
    resigner: number;
    who: string;
  }>([
    {
      game: 'war',
      options: SHORT_WAR,
      moves: 3,
      resigner: 0,
      who: 'Ada',
    },
    {
      game: 'redblack',
      options: { red: 9, black: 9, target: 1 },
      moves: 2,
      resigner: 1,
      who: 'Babbage',
    },
  ])('$game: $who resigns after $moves moves', async ({ game, options, moves, resigner }) => {
    const { sessions } = seatTable(game, options);
    await play(sessions, moves);
    const winner = 1 - resigner;
    const outcome: Outcome = {
      result: 'win',
      winners: [winner],
      reason: `${NAMES[resigner]} resigned`,
    };

    expect(await sessions[resigner]!.resign()).toEqual({ ok: true, value: undefined });
    await until('every replica has ended', () => ended(sessions));
    expectAgreement(sessions, outcome);
    expect(sessions[0]!.replica.state.ending).toEqual({
      type: 'RESIGN',
      seat: resigner,
      by: resigner,
    });
    // Nothing is owed after a resignation, not even the audit, and nobody may act.
    for (const session of sessions) {
      expect(session.replica.owed()).toEqual([]);
      expect(session.legalActions()).toEqual([]);
    }
    // Leaving after the outcome needs no event: refused unsigned.
    const size = sessions[resigner]!.replica.log.size;
    expect(await sessions[resigner]!.resign()).toEqual({ ok: false, error: 'ERR_GAME_OVER' });
    expect(await sessions[winner]!.resign()).toEqual({ ok: false, error: 'ERR_GAME_OVER' });
    expect(await sessions[winner]!.declareAbsent(resigner)).toEqual({
      ok: false,
      error: 'ERR_GAME_OVER',
    });
    expect(sessions[resigner]!.replica.log.size).toBe(size);
    // The transcript of a resigned game checks out, with the same outcome.
    const transcript = JSON.parse(JSON.stringify(makeTranscript(sessions[winner]!.replica)));
    expect(verifyTranscript(transcript)).toMatchObject({ ok: true, outcome });
  });
});

describe('absent players (War)', () => {
  // Only the date is fake: the sessions' clock for absent players moves by hand.
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
  afterEach(() => vi.useRealTimers());

  /** Every replica holds the same log, and no claim of absence stands. */
  const answered = (sessions: Session[]) =>
    sameLogs(sessions) && sessions.every((s) => s.replica.state.ending === null);

  /** Ada has flipped and Babbage owes his flip when the link between them drops. */
  async function flippedThenCut() {
    const { net, messengers, sessions } = seatTable('war', SHORT_WAR);
    const [ada, babbage] = sessions as [Session, Session];
    await until('both may flip', () => mayAct(ada) && mayAct(babbage));
    expect(ada.act({ type: 'FLIP' }).ok).toBe(true);
    await until('Babbage has the flip', () => sameLogs(sessions));
    net.cut(PEERS[0]!, PEERS[1]!);
    return { messengers, sessions, ada, babbage };
  }

  test('Ada may declare Babbage absent once he owed his flip out of reach past the limit; back, his page answers and the game goes on', async () => {
    const { messengers, sessions, ada, babbage } = await flippedThenCut();
    const size = ada.replica.log.size;
    // Refused unsigned: declaring oneself, a seat that owes nothing now, or before the limit.
    expect(await ada.declareAbsent(0)).toEqual({ ok: false, error: 'ERR_OWN_SEAT' });
    expect(await babbage.declareAbsent(0)).toEqual({ ok: false, error: 'ERR_OWES_NOTHING' });
    expect(await ada.declareAbsent(2)).toEqual({ ok: false, error: 'ERR_NO_SEAT' });
    expect(await ada.declareAbsent(1)).toEqual({ ok: false, error: 'ERR_TOO_SOON' });
    // Only the seat the table waits on, its clock started when the link dropped.
    expect(ada.absences()).toEqual([{ seat: 1, due: expect.any(Number) }]);
    const [{ due }] = ada.absences() as [{ seat: number; due: number }];
    vi.setSystemTime(due - 1);
    expect(await ada.declareAbsent(1)).toEqual({ ok: false, error: 'ERR_TOO_SOON' });
    expect(ada.replica.log.size).toBe(size);

    vi.setSystemTime(due);
    expect(await ada.declareAbsent(1)).toEqual({ ok: true, value: undefined });
    expect(ada.replica.outcome()).toEqual({
      result: 'win',
      winners: [0],
      reason: 'Babbage was declared absent',
    });
    expect(babbage.replica.state.ending).toBeNull();

    messengers[1]!.connect(PEERS[0]!);
    await until('Babbage answered, and both hold every event', () => answered(sessions));
    expectAgreement(sessions, null);
    const kinds = ada.replica.log.entries().map((e) => e.event.body.type);
    expect(kinds.slice(-2)).toEqual(['ABSENT', 'PRESENT']);
    expect(ada.replica.entryVerdicts.slice(-2)).toEqual(['void', 'applied']);
    expect(babbage.legalActions()).toEqual([{ type: 'FLIP', seat: 1 }]);
  });

  test('Babbage flips while out of reach and Ada declares him absent: on his return the declaration is void and the game goes on', async () => {
    const { messengers, sessions, ada, babbage } = await flippedThenCut();
    expect(babbage.act({ type: 'FLIP' }).ok).toBe(true);
    vi.setSystemTime(Date.now() + DEFAULT_ABSENT_AFTER_MS);
    expect((await ada.declareAbsent(1)).ok).toBe(true);
    expect(ada.replica.state.ending).toEqual({ type: 'ABSENT', seat: 1, by: 0 });

    messengers[1]!.connect(PEERS[0]!);
    await until('both hold every event', () => sameLogs(sessions));
    expectAgreement(sessions, null);
    const entries = ada.replica.log.entries();
    const absent = entries.findIndex((e) => e.event.body.type === 'ABSENT');
    expect(ada.replica.entryVerdicts[absent]).toBe('void');
    expect(ada.replica.state.ending).toBeNull();
    // The battle goes on: both flips stand and the turned cards are revealed.
    expect(ada.replica.state.acts).toBe(2);
    await until('both may flip again', () => mayAct(ada) && mayAct(babbage));
    expectAgreement(sessions, null);
  });
});
