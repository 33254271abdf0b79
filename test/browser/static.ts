/**
 * A plain static file server, as any web host serves the built site: the files of one
 * folder, `index.html` for a folder, 404 for anything else; no Vite.
 */
import { createReadStream, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/** The file `urlPath` names under `root`, or null: none, or outside `root`. */
function fileAt(root: string, urlPath: string): string | null {
  const file = resolve(join(root, decodeURIComponent(urlPath)));
  if (file !== root && !file.startsWith(root + sep)) return null;
  try {
    const named = statSync(file).isDirectory() ? join(file, 'index.html') : file;
    return statSync(named).isFile() ? named : null;
  } catch {
    return null;
  }
}

export interface StaticSite {
  url: string;
  close(): Promise<void>;
}

/** Serves `folder` on a free loopback port. */
export async function serveFolder(folder: string): Promise<StaticSite> {
  const root = resolve(folder);
  const server: Server = createServer((req, res) => {
    const file = fileAt(root, new URL(req.url ?? '/', 'http://site').pathname);
    if (file === null) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
