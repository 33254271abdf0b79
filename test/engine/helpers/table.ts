/**
 * Fixtures for tests that drive whole tables: players (identity + keyring),
 * the genesis, and a `Table` of one replica per seat that authors events and
 * hands them to every other replica, as an honest full mesh would.
 */
import { expect, vi } from 'vitest';
import { invertScalar } from '../../../crypto/index.ts';
import type { Json, JsonObject } from '../../../src/engine/encoding.ts';
import { openWithAudit } from '../../../src/engine/table/audit.ts';
import type { SignedEvent, UnsignedEvent } from '../../../src/engine/events.ts';
import { earliestAt, headsFor, type EventLog } from '../../../src/engine/log.ts';
import {
  erase,
  type AnyGame,
  type DeckSpec,
  type Game,
  type Seat,
} from '../../../src/engine/game.ts';
import type { Identity } from '../../../src/engine/identity.ts';
import { makeAct, makeDuty, makeSeal, privateFaces } from '../../../src/engine/table/author.ts';
import { Keyring } from '../../../src/engine/table/keyring.ts';
import type { TableBody } from '../../../src/engine/table/bodies.ts';
import { faceOf } from '../../../src/engine/table/decks.ts';
import { timeFields } from '../../../src/engine/table/clock.ts';
import { Replica, type Verdict } from '../../../src/engine/table/replica.ts';
import { diagnose } from '../../../src/engine/table/fold.ts';
import type { Diagnosis } from '../../../src/engine/table/refusal.ts';
import {
  PROTOCOL_VERSION,
  type Genesis,
  type TableState,
} from '../../../src/engine/table/types.ts';
import { testIdentity } from '../helpers.ts';
import { readPoint } from '../../../src/engine/table/points.ts';
import { lazy } from '../../lazy.ts';

/** One seat's secrets: its identity (signs events) and its keyring (shuffle and re-mask secrets). */
export interface Player {
  readonly seat: Seat;
  readonly identity: Identity;
  readonly keyring: Keyring;
}

/** Players of a table with `seats` seats: fixed identities, empty keyrings. */
export function makePlayers(seats: number): Player[] {
  return Array.from({ length: seats }, (_, seat) => ({
    seat,
    identity: testIdentity(seat),
    keyring: new Keyring(),
  }));
}

/**
 * The genesis of a table of `game` for `options`; its size is what the game's decks make.
 * `protocol`: this code's by default, with the normal clock; an older one keeps the
 * absence limit of its time.
 */
export function makeGenesis<O>(
  players: readonly Player[],
  game: { id: string; decks(options: O): readonly DeckSpec[] },
  options: O,
  protocol = PROTOCOL_VERSION,
): Genesis {
  return {
    table: 'table-1',
    game: game.id,
    names: players.map((p) => `player ${p.seat}`),
    identities: players.map((p) => p.identity.publicKey),
    deckSize: game.decks(options).reduce((sum, deck) => sum + deck.size, 0),
    options: options as JsonObject,
    ...timeFields(protocol),
    protocol,
  };
}

/**
 * `game` played with a deck of `size` cards instead of its own: small decks
 * keep real proofs quick. The faces are the first `size` of the game's deck.
 */
export function withDeck<S extends Json, M, F, V, O>(
  game: Game<S, M, F, V, O>,
  size: number,
): Game<S, M, F, V, O> {
  return { ...game, decks: () => [{ name: 'deck', size }] };
}

/** A game module as the table drives it (see `erase`). */
export function tableGame<S extends Json, M, F, V, O>(game: Game<S, M, F, V, O>): AnyGame<S> {
  return erase(game);
}

/** Starting game state for `options`; throws if the module refuses them. */
export function setupOrThrow<S extends Json, M, F, V, O>(game: Game<S, M, F, V, O>, options: O): S {
  const made = game.setup(options);
  if (!made.ok) throw new Error(`setup: ${made.error}`);
  return made.value;
}

/** Authors `body` as `player` on its own replica; throws if the replica refuses. */
export function authorOn<S extends Json>(
  replica: Replica<S>,
  player: Player,
  body: TableBody,
  now = 0,
): SignedEvent {
  const signed = replica.author(player.seat, player.identity.secretKey, body, now);
  if (!signed.ok)
    throw new Error(`seat ${player.seat} cannot author ${body.type}: ${signed.error}`);
  return signed.value;
}

/** The cryptographic step `player` owes on `replica`; throws when it owes none. */
export function dutyOf<S extends Json>(replica: Replica<S>, player: Player): TableBody {
  const body = makeDuty(replica.state, player.seat, player.keyring, replica.game);
  if (body === null) throw new Error(`seat ${player.seat} owes no duty`);
  return body;
}

/** True for the kinds of event a player's own choice makes: a move, open or sealed. */
export const isMove = (kind: string): boolean => kind === 'ACT' || kind === 'SEAL';

