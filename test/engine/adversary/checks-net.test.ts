/**
 * Issue 9, point 1, over the network: a few of the checks of
 * `checks-fold.test.ts` and `checks-log.test.ts` again, this time through
 * the in-memory network and the `TableSession` every browser runs, so the
 * bad event takes the real way in (the session's receive) and on (its
 * answers to pulls). Three seats: 0 and 2 are honest sessions, seat 1 cheats.
 * The cheater is linked to seat 0 only, so seat 2 hears it only in seat 0's
 * answers to its pulls; it proves its seat on that link as every peer does, then plays
 * every duty honestly but one, which it replaces.
 */
import { afterEach, expect, test } from 'vitest';
import type { Json } from '../../../src/engine/encoding.ts';
import { signEvent, type EventBody, type SignedEvent } from '../../../src/engine/events.ts';
import type { Need } from '../../../src/engine/game.ts';
import { makeAct, makeDuty } from '../../../src/engine/table/author.ts';
import type {
  AuditBody,
  RemaskBody,
  ShuffleBody,
  TableBody,
} from '../../../src/engine/table/bodies.ts';
import { Replica } from '../../../src/engine/table/replica.ts';
import { parseWireMessage, type WireMessage } from '../../../src/net/messages.ts';
import { LoopbackNetwork } from '../../../src/net/loopback.ts';
import { Messenger } from '../../../src/net/messenger.ts';
import { SeatLinks } from '../../../src/net/seats.ts';
import { TableSession } from '../../../src/net/table.ts';
import {
  badDleqProof,
  compensatedShuffleProof,
  expectOffence,
  scriptPlayable,
  scriptTable,
  signNext,
} from '../helpers/cheats.ts';
import { authorOn, withHeads, type Player } from '../helpers/table.ts';
import { listenAsCheater } from '../../net/helpers/seats.ts';

/** Seat 1's hand: dealt (seats 0 and 2 unlock), re-masked, one move, then the audit. */
const SCRIPT: Need[] = [
  { type: 'DEAL', cards: [0, 1, 2], to: 1 },
  { type: 'REMASK', seat: 1, cards: [0, 1, 2] },
  { type: 'ACT', seats: [1] },
];
const PEERS = ['seat-0', 'seat-1', 'seat-2'];
const CHEATER = 1;

const open: { close(): void }[] = [];
afterEach(() => {
  for (const thing of open.splice(0)) thing.close();
});

async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 3000 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!done()) throw new Error('the table never got there');
}

/** How seat 1 cheats: in place of its duty of `kind`, once `ready`, the event `make` returns. */
interface Cheat {
  readonly kind: string;
  readonly ready?: (replica: Replica<Json>) => boolean;
  readonly make: (replica: Replica<Json>, player: Player, honest: TableBody) => SignedEvent;
}

/** Plays the table with the cheater; resolves with the bad event and the honest sessions. */
async function play(cheat: Cheat) {
  const { players, genesis, initial } = scriptTable(3, SCRIPT);
  const net = new LoopbackNetwork();
  const messengers = PEERS.map((id) => new Messenger<WireMessage>(net.join(id), parseWireMessage));
  open.push(...messengers);
  net.partition(PEERS[1]!, PEERS[2]!);

  const player = players[CHEATER]!;
  const own = new Replica(genesis, scriptPlayable, initial);
  const links = new SeatLinks(messengers[1]!, genesis, CHEATER, player.identity.secretKey, PEERS);
  open.push(links);
  const send = (signed: { bytes: Uint8Array }) =>
    links.send(0, { type: 'event', event: new TextDecoder().decode(signed.bytes) });
  let bad: SignedEvent | null = null;
  const move = () => {
    while (bad === null) {
      const owed = own.owed().find((o) => o.seat === CHEATER);
      if (owed === undefined) return;
      const honest =
        owed.kind === 'ACT'
          ? makeAct({ type: 'DONE' })
          : makeDuty(own.state, CHEATER, player.keyring, own.game)!;
      if (owed.kind === cheat.kind) {
        if (cheat.ready && !cheat.ready(own)) return;
        bad = cheat.make(own, player, honest);
        send(bad);
        return;
      }
      send(authorOn(own, player, honest));
    }
  };
  // Seat 0, once proven, gets what the cheater has made so far, as a session syncs a seat.
  listenAsCheater(links, own, move);

  const sessions = [0, 2].map(
    (seat) =>
      new TableSession(
        messengers[seat]!,
        genesis,
        scriptPlayable,
        seat,
        players[seat]!.identity.secretKey,
        PEERS,
      ),
  );
  open.push(...sessions);
  await until(() => bad !== null);
  return { bad: bad! as SignedEvent, sessions };
}

