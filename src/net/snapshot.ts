/**
 * What the pages read of a table: one snapshot per change, made here in net/ from the
 * replica and the session's parts, never changed after. A page draws from it and holds no
 * replica: it reads the log through `record`, which shows entries, verdicts and states but
 * cannot receive, sign or judge an event. A seat's session gives a `SeatSnapshot`, a
 * spectator's a `TableSnapshot`.
 */
import type { Json, JsonObject } from '../engine/encoding.ts';
import type { Outcome, Seat } from '../engine/game.ts';
import type { Playable } from '../engine/games/registry.ts';
import { claimedAbsent, type Finality } from '../engine/table/leave.ts';
import type { ReplicaRecord } from '../engine/table/replica.ts';
import type { Genesis, Step, TableState } from '../engine/table/types.ts';
import type { LiveReplica, RelayRefusal, StepTiming } from './live.ts';
import type { Invitation, PeerHash } from './news.ts';
import type { SeatLinkState } from './seats.ts';

/** A table as anyone who follows it sees it, player or spectator. */
export interface TableSnapshot<S extends Json = Json> {
  readonly genesis: Genesis;
  readonly playable: Playable<S>;
  /** The log, its verdicts and states, read-only: for the log in words, the audit and the transcript. */
  readonly record: ReplicaRecord<S>;
  readonly state: TableState<S>;
  /** How many events the log holds. */
  readonly events: number;
  /** True once an offence or an equivocation stopped the table. */
  readonly stopped: boolean;
  /** True on a timed table (a time control is in the genesis). */
  readonly timed: boolean;
  readonly outcome: Outcome | null;
  /** The seats the table waits on for an event. */
  readonly owed: readonly Seat[];
  /** The authors of events held but not judged yet: their proofs are being checked. */
  readonly checking: ReadonlySet<Seat>;
  /** While a claim of absence ends the table: the seats that confirmed it; empty otherwise. */
  readonly confirmed: readonly Seat[];
  /** Events refused, and the seat whose link each came over. */
  readonly refusals: readonly RelayRefusal[];
  /** This device's time over each event, by event hash. */
  readonly timings: ReadonlyMap<string, StepTiming>;
  /** Why this device could not check proofs, or null. */
  readonly poolError: string | null;
}

/** A table as one seat's page sees it: the table, and what only this seat and its links know. */
export interface SeatSnapshot<S extends Json = Json> extends TableSnapshot<S> {
  readonly seat: Seat;
  /** This seat's legal actions now, for its player to choose from. */
  readonly legal: readonly JsonObject[];
  /** The faces this seat reads privately now: card id -> face. */
  readonly known: ReadonlyMap<number, number>;
  /** A claim that this seat is absent can still be answered here: the game is not over for it. */
  readonly answering: boolean;
  /** How final a claim of absence that ends a timed table is; null for any other ending. */
  readonly finality: Finality | null;
  /** The table waits on this seat for a move its player chooses (not one the page makes alone). */
  readonly yourMove: boolean;
  /** Each seat's link as this page sees it (its own seat is `connected`). */
  readonly links: readonly SeatLinkState[];
  /** The seats this page reaches only through another seat. */
  readonly middled: readonly Seat[];
  readonly spectators: number;
  /** What each other seat says its replica reached once the table was done. */
  readonly peerHashes: readonly (PeerHash | null)[];
  /** The other seats' invitations to play again, lowest seat first. */
  readonly invitations: readonly Invitation[];
  /** Peers disconnected for sending more than any honest peer does. */
  readonly disconnected: readonly { peer: string; seat: Seat | null; reason: string }[];
  /** True while this seat's next duty is being made in the pool. */
  readonly proving: boolean;
  /** True while this seat holds back its first duty of the next game. */
  readonly nextGameHeld: boolean;
  /** The step whose duty this seat could not make, and why; null while none failed. */
  readonly dutyError: { readonly step: Step['type']; readonly reason: string } | null;
  /** Why the store failed, or null. */
  readonly storeError: string | null;
}

/** The parts of a seat's session a snapshot reads besides its replica. */
export type SeatParts = Omit<
  SeatSnapshot,
  keyof TableSnapshot | 'answering' | 'finality' | 'yourMove'
> & {
  /** True when this seat's own clock runs for an answer to a claim against it. */
  readonly claimAnswerable: boolean;
};

/** The table `live` holds, as it stands; `owed`, the replica's owed events, when already read. */
export function tableSnapshot<S extends Json>(
  live: LiveReplica<S>,
  owed = live.replica.owed(),
): TableSnapshot<S> {
  const { replica, genesis, playable } = live;
  const { state, log } = replica;
  return {
    genesis,
    playable,
    record: replica,
    state,
    events: log.size,
    stopped: replica.stopped,
    timed: replica.clock !== null,
    outcome: replica.outcome(),
    owed: owed.map((o) => o.seat),
    checking: new Set(
      log
        .entries()
        .slice(replica.entryVerdicts.length)
        .map((entry) => entry.event.author),
    ),
    confirmed: state.ending?.type === 'ABSENT' ? replica.confirmedBy() : [],
    refusals: live.refusals,
    timings: live.timings,
    poolError: live.poolError,
  };
}

/** The table `live` holds as seat `parts.seat` sees it. */
export function seatSnapshot<S extends Json>(
  live: LiveReplica<S>,
  { claimAnswerable, ...parts }: SeatParts,
): SeatSnapshot<S> {
  const { replica } = live;
  const owed = replica.owed();
  const table = tableSnapshot(live, owed);
  const { state, timed, playable } = table;
  const { seat } = parts;
  const owes = owed.some((o) => o.seat === seat && (o.kind === 'ACT' || o.kind === 'SEAL'));
  // A move that leaves no choice is made by the page itself, at once.
  const auto = playable
    .needs(state.game)
    .some((need) => need.type === 'ACT' && need.auto === true && need.seats.includes(seat));
  return {
    ...table,
    ...parts,
    // At once on an older table, within the answer window on a timed one.
    answering: claimedAbsent(state, seat) && (!timed || claimAnswerable),
    finality: state.ending?.type === 'ABSENT' && timed ? replica.finality() : null,
    yourMove: !table.stopped && table.outcome === null && owes && !auto,
  };
}
