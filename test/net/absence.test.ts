/**
 * A present player never loses by absence (issue 24, part 1), through the
 * `TableSession` every page runs: real games with real cryptography over the
 * in-memory network, every seat played by a computer player with no delay.
 *
 * The attacker is a modified client: besides its honest moves, it claims its
 * victim absent at every chance, first through `declareAbsent` and then,
 * refused there, by signing the ABSENT with its own key and sending it to
 * every seat itself. The victim's page answers each claim, so none stands;
 * a claim on a seat the table does not wait on names its author.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { GameId } from '../../src/engine/catalog.ts';
import type { JsonObject } from '../../src/engine/encoding.ts';
import type { Seat } from '../../src/engine/game.ts';
import {
  SHORT_WAR,
  closedAfterEach,
  seatAll as seatEvery,
  finished,
  summary,
  until,
  type Seated,
  type TestTable,
} from './helpers/seats.ts';

const closeLater = closedAfterEach();
// Protocol 4: a claim answered by the claimed seat's page at once, as tables made before
// the table's clock keep it. A table made now judges claims by its clock (the last test
// here, and adversary/clock.test.ts).
const seatAll = (id: string, game: GameId, options: JsonObject, seats: number, protocol = 4) =>
  seatEvery(id, game, options, seats, closeLater, protocol);

const text = new TextDecoder();

/** Signs `body` as `seated`'s next event with its own key and sends it to every other seat. */
function signAndSend(table: TestTable, seated: Seated, body: JsonObject): boolean {
  const { session } = seated;
  const secretKey = table.identities[session.seat]!.secretKey;
  const signed = session.replica.author(session.seat, secretKey, body as never);
  if (!signed.ok) return false;
  const event = text.decode(signed.value.bytes);
  table.peers.forEach((_, seat) => {
    if (seat !== session.seat) session.links.send(seat, { type: 'event', event });
  });
  return true;
}

/**
 * The attacker claims `victim` absent as early as it can: once in every situation in
 * which the table waits on the victim (its own move just made, in the same task), and
 * with `everyAnswer` again as soon as it sees each answer, as long as the rules let it
 * (`MAX_CLAIMS` while the table does not move; one more names it: finality.test.ts). Returns how many claims it
 * signed, at which steps, and what the session answered when asked first.
 */
function claimAtEveryChance(table: TestTable, attacker: Seated, victim: Seat, everyAnswer = false) {
  const { session } = attacker;
  const tried = new Set<string>();
  const made = { claims: 0, stages: new Set<string>(), refused: new Set<string>() };
  const claimable = () => {
    const { replica } = session;
    const { step } = replica.state;
    return (
      !replica.waiting &&
      !replica.stopped &&
      step.type !== 'DONE' &&
      replica.owed().some((o) => o.seat === victim) &&
      // As often as the rules let it: a third claim with the table where it was names it.
      !replica.claimedAgain(session.seat, victim)
    );
  };
  const claim = () => {
    if (!claimable()) return;
    const { state, log } = session.replica;
    const situation = `${state.stepNo}:${state.acts}:${everyAnswer ? log.nextSeq(victim) : ''}`;
    if (tried.has(situation)) return;
    tried.add(situation);
    const signed = (stage: string) => {
      made.claims++;
      made.stages.add(stage);
    };
    const asked = state.step.type;
    void session.declareAbsent(victim).then((answer) => {
      if (answer.ok) return signed(asked);
      made.refused.add(answer.error);
      const stage = session.replica.state.step.type;
      if (claimable() && signAndSend(table, attacker, { type: 'ABSENT', seat: victim }))
        signed(stage);
    });
  };
  session.subscribe(claim);
  return made;
}

/** Every replica is done, and no claim of absence ended it (the claim would be answered). */
const played = (seated: Seated[]) =>
  finished(seated.map((s) => s.session)) &&
  seated.every((s) => s.session.replica.state.ending === null);

/** What nobody may lose: every replica agrees, the game ended by its rules, and nobody is named. */
function expectHonestEnd(seated: Seated[]): void {
  const [first, ...others] = seated.map((s) => summary(s.session));
  expect(first!.offences).toEqual([]);
  expect(first!.outcome).not.toBeNull();
  expect(first!.outcome!.reason).not.toMatch(/absent/);
  for (const s of seated) expect(s.session.replica.state.ending).toBeNull();
  for (const other of others) expect(other).toEqual(first);
}