/**
 * `player`'s move `action` on `replica`, as the table asks it: sealed (seal.ts) where
 * another seat may cross it, the move and its salt then kept in the keyring for the UNSEAL.
 */
export function moveBody<S extends Json>(
  replica: Replica<S>,
  player: Player,
  action: JsonObject,
): TableBody {
  const sealed = replica.allowed().some((o) => o.seat === player.seat && o.kind === 'SEAL');
  return sealed ? makeSeal(replica.state, player.seat, action, player.keyring) : makeAct(action);
}

/** The verdict `replica` gave the event `hash`; undefined for an event it does not hold. */
export const verdictOf = <S extends Json>(replica: Replica<S>, hash: string): Verdict | undefined =>
  replica.entryVerdicts[replica.log.entries().findIndex((e) => e.hash === hash)];

/** Feeds `bytes` to `replica`; throws unless it is new and accepted. */
export function feed<S extends Json>(replica: Replica<S>, bytes: Uint8Array): void {
  const received = replica.receive(bytes);
  if (!received.ok || !received.value.fresh)
    throw new Error(`refused: ${JSON.stringify(received)}`);
}

/** One replica per seat, every event delivered to every other seat at once. */
/**
 * `event` with the `heads` its basis names on `log` (what a modified client signing an
 * event of its own making computes), as it was where the log lacks a named event; and,
 * where the log's events say when, `at` the earliest the log allows unless it has one.
 */
export function withHeads<E extends UnsignedEvent>(log: EventLog, event: E): E {
  const heads = headsFor(log, event.author, event.basis);
  const timed =
    log.commitsTime && event.at === undefined
      ? { ...event, at: earliestAt(log, event.basis) }
      : event;
  return heads === undefined ? timed : { ...timed, heads };
}

export class Table<S extends Json> {
  readonly replicas: Replica<S>[];
  /** Every event authored so far, in authoring order. */
  readonly events: SignedEvent[] = [];

  constructor(
    readonly players: readonly Player[],
    readonly genesis: Genesis,
    game: AnyGame<S>,
    initial: S,
  ) {
    this.replicas = players.map(() => new Replica(genesis, game, initial));
  }

  /** A table of `players` for `game` under `options`, with the genesis and start every test uses. */
  static of<S extends Json, M, F, V, O>(
    players: readonly Player[],
    game: Game<S, M, F, V, O>,
    options: O,
    protocol = PROTOCOL_VERSION,
  ): Table<S> {
    return new Table(
      players,
      makeGenesis(players, game, options, protocol),
      tableGame(game),
      setupOrThrow(game, options),
    );
  }

  /** `seat` authors `body`, signed at `now` on its clock, and every other replica receives it. */
  play(seat: Seat, body: TableBody, now = 0): SignedEvent {
    const signed = authorOn(this.replicas[seat]!, this.players[seat]!, body, now);
    this.replicas.forEach((replica, other) => other !== seat && feed(replica, signed.bytes));
    this.events.push(signed);
    return signed;
  }

  /** `seat` makes the move `action`, sealed if the table asks it so; the others' acks and its opening are duties. */
  act(seat: Seat, action: JsonObject): SignedEvent {
    return this.play(seat, moveBody(this.replicas[seat]!, this.players[seat]!, action));
  }

  /** `seat` does the cryptographic step it owes. */
  duty(seat: Seat): SignedEvent {
    return this.play(seat, dutyOf(this.replicas[seat]!, this.players[seat]!));
  }

  /** The seat owing a move on the first replica, or null. */
  mover(): Seat | null {
    return this.replicas[0]!.owed().find((o) => isMove(o.kind))?.seat ?? null;
  }

  /** Duties, lowest seat first, until a move is owed, the audit begins (unless `audit`), or nothing is owed. */
  dutiesToMove(audit = false, limit = 400): void {
    const replica = this.replicas[0]!;
    for (let done = 0; done < limit; done++) {
      const duty = replica.owed().find((o) => !isMove(o.kind));
      if (!duty || (!audit && replica.state.step.type === 'AUDIT')) return;
      this.duty(duty.seat);
    }
    throw new Error(`duties did not end after ${limit}`);
  }

  /** The faces `seat` reads privately, on its own replica (or in `state`). */
  known(seat: Seat, state: TableState<S> = this.replicas[seat]!.state): Map<number, number> {
    return privateFaces(state, seat, this.players[seat]!.keyring, new Map());
  }

  /** Seats take the steps they owe, lowest seat first, while `until` is false. */
  dutiesUntil(until: (state: TableState<S>) => boolean, limit = 200): void {
    const replica = this.replicas[0]!;
    for (let done = 0; !until(replica.state); done++) {
      const next = replica.owed().find((o) => !isMove(o.kind));
      if (next === undefined) throw new Error('no duty owed before the goal');
      if (done === limit) throw new Error(`goal not reached after ${limit} duties`);
      this.duty(next.seat);
    }
  }
}

