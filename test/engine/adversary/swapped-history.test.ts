/**
 * Issue 40: a seat rewrites its own past after the others signed over it.
 *
 * Events named what their authors had seen by counts alone (protocol 3 and before), so
 * a signature covered any history of the other seats with the same counts. A loser
 * could swap her own wrong CALL for the exact one, sign her later events again, keep
 * every event of the winner's as it was, his CONFIRM included, and `verify` printed her
 * the winner, "ending confirmed by every seat"; a seat that redid its shuffle in
 * hindsight had the next shuffler's honest proof judged against the new deck, and
 * named him. Since protocol 4 every event names what it saw by hash (`heads`): the
 * winner's events name the loser's real events, so a transcript holding another
 * version of them is refused at the first event that signed over the real one, and
 * the fault names the seat whose events differ, never the one that signed in good
 * faith.
 */
import { describe, expect, test } from 'vitest';
import {
  parseEvent,
  signEvent,
  type Event,
  type EventBody,
  type UnsignedEvent,
} from '../../../src/engine/events.ts';
import { gameById, type GameId } from '../../../src/engine/games/registry.ts';
import { makeAct, makeDuty } from '../../../src/engine/table/author.ts';
import { Replica } from '../../../src/engine/table/replica.ts';
import { PROTOCOL_VERSION, type Genesis } from '../../../src/engine/table/types.ts';
import {
  FORKED,
  describeEnding,
  describeFault,
  makeTranscript,
  verifyTranscript,
  type Transcript,
} from '../../../src/engine/transcript.ts';
import { lazy } from '../../lazy.ts';
import {
  drive,
  game,
  handCounts,
  legalOf,
  script,
  viewOf,
  type Chooser,
} from '../helpers/redblack.ts';
import { Table, makeGenesis, makePlayers, setupOrThrow, type Player } from '../helpers/table.ts';
import { redblack, type RedBlackState } from '../../../src/engine/games/redblack/index.ts';

const text = new TextDecoder();
const OPTIONS = { red: 9, black: 9, target: 1 };

/** An honest event's fields, unsigned. */
function unsigned(event: Event): UnsignedEvent {
  return Object.fromEntries(
    Object.entries(event).filter(([field]) => field !== 'sig'),
  ) as UnsignedEvent;
}

/**
 * `events` as `player` rewrites them: its event `index` replaced by `body`, its later
 * events signed again onto the new chain with the bodies and bases they had, and every
 * other seat's event kept byte for byte.
 */
function rewriteOwn(events: readonly string[], player: Player, index: number, body: EventBody) {
  const out = [...events];
  let prev: string | null = null;
  events.forEach((wire, i) => {
    const event = parseEvent(wire);
    if (!event.ok) throw new Error(event.error);
    if (i < index || event.value.author !== player.seat) return;
    const fields = unsigned(event.value);
    const signed = signEvent(
      { ...fields, prev: prev ?? fields.prev, body: i === index ? body : fields.body },
      player.identity.secretKey,
    );
    if (!signed.ok) throw new Error(signed.error);
    out[i] = text.decode(signed.value.bytes);
    prev = signed.value.hash;
  });
  return out;
}

/**
 * A Red & Black match to one game: Ada (seat 0) calls Bob's hand wrongly on his turn,
 * loses, and both seats audit and confirm. `protocol` as the genesis names it.
 */
function wrongCall(protocol: number) {
  const players = makePlayers(2);
  const genesis: Genesis = makeGenesis(players, redblack, OPTIONS, protocol);
  const table = new Table<RedBlackState>(players, genesis, game, setupOrThrow(redblack, OPTIONS));
  // No calls and no attacks until Ada's: the hands stay whole, and the match goes on.
  const calm: Chooser = (seat, legal, view, faces) =>
    script(
      seat,
      legal.filter((a) => a.type !== 'CALL' && a.type !== 'ATTACK'),
      view,
      faces,
    );
  drive(table, calm, (t) => {
    const v = viewOf(t, 0);
    return (
      v.phase === 'PLAY' &&
      v.turn === 1 &&
      legalOf(t.replicas[0]!, 0).some((a) => a.type === 'CALL')
    );
  });
  const exact = handCounts(table, 1);
  const calls = legalOf(table.replicas[0]!, 0).filter((a) => a.type === 'CALL');
  const wrong = calls.find((a) => a.red !== exact.red || a.black !== exact.black)!;
  const call = table.play(0, makeAct(wrong));
  drive(table, calm, (t) => t.replicas.every((r) => r.state.step.type === 'DONE'));
  for (const seat of [0, 1]) table.play(seat, { type: 'CONFIRM' });
  const transcript = JSON.parse(
    JSON.stringify(makeTranscript(table.replicas[1]! as never)),
  ) as Transcript;
  const index = transcript.events.indexOf(text.decode(call.bytes));
  const forged = rewriteOwn(
    transcript.events,
    players[0]!,
    index,
    makeAct({ type: 'CALL', ...exact }) as unknown as EventBody,
  );
  return { transcript, forged: { ...transcript, events: forged }, index };
}

