/**
 * A page that dies at the worst moment and comes back from its IndexedDB:
 * after storing a secret but before storing the event that uses it, and
 * after storing an event but before sending it. Real sessions over the
 * in-memory network, real cryptography, real games played by computer
 * players; the killed seat is resumed from the same database and the game
 * must finish with every replica agreeing, nobody named, and never two
 * events of one seat at one seq.
 */
import 'fake-indexeddb/auto';
import { describe, expect, test, vi } from 'vitest';
import type { GameId } from '../../src/engine/catalog.ts';
import type { JsonObject } from '../../src/engine/encoding.ts';
import type { KeyringSecrets } from '../../src/engine/table/keyring.ts';
import type { KeyBody } from '../../src/engine/table/bodies.ts';
import { parseWireMessage } from '../../src/net/messages.ts';
import { LoopbackNetwork } from '../../src/net/loopback.ts';
import { Messenger } from '../../src/net/messenger.ts';
import { IdbStore, MemoryStore, type SavedTable, type TableStore } from '../../src/net/store.ts';
import { TableSession } from '../../src/net/table.ts';
import {
  PEERS,
  SHORT_REDBLACK,
  SHORT_WAR,
  comeBack,
  eventOf,
  finished,
  sit,
  summary,
  testTable,
  until,
  type Seated,
  closedAfterEach,
} from './helpers/seats.ts';

/** Where the page dies, around the first event of its seat of one type. */
type Moment = 'before the event is stored' | 'after the event is stored';

const never = new Promise<void>(() => {});

/**
 * A store whose page dies at the first event of type `kind` by `seat`: its
 * write never returns, and is never done at all when the page dies before
 * it. A dead page writes nothing more.
 */
class DyingStore implements TableStore {
  private dead = false;
  private died!: (event: string) => void;
  /** The event the page died on, once it has. */
  readonly death = new Promise<string>((resolve) => (this.died = resolve));

  constructor(
    private readonly inner: TableStore,
    private readonly seat: number,
    private readonly kind: string,
    private readonly moment: Moment,
  ) {}

  saveTable(table: SavedTable): Promise<void> {
    return this.dead ? never : this.inner.saveTable(table);
  }

  savePeers(id: string, peers: readonly (string | null)[]): Promise<void> {
    return this.dead ? never : this.inner.savePeers(id, peers);
  }

  saveSecrets(id: string, secrets: KeyringSecrets): Promise<void> {
    return this.dead ? never : this.inner.saveSecrets(id, secrets);
  }

  async saveEvent(id: string, event: string): Promise<void> {
    if (this.dead) return never;
    const { author, body } = eventOf(event);
    if (author !== this.seat || body.type !== this.kind) return this.inner.saveEvent(id, event);
    this.dead = true;
    if (this.moment === 'after the event is stored') await this.inner.saveEvent(id, event);
    this.died(event);
    return never;
  }

  saveChecked(id: string, checks: readonly string[]): Promise<void> {
    return this.dead ? never : this.inner.saveChecked(id, checks);
  }

  loadTable(id: string) {
    return this.inner.loadTable(id);
  }

  saveUnreachable(id: string, since: readonly (number | null)[]): Promise<void> {
    return this.dead ? never : this.inner.saveUnreachable(id, since);
  }

  loadUnreachable(id: string) {
    return this.inner.loadUnreachable(id);
  }

  listTables() {
    return this.inner.listTables();
  }

  deleteTable(id: string) {
    return this.inner.deleteTable(id);
  }
}

/** A store that holds its first write of secrets, or of an event of one type, until the test lets it go. */
class HoldingStore extends MemoryStore {
  private held = false;
  private reached!: () => void;
  /** Resolves once the held write has begun. */
  readonly holding = new Promise<void>((resolve) => (this.reached = resolve));
  private letGo!: () => void;
  private readonly gate = new Promise<void>((resolve) => (this.letGo = resolve));

  /** `holds`: 'secrets', or the type of the event whose write is held. */
  constructor(private readonly holds = 'secrets') {
    super();
  }

  override async saveSecrets(id: string, secrets: KeyringSecrets): Promise<void> {
    await super.saveSecrets(id, secrets);
    if (this.holds === 'secrets') await this.hold();
  }

  override async saveEvent(id: string, event: string): Promise<void> {
    await super.saveEvent(id, event);
    if (eventOf(event).body.type === this.holds) await this.hold();
  }

