/**
 * Spectators (issue 29): real seats on computer players, real cryptography, over the
 * in-memory network. A spectator follows the table with no seat and no key, checks every
 * signature and proof in its own replica, and ends on the players' state hash. While the
 * game runs, every point its replica holds is compared with every face point of every
 * deck: none may be the face of a card not shown to everyone.
 *
 * And the attacks a spectator can make through the same messages a modified page would
 * send: events it signs (or copies), a flood of asks, a claim of a seat, one spectator too
 * many. Each changes nothing at the table and names nobody.
 */
import { describe, expect, test } from 'vitest';
import { toHex } from '../../crypto/index.ts';
import { isGameId, type GameId } from '../../src/engine/catalog.ts';
import type { Json, JsonObject } from '../../src/engine/encoding.ts';
import { gameById } from '../../src/engine/games/registry.ts';
import { createIdentity } from '../../src/engine/identity.ts';
import { deckCards, faceEncodings } from '../../src/engine/table/decks.ts';
import { composeEvent } from '../../src/engine/log.ts';
import { makeDuty } from '../../src/engine/table/author.ts';
import { Keyring } from '../../src/engine/table/keyring.ts';
import { Replica } from '../../src/engine/table/replica.ts';
import { setupOrThrow } from '../engine/helpers/table.ts';
import { describeUnsettledAbsence } from '../../src/ui/words/outcome.ts';
import { channelToSign } from '../../src/net/challenges.ts';
import { LoopbackNetwork } from '../../src/net/loopback.ts';
import { MAX_SPECTATORS, parseWireMessage, type WireMessage } from '../../src/net/messages.ts';
import { Messenger } from '../../src/net/messenger.ts';
import { WatchSession } from '../../src/net/watch.ts';
import { WatchController } from '../../src/ui/controllers/watch.svelte.ts';
import { anyPoints } from '../engine/helpers/elements.ts';
import {
  SHORT_REDBLACK,
  SHORT_WAR,
  closedAfterEach,
  seatAll as seatEvery,
  finished,
  until,
  type Seated,
  type TestTable,
} from './helpers/seats.ts';
import { SeatStreamsPool } from './helpers/seat-streams.ts';

const closeLater = closedAfterEach();
const seatAll = (id: string, game: GameId, options: JsonObject, seats: number, protocol?: number) =>
  seatEvery(id, game, options, seats, closeLater, protocol);

const text = new TextDecoder();

/** A spectator's page on `net` under `peer`, watching `table` through seat `entry`. */
function watcher(net: LoopbackNetwork, table: TestTable, peer: string, entry = 0) {
  const messenger = new Messenger(net.join(peer), parseWireMessage);
  const session = new WatchSession(
    messenger,
    table.id,
    new SeatStreamsPool(),
    (game) => Promise.resolve(isGameId(game) ? gameById(game) : null),
    undefined,
    table.peers[entry],
  );
  const close = () => {
    session.close();
    messenger.close();
  };
  closeLater({ close });
  return { messenger, session, close };
}

/**
 * Looks for faces of cards not shown to everyone in what a replica holds, as the game
 * runs: every point of its state and of every event in its log, against every face point
 * of every deck. A face is shown once the table has made it public (`state.faces`), and
 * stays so. Two places hold face points by design and are not looked in: a deck's cards
 * before its shuffle round is done (a deck restarts from its face points, in order, which
 * tells nothing of the deal to come), and the keys and shuffles of that round. Once the
 * audit has opened every key, every face is everyone's.
 */
class PrivacyCheck {
  readonly leaks: string[] = [];
  looks = 0;
  private readonly shown = new Set<string>();
  private readonly read = new Set<string>();

  /** Events whose points were checked, each once. */
  get eventsRead(): number {
    return this.read.size;
  }

