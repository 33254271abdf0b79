import { mount } from 'svelte';
import { loadConfig } from './net/config.ts';
import { PeerJsTransport } from './net/peerjs.ts';
import App from './ui/App.svelte';
import { LobbyController } from './ui/lobby.svelte.ts';
import './ui/global.css';

const target = document.getElementById('app')!;
loadConfig(new URL(document.baseURI))
  .then((config) =>
    mount(App, {
      target,
      props: { lobby: new LobbyController((id) => PeerJsTransport.open(id, config)) },
    }),
  )
  .catch((error: Error) => {
    target.textContent = `Fair Deal could not start: ${error.message}`;
  });