  private async hold(): Promise<void> {
    if (this.held) return;
    this.held = true;
    this.reached();
    await this.gate;
  }

  /** Lets the held write finish. */
  release(): void {
    this.letGo();
  }
}

/** A store that cannot write an ACT of seat 1, as a full disk would refuse it. */
class FullStore extends MemoryStore {
  override async saveEvent(id: string, event: string): Promise<void> {
    const { author, body } = eventOf(event);
    if (author === 1 && body.type === 'ACT')
      throw new Error('QuotaExceededError: the disk is full');
    return super.saveEvent(id, event);
  }
}

let databases = 0;
const closeLater = closedAfterEach();

/** What happens around the death: while the page hangs on its write, and as it comes back. */
interface Circumstances {
  meanwhile?: (net: LoopbackNetwork, zero: Seated, lost: string) => Promise<void>;
  /** Seat 0 links to the page before its session is back (see `comeBack`). */
  linkedWhileRestoring?: boolean;
  /** Where seat 0 keeps its table. */
  zeroStore?: MemoryStore;
}

/**
 * Plays `game` until seat 1 dies at its first `kind` event at `moment`,
 * runs `meanwhile` while the page hangs on that write, kills it, then brings
 * seat 1 back from its database and plays to the end. Returns the event it
 * died on, what its database held at death, and both seats.
 */
async function dieAndComeBack(
  game: GameId,
  options: JsonObject,
  kind: string,
  moment: Moment,
  {
    meanwhile = async () => {},
    linkedWhileRestoring = false,
    zeroStore = new MemoryStore(),
  }: Circumstances = {},
) {
  const table = testTable(`resume-${game}-${databases}`, game, options);
  const name = `resume-test-${databases++}`;
  const net = new LoopbackNetwork();
  const database = await IdbStore.open(name);
  const dying = new DyingStore(database, 1, kind, moment);
  const zero = await sit(net, table, 0, zeroStore);
  const one = await sit(net, table, 1, dying);
  closeLater({ close: () => zero.kill() }, { close: () => one.kill() });

  const lost = await dying.death;
  await meanwhile(net, zero, lost);
  one.kill();
  // The page is gone; its database stays, as it does across a reload.
  const atDeath = (await database.loadTable(table.id))!;
  database.close();
  // Whatever the moment, the event it died on was never sent.
  expect(zero.session.replica.log.at(1, eventOf(lost).seq)).toBeUndefined();
  expect(zero.heard.map((h) => h.event)).not.toContain(lost);

  const reopened = await IdbStore.open(name);
  closeLater(reopened);
  const back = await comeBack(net, table, 1, reopened, { linkedWhileRestoring });
  closeLater({ close: () => back.kill() });
  const sessions = [zero.session, back.session];
  await until('both replicas are done', () => finished(sessions));
  const [a, b] = sessions.map(summary);
  expect(a).toMatchObject({ refusals: [], offences: [], storeError: null });
  expect(a!.outcome).not.toBeNull();
  expect(b).toEqual(a);
  return { lost, atDeath, zero, one, back };
}

/** Every text seat 0 was sent of seat 1's event number `seq`, by anyone. */
const heardOf = (zero: Seated, seq: number) =>
  zero.heard.map((h) => h.event).filter((e) => eventOf(e).author === 1 && eventOf(e).seq === seq);

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('a page that dies between storing a secret and storing the event that uses it', () => {
  test('War: dies at its KEY with the keys stored; comes back, makes a new KEY, and the game finishes', async () => {
    const { lost, atDeath, zero, back } = await dieAndComeBack(
      'war',
      SHORT_WAR,
      'KEY',
      'before the event is stored',
    );
    const { seq, body } = eventOf(lost);
    // The secrets behind the lost KEY were stored before it was signed; the KEY never was.
    const stored = atDeath.secrets.flatMap((s) => s.scalars.map(([key]) => key));
    const lostKeys = (body as unknown as KeyBody).keys.map((k) => k.pub);
    expect(stored).toEqual(expect.arrayContaining(lostKeys));
    expect(atDeath.events).not.toContain(lost);
    expect(atDeath.events.some((e) => eventOf(e).author === 1)).toBe(false);

    // Nobody ever saw the lost KEY: the seat made a new one, and only that one went out.
    const made = text(back.session.replica.log.at(1, seq)!.bytes);
    expect(made).not.toBe(lost);
    expect(new Set(heardOf(zero, seq))).toEqual(new Set([made]));
    expect(text(zero.session.replica.log.at(1, seq)!.bytes)).toBe(made);
  });
});