describe('an attacker claims an honest seat absent at every chance; it never loses by absence', () => {
  test.each<{
    game: GameId;
    options: JsonObject;
    seats: number;
    stages: string[];
    /** The attacker resigns after this many moves instead of playing to the end (a long game). */
    resignAfter?: number;
  }>([
    { game: 'war', options: SHORT_WAR, seats: 2, stages: ['KEYS', 'UNLOCK', 'PLAY', 'AUDIT'] },
    {
      game: 'redblack',
      options: { red: 9, black: 9, target: 2 },
      seats: 2,
      stages: ['KEYS', 'COIN', 'PLAY', 'AUDIT'],
    },
    { game: 'town', options: {}, seats: 2, stages: ['KEYS', 'UNLOCK', 'PLAY'] },
    {
      game: 'blackred',
      options: {},
      seats: 2,
      stages: ['KEYS', 'COIN', 'UNLOCK', 'PLAY'],
      resignAfter: 4,
    },
    { game: 'batailles', options: {}, seats: 3, stages: ['KEYS', 'PLAY', 'AUDIT'] },
  ])('$game', async ({ game, options, seats, stages, resignAfter }) => {
    const { table, seated } = await seatAll(`absence-${game}`, game, options, seats);
    const attacker = seated[0]!;
    const made = claimAtEveryChance(table, attacker, 1);
    if (resignAfter === undefined) {
      await until('every replica is done, and no claim stands', () => played(seated));
      expectHonestEnd(seated);
    } else {
      await until(
        `${resignAfter} moves made`,
        () => attacker.session.replica.state.acts >= resignAfter,
      );
      expect(await attacker.session.resign()).toEqual({ ok: true, value: undefined });
      await until('every replica knows Ada resigned', () =>
        seated.every((s) => s.session.replica.state.ending?.type === 'RESIGN'),
      );
      const [first, ...others] = seated.map((s) => summary(s.session));
      expect(first).toMatchObject({ offences: [], outcome: { reason: 'Ada resigned' } });
      for (const other of others) expect(other).toEqual(first);
    }
    // Every page confirmed how the table ended: its transcript shows it agreed by all.
    await until('every seat confirmed the ending', () =>
      seated.every((s) => s.session.replica.confirmedBy().length === seats),
    );
    expect(made.claims).toBeGreaterThan(0);
    // Through the session API, every claim was refused: the agreed limit had not passed.
    expect([...made.refused]).toEqual(['ERR_TOO_SOON']);
    // The claims came at every stage of the table: keys, coins, dealing, play, the audit.
    expect([...made.stages]).toEqual(expect.arrayContaining(stages));
  });
});

test('Red & Black: a claim while the next game is held, its key owed, is answered; the holder plays on', async () => {
  const { table, seated } = await seatAll(
    'absence-held',
    'redblack',
    { red: 9, black: 9, target: 2 },
    2,
  );
  const [ada, babbage] = seated as [Seated, Seated];
  // Babbage's player reads how the first game ended before the next one: its fresh key waits.
  babbage.session.holdNextGame(true);
  let claimed = false;
  const claim = () => {
    if (claimed || !babbage.session.nextGameHeld) return;
    // The table waits on Babbage's key: Ada claims him absent at once, past the session's
    // check; again at her next change if her replica was still checking a proof.
    claimed = signAndSend(table, ada, { type: 'ABSENT', seat: 1 });
  };
  babbage.session.subscribe(claim);
  ada.session.subscribe(claim);
  await until('Ada claims Babbage absent while his key is held', () => claimed);
  await until(
    'the claim is answered, the key still held',
    () =>
      seated.every((s) => s.session.replica.log.size === ada.session.replica.log.size) &&
      seated.every((s) => s.session.replica.state.ending === null) &&
      babbage.session.nextGameHeld,
  );
  babbage.session.startNextGame();
  // The games after the next are not held: the match plays to its end.
  babbage.session.holdNextGame(false);
  await until('every replica is done, and no claim stands', () => played(seated));
  expectHonestEnd(seated);
});

