import { mount } from 'svelte';
import { loadConfig } from './net/config.ts';
import { PeerJsTransport } from './net/peerjs.ts';
import { IdbStore, MemoryStore, type TableStore } from './net/store.ts';
import App from './ui/App.svelte';
import { LobbyController } from './ui/lobby.svelte.ts';
import { unlocked, webLocks } from './ui/tabs.ts';
import './ui/global.css';

const target = document.getElementById('app')!;
/** Null when this browser keeps nothing for the page (a private window may refuse IndexedDB). */
const kept: Promise<TableStore | null> = IdbStore.open().catch(() => null);
Promise.all([loadConfig(new URL(document.baseURI)), kept])
  .then(([config, store]) => {
    const lobby = new LobbyController(
      (id) => PeerJsTransport.open(id, config),
      store ?? new MemoryStore(),
      // A browser without Web Locks cannot keep a table to one tab; it plays on regardless.
      'locks' in navigator ? webLocks(navigator.locks) : unlocked,
    );
    if (!store)
      lobby.error = 'This browser keeps nothing for Fair Deal: a reload will lose the table.';
    mount(App, { target, props: { lobby } });
  })
  .catch((error: Error) => {
    target.textContent = `Fair Deal could not start: ${error.message}`;
  });