  look(replica: Replica<Json>): void {
    const { state } = replica;
    if (state.decks.length === 0 || state.audit.every((a) => a !== null)) return;
    this.looks++;
    state.decks.forEach((_, d) =>
      deckCards(state.decks, d).forEach((card) => {
        const face = state.faces[card];
        if (face !== null && face !== undefined) this.shown.add(`${d}/${face}`);
      }),
    );
    const held = new Set<string>();
    // Until the first shuffle is made, the cards are their face points in order: public.
    if (!['KEYS', 'SHARE', 'SHUFFLE'].includes(state.step.type))
      for (const point of anyPoints(state as unknown as Json)) held.add(point);
    // Judged events only: one still under check has not changed the state yet, and the
    // last share of a card turned up for everyone makes its face public only once applied.
    const judged = replica.log.entries().slice(0, replica.entryVerdicts.length);
    for (const { hash, event } of judged) {
      if (this.read.has(hash)) continue;
      this.read.add(hash);
      const body = event.body as JsonObject;
      if (body.type !== 'KEY' && body.type !== 'SHUFFLE')
        for (const point of anyPoints(body)) held.add(point);
    }
    state.decks.forEach((deck, d) =>
      faceEncodings(state.genesis, state.decks, d).forEach((encoding, face) => {
        if (held.has(toHex(encoding)) && !this.shown.has(`${d}/${face}`))
          this.leaks.push(`${deck.name}: face ${face}`);
      }),
    );
  }
}

/** Checks what `session`'s replica holds after every event it takes in, until the test ends. */
function watchPrivacy(session: WatchSession): PrivacyCheck {
  const check = new PrivacyCheck();
  let judged = -1;
  session.subscribe(() => {
    const replica = session.replica;
    if (!replica || replica.entryVerdicts.length === judged) return;
    judged = replica.entryVerdicts.length;
    check.look(replica);
  });
  return check;
}

const agreed = (seated: readonly Seated[], replica: Replica<Json> | null | undefined) =>
  replica !== null &&
  replica !== undefined &&
  seated.every(
    (s) =>
      s.session.replica.log.size === replica.log.size &&
      s.session.replica.stateHash === replica.stateHash,
  );

/** Nobody named, nothing refused, no alarm: the table went as if no spectator were there. */
function expectUntouched(seated: readonly Seated[]) {
  for (const { session } of seated) {
    expect(session.replica.offences()).toEqual([]);
    expect(session.refusals).toEqual([]);
    expect(session.disconnected).toEqual([]);
    expect(session.links.refusals.filter((r) => !r.peer.startsWith('spectator'))).toEqual([]);
  }
}