test('War: a claimant that claims again at every answer, as often as it may, does not stall the game', async () => {
  const { table, seated } = await seatAll('absence-again', 'war', SHORT_WAR, 2);
  const made = claimAtEveryChance(table, seated[0]!, 1, true);
  await until('every replica is done, and no claim stands', () => played(seated));
  expectHonestEnd(seated);
  // More claims than the table has steps: each answer drew another.
  expect(made.claims).toBeGreaterThan(seated[0]!.session.replica.state.stepNo);
});

test('Red & Black: a claim on the player who waits for the other to move names its author', async () => {
  const { table, seated } = await seatAll('absence-waiting', 'redblack', { target: 1 }, 2);
  const [ada, babbage] = seated as [Seated, Seated];
  const waiting = () => {
    const { replica } = ada.session;
    const game = replica.state.game as { round: { stage: { kind: string }; turn: number } };
    return (
      !replica.waiting &&
      replica.state.step.type === 'PLAY' &&
      game.round.stage.kind === 'PLAY' &&
      game.round.turn === 0
    );
  };
  let claimed = false;
  ada.session.subscribe(() => {
    if (claimed || !waiting()) return;
    claimed = true;
    // Ada's turn: Babbage may call, but the table does not wait on him.
    expect(ada.session.replica.owed()).toEqual([{ seat: 0, kind: 'SEAL' }]);
    expect(signAndSend(table, ada, { type: 'ABSENT', seat: 1 })).toBe(true);
  });
  await until('Ada claimed', () => claimed);
  await until('Babbage holds the claim', () => babbage.session.replica.stopped);
  for (const { session } of seated) {
    expect(session.replica.offences()).toEqual([
      expect.objectContaining({ seat: 0, reason: 'ERR_OWES_NOTHING' }),
    ]);
    expect(session.replica.state.ending).toBeNull();
  }
});

describe('a seat that really goes silent', () => {
  // Only the date is fake: the sessions' clock for absent players moves by hand.
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
  afterEach(() => vi.useRealTimers());

  test('loses by absence once out of reach past the agreed limit, and not before', async () => {
    const { seated } = await seatAll('absence-silent', 'war', SHORT_WAR, 2);
    const [ada, babbage] = seated as [Seated, Seated];
    await until('the cards are dealt', () => ada.session.replica.state.step.type === 'PLAY');
    babbage.kill();
    await until('the table waits on Babbage alone', () =>
      ada.session.replica.owed().every((o) => o.seat === 1),
    );
    const size = ada.session.replica.log.size;
    expect(await ada.session.declareAbsent(1)).toEqual({ ok: false, error: 'ERR_TOO_SOON' });
    const [{ seat, due }] = ada.session.absences() as [{ seat: number; due: number }];
    expect(seat).toBe(1);
    vi.setSystemTime(due - 1);
    expect(await ada.session.declareAbsent(1)).toEqual({ ok: false, error: 'ERR_TOO_SOON' });
    expect(ada.session.replica.log.size).toBe(size);

    vi.setSystemTime(due);
    expect(await ada.session.declareAbsent(1)).toEqual({ ok: true, value: undefined });
    expect(ada.session.replica.outcome()).toEqual({
      result: 'win',
      winners: [0],
      reason: 'Babbage was declared absent',
    });
    expect(ada.session.replica.offences()).toEqual([]);
  });
});

test('on a timed table, a claim signed before the claimed seat’s time ran out names the claimer at once: the present seat wins', async () => {
  const { table, seated } = await seatAll('absence-timed', 'war', SHORT_WAR, 2, 5);
  const made = claimAtEveryChance(table, seated[0]!, 1);
  await until('every page names Ada', () =>
    seated.every((s) => s.session.replica.offences().length > 0),
  );
  // The session would not sign it; her modified page did, and the table's clock refused it.
  expect([...made.refused]).toEqual(['ERR_TOO_SOON']);
  for (const s of seated)
    expect(summary(s.session)).toMatchObject({
      offences: [{ seat: 0, reason: 'ERR_TOO_SOON' }],
      outcome: { result: 'win', winners: [1] },
    });
});