test('a peer that links again while an event of ours waits to be stored is not sent it: no second event at its seq after a crash', async () => {
  // Seat 0's first flip is held in its store, so unsent, until seat 1 has flipped without seeing it:
  // seat 1's flip made again after the crash then differs from the lost one.
  const zeroStore = new HoldingStore('ACT');
  const { lost, zero, back } = await dieAndComeBack(
    'war',
    SHORT_WAR,
    'ACT',
    'before the event is stored',
    {
      zeroStore,
      meanwhile: async (net, zero, lost) => {
        // The link drops and comes back while the page still lives, its ACT signed but not stored.
        zeroStore.release();
        net.cut(PEERS[0]!, PEERS[1]!);
        await until(
          'seat 0 saw the link drop',
          () => zero.session.links.states()[1] !== 'connected',
        );
        zero.messenger.connect(PEERS[1]!);
        const { seq, basis } = eventOf(lost);
        await until(
          'the link is back, seat 0 holds seat 1’s log up to the ACT and moved on past what the ACT saw',
          () =>
            zero.session.links.states()[1] === 'connected' &&
            zero.session.replica.log.nextSeq(1) >= seq &&
            zero.session.replica.log.nextSeq(0) > basis[0]!,
        );
      },
    },
  );
  const { seq } = eventOf(lost);
  const made = text(back.session.replica.log.at(1, seq)!.bytes);
  expect(made).not.toBe(lost);
  expect(new Set(heardOf(zero, seq))).toEqual(new Set([made]));
});

test('an event that lands while a duty’s secrets are written: the duty is made again for the state its event will name', async () => {
  const table = testTable('resume-race', 'war', SHORT_WAR);
  const net = new LoopbackNetwork();
  const holding = new HoldingStore();
  // Seat 1 makes its KEY alone, and its keys are being written when seat 0's KEY arrives.
  const one = await sit(net, table, 1, holding);
  closeLater({ close: () => one.kill() });
  await holding.holding;
  const zero = await sit(net, table, 0, new MemoryStore());
  closeLater({ close: () => zero.kill() });
  zero.messenger.connect(PEERS[1]!);
  await until('seat 1 has seat 0’s KEY', () => one.session.replica.log.at(0, 0) !== undefined);
  holding.release();
  await until('both replicas are done', () => finished([zero.session, one.session]));

  const key = one.session.replica.log.at(1, 0)!.event;
  expect(key.basis[0]).toBe(1);
  const kept = (await holding.loadTable(table.id))!;
  const batches = kept.secrets.map((s) => s.scalars.map(([pub]) => pub));
  const published = (key.body as unknown as KeyBody).keys.map((k) => k.pub);
  // The first keys, made before seat 0's KEY was seen, were kept but never published.
  expect(batches[0]).not.toEqual(expect.arrayContaining(published));
  expect(batches[1]).toEqual(published);
  const [a, b] = [zero.session, one.session].map(summary);
  expect(a).toMatchObject({ refusals: [], offences: [], storeError: null });
  expect(b).toEqual(a);
});

test('a store that fails stops its seat: the event it could not keep is never sent, and the session says why', async () => {
  const table = testTable('resume-full', 'war', SHORT_WAR);
  const net = new LoopbackNetwork();
  const zero = await sit(net, table, 0, new MemoryStore());
  const one = await sit(net, table, 1, new FullStore());
  closeLater({ close: () => zero.kill() }, { close: () => one.kill() });
  await until('seat 1 knows its store failed', () => one.session.storeError !== null);
  expect(one.session.storeError).toBe('QuotaExceededError: the disk is full');
  const act = one.session.replica.log
    .entries()
    .find((e) => e.event.body.type === 'ACT' && e.event.author === 1)!;
  expect(act).toBeDefined();
  // The unkept ACT never reached seat 0, and seat 1 makes nothing more.
  expect(zero.session.replica.log.at(1, act.event.seq)).toBeUndefined();
  expect(heardOf(zero, act.event.seq)).toEqual([]);
  expect(one.session.act({ type: 'FLIP' })).toEqual({ ok: false, error: 'ERR_STORE' });
  expect(one.session.replica.log.nextSeq(1)).toBe(act.event.seq + 1);
});

