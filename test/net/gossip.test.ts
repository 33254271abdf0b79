/**
 * How events travel (`exchange.ts`), with real table sessions and real cryptography over
 * the in-memory transport: each event goes once, from its author, to every other seat;
 * a seat that misses some pulls them from any seat that holds them, so an event reaches
 * a peer its author could not send it to, through a third; a peer whose link drops
 * catches up when it comes back; an author that keeps its events from one seat cannot
 * split the table; and two versions of one event, each sent to another seat, still meet
 * and name their author.
 *
 * The table is three seats (or six) playing a scripted game on a four-card deck: the
 * keys and shuffles, seat 0's action, seat 2's action, the audit.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { JsonObject } from '../../src/engine/encoding.ts';
import { erase, type Need } from '../../src/engine/game.ts';
import type { Playable } from '../../src/engine/games/registry.ts';
import { signEvent } from '../../src/engine/events.ts';
import { composeEvent } from '../../src/engine/log.ts';
import { makeAct } from '../../src/engine/table/author.ts';
import { parseWireMessage, type WireMessage } from '../../src/net/messages.ts';
import { LoopbackNetwork } from '../../src/net/loopback.ts';
import { Messenger } from '../../src/net/messenger.ts';
import { TableSession } from '../../src/net/table.ts';
import { scriptGame, type ScriptState } from '../engine/helpers/script-game.ts';
import { makeGenesis, makePlayers } from '../engine/helpers/table.ts';

const options = {
  decks: [{ name: 'deck', size: 4 }],
  script: [
    { type: 'ACT', seats: [0] },
    { type: 'ACT', seats: [2] },
  ] satisfies Need[],
};
const script: Playable<ScriptState> = erase({
  ...scriptGame,
  name: 'Script',
  summary: 'A scripted run of needs.',
  rules: [],
  bot: () => null,
});
const DONE: JsonObject = { type: 'DONE' };
const CLOCK = { moveMs: 1_000, dutyMs: 30_000 };

type Session = TableSession<ScriptState>;

const text = new TextDecoder();
let open: { close(): void }[] = [];
afterEach(() => {
  for (const thing of open) thing.close();
  open = [];
});

/**
 * One table session per seat, linked but for the pairs `apart`; `heard[seat]` is every
 * event message it got, with the peer it came from.
 */
function seatTable(apart: readonly [number, number][], seats = 3) {
  const players = makePlayers(seats);
  // A move time of a second: a claim comes due at once, and the answer window is long.
  const genesis = { ...makeGenesis(players, scriptGame, options), clock: CLOCK };
  const PEERS = players.map((_, seat) => `peer-${seat}`);
  const net = new LoopbackNetwork();
  for (const [x, y] of apart) net.partition(PEERS[x]!, PEERS[y]!);
  const messengers = PEERS.map((peer) => new Messenger(net.join(peer), parseWireMessage));
  const heard = PEERS.map(() => [] as { from: string; event: string }[]);
  messengers.forEach((messenger, seat) =>
    messenger.on({
      message: (from, m) => m.type === 'event' && heard[seat]!.push({ from, event: m.event }),
    }),
  );
  const sessions = messengers.map(
    (messenger, seat) =>
      new TableSession(messenger, genesis, script, seat, players[seat]!.identity.secretKey, PEERS),
  );
  open.push(...sessions, ...messengers);
  return { net, messengers, sessions, heard };
}

const until = (what: string, condition: () => boolean) =>
  vi.waitFor(() => expect(condition(), what).toBe(true), { timeout: 60_000, interval: 5 });

const mayAct = (session: Session) => session.legalActions().length > 0;
const done = (sessions: Session[]) => sessions.every((s) => s.replica.state.step.type === 'DONE');
/** Every replica holds the same events, the table's last CONFIRM included. */
const agreed = (sessions: Session[]) =>
  done(sessions) &&
  new Set(sessions.map((s) => s.replica.log.digest())).size === 1 &&
  sessions[0]!.replica.confirmedBy().length === sessions.length;
const authorOf = (event: string) => (JSON.parse(event) as { author: number }).author;

/** The wire text of the last event `seat` authored in `session`'s log. */
const lastBy = (session: Session, seat: number) =>
  text.decode(
    session.replica.log
      .entries()
      .filter((e) => e.event.author === seat)
      .at(-1)!.bytes,
  );

/** Everything replicas must agree on at the end. */
const summary = (session: Session) => ({
  digest: session.replica.log.digest(),
  stateHash: session.replica.stateHash,
  outcome: session.replica.outcome(),
  refusals: session.refusals,
  offences: session.replica.offences(),
});

