/**
 * `makeDuty` is what a seat's client calls whenever the table changes: it
 * must hand a seat a body only for a step that seat owes. A body for a step
 * it does not owe is an event out of turn, and an offence of the honest seat
 * that sent it. Walked over every state of the recorded hand
 * (`test/vectors/hand.json`), which passes through every kind of step.
 * `owesDuty` is the session's cheaper question (is a duty owed at all?),
 * and must answer exactly what the fold says is owed.
 */
import { expect, test } from 'vitest';
import type { Json } from '../../src/engine/encoding.ts';
import { makeDuty, owesDuty } from '../../src/engine/table/author.ts';
import { Keyring } from '../../src/engine/table/keyring.ts';
import { makeCoin } from '../../src/engine/table/coin.ts';
import { owed } from '../../src/engine/table/fold.ts';
import type { TableState } from '../../src/engine/table/types.ts';
import { loadHand, replicaBefore, scriptPlayable } from './helpers/cheats.ts';

/** A keyring holding a coin for step `stepNo` and no secret at all. */
function coinOnly(stepNo: number): Keyring {
  const keyring = new Keyring();
  keyring.keepCoin({ stepNo, bit: 1, salt: '00'.repeat(32) });
  return keyring;
}

const duty = (state: TableState<Json>, seat: number, keyring: Keyring) =>
  makeDuty(state, seat, keyring, scriptPlayable);

test('no seat is handed a body for a step it does not owe, at any point of a hand', () => {
  const rec = loadHand();
  const replica = replicaBefore(rec, rec.events.length);
  const steps = new Set<string>();
  for (let i = 0; i <= rec.events.length; i++) {
    const state = replica.stateAfter(i)!;
    steps.add(state.step.type);
    const owing = owed(state, scriptPlayable).filter((o) => o.kind !== 'ACT');
    for (const seat of [0, 1]) {
      // Even holding the coin of this very step, a seat that owes nothing gets nothing.
      if (!owing.some((o) => o.seat === seat))
        expect(duty(state, seat, coinOnly(state.stepNo)), `${i}: seat ${seat}`).toBeNull();
    }
  }
  expect([...steps].sort()).toEqual(
    [
      'AUDIT',
      'COIN',
      'COPY',
      'DONE',
      'KEYS',
      'LOCK',
      'PLAY',
      'REKEY',
      'REMASK',
      'SHUFFLE',
      'UNLOCK',
    ].sort(),
  );
});

test('a seat owing its coin opening, holding only the coin of an earlier step, opens nothing', () => {
  const rec = loadHand();
  const replica = replicaBefore(rec, rec.events.length);
  const opening = Array.from({ length: rec.events.length }, (_, i) => replica.stateAfter(i)!).find(
    (state) => owed(state, scriptPlayable).some((o) => o.kind === 'OPEN'),
  )!;
  const seat = owed(opening, scriptPlayable).find((o) => o.kind === 'OPEN')!.seat;
  expect(duty(opening, seat, coinOnly(opening.stepNo))).toMatchObject({ type: 'OPEN' });
  expect(duty(opening, seat, coinOnly(opening.stepNo - 1))).toBeNull();
});

test('owesDuty answers true exactly where the fold says the seat owes a table event', () => {
  const rec = loadHand();
  const replica = replicaBefore(rec, rec.events.length);
  for (let i = 0; i <= rec.events.length; i++) {
    const state = replica.stateAfter(i)!;
    const kinds = (seat: number) =>
      owed(state, scriptPlayable)
        .filter((o) => o.seat === seat && o.kind !== 'ACT')
        .map((o) => o.kind);
    for (const seat of [0, 1]) {
      const coin = coinOnly(state.stepNo);
      expect(owesDuty(state, seat, coin), `${i}: seat ${seat}`).toBe(kinds(seat).length > 0);
      // Without its coin secret (a keyring lost), a seat cannot open: it owes nothing it can make.
      const makeable = kinds(seat).filter((kind) => kind !== 'OPEN');
      expect(owesDuty(state, seat, new Keyring()), `${i}: seat ${seat}, no coin`).toBe(
        makeable.length > 0,
      );
    }
  }
});

test('a seat that has committed opens nothing before every seat has committed, nor twice', () => {
  const rec = loadHand();
  const replica = replicaBefore(rec, rec.events.length);
  const states = Array.from({ length: rec.events.length }, (_, i) => replica.stateAfter(i)!);
  const coinSteps = states.filter((s) => s.step.type === 'COIN');
  const step = (s: TableState<Json>) => s.step as Extract<typeof s.step, { type: 'COIN' }>;
  // One seat committed, the other not yet: its bit out now would let the other choose.
  const halfCommitted = coinSteps.find(
    (s) => step(s).commits.filter((c) => c !== null).length === 1,
  )!;
  const committed = step(halfCommitted).commits.findIndex((c) => c !== null);
  expect(
    makeCoin(halfCommitted, step(halfCommitted), committed, coinOnly(halfCommitted.stepNo)),
  ).toBeNull();
  // One seat opened, the other not yet: the first has nothing more to send.
  const halfOpened = coinSteps.find((s) => step(s).opens.some((o) => o !== null))!;
  const opened = step(halfOpened).opens.findIndex((o) => o !== null);
  expect(makeCoin(halfOpened, step(halfOpened), opened, coinOnly(halfOpened.stepNo))).toBeNull();
  expect(
    makeCoin(halfOpened, step(halfOpened), 1 - opened, coinOnly(halfOpened.stepNo)),
  ).toMatchObject({
    type: 'OPEN',
  });
});
