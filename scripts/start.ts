/**
 * `npm start`: a local PeerServer and the Vite dev server together, so two tabs on this
 * machine can play each other. Prints the one URL to open; Ctrl-C stops both.
 */
import { createServer } from 'vite';
import { localConfig, serveConfig, startSignaling } from './servers.ts';

const appPort = Number(process.env.PORT ?? 5173);
const signalingPort = Number(process.env.SIGNALING_PORT ?? 9000);

const signaling = await startSignaling(signalingPort);
const app = await createServer({
  plugins: [serveConfig(localConfig(signaling.port))],
  server: { port: appPort, strictPort: true, host: 'localhost' },
  clearScreen: false,
  logLevel: 'warn',
});
await app.listen();

console.log(`\n  Fair Deal is running. Open  http://localhost:${appPort}/\n`);
console.log(`  (signaling: PeerServer on port ${signaling.port}; Ctrl-C stops both)\n`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await Promise.all([app.close(), signaling.close()]);
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
