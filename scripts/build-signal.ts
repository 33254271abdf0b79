/**
 * `npm run build:signal`: the signaling process as one JavaScript file,
 * `dist-signal/signal.mjs`, its dependencies (peer, express, ws) inside it, so that its
 * image (deploy/Dockerfile) holds Node and that file alone: no TypeScript, no tsx, no
 * node_modules. The file's licence comments are kept, at its end.
 */
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

/** Where the bundle is written; the tests build it elsewhere. */
export const SIGNAL_BUNDLE = fileURLToPath(new URL('../dist-signal/signal.mjs', import.meta.url));

export async function buildSignal(outfile = SIGNAL_BUNDLE): Promise<void> {
  await build({
    entryPoints: [fileURLToPath(new URL('signal.ts', import.meta.url))],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    legalComments: 'eof',
    logLevel: 'warning',
    // Express and its kin are CommonJS, and call require() on Node's own modules.
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildSignal();