test('a seat back under a new peer id is kept there: the other seat, reloaded, dials it there at once', async () => {
  const table = testTable('resume-moved', 'war', SHORT_WAR);
  const net = new LoopbackNetwork();
  const stores = [new MemoryStore(), new MemoryStore()] as const;
  const zero = await sit(net, table, 0, stores[0]);
  const one = await sit(net, table, 1, stores[1]);
  closeLater({ close: () => zero.kill() }, { close: () => one.kill() });
  const linked = (...seats: Seated[]) =>
    seats.every((s) => s.session.links.states().every((state) => state === 'connected'));
  await until('both seats proven', () => linked(zero, one));

  // Seat 1's page reloads and gets another peer id (its old one still held, say).
  one.kill();
  const moved = `${PEERS[1]}-again`;
  const oneAgain = await comeBack(net, table, 1, stores[1], { peer: moved });
  closeLater({ close: () => oneAgain.kill() });
  await until('seat 0 has proven seat 1 at its new id', () => linked(zero, oneAgain));
  const kept = async () => (await stores[0].loadTable(table.id))!.table.play!.peers;
  await vi.waitFor(async () => expect(await kept()).toEqual([PEERS[0], moved]));
  expect(await stores[1].loadTable(table.id)).toMatchObject({
    table: { play: { peers: [PEERS[0], moved] } },
  });

  // Then seat 0's page reloads: it dials seat 1 where it was last, before seat 1 redials.
  zero.kill();
  const zeroAgain = await comeBack(net, table, 0, stores[0]);
  closeLater({ close: () => zeroAgain.kill() });
  expect(zeroAgain.messenger.transport.connectedPeers()).toEqual([moved]);
  const sessions = [zeroAgain.session, oneAgain.session];
  await until('both replicas are done', () => finished(sessions));
  const [a, b] = sessions.map(summary);
  expect(a).toMatchObject({ refusals: [], offences: [], storeError: null });
  expect(b).toEqual(a);
});

describe('a page that dies after storing an event but before sending it', () => {
  test.each([
    ['War', 'ACT', 'war', SHORT_WAR, {}],
    // A match of three games: a seat swaps, and re-masks its hand, at some point of it.
    ['Red & Black', 'REMASK', 'redblack', { ...SHORT_REDBLACK, target: 3 }, {}],
    // Seat 0's challenge goes unheard: the page must not send its log before seat 0 can hear it.
    [
      'War, linked again while it still reads its store',
      'ACT',
      'war',
      SHORT_WAR,
      { linkedWhileRestoring: true },
    ],
  ] as const)(
    '%s: dies at its first %s; comes back, sends exactly that event, and the game finishes',
    async (_, kind, game, options, circumstances) => {
      const { lost, atDeath, zero, one, back } = await dieAndComeBack(
        game,
        options,
        kind,
        'after the event is stored',
        circumstances,
      );
      const { seq } = eventOf(lost);
      expect(atDeath.events).toContain(lost);
      // Signed and stored, never sent: the other seat had not seen it when the page died.
      expect(one.session.replica.log.at(1, seq)).toBeDefined();
      expect(heardOf(zero, seq).length).toBeGreaterThan(0);
      expect(new Set(heardOf(zero, seq))).toEqual(new Set([lost]));
      expect(text(back.session.replica.log.at(1, seq)!.bytes)).toBe(lost);
      expect(zero.session.replica.log.equivocations).toEqual([]);
      // The secrets its later duties needed (unlocks, locks, the audit) came back from the store.
      for (const pub of back.session.replica.state.pubs[1]!)
        expect(back.session.keyring.has(pub)).toBe(true);
    },
  );
});

test('a table that is not kept, not started or not playable here cannot be resumed', async () => {
  const store = new MemoryStore();
  const lobby = testTable('resume-lobby', 'war', SHORT_WAR);
  await store.saveTable({ ...lobby.record(0), play: null });
  // A table kept by a build that knows a game this one does not.
  const newer = lobby.record(0);
  await store.saveTable({
    ...newer,
    id: 'resume-newer',
    info: { ...newer.info, game: 'poker' as GameId },
  });
  const messenger = new Messenger(new LoopbackNetwork().join(PEERS[0]!), parseWireMessage);
  closeLater(messenger);
  const resume = (id: string) =>
    TableSession.resume(messenger, store, id).then((r) => (r.ok ? 'resumed' : r.error));
  expect(await resume('resume-nowhere')).toBe('ERR_NO_TABLE');
  expect(await resume(lobby.id)).toBe('ERR_NOT_STARTED');
  expect(await resume('resume-newer')).toBe('ERR_UNPLAYABLE');
});
