/**
 * crypto/ as another project gets it: built by tsc into JavaScript and type
 * declarations, packed by `npm pack`, installed from the tarball into a
 * scratch project, and run there from plain Node JavaScript: the package's
 * own example.js, which deals a card with every proof checked, and a shuffle
 * proof tampered with.
 *
 * Nothing is fetched: the scratch project takes @noble/curves and
 * @noble/hashes from this repository's node_modules (`file:` links, which
 * satisfy the package's own ranges), so `npm install --offline` does it.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, test } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const source = join(root, 'crypto');
const { name, version } = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
};
const scratch = mkdtempSync(join(tmpdir(), 'fair-deal-crypto-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** This process's environment without the `npm_*` settings of an `npm test` around it. */
const env = Object.fromEntries(
  Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith('npm_')),
);

/** Runs a command in `cwd` to its end and returns what it printed; throws with its output if it fails. */
function run(command: string, args: string[], cwd: string): string {
  const done = spawnSync(command, args, { cwd, env, encoding: 'utf8' });
  if (done.status !== 0) {
    const why = done.error?.message ?? `exit ${done.status ?? done.signal}`;
    throw new Error(`${command} ${args.join(' ')}: ${why}\n${done.stderr}${done.stdout}`);
  }
  return done.stdout;
}

/** The file names `npm pack` put in the tarball, and the tarball's path. */
function pack(dir: string): { files: string[]; tarball: string } {
  const [packed] = JSON.parse(
    run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', scratch], dir),
  ) as { filename: string; files: { path: string }[] }[];
  return { files: packed!.files.map((f) => f.path), tarball: join(scratch, packed!.filename) };
}

test('packed, installed from its tarball and imported from plain Node, its shuffle proofs check', () => {
  // The package as published: its directory with the build in dist/ (`npm run build`).
  const pkg = join(scratch, 'package');
  cpSync(source, pkg, {
    recursive: true,
    filter: (path) => !/[/\\](dist|node_modules)$/.test(path),
  });
  const tsc = join(root, 'node_modules/typescript/bin/tsc');
  run(
    process.execPath,
    [tsc, '-p', join(source, 'tsconfig.build.json'), '--outDir', join(pkg, 'dist')],
    root,
  );
  const { files, tarball } = pack(pkg);
  expect(files).toEqual(
    expect.arrayContaining(['package.json', 'README.md', 'SPEC.md', 'example.js', 'dist/index.js']),
  );
  expect(files).toContain('dist/index.d.ts');
  expect(files.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))).toEqual([]);

  const app = join(scratch, 'app');
  cpSync(join(pkg, 'example.js'), join(app, 'example.js'));
  const noble = (lib: string) => `file:${join(root, 'node_modules/@noble', lib)}`;
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({
      name: 'scratch',
      private: true,
      type: 'module',
      dependencies: {
        [name]: `file:${tarball}`,
        '@noble/curves': noble('curves'),
        '@noble/hashes': noble('hashes'),
      },
    }),
  );
  run('npm', ['install', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'], app);
  const installed = join(app, 'node_modules', name);
  expect(JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')).version).toBe(version);
  expect(existsSync(join(installed, 'dist/index.d.ts'))).toBe(true);

  // The example, beside the project's package.json: it imports the package by its name.
  const said = run(process.execPath, ['example.js'], app);
  expect(said).toMatch(/^Alice's key proof verifies: true$/m);
  expect(said).toMatch(/^Alice's shuffle proof verifies: true$/m);
  expect(said).toMatch(/^the same proof with two cards swapped verifies: false$/m);
  expect(said).toMatch(/^the proof with one response changed verifies: false$/m);
  expect(said).toMatch(/^Bob's shuffle proof verifies: true$/m);
  expect(said).toMatch(/^Alice's unlock proof verifies: true$/m);
  expect(said).toMatch(/^Bob's card: \d of 0\.\.9$/m);
});