describe('a spectator follows the table as a bystander', () => {
  test.each<{
    game: GameId;
    options: JsonObject;
    seats: number;
    late: boolean;
    /** Player actions to watch, or null for the whole game. */
    acts: number | null;
  }>([
    { game: 'redblack', options: SHORT_REDBLACK, seats: 2, late: true, acts: null },
    // A Batailles game is long, and each spectator checks every proof as a seat does: here
    // one spectator, from the start and back from a reload, through the laying of the
    // units and a dozen moves of fights; the browser test watches a whole game.
    { game: 'batailles', options: {}, seats: 3, late: false, acts: 12 },
  ])(
    '$game: a spectator from the start that reloads mid-game, and one from mid-game; each checks every proof and reaches the players’ hash',
    async ({ game, options, seats, late, acts }) => {
      const { net, table, seated } = await seatAll(`watch-${game}`, game, options, seats);
      const before = watcher(net, table, 'spectator-first');
      const beforePrivacy = watchPrivacy(before.session);
      await until('the game is under way', () => seated[0]!.session.replica.state.acts >= 2);
      // One comes mid-game, through the last seat.
      const joined = late ? [watcher(net, table, 'spectator-late', seats - 1)] : [];
      const joinedPrivacy = joined.map((w) => watchPrivacy(w.session));
      // Every seat counts every spectator once, however many seats each is linked to.
      await until('every seat counts every spectator', () =>
        seated.every((s) => s.session.spectators === 1 + joined.length),
      );
      // The first reloads: its page goes, and comes back under a new id with nothing kept.
      expect(before.session.replica?.log.size ?? 0).toBeGreaterThan(0);
      before.close();
      const again = watcher(net, table, 'spectator-reloaded');
      const againPrivacy = watchPrivacy(again.session);

      if (acts === null)
        await until('the game is over', () => finished(seated.map((s) => s.session)));
      else await until(`${acts} moves made`, () => seated[0]!.session.replica.state.acts >= acts);
      const spectators = [again, ...joined].map((w) => w.session);
      // The game plays on meanwhile: an event that came in is judged once its proofs are
      // checked, so the spectators are read once none of theirs waits.
      await until('every spectator reached the players’ state, every event judged', () =>
        spectators.every(
          (s) =>
            agreed(seated, s.replica) && s.replica!.entryVerdicts.length === s.replica!.log.size,
        ),
      );
      for (const spectator of spectators) {
        const replica = spectator.replica!;
        expect(spectator.status).toBe('watching');
        expect(replica.offences()).toEqual([]);
        expect(spectator.live!.refusals).toEqual([]);
        // Every event was judged here (above), every proof checked in this spectator's own pool.
        expect(spectator.live!.timings.size).toBe(replica.log.size);
        // It reached every seat: the log came from each author, not from one seat's word.
        expect(spectator.linked()).toEqual(seated.map(() => true));
        expect(spectator.spectators).toBe(spectators.length);
      }
      // Once the table is done, each seat's state hash reaches the spectators, and agrees.
      if (acts === null)
        await until('the seats told the spectators their hashes', () =>
          spectators.every((s) => s.peerHashes.every((h) => h?.hash === s.replica!.stateHash)),
        );
      // The players play again: the seat that opens the next table tells its spectators,
      // so they follow the players there; one that comes later hears it in the answer.
      if (acts === null) {
        expect(spectators.map((s) => s.next)).toEqual(spectators.map(() => null));
        // Two players press Play again at once: their invitations cross, and the players
        // take the lowest seat's table. The spectators wait for it, and follow no other.
        const named = new Set<string>();
        for (const s of spectators) s.subscribe(() => s.next && named.add(s.next));
        seated[seats - 1]!.session.invite('nexttable3');
        seated[0]!.session.invite('nexttable2');
        await until('every spectator hears of the next table', () =>
          spectators.every((s) => s.next === 'nexttable2'),
        );
        expect([...named]).toEqual(['nexttable2']);
        const latecomer = watcher(net, table, 'spectator-after-the-game');
        await until(
          'a spectator that came later hears it too',
          () => latecomer.session.next === 'nexttable2',
        );
        // A seat's page closes after the game: the spectator's page says it left, and
        // not that it is connecting, to a table that is done.
        const page = new WatchController(latecomer.session);
        await until(
          'the latecomer reached every seat, and the end of the game',
          () =>
            latecomer.session.linked().every(Boolean) && agreed(seated, latecomer.session.replica),
        );
        expect(page.badges).toEqual(seated.map(() => 'connected'));
        seated[0]!.kill();
        await until('the spectator lost the seat', () => !latecomer.session.linked()[0]);
        expect(page.badges).toEqual(['gone', ...seated.slice(1).map(() => 'connected')]);
        page.close();
      }
      // How often each check looked depends on timing: a spectator that catches up at once
      // looks once, at the state it reached, and reads every event judged by then.
      for (const privacy of [beforePrivacy, againPrivacy, ...joinedPrivacy]) {
        expect(privacy.looks).toBeGreaterThan(0);
        expect(privacy.eventsRead).toBeGreaterThan(0);
        expect(privacy.leaks).toEqual([]);
      }
      expectUntouched(seated);
    },
  );

  test('the privacy check finds a hidden card’s face, put where a leak would put it', async () => {
    // The check above is no check if it can find nothing.
    const { seated } = await seatAll('watch-leak', 'war', SHORT_WAR, 2);
    await until('the cards are dealt', () => seated[0]!.session.replica.state.step.type === 'PLAY');
    const replica = seated[0]!.session.replica;
    const { state } = replica;
    const hidden = state.faces.findIndex((face) => face === null);
    const face = faceEncodings(state.genesis, state.decks, 0)[3]!;
    const untouched = new PrivacyCheck();
    untouched.look(replica);
    expect(untouched.leaks).toEqual([]);
    const cards = state.cards.map((card, i) => (i === hidden ? { ...card, c: toHex(face) } : card));
    const leaky = new PrivacyCheck();
    const { log, entryVerdicts } = replica;
    leaky.look({ state: { ...state, cards }, log, entryVerdicts } as unknown as Replica<Json>);
    expect(leaky.leaks).toEqual(['deck: face 3']);
  });
});