describe('each event is sent once', () => {
  test('at six seats, all linked, each seat hears each event once, from its author', async () => {
    const { sessions, heard } = seatTable([], 6);
    await until('seat 0 may act', () => mayAct(sessions[0]!));
    expect(sessions[0]!.act(DONE).ok).toBe(true);
    await until('seat 2 may act', () => mayAct(sessions[2]!));
    expect(sessions[2]!.act(DONE).ok).toBe(true);
    await until('every replica holds the whole table', () => agreed(sessions));

    const log = sessions[0]!.replica.log.entries();
    expect(log.length).toBeGreaterThan(6 * 4);
    heard.forEach((got, seat) => {
      // No copies: every event message came from its author, and each event came once.
      expect(got.every(({ from, event }) => from === `peer-${authorOf(event)}`)).toBe(true);
      const others = log.filter((e) => e.event.author !== seat);
      expect(got.map((m) => m.event).sort()).toEqual(
        others.map((e) => text.decode(e.bytes)).sort(),
      );
    });
    const [first, ...rest] = sessions.map(summary);
    expect(first).toMatchObject({ refusals: [], offences: [] });
    for (const other of rest) expect(other).toEqual(first);
  });
});

describe('a seat pulls what it misses', () => {
  test('seats 0 and 2 have no link, yet every event of each reaches the other through seat 1', async () => {
    const { sessions, heard } = seatTable([[0, 2]]);
    const [zero, , two] = sessions as [Session, Session, Session];
    await until('seat 0 may act', () => mayAct(zero));
    expect(zero.act(DONE).ok).toBe(true);
    const act = lastBy(zero, 0);
    await until('seat 2 may act', () => mayAct(two));
    expect(two.act(DONE).ok).toBe(true);
    await until('every replica holds the whole table', () => agreed(sessions));

    // Seat 0's action (and its keys and shuffle) reached seat 2, only ever from seat 1; and back.
    expect(heard[2]).toContainEqual({ from: 'peer-1', event: act });
    const by = (author: number, at: number) =>
      heard[at]!.filter((e) => authorOf(e.event) === author);
    expect(by(0, 2).length).toBeGreaterThan(2);
    expect(by(0, 2).every((e) => e.from === 'peer-1')).toBe(true);
    expect(by(2, 0).every((e) => e.from === 'peer-1')).toBe(true);
    expect(heard[0]).toContainEqual({ from: 'peer-1', event: lastBy(two, 2) });

    const [first, ...others] = sessions.map(summary);
    expect(first).toMatchObject({ refusals: [], offences: [] });
    for (const other of others) expect(other).toEqual(first);
  });

  test('seat 2 misses seat 0’s action while away and gets what it lacks from seat 1 on reconnect', async () => {
    const { net, messengers, sessions, heard } = seatTable([]);
    const [zero, one, two] = sessions as [Session, Session, Session];
    const digests = () => new Set(sessions.map((s) => s.replica.log.digest())).size;
    await until('seat 0 may act, all logs alike', () => mayAct(zero) && digests() === 1);

    net.partition('peer-2', 'peer-0');
    net.partition('peer-2', 'peer-1');
    expect(zero.act(DONE).ok).toBe(true);
    const act = lastBy(zero, 0);
    await until('seat 1 has the action', () => one.replica.log.size === zero.replica.log.size);
    // An event is sent once; it was sent while seat 2 was away, and nobody sends it again.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(two.replica.log.entries().map((e) => text.decode(e.bytes))).not.toContain(act);
    expect(mayAct(two)).toBe(false);

    // Back, but only to seat 1: seat 0 stays out of reach.
    const before = heard[2]!.length;
    const lacked = one.replica.log.entries().filter((e) => !two.replica.log.entry(e.hash));
    net.heal('peer-2', 'peer-1');
    messengers[2]!.connect('peer-1');
    await until('seat 2 may act', () => mayAct(two));
    // Seat 2 said what it held; seat 1 answered with exactly what it lacked, in log order.
    expect(heard[2]!.slice(before)).toEqual(
      lacked.map((e) => ({ from: 'peer-1', event: text.decode(e.bytes) })),
    );
    expect(lacked.map((e) => text.decode(e.bytes))).toContain(act);

    expect(two.act(DONE).ok).toBe(true);
    await until('every replica holds the whole table', () => agreed(sessions));
    const [first, ...others] = sessions.map(summary);
    expect(first).toMatchObject({ refusals: [], offences: [] });
    for (const other of others) expect(other).toEqual(first);
  });
});

/** Has `session`'s page drop what `keep` refuses of what it sends: a modified client. */
function filterSends(session: Session, keep: (to: number, message: WireMessage) => boolean) {
  const send = session.links.send.bind(session.links);
  session.links.send = (to, message) => (keep(to, message) ? send(to, message) : true);
}

