import { mount } from 'svelte';
import { loadConfig, relayConfigured } from './net/config.ts';
import { IdbStore, MemoryStore, type TableStore } from './net/store.ts';
import { GameHistory } from './net/history.ts';
import { rtcConfiguration } from './net/turn.ts';
import { browserPool } from './net/workers.ts';
import App from './ui/App.svelte';
import { LobbyController } from './ui/controllers/lobby.svelte.ts';
import { addressContext, appAddress } from './ui/controllers/address.ts';
import { RelayChoice, relayContext } from './ui/controllers/relay.svelte.ts';
import { ConfirmMoves, confirmMovesContext } from './ui/controllers/confirm-moves.svelte.ts';
import { YourGames, yourGamesContext } from './ui/controllers/history.svelte.ts';
import { unlocked, webLocks } from './ui/controllers/tabs.ts';
import { AppUpdate, reloadBringsAnother, watchUpdates } from './ui/controllers/update.svelte.ts';
import './ui/global.css';

const target = document.getElementById('app')!;
/**
 * The page's crypto workers. They start as the page goes to a table (`LobbyController`),
 * and build their tables while the players gather: a page that only shows the home
 * screen or an invitation starts none.
 */
const pool = browserPool();
/**
 * How many proofs this page's own thread and each of its workers have made and checked:
 * for the curious, from the console, and for the browser tests (the page itself, none).
 */
Object.assign(globalThis, {
  // The page's own tally is in the table's code, which the home screen does not load.
  fairDealWork: async () => ({
    page: (await import('./net/work.ts')).work.tally(),
    workers: await pool.tally(),
  }),
});
/** A new version of the app, and when it takes over: between games, never at a table. */
const update = new AppUpdate({
  locks: 'locks' in navigator ? navigator.locks : null,
  reload: () => location.reload(),
});
// A part the page asked for is gone: the server may have a new version.
window.addEventListener('vite:preloadError', () => {
  void reloadBringsAnother(new URL('./', document.baseURI), document).then(
    (another) => another && update.partMissing(),
  );
});
// The development server makes no service worker.
if (import.meta.env.PROD && 'serviceWorker' in navigator)
  window.addEventListener('load', () => {
    watchUpdates(update, navigator.serviceWorker).catch(() => undefined);
  });
/** Null when this browser keeps nothing for the page (a private window may refuse IndexedDB). */
const kept: Promise<TableStore | null> = IdbStore.open().catch(() => null);
const base = new URL(document.baseURI);
Promise.all([loadConfig(base, localStorage), kept])
  .then(([config, store]) => {
    const relay = new RelayChoice(localStorage, relayConfigured(config));
    /**
     * Opens a transport once its code has loaded, beside the relay settings it needs: fresh
     * relay credentials for each transport, renewed until it closes. PeerJS and the direct
     * links load when the page first goes to a table: the home screen needs neither.
     */
    const opening = async <M, T extends { close(): void }>(
      code: Promise<M>,
      open: (module: M, rtc: RTCConfiguration) => T | Promise<T>,
    ): Promise<T> => {
      const [module, { rtc, warning, stop }] = await Promise.all([
        code,
        rtcConfiguration(config, base, relay.only),
      ]);
      if (warning) lobby.error = warning;
      let transport: T;
      try {
        transport = await open(module, rtc);
      } catch (e) {
        stop();
        throw e;
      }
      const close = transport.close.bind(transport);
      transport.close = () => {
        stop();
        close();
      };
      return transport;
    };
    const lobby = new LobbyController(
      (id) =>
        opening(import('./net/peerjs.ts'), ({ PeerJsTransport }, rtc) =>
          PeerJsTransport.open(id, config.signaling, rtc),
        ),
      pool,
      store ?? new MemoryStore(),
      // A browser without Web Locks cannot keep a table to one tab; it plays on regardless.
      'locks' in navigator ? webLocks(navigator.locks) : unlocked,
      // Paired by codes: no signaling server is ever asked; the relay and its choice hold.
      (id) =>
        opening(
          import('./net/direct.ts'),
          ({ DirectTransport }, rtc) => new DirectTransport(id, rtc),
        ),
    );
    if (!store)
      lobby.error = 'This browser keeps nothing for Fair Deal: a reload will lose the table.';
    const context = [
      relayContext(relay),
      confirmMovesContext(new ConfirmMoves(localStorage)),
      addressContext(appAddress(config.appUrl, location)),
      yourGamesContext(new YourGames(GameHistory.open())),
    ];
    // mount reads its context once, as it starts: a plain Map, not a reactive one.
    mount(App, { target, props: { lobby, update }, context: new Map<symbol, unknown>(context) });
  })
  .catch((error: Error) => {
    target.textContent = `Fair Deal could not start: ${error.message}`;
  });