describe('a spectator cannot be shown another game', () => {
  test('a seat shows a spectator a second valid version of its KEY: the spectator names that seat alone, and hands the proof to the table, which names it too', async () => {
    const { net, table, seated } = await seatAll('watch-fork', 'war', SHORT_WAR, 2);
    await until(
      'the deck is shuffled',
      () => seated[0]!.session.replica.state.step.type === 'PLAY',
    );
    // Seat 0's page, modified: to the spectator, its KEY is another one, as valid.
    const game = table.playable as never;
    const forger = new Replica(table.genesis, game, setupOrThrow(game, table.genesis.options));
    const key = makeDuty(forger.state, 0, new Keyring(), game)!;
    const fake = forger.author(0, table.identities[0]!.secretKey, key);
    if (!fake.ok) throw new Error(fake.error);
    const real = text.decode(seated[0]!.session.replica.log.at(0, 0)!.bytes);
    const cheater = seated[0]!.messenger;
    const send = cheater.send.bind(cheater);
    cheater.send = (peer, message) =>
      send(
        peer,
        peer === 'spectator' && message.type === 'event' && message.event === real
          ? { type: 'event', event: text.decode(fake.value.bytes) }
          : message,
      );
    const spectator = watcher(net, table, 'spectator');

    await until('the spectator names seat 0', () =>
      (spectator.session.replica?.offences() ?? []).some((o) => o.seat === 0),
    );
    await until('every seat names seat 0', () =>
      seated.every((s) => s.session.replica.offences().some((o) => o.seat === 0)),
    );
    for (const replica of [spectator.session.replica!, ...seated.map((s) => s.session.replica)]) {
      expect(replica.offences().every((o) => o.seat === 0)).toBe(true);
      expect(replica.outcome()).toMatchObject({ result: 'win', winners: [1] });
    }
    // The spectator proved what it said: it was not dropped.
    expect(seated.flatMap((s) => s.session.audience.dropped)).toEqual([]);
  });
});

describe('a spectator at a table that ends before its game does', () => {
  test('the players talk, then one resigns and his page closes: the spectator’s page reads what each said, then tells the ending, and that he left', async () => {
    const { net, table, seated } = await seatAll('watch-resigned', 'war', SHORT_WAR, 2);
    const spectator = watcher(net, table, 'spectator');
    const page = new WatchController(spectator.session);
    closeLater(page);
    await until(
      'the spectator follows the game, linked to both seats',
      () =>
        spectator.session.linked().every(Boolean) && seated[1]!.session.legalActions().length > 0,
    );
    // Each line comes from its player's own page, over the link that proved its seat.
    expect(seated[0]!.session.chat.say('good luck').ok).toBe(true);
    expect(seated[1]!.session.chat.say('<b>thanks</b>').ok).toBe(true);
    await until('the spectator read both lines', () => page.chat?.lines().length === 2);
    expect(
      page
        .chat!.lines()
        .map(({ seat, text }) => ({ seat, text }))
        .sort((a, b) => a.seat - b.seat),
    ).toEqual([
      { seat: 0, text: 'good luck' },
      { seat: 1, text: '<b>thanks</b>' },
    ]);
    expect(await seated[1]!.session.resign()).toEqual({ ok: true, value: undefined });
    await seated[1]!.session.whenSent();
    seated[1]!.kill();
    await until(
      'the spectator heard the resignation, and lost the seat',
      () => page.result !== null && !spectator.session.linked()[1],
    );
    const bob = spectator.session.genesis!.names[1]!;
    expect(page.ended).toBe(`The game is over: ${bob} resigned.`);
    expect(page.waiting).toBeNull();
    expect(page.badges).toEqual(['connected', 'gone']);
  });
});