describe('a cheating author', () => {
  test('seat 0 keeps every event of its own from seat 2: seat 2 pulls them from the others, nobody is named', async () => {
    const { sessions, heard } = seatTable([], 4);
    filterSends(
      sessions[0]!,
      (to, m) => !(to === 2 && m.type === 'event' && authorOf(m.event) === 0),
    );
    await until('seat 0 may act', () => mayAct(sessions[0]!));
    expect(sessions[0]!.act(DONE).ok).toBe(true);
    await until('seat 2 may act', () => mayAct(sessions[2]!));
    expect(sessions[2]!.act(DONE).ok).toBe(true);
    await until('every replica holds the whole table', () => agreed(sessions));

    const fromZero = heard[2]!.filter((m) => authorOf(m.event) === 0);
    expect(fromZero.length).toBeGreaterThan(2);
    expect(fromZero.every((m) => m.from !== 'peer-0')).toBe(true);
    const [first, ...rest] = sessions.map(summary);
    expect(first).toMatchObject({ refusals: [], offences: [] });
    for (const other of rest) expect(other).toEqual(first);
    expect(sessions.every((s) => s.absences().length === 0)).toBe(true);
  });

  test('seat 0 signs two versions of its action, one to seat 1, the other to seat 2: every seat names seat 0 alone', async () => {
    const { sessions, heard } = seatTable([]);
    const [zero] = sessions as [Session, Session, Session];
    await until('seat 0 may act, all logs alike', () => {
      const digests = new Set(sessions.map((s) => s.replica.log.digest()));
      return mayAct(zero) && digests.size === 1;
    });
    // Its own replica takes one version (the others may pull that one from it); the page sends neither.
    const key = makePlayers(3)[0]!.identity.secretKey;
    const one = zero.replica.author(0, key, makeAct(DONE));
    if (!one.ok) throw new Error(one.error);
    const other = signEvent({ ...one.value.event, body: { type: 'RESIGN' } }, key);
    if (!other.ok) throw new Error(other.error);
    expect(zero.links.send(1, { type: 'event', event: text.decode(one.value.bytes) })).toBe(true);
    expect(zero.links.send(2, { type: 'event', event: text.decode(other.value.bytes) })).toBe(true);

    await until('every seat found the equivocation', () =>
      sessions.every((s) => s.replica.log.equivocators().join() === '0'),
    );
    for (const session of sessions) {
      expect(session.replica.offences().map((o) => [o.seat, o.reason])).toEqual([
        [0, 'ERR_EQUIVOCATION'],
      ]);
    }
    // Each of seats 1 and 2 got the version it lacked from the other, not from seat 0.
    expect(heard[1]).toContainEqual({ from: 'peer-2', event: text.decode(other.value.bytes) });
    expect(heard[2]).toContainEqual({ from: 'peer-1', event: text.decode(one.value.bytes) });
  });
});

/**
 * Bob (seat 0) acts, and every seat sees Victor (seat 2) owe his move. Mallory's page (seat 1)
 * from then on sends only what the test makes it send, with the send this returns, and
 * answers no ask.
 */
async function victorOwes(sessions: Session[]) {
  const [bob, mallory] = sessions as [Session, Session];
  await until('Bob may act, all logs alike', () => {
    const digests = new Set(sessions.map((s) => s.replica.log.digest()));
    return mayAct(bob) && digests.size === 1;
  });
  expect(bob.act(DONE).ok).toBe(true);
  await until('every seat sees Victor owe his move', () =>
    sessions.every((s) => s.replica.owed().some((o) => o.seat === 2 && o.kind === 'ACT')),
  );
  const send = mallory.links.send.bind(mallory.links);
  filterSends(mallory, () => false);
  return send;
}

describe('a present player is never declared absent through gossip', () => {
  test('Mallory sends Victor an event naming a version nobody holds, claims him absent to Bob and answers nobody: both name her, Victor stays present', async () => {
    const { sessions } = seatTable([]);
    const [bob, mallory, victor] = sessions as [Session, Session, Session];
    const send = await victorOwes(sessions);
    const key = makePlayers(3)[1]!.identity.secretKey;
    const { log } = mallory.replica;
    // Stamped when Victor's time runs out: a claim the table takes, but for its heads.
    const due = mallory.replica.due(2)!;
    const claim = composeEvent(log, 1, { type: 'ABSENT', seat: 2 }, key, due);
    if (!claim.ok) throw new Error(claim.error);
    // Her word to Victor: the same slot, its heads naming a version of Bob's last event that
    // nobody holds, so Victor could never judge it, nor anything chained onto it.
    const heads = claim.value.event.heads!.map((h, seat) => (seat === 0 ? 'ab'.repeat(32) : h));
    const bogus = signEvent({ ...claim.value.event, heads }, key);
    if (!bogus.ok) throw new Error(bogus.error);
    expect(send(2, { type: 'event', event: text.decode(bogus.value.bytes) })).toBe(true);
    expect(send(0, { type: 'event', event: text.decode(claim.value.bytes) })).toBe(true);

    // Victor is never declared absent: he pulls the claim from Bob, past Mallory's silence,
    // and the two versions of her slot name her on both honest pages.
    await until('Bob and Victor name Mallory', () =>
      [bob, victor].every((s) => s.replica.log.equivocators().join() === '1'),
    );
    // Bob had taken the claim in before the other version reached him: it stands nowhere.
    for (const session of [bob, victor]) {
      expect(session.replica.offences().map((o) => o.seat)).toEqual([1]);
      expect(session.replica.outcome()).toEqual({
        result: 'win',
        winners: [0, 2],
        reason: 'player 1 signed two different events in one place (ERR_EQUIVOCATION)',
      });
    }
  });
});

