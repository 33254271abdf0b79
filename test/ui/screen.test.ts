import { describe, expect, it } from 'vitest';
import type { LobbySnapshot } from '../../src/net/lobby.ts';
import { InThreadPool } from '../../src/net/pool.ts';
import type { Transport } from '../../src/net/transport.ts';
import { LobbyController } from '../../src/ui/controllers/lobby.svelte.ts';
import type { ReplayController } from '../../src/ui/controllers/replay.svelte.ts';
import { screenOf, type LobbyScreens, type PageOpened } from '../../src/ui/controllers/screen.ts';
import type { TableController } from '../../src/ui/controllers/table.svelte.ts';
import type { WatchController } from '../../src/ui/controllers/watch.svelte.ts';
import type { AnswerPairing } from '../../src/ui/pair/pairing.svelte.ts';

/** Stand-ins compared by identity only: `screenOf` hands them on without reading them. */
const table = {} as TableController;
const watch = {} as WatchController;
const replay = { controller: {} as ReplayController, file: 'game.json' };
const pairing = {} as AnswerPairing;
const seated = { seated: true } as LobbySnapshot;
const visiting = { seated: false } as LobbySnapshot;

const idle: LobbyScreens = {
  table: null,
  snapshot: null,
  spectating: { watching: null, finding: null },
  tabs: { elsewhere: null, waitingForTab: false },
  codes: { codeVisit: null, answers: null },
  comeback: { resuming: false, restoring: null, unknownTable: null },
};
const fresh: PageOpened = { replay: null, invitedTo: null, malformedInvite: false };

/** Every flag at once, then each dropped in turn: each screen shows only when those above it do not. */
const everything: LobbyScreens = {
  table,
  snapshot: seated,
  spectating: { watching: watch, finding: 'wwwwwwwwww' },
  tabs: { elsewhere: 'abcdefghij', waitingForTab: true },
  codes: { codeVisit: 'kkkkkkkkkk', answers: pairing },
  comeback: { resuming: true, restoring: { done: 3, total: 9 }, unknownTable: 'zzzzzzzzzz' },
};
const opened: PageOpened = { replay, invitedTo: 'iiiiiiiiii', malformedInvite: true };

describe('the screen the page shows', () => {
  it('is home with nothing open', () => {
    expect(screenOf(idle, fresh)).toEqual({ kind: 'home' });
  });

  it('follows the order that settles every overlap, down to home', () => {
    const steps: [string, (l: LobbyScreens, p: PageOpened) => [LobbyScreens, PageOpened]][] = [
      ['watch', (l, p) => [{ ...l, spectating: { ...l.spectating, watching: null } }, p]],
      ['finding-watch', (l, p) => [{ ...l, spectating: { watching: null, finding: null } }, p]],
      ['replay', (l, p) => [l, { ...p, replay: null }]],
      ['table', (l, p) => [{ ...l, table: null }, p]],
      ['lobby', (l, p) => [{ ...l, snapshot: null }, p]],
      ['elsewhere', (l, p) => [{ ...l, tabs: { elsewhere: null, waitingForTab: false } }, p]],
      ['join', (l, p) => [l, { ...p, invitedTo: null }]],
      ['join', (l, p) => [{ ...l, codes: { ...l.codes, codeVisit: null } }, p]],
      ['code-entry', (l, p) => [{ ...l, codes: { ...l.codes, answers: null } }, p]],
      ['restoring', (l, p) => [{ ...l, comeback: { ...l.comeback, resuming: false } }, p]],
      ['unknown-table', (l, p) => [{ ...l, comeback: { ...l.comeback, unknownTable: null } }, p]],
      ['malformed-invite', (l, p) => [l, { ...p, malformedInvite: false }]],
    ];
    let [lobby, page] = [everything, opened];
    for (const [kind, drop] of steps) {
      expect(screenOf(lobby, page).kind).toBe(kind);
      [lobby, page] = drop(lobby, page);
    }
    expect(screenOf(lobby, page).kind).toBe('home');
  });

  it('hands each screen what it draws', () => {
    expect(screenOf(everything, opened)).toEqual({ kind: 'watch', watch });
    expect(screenOf({ ...idle, table }, opened)).toMatchObject({
      kind: 'replay',
      file: 'game.json',
    });
    expect(screenOf({ ...idle, table }, fresh)).toEqual({ kind: 'table', table });
    const finding = { ...idle, spectating: { watching: null, finding: 'wwwwwwwwww' } };
    expect(screenOf(finding, fresh)).toEqual({ kind: 'finding-watch' });
    const waiting = { ...idle, tabs: { elsewhere: 'abcdefghij', waitingForTab: true } };
    expect(screenOf(waiting, fresh)).toEqual({ kind: 'elsewhere', waiting: true });
    const invited = { ...fresh, invitedTo: 'iiiiiiiiii' };
    const visit = { ...idle, codes: { codeVisit: 'kkkkkkkkkk', answers: null } };
    expect(screenOf(visit, invited)).toEqual({ kind: 'join', tableId: 'iiiiiiiiii' });
    expect(screenOf(visit, fresh)).toEqual({ kind: 'join', tableId: 'kkkkkkkkkk' });
    const back = {
      ...idle,
      comeback: { resuming: true, restoring: { done: 1, total: 2 }, unknownTable: null },
    };
    expect(screenOf(back, fresh)).toEqual({ kind: 'restoring', restoring: { done: 1, total: 2 } });
  });

  it('keeps the code entry off while the page shows a lobby it visits', () => {
    const answering = { ...idle, codes: { codeVisit: null, answers: pairing } };
    expect(screenOf(answering, fresh)).toEqual({ kind: 'code-entry', pairing });
    expect(screenOf({ ...answering, snapshot: visiting }, fresh).kind).toBe('home');
  });
});

describe('a page opened with a watch link', () => {
  /** A page whose network never answers, or refuses, as a slow or absent signaling server. */
  const page = (open: () => Promise<Transport>) => new LobbyController(open, new InThreadPool());

  it('shows no home screen while it gets on the network, from its first drawing on', () => {
    const lobby = page(() => new Promise<Transport>(() => {}));
    void lobby.spectating.watch('wwwwwwwwww');
    expect(screenOf(lobby, fresh)).toEqual({ kind: 'finding-watch' });
  });

  it('comes home, saying why, when it cannot get on the network', async () => {
    const lobby = page(() => Promise.reject(new Error('no server')));
    await expect(lobby.spectating.watch('wwwwwwwwww')).rejects.toThrow('no server');
    expect(screenOf(lobby, fresh)).toEqual({ kind: 'home' });
    expect(lobby.error).toBe('Could not reach the signaling server (no server).');
  });
});