describe('a spectator that reaches one seat only', () => {
  test('the seat that lets it in hides the other seat and its answer, and claims it absent: the spectator reads the claim as not settled, while the players play on', async () => {
    // Protocol 4, where a claim may come at any moment and the claimed page answers it at
    // once: on a timed table a claim that early names its maker (adversary/clock.test.ts).
    const { net, table, seated } = await seatAll('watch-hidden', 'war', SHORT_WAR, 2, 4);
    const [mallory, victor] = seated as [Seated, Seated];
    // Mallory's page, modified: to the spectator, no address for Victor, and, once she has
    // claimed him absent, none of his events.
    let hideFrom = Infinity;
    const send = mallory.messenger.send.bind(mallory.messenger);
    mallory.messenger.send = (peer, message) => {
      if (peer !== 'spectator') return send(peer, message);
      if (message.type === 'watching')
        return send(peer, { ...message, peers: message.peers.map((p, s) => (s === 1 ? null : p)) });
      const victors = message.type === 'event' && JSON.parse(message.event).author === 1;
      return victors && JSON.parse(message.event).seq >= hideFrom ? true : send(peer, message);
    };
    const spectator = watcher(net, table, 'spectator');
    await until(
      'the spectator watches through Mallory',
      () => spectator.session.linked()[0] === true,
    );
    // At the first moment the table waits on Victor, Mallory signs the claim and sends it.
    let claim: string | null = null;
    const tryClaim = () => {
      const { replica } = mallory.session;
      if (claim || replica.state.step.type === 'DONE') return;
      if (!replica.owed().some((o) => o.seat === 1)) return;
      const signed = replica.author(0, table.identities[0]!.secretKey, { type: 'ABSENT', seat: 1 });
      if (!signed.ok) return;
      claim = text.decode(signed.value.bytes);
      hideFrom = signed.value.event.basis[1]!;
      mallory.session.links.send(1, { type: 'event', event: claim });
      send('spectator', { type: 'event', event: claim });
    };
    mallory.session.subscribe(tryClaim);
    await until('Mallory claimed Victor absent', () => {
      tryClaim();
      return claim !== null;
    });

    // Victor answers the claim (or it crossed his last move and decides nothing): he never
    // loses by it, and the players finish their game.
    await until(
      'the players finish, the claim answered',
      () =>
        finished(seated.map((s) => s.session)) &&
        seated.every((s) => !/absent/.test(s.session.replica.outcome()?.reason ?? 'absent')),
    );
    await until(
      'the spectator holds the claim',
      () => spectator.session.replica?.state.ending?.type === 'ABSENT',
    );
    const replica = spectator.session.replica!;
    expect(spectator.session.linked()).toEqual([true, false]);
    expect(replica.state.ending).toEqual({ type: 'ABSENT', seat: 1, by: 0 });
    expect(replica.confirmedBy()).not.toContain(1);
    // What its screen says of it (WatchController): not a result.
    expect(describeUnsettledAbsence(table.genesis.names, 0, 1, 1).headline).toBe(
      `Not settled: ${table.genesis.names[0]} says ${table.genesis.names[1]} is absent`,
    );
    expect(victor.session.replica.offences()).toEqual([]);
  });
});