describe('a claim shown to one seat late still reaches the seat it names', () => {
  test('Mallory waits until Victor’s log has been still for a while, then claims him absent to Bob alone and answers nobody: Victor answers, and stays present', async () => {
    const { sessions, heard } = seatTable([]);
    const [bob, mallory, victor] = sessions as [Session, Session, Session];
    const send = await victorOwes(sessions);
    const before = heard[2]!.length;
    // Past the first pull of a log that stopped growing.
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const key = makePlayers(3)[1]!.identity.secretKey;
    const claim = mallory.replica.author(1, key, { type: 'ABSENT', seat: 2 }, Date.now());
    if (!claim.ok) throw new Error(claim.error);
    expect(send(0, { type: 'event', event: text.decode(claim.value.bytes) })).toBe(true);
    // Victor's player moves once the claim reaches his page, well within the answer time.
    await until('the claim reaches Victor', () => victor.replica.claimOn(2) !== null);
    expect(victor.act(DONE).ok).toBe(true);

    await until(
      'Victor answers the claim, and Bob holds the answer',
      () =>
        bob.replica.log.nextSeq(2) > victor.replica.log.nextSeq(2) - 1 &&
        victor.replica.log.entry(claim.value.hash) !== undefined &&
        bob.replica.state.ending === null &&
        bob.replica.log.nextSeq(2) === victor.replica.log.nextSeq(2),
    );
    for (const session of [bob, victor]) {
      expect(session.replica.state.ending).toBeNull();
      expect(session.replica.offences()).toEqual([]);
    }
    // Bob handed the claim on to Victor as soon as he took it in: the seat a claim names
    // hears of it at once, whoever the claimer shows it to, and its answer time runs.
    const fromBob = heard[2]!.slice(before).filter((m) => m.from === 'peer-0');
    expect(
      fromBob.map((m) => (JSON.parse(m.event) as { body: { type: string } }).body.type),
    ).toContain('ABSENT');
  });
});

describe('what a peer can make us send', () => {
  test('ten asks that say "I hold nothing" are answered twice, and no event goes twice over the link', async () => {
    const { sessions, messengers, heard } = seatTable([]);
    await until('seat 0 may act', () => mayAct(sessions[0]!));
    expect(sessions[0]!.act(DONE).ok).toBe(true);
    await until('seat 2 may act', () => mayAct(sessions[2]!));
    expect(sessions[2]!.act(DONE).ok).toBe(true);
    await until('every replica holds the whole table', () => agreed(sessions));
    // Past the pulls of a log that stopped growing (once, after three seconds), and their answers.
    await new Promise((resolve) => setTimeout(resolve, 4500));

    const ends: number[] = [];
    messengers[1]!.on({
      message: (from, m) => from === 'peer-0' && m.type === 'have' && !m.ask && ends.push(1),
    });
    const before = heard[1]!.length;
    const nothing = {
      type: 'have' as const,
      seen: [0, 0, 0],
      heads: [null, null, null],
      want: [],
      ask: true,
    };
    for (let i = 0; i < 10; i++) expect(sessions[1]!.links.send(0, nothing)).toBe(true);
    await until('two answers ended', () => ends.length === 2);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(ends).toHaveLength(2);
    // Seat 0 had sent seat 1 its own events as it made them: an answer adds only the rest,
    // each once, however often seat 1 says it holds nothing.
    const sentOver = heard[1]!.filter((m) => m.from === 'peer-0').map((m) => m.event);
    expect(new Set(sentOver).size).toBe(sentOver.length);
    const answered = heard[1]!.slice(before).filter((m) => m.from === 'peer-0');
    const others = sessions[0]!.replica.log.entries().filter((e) => e.event.author !== 0);
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.length).toBeLessThanOrEqual(others.length);
  });
});