/** The players of a table, and `fresh()`: a new replica of it where every race of a test starts. */
export interface Seated<S extends Json> {
  readonly players: readonly Player[];
  readonly fresh: () => Replica<S>;
}

/**
 * `seats` seats of `game` under `options`, each fresh replica past the game's first
 * shuffle. The shuffle is played once, by the first test that asks (see lazy.ts).
 */
export function seatsAtPlay<S extends Json, M, F, V, O>(
  game: Game<S, M, F, V, O>,
  seats: number,
  options: O,
): Seated<S> {
  const players = makePlayers(seats);
  const genesis = makeGenesis(players, game, options);
  const table = tableGame(game);
  const initial = setupOrThrow(game, options);
  const shuffle = lazy((): SignedEvent[] => {
    const played = new Table(players, genesis, table, initial);
    played.dutiesUntil((s) => s.step.type === 'PLAY');
    return played.events;
  });
  const fresh = (): Replica<S> => {
    const replica = new Replica(genesis, table, initial);
    for (const e of shuffle()) feed(replica, e.bytes);
    return replica;
  };
  return { players, fresh };
}

/** The table is done, every replica reached the same state, and nobody offended. */
export function expectDone<S extends Json>(table: Table<S>): void {
  const [first, ...others] = table.replicas;
  expect(first!.state.step.type).toBe('DONE');
  for (const replica of table.replicas) expect(replica.offences()).toEqual([]);
  for (const replica of others) expect(replica.stateHash).toBe(first!.stateHash);
}

/** Every point in a table's card list: each ciphertext and each layer key, base64. */
export function tablePoints(state: TableState<unknown>): string[] {
  return state.cards.flatMap((card) => [card.c, ...card.layers.map((l) => l.key)]);
}

/**
 * The face of every card, opened with the players' keyrings: strip each
 * remaining layer with the secret its seat holds for it, then look the point
 * up in the card's deck. -1 for a card with a layer no keyring opens.
 */
export function openCards(state: TableState<unknown>, players: readonly Player[]): number[] {
  return state.cards.map((card, id) => {
    let p = readPoint(card.c);
    for (const layer of card.layers) {
      const keyring = players[layer.seat]!.keyring;
      if (!keyring.has(layer.key)) return -1;
      p = p.multiply(invertScalar(keyring.scalarFor(layer.key)));
    }
    return faceOf(state, id, p);
  });
}

/** The faces as anyone can open them with the secrets published in the audit. */
export const auditOpen = (state: TableState<unknown>): number[] => openWithAudit(state);

/**
 * Plays the table's first key round and shuffle so that card id `id` holds the
 * face `order[id]`: a named deal, with real keys, shuffles and proofs. Every
 * seat shuffles; the last shuffler's permutation is chosen from the faces the
 * earlier shuffles left (opened with the players' keyrings) by feeding its
 * Fisher–Yates draws (`randomPermutation`, one 32-bit word each, the first
 * draws of a shuffle proof), then the seeded stream resumes.
 */
export function stackDeck<S extends Json>(table: Table<S>, order: readonly number[]): void {
  const last = table.players.length - 1;
  const replica = table.replicas[0]!;
  table.dutiesUntil((s) => s.step.type === 'SHUFFLE' && s.step.order[s.step.next] === last);
  const opened = openCards(replica.state, table.players);
  // Output row i is input row psi[i]; Fisher–Yates fixes rows from the last down.
  const psi = order.map((face) => opened.indexOf(face));
  const rows = opened.map((_, i) => i);
  for (let i = rows.length - 1; i > 0; i--) {
    const j = rows.indexOf(psi[i]!);
    [rows[i], rows[j]] = [rows[j]!, rows[i]!];
    vi.mocked(crypto.getRandomValues).mockImplementationOnce(
      <T extends ArrayBufferView | null>(array: T): T => {
        if (!(array instanceof Uint32Array) || array.length !== 1)
          throw new Error('the shuffle drew something else first');
        array[0] = j;
        return array;
      },
    );
  }
  table.duty(last);
  const dealt = openCards(replica.state, table.players);
  if (order.some((face, id) => dealt[id] !== face)) throw new Error('the deck did not stack');
}

/** The diagnosis of `replica`'s entry `at`, which it refused, on the state its author saw. */
export function diagnosisAt<S extends Json>(replica: Replica<S>, at: number): Diagnosis {
  const verdict = replica.entryVerdicts[at];
  if (typeof verdict !== 'object') throw new Error(`not refused: ${String(verdict)}`);
  const { author, body } = replica.log.entries()[at]!.event;
  return diagnose(replica.stateSeen(at), replica.game, author, body, verdict.rejected);
}

/** The diagnosis of `replica`'s last entry, which it refused. */
export const lastDiagnosis = <S extends Json>(replica: Replica<S>): Diagnosis =>
  diagnosisAt(replica, replica.log.entries().length - 1);