describe('a spectator has no power at the table', () => {
  /** A spectator page that sends what it likes, as a modified client would. */
  function rogue(net: LoopbackNetwork, table: TestTable, peer: string) {
    const spectator = watcher(net, table, peer);
    const send = (seat: number, message: unknown) =>
      spectator.messenger.transport.send(table.peers[seat]!, JSON.stringify(message));
    return { ...spectator, send };
  }

  test('events it signs or copies are refused and it is dropped; a flood of asks drops it; a seat claimed fails; the table plays on and names nobody', async () => {
    const { net, table, seated } = await seatAll('watch-rogue', 'redblack', SHORT_REDBLACK, 2);
    const signer = rogue(net, table, 'spectator-signer');
    const copier = rogue(net, table, 'spectator-copier');
    const flooder = rogue(net, table, 'spectator-flooder');
    const claimer = rogue(net, table, 'spectator-claimer');
    const talker = rogue(net, table, 'spectator-talker');
    const honest = watcher(net, table, 'spectator-honest');
    await until('every spectator is admitted', () =>
      seated.every((s) => s.session.audience.peers.length === 6),
    );
    await until('the game is under way', () => seated[0]!.session.replica.state.acts >= 1);
    await until('the signer has the log', () => (signer.session.replica?.log.size ?? 0) > 0);

    // An event signed with a key of its own, as seat 0's next: refused, dropped, nobody named.
    const { secretKey } = createIdentity();
    const log = signer.session.replica!.log;
    const forged = composeEvent(log, 0, { type: 'RESIGN' }, secretKey);
    expect(forged.ok).toBe(true);
    if (forged.ok) signer.send(1, { type: 'event', event: text.decode(forged.value.bytes) });
    // A true event of seat 0's, copied: still not a spectator's to send.
    const real = seated[0]!.session.replica.log.at(0, 0)!;
    copier.send(1, { type: 'event', event: text.decode(real.bytes) });
    // Asks, far past what any spectator needs.
    const have = { type: 'have', seen: [0, 0], heads: [null, null], want: [], ask: true };
    for (let i = 0; i < 200; i++) flooder.send(0, have);
    // A seat claimed: a hello for seat 1 it cannot sign, answering seat 0's challenge.
    claimer.messenger.on({
      message: (from, message: WireMessage) => {
        if (message.type !== 'challenge') return;
        claimer.send(0, {
          type: 'seat-hello',
          seat: 1,
          nonce: message.nonce,
          channel: channelToSign(claimer.messenger.transport, from),
          sig: '00'.repeat(64),
        });
      },
    });
    claimer.send(0, { type: 'challenge', nonce: '11'.repeat(32) });
    // A line to the players' chat: a spectator reads it, and says nothing there.
    talker.send(0, { type: 'table-chat', text: 'Ann holds two kings' });

    const rogues = ['signer', 'copier', 'flooder', 'talker'].map((r) => `spectator-${r}`);
    await until('the signer, the copier, the flooder and the talker are dropped', () =>
      rogues.every((peer) =>
        seated.some((s) => s.session.audience.dropped.some((d) => d.peer === peer)),
      ),
    );
    await until('the game is over', () => finished(seated.map((s) => s.session)));
    await until('the honest spectator agrees', () => agreed(seated, honest.session.replica));

    const dropped = seated.flatMap((s) => s.session.audience.dropped);
    expect(dropped.find((d) => d.peer === 'spectator-signer')?.reason).toMatch(/type event/);
    expect(dropped.find((d) => d.peer === 'spectator-flooder')?.reason).toMatch(/a second/);
    expect(dropped.find((d) => d.peer === 'spectator-talker')?.reason).toMatch(/type table-chat/);
    for (const { session } of seated) expect(session.chat.lines()).toEqual([]);
    // The claim of a seat was refused as any seat proof is, and took no seat.
    expect(seated[0]!.session.links.refusals.map((r) => r.peer)).toContain('spectator-claimer');
    expect(seated[0]!.session.links.seatOf('spectator-claimer')).toBeNull();
    // Nothing of the table changed: nobody named, no event refused, no alarm.
    for (const { session } of seated) {
      expect(session.replica.offences()).toEqual([]);
      expect(session.refusals).toEqual([]);
      expect(session.disconnected).toEqual([]);
      expect(session.replica.state.ending).toBeNull();
    }
    expect(honest.session.replica!.offences()).toEqual([]);
  });

  test(`a seat serves at most ${MAX_SPECTATORS} spectators; one more is told the table is full`, async () => {
    const { net, table, seated } = await seatAll('watch-full', 'war', SHORT_WAR, 2);
    const many = Array.from({ length: MAX_SPECTATORS + 1 }, (_, i) =>
      watcher(net, table, `spectator-${i}`),
    );
    await until('one is turned away', () => many.some((w) => w.session.status === 'full'));
    expect(seated[0]!.session.audience.peers.length).toBe(MAX_SPECTATORS);
    expect(many.filter((w) => w.session.status === 'full')).toHaveLength(1);
    await until('the game is over', () => finished(seated.map((s) => s.session)));
    expectUntouched(seated);
  });
});