test.each<{ name: string; cheat: Cheat; reason: string }>([
  {
    name: 'a re-mask with one re-key proof off by one',
    cheat: {
      kind: 'REMASK',
      make: (own, player, honest) => {
        const body = honest as RemaskBody;
        return signNext(own.log, player, {
          ...body,
          rekeys: [badDleqProof(body.rekeys[0]!), ...body.rekeys.slice(1)],
        });
      },
    },
    reason: 'ERR_PROOF',
  },
  {
    name: 'a shuffle whose proof has sHat[0] + 1 offset by sHat[1] − 1',
    cheat: {
      kind: 'SHUFFLE',
      make: (own, player, honest) => {
        const body = honest as ShuffleBody;
        const shuffles = body.shuffles.map((s) => ({
          ...s,
          proof: compensatedShuffleProof(s.proof),
        }));
        return signNext(own.log, player, { ...body, shuffles });
      },
    },
    reason: 'ERR_PROOF',
  },
  {
    name: 'a move the game does not allow',
    cheat: {
      kind: 'ACT',
      make: (own, player) => signNext(own.log, player, makeAct({ type: 'WIN' })),
    },
    reason: 'ERR_RULES',
  },
  {
    name: 'an audit with a wrong secret for the re-mask factor',
    cheat: {
      kind: 'AUDIT',
      make: (own, player, honest) => {
        const { secrets } = honest as AuditBody;
        return signNext(own.log, player, {
          type: 'AUDIT',
          secrets: [...secrets.slice(0, 2), secrets[0]!],
        });
      },
    },
    reason: 'ERR_AUDIT',
  },
])(
  'over the network, $name is rejected with $reason by both honest seats',
  async ({ cheat, reason }) => {
    const { bad, sessions } = await play(cheat);
    await until(() =>
      sessions.every((s) => s.replica.log.entry(bad.hash) !== undefined && s.replica.stopped),
    );
    for (const session of sessions) {
      expectOffence(session.replica, bad, CHEATER, reason);
      expect(session.refusals).toEqual([]);
    }
  },
);

test('over the network, a chain spliced onto another seat’s event is refused by the log', async () => {
  // Seat 1 holds back its first event and chains its second onto seat 0's first.
  const { bad, sessions } = await play({
    kind: 'KEY',
    ready: (own) => own.log.at(0, 0) !== undefined,
    make: (own, player, honest) => {
      const signed = signEvent(
        withHeads(own.log, {
          table: own.log.table,
          author: CHEATER,
          seq: 1,
          prev: own.log.at(0, 0)!.hash,
          basis: own.log.seen().map((n, seat) => (seat === CHEATER ? 1 : n)),
          body: honest as unknown as EventBody,
        }),
        player.identity.secretKey,
      );
      if (!signed.ok) throw new Error(signed.error);
      return signed.value;
    },
  });
  const [seat0, seat2] = sessions as [TableSession<Json>, TableSession<Json>];
  await until(() => seat0.refusals.length > 0);
  expect(seat0.refusals).toEqual([{ from: CHEATER, reason: 'ERR_PREV' }]);
  expect(seat0.replica.log.evidence).toEqual([
    { bytes: bad.bytes, author: CHEATER, signed: true, reason: 'ERR_PREV' },
  ]);
  // A refused event is not passed on: seat 2 never sees it.
  expect(seat2.replica.log.evidence).toEqual([]);
  for (const session of sessions) {
    expect(session.replica.log.entry(bad.hash)).toBeUndefined();
    expect(session.replica.offences()).toEqual([]);
  }
});
