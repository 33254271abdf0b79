/**
 * `npm start`: a local PeerServer and the Vite dev server together, so two tabs on this
 * machine can play each other. Prints the one URL to open; Ctrl-C stops both.
 *
 * `npm start -- --host` (or `FAIRDEAL_HOST=1 npm start`) serves on every interface and
 * names this machine's address on the local network in every invite link and QR code,
 * so that phones and laptops on the same Wi-Fi can join. Plain HTTP on that address is
 * not a secure origin: the page says what it cannot do there (copying to the clipboard,
 * the camera), and plays on.
 */
import { networkInterfaces } from 'node:os';
import { createServer } from 'vite';
import { localConfig, serveConfig, startSignaling } from './servers.ts';

const appPort = Number(process.env.PORT ?? 5173);
const signalingPort = Number(process.env.SIGNALING_PORT ?? 9000);
const onNetwork = process.argv.includes('--host') || process.env.FAIRDEAL_HOST === '1';

/** This machine's IPv4 addresses other machines can reach: none but loopback on some. */
const lanAddresses = () =>
  Object.values(networkInterfaces())
    .flat()
    .flatMap((net) => (net && net.family === 'IPv4' && !net.internal ? [net.address] : []));

const lan = onNetwork ? lanAddresses()[0] : undefined;
const appUrl = lan === undefined ? null : `http://${lan}:${appPort}/`;

/**
 * Runs `start`; a port already taken (another `npm start`, another server) ends the run
 * with one line naming the variable that moves it, not a stack trace.
 */
async function onFreePort<T>(port: number, variable: string, start: () => Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (e) {
    const busy =
      (e as { code?: string }).code === 'EADDRINUSE' || /already in use/i.test(String(e));
    if (!busy) throw e;
    console.error(
      `npm start: port ${port} is in use (another npm start?). Stop it, or choose another: ${variable}=${port + 1} npm start`,
    );
    process.exit(1);
  }
}

const signaling = await onFreePort(signalingPort, 'SIGNALING_PORT', () =>
  startSignaling(signalingPort),
);
const app = await createServer({
  plugins: [serveConfig(localConfig(signaling.port, appUrl))],
  server: { port: appPort, strictPort: true, host: onNetwork ? '0.0.0.0' : 'localhost' },
  clearScreen: false,
  logLevel: 'warn',
});
await onFreePort(appPort, 'PORT', async () => {
  try {
    await app.listen();
  } catch (e) {
    await signaling.close();
    throw e;
  }
});

console.log(`\n  Fair Deal is running. Open  ${appUrl ?? `http://localhost:${appPort}/`}\n`);
if (appUrl) console.log(`  Invite links name ${appUrl}: players on this network can join.\n`);
else if (onNetwork)
  console.log('  This machine has no address on a local network: only this machine can play.\n');
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
