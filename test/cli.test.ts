/**
 * The two command-line tools, run as a user runs them: `npm run simulate`
 * plays a whole game between computer peers with real cryptography and
 * writes its transcript; `npm run verify` checks it and exits 1 on any
 * tampering, naming the first bad event.
 */
import { execFile } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, expect, test } from 'vitest';
import { keptTranscript, type KeptGame } from './vectors/kept.ts';

const run = promisify(execFile);
const tsx = join('node_modules', '.bin', 'tsx');
const dir = mkdtempSync(join(tmpdir(), 'fairdeal-cli-'));
const game = join(dir, 'game.json');
let simulated: string;

const kept = (game: KeptGame) => readFileSync(keptTranscript(game), 'utf8');

beforeAll(async () => {
  const { stdout } = await run(tsx, [
    'scripts/simulate.ts',
    '--game',
    'war',
    '--seed',
    '7',
    '--out',
    game,
  ]);
  simulated = stdout;
});

test('simulate plays a whole game of War and writes its transcript', () => {
  expect(simulated).toMatch(/^(winner: (Ada|Babbage)|draw) \(/m);
  const transcript = JSON.parse(readFileSync(game, 'utf8')) as { format: string; events: string[] };
  expect(transcript.format).toBe('fairdeal-transcript/1');
  expect(transcript.events.length).toBeGreaterThan(10);
  // The same seed writes the same bytes: the copy a11y.test.ts replays is this game.
  expect(readFileSync(game, 'utf8')).toBe(kept('war'));
});

test('verify rebuilds the game from the transcript alone and prints the same outcome', async () => {
  const { stdout } = await run(tsx, ['scripts/verify.ts', game], { maxBuffer: 1 << 20 });
  const outcome = /^(winner: .*|draw .*)$/m.exec(simulated)![1];
  expect(stdout).toContain('every signature, chain link, proof and rule holds');
  expect(stdout).toContain(outcome);
});

test('verify exits 1 and names the first bad event of a tampered transcript', async () => {
  const transcript = JSON.parse(readFileSync(game, 'utf8')) as { events: string[] };
  transcript.events.splice(9, 1);
  const tampered = join(dir, 'tampered.json');
  writeFileSync(tampered, JSON.stringify(transcript));
  const failure = await run(tsx, ['scripts/verify.ts', tampered]).then(
    () => null,
    (error: { code: number; stderr: string }) => error,
  );
  expect(failure?.code).toBe(1);
  // The file lacks an event the next one names: the file is at fault, not a seat.
  expect(failure?.stderr).toMatch(/^event 9 (by (Ada|Babbage) \(seat [01]\) )?is bad: /m);
});

test('simulate and verify support Red & Black', async () => {
  const file = join(dir, 'redblack.json');
  const { stdout } = await run(tsx, [
    'scripts/simulate.ts',
    '--game',
    'redblack',
    '--seed',
    '2',
    '--options',
    '{"target":1}',
    '--out',
    file,
  ]);
  // A match to one game won: the first game's winner takes it.
  expect(stdout).toMatch(/^winner: (Ada|Babbage) \(TARGET\)$/m);
  const verified = await run(tsx, ['scripts/verify.ts', file], { maxBuffer: 1 << 20 });
  expect(verified.stdout).toContain(/^winner: .*$/m.exec(stdout)![0]);
  const transcript = JSON.parse(readFileSync(file, 'utf8')) as {
    genesis: { game: string; options: unknown };
  };
  expect(transcript.genesis.game).toBe('redblack');
  expect(transcript.genesis.options).toEqual({ target: 1 });
  // The copy workers.test.ts and firefox.test.ts replay is this game.
  expect(readFileSync(file, 'utf8')).toBe(kept('redblack'));
});

test('simulate and verify support Town for Two', async () => {
  const file = join(dir, 'town.json');
  const { stdout } = await run(tsx, [
    'scripts/simulate.ts',
    '--game',
    'town',
    '--seed',
    '3',
    '--out',
    file,
  ]);
  expect(stdout).toMatch(/^(winner: (Ada|Babbage)|draw) \(POINTS\)$/m);
  const verified = await run(tsx, ['scripts/verify.ts', file], { maxBuffer: 1 << 20 });
  expect(verified.stdout).toContain('every signature, chain link, proof and rule holds');
  expect(verified.stdout).toContain(/^(winner: .*|draw .*)$/m.exec(stdout)![0]);
  const transcript = JSON.parse(readFileSync(file, 'utf8')) as {
    genesis: { game: string; deckSize: number };
  };
  expect(transcript.genesis).toMatchObject({ game: 'town', deckSize: 40 });
});

// A seed fixes the randomness too: seed 6 is a short match (5 hands). A stock that runs
// out and is rebuilt from the discards is blackred-table.test.ts's and blackred.test.ts's.
test('simulate and verify support Black & Red', async () => {
  const file = join(dir, 'blackred.json');
  const { stdout } = await run(tsx, [
    'scripts/simulate.ts',
    '--game',
    'blackred',
    '--seed',
    '6',
    '--out',
    file,
  ]);
  expect(stdout).toMatch(/^winner: (Ada|Babbage) \(TARGET\)$/m);
  const summary = /^\d+ hands, Ada \d+ – \d+ Babbage; .*$/m.exec(stdout);
  expect(summary).not.toBeNull();
  const verified = await run(tsx, ['scripts/verify.ts', file], { maxBuffer: 1 << 22 });
  expect(verified.stdout).toContain('every signature, chain link, proof and rule holds');
  expect(verified.stdout).toContain(/^winner: .*$/m.exec(stdout)![0]);
  expect(verified.stdout).toContain(summary![0]);
});

test('simulate and verify support Batailles et piques at three seats, audit included', async () => {
  const file = join(dir, 'batailles.json');
  const { stdout } = await run(tsx, [
    'scripts/simulate.ts',
    '--game',
    'batailles',
    '--players',
    '3',
    '--seed',
    '4',
    '--out',
    file,
  ]);
  expect(stdout).toMatch(/^winner: (Ada|Babbage|Curie)( and (Babbage|Curie))* \(POINTS\)$/m);
  const summary = /^\d+ fights?, points Ada \d+, Babbage \d+, Curie \d+$/m.exec(stdout);
  expect(summary).not.toBeNull();
  const verified = await run(tsx, ['scripts/verify.ts', file], { maxBuffer: 1 << 20 });
  expect(verified.stdout).toContain('every signature, chain link, proof and rule holds');
  expect(verified.stdout).toContain(
    'audit: every hidden claim checked against the opened cards; nobody caught',
  );
  expect(verified.stdout).toContain(/^winner: .*$/m.exec(stdout)![0]);
  expect(verified.stdout).toContain(summary![0]);
  const transcript = JSON.parse(readFileSync(file, 'utf8')) as {
    genesis: { game: string; deckSize: number; options: unknown; names: string[] };
  };
  expect(transcript.genesis).toMatchObject({
    game: 'batailles',
    deckSize: 48,
    options: { players: 3 },
    names: ['Ada', 'Babbage', 'Curie'],
  });
  // The copy transcript.test.ts replays is this game.
  expect(readFileSync(file, 'utf8')).toBe(kept('batailles'));
});

test.each([
  ['the signaling server', 'SIGNALING_PORT'],
  ['the app', 'PORT'],
])('npm start on a port already taken by %s says in one line what to do', async (_, variable) => {
  const busy = createServer();
  await new Promise<void>((done) => busy.listen(0, 'localhost', done));
  const taken = (busy.address() as AddressInfo).port;
  const other = String(taken === 65535 ? taken - 1 : taken + 1);
  const ports = { PORT: other, SIGNALING_PORT: other, [variable]: String(taken) };
  try {
    const failed = await run(tsx, ['scripts/start.ts'], { env: { ...process.env, ...ports } }).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr.trim().split('\n')).toEqual([
      `npm start: port ${taken} is in use (another npm start?). Stop it, or choose another: ${variable}=${taken + 1} npm start`,
    ]);
  } finally {
    busy.close();
  }
});
