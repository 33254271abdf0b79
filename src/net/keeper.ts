/**
 * Keeper: what a seat's table session puts in its store, and in what order. Everything
 * goes through the store first, so a crash at any moment loses nothing and never makes
 * the seat sign two events at one seq (equivocation, which would name it): a duty's new
 * secrets are stored before its event is signed, a sealed move's before the seal goes
 * out, our every event is stored before it is sent, and our events are sent in the order
 * signed. What the store holds of our events is thus all any peer can have seen, and
 * `TableSession.resume` rebuilds the session from it.
 *
 * An event learnt is stored only once the replica holds it and has judged it: after an
 * offence the log drops what sorts after it, so a seat named for one cannot fill the
 * store with events signed after. The store also keeps where each seat last proved
 * itself, so a reload dials it there; the checks the pool found holding, so a restore
 * need not run them again; and, on an older table, since when each seat has been out of
 * reach. A write that fails stops the session: it signs and sends nothing more.
 */
import { utf8ToBytes } from '@noble/hashes/utils.js';
import type { Json } from '../engine/encoding.ts';
import { eventHash, type SignedEvent } from '../engine/events.ts';
import type { Seat } from '../engine/game.ts';
import type { KeyringSecrets } from '../engine/table/keyring.ts';
import type { Replica } from '../engine/table/replica.ts';
import type { TableStore } from './store.ts';

/** What the keeper reads of its session, and what it asks of it. */
export interface KeptSession {
  readonly replica: Replica<Json>;
  readonly seat: Seat;
  /** The table's id, under which the store keeps it. */
  readonly table: string;
  readonly store: TableStore;
  /** True once the session is closed: nothing more is sent. */
  closed(): boolean;
  /** Sends our event, stored, to every seat and spectator. */
  send(signed: SignedEvent): void;
  /** Something the page shows changed: here, that the store failed. */
  changed(): void;
}

const text = new TextDecoder();

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** What one seat's session stores, and the order its events go out in: see the top of this file. */
export class Keeper {
  /** Why the store failed, or null; after a failure the session signs and sends nothing more. */
  storeError: string | null = null;
  /** Settles once our last signed event is stored and sent. */
  private outbox: Promise<void> = Promise.resolve();
  /** How many of our events, from the first, are stored and so may be sent. */
  private sendable = 0;
  /** Events taken in and not yet stored, with their hash. */
  private unjudged: { event: string; hash: string }[] = [];
  /** Where each seat last proved itself, and this seat's own id, as the store keeps them. */
  private readonly addresses: (string | null)[];

  /** `peers[seat]`: where each seat could first be dialled, as the session began. */
  constructor(
    private readonly session: KeptSession,
    peers: readonly (string | null)[],
  ) {
    this.addresses = session.replica.genesis.identities.map((_, s) => peers[s] ?? null);
  }

  /** How many of our events, from the first, are stored and so may be sent. */
  get released(): number {
    return this.sendable;
  }

  /** After a restore: every event of ours the log holds came from the store, and may be sent. */
  releaseKept(): void {
    const { replica, seat } = this.session;
    this.sendable = replica.log.nextSeq(seat);
  }

  /** Has our event `signed` stored, then sent once every earlier event of ours is sent. */
  publish(signed: SignedEvent): void {
    const event = text.decode(signed.bytes);
    const kept = this.stored(this.session.store.saveEvent(this.session.table, event));
    const before = this.outbox;
    this.outbox = (async () => {
      const [, isKept] = await Promise.all([before, kept]);
      if (!isKept || this.storeError !== null || this.session.closed()) return;
      this.sendable = signed.event.seq + 1;
      this.session.send(signed);
    })();
  }

  /** Stores `secrets` before our next event goes out: a sealed move must open after a reload. */
  keepBeforeSending(secrets: KeyringSecrets): void {
    const kept = this.keepSecrets(secrets);
    const before = this.outbox;
    this.outbox = Promise.all([before, kept]).then(() => undefined);
  }

  /** Stores a duty's new secrets; false when the store failed. */
  keepSecrets(secrets: KeyringSecrets): Promise<boolean> {
    return this.stored(this.session.store.saveSecrets(this.session.table, secrets));
  }

  /** Settles once every event this seat has signed so far is stored and sent, or never will be. */
  whenSent(): Promise<void> {
    return this.outbox;
  }

  /** An event taken in, fresh: stored once the replica has judged it (`passOn`). */
  take(event: string): void {
    this.unjudged.push({ event, hash: eventHash(utf8ToBytes(event)) });
  }

  /**
   * Stores each event taken in once the log holds it and it is judged, in the
   * order they came; drops those the log let go (what sorts after an offence). Judged
   * first, as an offence found by a check may void what came after it, and an event still
   * pending may never be held. The session runs it before anything else sees a change, so
   * every event the replica holds is stored before any event of ours that builds on it.
   */
  passOn(): void {
    const { replica } = this.session;
    if (replica.waiting || this.unjudged.length === 0) return;
    const { log } = replica;
    this.unjudged = this.unjudged.filter(({ event, hash }) => {
      if (log.entry(hash) === undefined) return log.isPending(hash);
      this.keep(event);
      return false;
    });
  }

  /** Stores a received event; a failure stops the session like any store failure. */
  keep(event: string): void {
    void this.stored(this.session.store.saveEvent(this.session.table, event));
  }

  /** Stores the checks answered as holding, so a restore of this table need not run them again. */
  keepChecked(held: readonly string[]): void {
    if (held.length > 0) void this.stored(this.session.store.saveChecked(this.session.table, held));
  }

  /**
   * Keeps where `seat` just proved itself, and this seat's own peer id, when either moved
   * (`now`: each seat's address on its link): a reload dials each seat where it was last,
   * not where the lobby met it.
   */
  keepAddress(seat: Seat, now: readonly (string | null)[]): void {
    const own = this.session.seat;
    if (now[seat] === this.addresses[seat] && now[own] === this.addresses[own]) return;
    this.addresses[seat] = now[seat] ?? null;
    this.addresses[own] = now[own] ?? null;
    void this.stored(this.session.store.savePeers(this.session.table, [...this.addresses]));
  }

  /** Keeps since when each seat has been out of reach, for a reload to count on. */
  keepUnreachable(since: readonly (number | null)[]): void {
    void this.stored(this.session.store.saveUnreachable(this.session.table, [...since]));
  }

  /** True once `write` is done; on failure records why and stops signing and sending. */
  private async stored(write: Promise<void>): Promise<boolean> {
    try {
      await write;
      return true;
    } catch (e) {
      this.storeError ??= messageOf(e);
      this.session.changed();
      return false;
    }
  }
}
