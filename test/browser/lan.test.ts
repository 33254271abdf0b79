/**
 * `npm start -- --host`, as a player runs it to play with phones and laptops on the same
 * Wi-Fi: the script itself, started as the README says, serving on every interface. A
 * page opened at this machine's network address (plain HTTP there, so not a secure
 * origin) creates the table, its invite link names that address, and another player
 * joins through it; a page opened at `localhost` is told the same address for its links.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { freePort } from './coturn.ts';
import { joinTable, launchTestBrowser, newPlayerIn } from './harness.ts';

let start: ChildProcess;
let browser: Browser;
let appPort: number;
/** What the script said to open. */
let opened: string;
/** Everything the script printed. */
let printed = '';

/** Resolves with the URL `npm start` says to open. */
function started(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`npm start exited with ${code}: ${printed}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      const url = /Open {2}(\S+)/.exec(printed)?.[1];
      if (url) resolve(url);
    });
  });
}

beforeAll(async () => {
  appPort = await freePort();
  const signalingPort = await freePort();
  start = spawn('node_modules/.bin/tsx', ['scripts/start.ts', '--host'], {
    env: { ...process.env, PORT: String(appPort), SIGNALING_PORT: String(signalingPort) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  opened = await started(start);
  browser = await launchTestBrowser();
});

afterAll(async () => {
  await browser?.close();
  start?.kill('SIGTERM');
});

const lanAddresses = Object.values(networkInterfaces())
  .flat()
  .flatMap((net) => (net && net.family === 'IPv4' && !net.internal ? [net.address] : []));

test('npm start -- --host: a page at the network address invites, and the link works from another page', async () => {
  if (lanAddresses.length === 0) {
    // A machine on no network: the script says so, and serves this machine alone.
    expect(printed).toContain('no address on a local network');
    expect(opened).toBe(`http://localhost:${appPort}/`);
    return;
  }
  const url = new URL(opened);
  expect(lanAddresses).toContain(url.hostname);
  expect(url.port).toBe(String(appPort));
  expect(printed).toContain(`Invite links name ${opened}`);

  const ann = await newPlayerIn(browser);
  await ann.goto(opened);
  // Plain HTTP on a network address: the page says what it cannot do, and plays on.
  await ann.getByTestId('insecure-page').waitFor({ timeout: 30_000 });
  expect(await ann.evaluate(() => window.isSecureContext)).toBe(false);
  await ann.getByTestId('name').fill('Ann');
  await ann.getByTestId('game-war').click();
  await ann.getByTestId('create').click();
  const invite = await ann.getByTestId('invite').inputValue();
  expect(invite).toMatch(new RegExp(`^${opened.replaceAll('.', '\\.')}#join=[a-z2-9]{10}$`));
  await ann.getByTestId('copy-invite').click();
  await expect
    .poll(() => ann.getByTestId('copy-result').textContent())
    .toContain('copy it by hand');

  // A page opened at localhost makes links to the same address, which other machines reach.
  const local = await fetch(`http://localhost:${appPort}/config.json`);
  expect(((await local.json()) as { appUrl: string }).appUrl).toBe(opened);

  const ben = await newPlayerIn(browser);
  await joinTable(ben, invite, 'Ben');
  await expect.poll(() => ann.getByTestId('start').isEnabled(), { timeout: 30_000 }).toBe(true);
  await ann.getByTestId('start').click();
  for (const page of [ann, ben]) await page.getByTestId('table').waitFor({ timeout: 30_000 });
});
