/**
 * `judge()` is the only door from the network into the fold: whatever goes
 * wrong inside (here, a state the fold never expected) comes out as an error
 * code, never as an exception that would wedge a replica. The replicas of one
 * process share its judgements: the same events fold to the same states once,
 * and a cheat is still refused, and its author named, by every one of them.
 */
import { describe, expect, test } from 'vitest';
import { stateHash, type Json, type JsonObject } from '../../src/engine/encoding.ts';
import { war } from '../../src/engine/games/war/index.ts';
import type { UnlockBody } from '../../src/engine/table/bodies.ts';
import { runCheck, type Checks } from '../../src/engine/table/checks.ts';
import { judge } from '../../src/engine/table/judge.ts';
import { Replica } from '../../src/engine/table/replica.ts';
import type { TableState } from '../../src/engine/table/types.ts';
import {
  badUnlockProof,
  expectOffence,
  indexOf,
  loadHand,
  replicaBefore,
  scriptPlayable,
  signNext,
} from './helpers/cheats.ts';
import { feed, tableGame } from './helpers/table.ts';

test('an exception inside the fold comes out as ERR_EXCEPTION', () => {
  const broken = { step: null } as unknown as TableState<never>;
  const judged = judge(broken, tableGame(war) as never, 0, {
    type: 'ACT',
    action: { type: 'FLIP' },
  });
  expect(judged).toEqual({ ok: false, error: 'ERR_EXCEPTION' });
});

describe('judgements shared by the replicas of one process', () => {
  test('two replicas fed the same events hold the very same states: each event is judged once', () => {
    const hand = loadHand();
    const [a, b] = [0, 1].map(() => new Replica(hand.genesis, scriptPlayable, hand.initial));
    for (const { bytes } of hand.events) {
      feed(a!, bytes);
      feed(b!, bytes);
      expect(b!.state).toBe(a!.state);
    }
    expect(b!.offences()).toEqual([]);
  });

  test('a cheat is refused by every replica, named on each; a state made by hand is judged afresh the same', () => {
    const hand = loadHand();
    const at = indexOf(hand, 0, 'UNLOCK');
    const replicas = [0, 1].map(() => replicaBefore(hand, at));
    const honest = hand.events[at]!.event.body as unknown as UnlockBody;
    const body = { ...honest, shares: honest.shares.map(badUnlockProof) };
    const bad = signNext(replicas[0]!.log, hand.players[0]!, body);
    for (const replica of replicas) {
      feed(replica, bad.bytes);
      expectOffence(replica, bad, 0, 'ERR_PROOF');
    }
    // A copy has no name: it is judged afresh, and the cheat is refused there too.
    const before = replicaBefore(hand, at).state;
    const game = scriptPlayable;
    expect(judge({ ...before }, game, 0, body as unknown as JsonObject)).toEqual({
      ok: false,
      error: 'ERR_PROOF',
    });
    const fair = judge({ ...before }, game, 0, honest as unknown as JsonObject);
    expect(fair.ok && stateHash(fair.value as unknown as Json)).toBe(
      stateHash(replicaBefore(hand, at + 1).state as unknown as Json),
    );
  });

  test('replicas of two tables share nothing: a key made for one table is refused at the other', () => {
    const hand = loadHand();
    const game = scriptPlayable;
    const other = { ...hand.genesis, table: `${hand.genesis.table}, again` };
    const [here, there] = [hand.genesis, other].map(
      (genesis) => new Replica(genesis, game, hand.initial),
    );
    const { author, body } = hand.events[0]!.event;
    expect(judge(here!.state, game, author, body).ok).toBe(true);
    expect(judge(there!.state, game, author, body)).toEqual({ ok: false, error: 'ERR_GENESIS' });
  });

  test('a state judged with checks of its own is shared with nobody: what is judged on it at once is judged afresh', () => {
    const hand = loadHand();
    const game = scriptPlayable;
    const at = indexOf(hand, 1, 'UNLOCK');
    const own: Checks = (job) => runCheck(job);
    const [share, move] = hand.events.slice(at, at + 2).map((e) => e.event);
    const shared = judge(replicaBefore(hand, at).state, game, share!.author, share!.body, own);
    const moved = shared.ok && judge(shared.value, game, move!.author, move!.body, own);
    if (!shared.ok || !moved || !moved.ok) throw new Error('the hand is honest');
    // The move is taken after the share, and refused after itself.
    expect(judge(shared.value, game, move!.author, move!.body).ok).toBe(true);
    expect(judge(moved.value, game, move!.author, move!.body).ok).toBe(false);
  });
  test('a body the canonical form refuses is judged afresh, each on its own', () => {
    const hand = loadHand();
    const game = scriptPlayable;
    const { state } = new Replica(hand.genesis, game, hand.initial);
    // Half a unit is no safe integer: no key can name these bodies.
    const resign = { type: 'RESIGN', half: 0.5 };
    const act = { type: 'ACT', action: { type: 'DONE', half: 0.5 } };
    expect([judge(state, game, 0, resign), judge(state, game, 0, act)]).toEqual([
      { ok: false, error: 'ERR_BODY_FIELDS' },
      { ok: false, error: 'ERR_NOT_OWED' },
    ]);
  });
});

test('a signature checked once per process: a forged one is refused by every replica, the true one taken by each', () => {
  const hand = loadHand();
  const at = indexOf(hand, 1, 'UNLOCK');
  const replicas = [0, 1].map(() => replicaBefore(hand, at));
  const { event } = hand.events[at]!;
  const flipped = event.sig.slice(0, -1) + (event.sig.endsWith('0') ? '1' : '0');
  const forged = new TextEncoder().encode(
    new TextDecoder().decode(hand.events[at]!.bytes).replace(event.sig, flipped),
  );
  for (const replica of replicas) expect(replica.receive(forged)).toMatchObject({ ok: false });
  for (const replica of replicas) feed(replica, hand.events[at]!.bytes);
  expect(replicas[1]!.state).toBe(replicas[0]!.state);
});