describe('a loser swaps her wrong call for the exact one after the winner confirmed', () => {
  const made = lazy(() => wrongCall(PROTOCOL_VERSION));

  test('the real transcript: Bob wins, every seat confirmed it', () => {
    const result = verifyTranscript(made().transcript);
    if (!result.ok) throw new Error(JSON.stringify(result.fault));
    expect(result.outcome).toMatchObject({ result: 'win', winners: [1] });
    expect(describeEnding(result)).toBe('ending confirmed by every seat');
  });

  test('the forgery is refused where Bob first signed over her real call, and Bob is not named', () => {
    const { forged, index } = made();
    const result = verifyTranscript(forged);
    if (result.ok) throw new Error('the forged transcript verified');
    const { fault } = result;
    expect(fault.reason).toBe(FORKED);
    expect(fault.author).toBeNull();
    expect(fault.forked).toMatchObject({ signer: 1, seat: 0 });
    expect(fault.index).toBeGreaterThan(index);
    expect(describeFault(fault, ['Ada', 'Bob'])).toMatch(
      /^event \d+ \(Bob's\) was signed over another version of Ada's event \d+ than this transcript holds: Ada's events were changed after Bob signed over them \(ERR_FORKED\)$/,
    );
  });

  test('both versions in one file: the log holds two events of one slot, and names Ada', () => {
    const { transcript, forged, index } = made();
    const both = { ...transcript, events: [...transcript.events, forged.events[index]!] };
    const result = verifyTranscript(both);
    if (result.ok) throw new Error('a file with two versions verified');
    expect(result.fault).toMatchObject({ author: 0, reason: 'ERR_EQUIVOCATION' });
  });
});

describe('under protocol 3, whose events name what they saw by counts alone', () => {
  const made = lazy(() => wrongCall(3));

  test('the same forgery verifies, and verify says the ending cannot rule it out', () => {
    const result = verifyTranscript(made().forged);
    if (!result.ok) throw new Error(JSON.stringify(result.fault));
    // The attack as it stood: Ada the winner, Bob's confirmation carried over.
    expect(result.outcome).toMatchObject({ result: 'win', winners: [0] });
    expect(describeEnding(result)).toBe(
      'ending confirmed by every seat; made under protocol 3, whose events name what they saw by count only, so a seat could have changed its own events after the others signed over them',
    );
  });
});

/** Two seats but for Batailles (three): the least each game is played at. */
const GAMES: readonly GameId[] = ['war', 'redblack', 'town', 'blackred', 'batailles'];

describe('a seat that redoes its shuffle in hindsight, in every game', () => {
  test.each(GAMES)(
    '%s: refused at the next event that signed over it, whose author is never named',
    (id) => {
      const game = gameById(id)!;
      const players = makePlayers(id === 'batailles' ? 3 : 2);
      const options = id === 'batailles' ? { players: 3 } : {};
      const table = Table.of(players, game as never, options);
      table.dutiesUntil((s) => !['KEYS', 'SHARE', 'SHUFFLE'].includes(s.step.type));
      const transcript = makeTranscript(table.replicas[1]! as never);
      const at = transcript.events.findIndex((wire) => {
        const { author, body } = JSON.parse(wire) as Event;
        return author === 0 && body.type === 'SHUFFLE';
      });
      // Ada's forger page: the table as it was up to her shuffle, which she makes again
      // (another order, other re-encryptions, as valid as the first).
      const forger = new Replica(
        table.genesis,
        game as never,
        setupOrThrow(game as never, options),
      );
      for (const wire of transcript.events.slice(0, at)) forger.receive(wire);
      const again = makeDuty(forger.state, 0, players[0]!.keyring, game as never)!;
      expect(again.type).toBe('SHUFFLE');
      const forged = rewriteOwn(transcript.events, players[0]!, at, again as unknown as EventBody);
      expect(forged[at]).not.toBe(transcript.events[at]);
      const result = verifyTranscript({ ...transcript, events: forged });
      if (result.ok) throw new Error('a prefix verified');
      expect(result.fault).toMatchObject({ author: null, reason: FORKED, forked: { seat: 0 } });
      expect(result.fault.forked!.signer).not.toBe(0);
    },
  );
});

describe('the same redo under protocol 3', () => {
  test('war: the next shuffler’s honest proof was judged against the new deck, and he was named', () => {
    const game = gameById('war')!;
    const players = makePlayers(2);
    const genesis: Genesis = makeGenesis(players, game as never, {}, 3);
    const table = new Table(players, genesis, game as never, setupOrThrow(game as never, {}));
    table.dutiesUntil((s) => !['KEYS', 'SHARE', 'SHUFFLE'].includes(s.step.type));
    const transcript = makeTranscript(table.replicas[1]! as never);
    const at = transcript.events.findIndex((wire) => JSON.parse(wire).body.type === 'SHUFFLE');
    const forger = new Replica(genesis, game as never, setupOrThrow(game as never, {}));
    for (const wire of transcript.events.slice(0, at)) forger.receive(wire);
    const again = makeDuty(forger.state, 0, players[0]!.keyring, game as never)!;
    const forged = rewriteOwn(transcript.events, players[0]!, at, again as unknown as EventBody);
    const result = verifyTranscript({ ...transcript, events: forged });
    if (result.ok) throw new Error('a prefix verified');
    expect(result.fault).toMatchObject({ author: 1, reason: 'ERR_PROOF' });
  });
});
