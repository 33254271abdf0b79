/**
 * A Batailles transcript in the replay screen's controller: a table where one
 * fighter lied about a fight, played with real cryptography to the end of its
 * audit, opens and is checked to the end by the same `TranscriptCheck` as
 * `npm run verify`; the verdict names whom the audit caught and for what, the
 * protocol's last step says the hidden claims were judged, and each seat's
 * board shows what that seat knew after each event (its hand, its cards in
 * play, the fights it fought), read with the keys the audit published.
 */
import { expect, test, vi } from 'vitest';
import type { BataillesView } from '../../src/engine/games/batailles/index.ts';
import { makeTranscript } from '../../src/engine/transcript.ts';
import { ReplayController } from '../../src/ui/controllers/replay.svelte.ts';
import { lyingTable, run } from '../engine/helpers/batailles-table.ts';

test('a liar caught by the audit: the replay verifies every event and names the liar', async () => {
  const { table, liar } = lyingTable();
  run(table, (s) => s.step.type === 'DONE');
  const transcript = JSON.parse(JSON.stringify(makeTranscript(table.replicas[0]!)));
  const replay = ReplayController.open(transcript);
  if (typeof replay === 'string') throw new Error(replay);
  await vi.waitFor(() => expect(replay.status).not.toBe('verifying'), {
    timeout: 60_000,
    interval: 20,
  });

  const names = replay.names;
  const honest = [0, 1, 2].filter((s) => s !== liar).map((s) => names[s]);
  expect(replay.status).toBe('caught');
  expect(replay.verdict).toBe(
    `Verified: all ${replay.total} events hold, every signature, chain link, proof and rule. ` +
      `Audit caught ${names[liar]} for a false word on a fight (ERR_FIGHT_RESULT). ` +
      `${honest.join(' and ')} share the game. The audit caught ${names[liar]}. ` +
      // The engine-made transcript holds no CONFIRM: no page was there to sign one.
      `Not confirmed by ${names[0]}, ${names[1]} and ${names[2]}.`,
  );

  replay.goTo(replay.total);
  expect(replay.protocol.at(-1)!.check).toMatch(
    new RegExp(
      `^each secret matches its public key; with every key open, \\d+ recorded hidden claims judged on the cards as they were: caught ${names[liar]} \\(ERR_FIGHT_RESULT\\)$`,
    ),
  );
  expect(replay.log.map((line) => line.text).join(' ')).toMatch(/disagree on the fight/);
  for (const seat of [0, 1, 2]) {
    replay.seat = seat;
    const view = replay.view as BataillesView;
    expect(view.seat).toBe(seat);
    expect(view.hand.length).toBeGreaterThan(0);
    expect(view.hand.every((card) => card.face !== null)).toBe(true);
  }

  // As each seat saw it after every event: its own cards in play faceup to it, also while
  // a fight's lock puts a second layer on them; a fighter's cards known to the other fighter.
  let fought = 0;
  for (let position = 0; position <= replay.total; position++) {
    replay.goTo(position);
    for (const seat of [0, 1, 2]) {
      replay.seat = seat;
      const view = replay.view as BataillesView;
      const mine = view.seats[seat]!.play.filter((place) => place !== null);
      expect(
        mine.map((place) => place.face),
        `seat ${seat} after ${position} events`,
      ).not.toContain(null);
      const fight = view.fight;
      if (fight?.awaiting != null && [fight.attacker, fight.defender].includes(seat)) {
        fought++;
        const faces = [...fight.attackers, ...fight.defenders].map((c) => c.face);
        expect(faces, `fighter ${seat} after ${position} events`).not.toContain(null);
      }
    }
  }
  expect(fought).toBeGreaterThan(0);
  replay.close();
});
