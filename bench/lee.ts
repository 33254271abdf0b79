/**
 * The proof-less yardstick: the `mental-poker` package (Lee's protocol on
 * secp256k1, no proofs of any kind) doing the same two-player 52-card setup
 * as a War table, a jointly shuffled deck ready to deal. Each player makes
 * its codeword fragments and 53 key pairs, the codewords are combined, each
 * shuffles and encrypts the deck under one key (cascaded shuffling), then each
 * swaps that key for one key per card (locking). Both players run in this
 * process, as both seats of the in-memory table do.
 *
 * The package calls the `secp256k1` module, which is native libsecp256k1 when
 * its C addon compiled at install and its pure-JavaScript fallback (elliptic)
 * otherwise; both are timed, the fallback by handing the package that module.
 */
import { randomInt } from 'node:crypto';
import Module, { createRequire } from 'node:module';
import { dirname, sep } from 'node:path';
import { median, ms, textTable } from './text.ts';

type Key = Uint8Array;

/** What the benchmark uses of `mental-poker`. */
interface MentalPoker {
  createConfig(cardCount: number): { cardCount: number };
  createPlayer(config: { cardCount: number }): {
    cardCodewordFragments: Key[];
    keyPairs: { publicKey: Key; privateKey: Key }[];
  };
  createDeck(fragments: Key[][]): Key[];
  encryptDeck(deck: Key[], keys: Key | Key[]): Key[];
  decryptDeck(deck: Key[], keys: Key | Key[]): Key[];
  decryptCard(card: Key, keys: Key[]): Key;
}

/** What the benchmark uses of `secp256k1` (v3): the multiplication the package's cipher is. */
interface Secp256k1 {
  publicKeyTweakMul(point: Key, scalar: Key, compressed?: boolean): Key;
}

const CARDS = 52;
const require = createRequire(import.meta.url);
const packageRequire = createRequire(require.resolve('mental-poker'));

/**
 * The package loaded afresh, over the `secp256k1` module as installed or, with
 * `fallback`, over that module's pure-JavaScript fallback.
 */
function load(fallback: boolean): { poker: MentalPoker; secp: Secp256k1 } {
  const secpPath = packageRequire.resolve('secp256k1');
  const packageDir = dirname(dirname(require.resolve('mental-poker')));
  const fresh = (path: string) => path.startsWith(packageDir + sep) || path === secpPath;
  for (const path of Object.keys(require.cache)) if (fresh(path)) delete require.cache[path];
  if (fallback) {
    const shim = new Module(secpPath);
    shim.filename = secpPath;
    shim.exports = packageRequire('secp256k1/elliptic') as unknown;
    shim.loaded = true;
    require.cache[secpPath] = shim;
  }
  return {
    poker: require('mental-poker') as MentalPoker,
    secp: packageRequire('secp256k1') as Secp256k1,
  };
}

/** True when `secp256k1`'s C addon compiled at install. */
function nativeBuilt(): boolean {
  try {
    packageRequire('secp256k1/bindings');
    return true;
  } catch {
    return false;
  }
}

/** Fisher–Yates with the system's randomness, as each player shuffles. */
function shuffle<T>(deck: readonly T[]): T[] {
  const out = [...deck];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** The whole two-player setup; returns the locked deck, the codewords and the players. */
function setup(poker: MentalPoker) {
  const config = poker.createConfig(CARDS);
  const players = [poker.createPlayer(config), poker.createPlayer(config)];
  const codewords = poker.createDeck(players.map((p) => p.cardCodewordFragments));
  let deck = codewords;
  for (const p of players) deck = poker.encryptDeck(shuffle(deck), p.keyPairs[CARDS]!.privateKey);
  for (const p of players) {
    const perCard = p.keyPairs.slice(0, CARDS).map((k) => k.privateKey);
    deck = poker.encryptDeck(poker.decryptDeck(deck, p.keyPairs[CARDS]!.privateKey), perCard);
  }
  return { deck, codewords, players };
}

/** Every card of a finished setup opens, with both players' card keys, to a distinct codeword. */
function opens(poker: MentalPoker, done: ReturnType<typeof setup>): boolean {
  const codewords = new Set(done.codewords.map((c) => Buffer.from(c).toString('hex')));
  const faces = done.deck.map((card, i) =>
    Buffer.from(
      poker.decryptCard(
        card,
        done.players.map((p) => p.keyPairs[i]!.privateKey),
      ),
    ).toString('hex'),
  );
  return faces.every((f) => codewords.has(f)) && new Set(faces).size === CARDS;
}

/** One backend's figures. */
export interface LeeFigure {
  backend: string;
  runs: number;
  /** Median ms of the whole setup. */
  setupMs: number;
  /** Median ms of one `publicKeyTweakMul` (a variable-base multiplication), sampled between runs. */
  mulMs: number;
}

function time(op: () => void): number {
  const t = performance.now();
  op();
  return performance.now() - t;
}

function benchBackend(fallback: boolean, backend: string, runs: number): LeeFigure {
  const { poker, secp } = load(fallback);
  const point = poker.createPlayer(poker.createConfig(2)).cardCodewordFragments[0]!;
  const scalars = poker.createPlayer(poker.createConfig(16)).keyPairs.map((k) => k.privateKey);
  const unit = () => time(() => scalars.forEach((s) => secp.publicKeyTweakMul(point, s))) / 16;
  if (!opens(poker, setup(poker))) throw new Error('bench: a mental-poker deck did not open');
  const setups: number[] = [];
  const units: number[] = [];
  for (let i = 0; i < runs; i++) {
    setups.push(time(() => setup(poker)));
    units.push(unit());
  }
  return { backend, runs, setupMs: median(setups), mulMs: median(units) };
}

/**
 * Times the setup `runs` times with each backend the machine has (after one
 * untimed setup that also checks the deck opens right).
 */
export function benchLee(runs: number): LeeFigure[] {
  const figures = nativeBuilt() ? [benchBackend(false, 'native libsecp256k1 (C addon)', runs)] : [];
  figures.push(benchBackend(true, 'pure JavaScript (elliptic)', runs));
  return figures;
}

/** A Fair Deal figure to set beside the yardstick: its median ms and its own unit (noble's multiply). */
export interface Contender {
  label: string;
  ms: number;
  mulMs: number;
}

/**
 * The yardstick beside Fair Deal: every setup's median time and its work in
 * its own library's variable-base multiplications, then each Fair Deal setup
 * as a multiple of each yardstick, in time and in work.
 */
export function formatLee(figures: readonly LeeFigure[], fairDeal: readonly Contender[]): string {
  const all: Contender[] = [
    ...figures.map((f) => ({ label: `mental-poker, ${f.backend}`, ms: f.setupMs, mulMs: f.mulMs })),
    ...fairDeal,
  ];
  const table = textTable(
    ['two players, 52 cards, shuffled, ready to deal', 'median ms', 'unit ms', 'in units'],
    all.map((c) => [c.label, ms(c.ms), c.mulMs.toFixed(3), (c.ms / c.mulMs).toFixed(0)]),
  );
  const ratios = fairDeal.flatMap((c) =>
    figures.map(
      (f) =>
        `  ${c.label} ÷ mental-poker ${f.backend}: ${(c.ms / f.setupMs).toFixed(1)}× the time, ` +
        `${(c.ms / c.mulMs / (f.setupMs / f.mulMs)).toFixed(1)}× the multiplications`,
    ),
  );
  return [table, '', ...ratios].join('\n');
}
