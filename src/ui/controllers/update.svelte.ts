/**
 * A new version of the app, and when it takes over. The page loads its parts as it needs
 * them, each a chunk named by its content, and a new build on the server drops the old
 * names: a page at a table that fetched a part it had not loaded yet would lose it
 * mid-game. So a new version's service worker installs and waits, and the old one keeps
 * serving the version the page runs. Every page not on the home screen holds a shared Web
 * Lock; a page on the home screen that finds the lock free (no tab of this browser at a
 * table) lets the new worker take over, and every page on the home screen reloads into
 * the new version. A page at a table says that a new version waits, and reloads once its
 * player is back home.
 *
 * A page the service worker does not serve (a first visit before it is ready, a browser
 * that keeps none) asks the server for its parts, and a new build there loses them: Vite
 * then fires `vite:preloadError`. If a reload would bring another version (the page's
 * address names another entry script now), the page reloads into it at once on the home
 * screen, and at a table says so and reloads once back home (the table comes back after a
 * reload). Otherwise (offline, say) a reload would not help: the part says it could not
 * load, and offers to try again.
 */

/** The lock every page not on the home screen holds, shared: while any is held, the new version waits. */
export const AT_A_TABLE_LOCK = 'fairdeal.at-a-table';

/**
 * What the updates need of the browser: its locks (none on plain HTTP off this machine,
 * where there is no service worker either), and a way to reload the page.
 */
export interface UpdateHost {
  readonly locks: Pick<LockManager, 'request'> | null;
  reload(): void;
}

export class AppUpdate {
  /** A new version waits to take over: it will once no tab of this browser is at a table. */
  ready = $state(false);
  /** A part of this page's version could not be fetched: the server has a newer one. */
  gone = $state(false);
  /** The new version's worker, installed and waiting. */
  #waiting: ServiceWorker | null = null;
  /** This page runs a version that is no longer the newest: it reloads once home. */
  #stale = false;
  #home = true;
  /** Lets go of this page's shared lock, and is done once it is let go; null while the page is home. */
  #release: (() => Promise<unknown>) | null = null;

  constructor(private readonly host: UpdateHost) {}

  /**
   * Says whether the page shows the home screen, where nothing is lost by a reload; on any
   * other screen (a table, its lobby, an invitation, a replay) it holds the shared lock.
   */
  setHome(home: boolean): void {
    if (home === this.#home) return;
    this.#home = home;
    if (!home) {
      let release = () => {};
      const held = new Promise<void>((done) => (release = done));
      const letGo = this.host.locks?.request(AT_A_TABLE_LOCK, { mode: 'shared' }, () => held);
      this.#release = () => {
        release();
        return letGo ?? Promise.resolve();
      };
      return;
    }
    const released = this.#release?.() ?? Promise.resolve();
    this.#release = null;
    if (this.#stale) this.host.reload();
    // Once the lock is let go: this page may have been the last at a table.
    else void released.then(() => this.#takeOver());
  }

  /** A new version's worker is installed and waits. */
  offer(worker: ServiceWorker): void {
    this.#waiting = worker;
    this.ready = true;
    this.#takeOver();
  }

  /** Another version's worker now serves this page (another tab let it take over). */
  replaced(): void {
    this.#stale = true;
    if (this.#home) this.host.reload();
  }

  /** A part of the page could not be fetched (`vite:preloadError`), and a reload brings another version. */
  partMissing(): void {
    this.#stale = true;
    if (this.#home) this.host.reload();
    else this.gone = true;
  }

  /**
   * Lets the waiting worker take over if this page is home and no tab is at a table. Only
   * then: a lock asked for and waited on would hold back every page that goes to a table
   * after it. The last page to leave its table asks again as it comes home.
   */
  #takeOver(): void {
    const worker = this.#waiting;
    if (!this.#home || worker === null || this.host.locks === null) return;
    void this.host.locks.request(AT_A_TABLE_LOCK, { ifAvailable: true }, (lock) => {
      if (lock) worker.postMessage({ type: 'SKIP_WAITING' });
    });
  }
}

/**
 * Registers the app's service worker and tells `update` what it does. A browser that
 * keeps no service worker (a private window may not) plays on without.
 */
export async function watchUpdates(update: AppUpdate, workers: ServiceWorkerContainer) {
  // A page served by a worker already: a change of worker is a new version. On a first
  // visit the first worker takes the page over (clientsClaim), which is no change.
  let served = workers.controller !== null;
  workers.addEventListener('controllerchange', () => {
    if (served) update.replaced();
    served = true;
  });
  const registration = await workers.register('./sw.js', { scope: './' });
  const installed = (worker: ServiceWorker) => {
    if (workers.controller !== null) update.offer(worker);
  };
  const installing = (worker: ServiceWorker | null) =>
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') installed(worker);
    });
  // One may be waiting or installing already, found by another page or this page's load.
  if (registration.waiting) installed(registration.waiting);
  installing(registration.installing);
  registration.addEventListener('updatefound', () => installing(registration.installing));
}

/** The entry script an HTML page of the app names: which version it is. */
const entryOf = (html: string) => /<script type="module"[^>]*\ssrc="([^"]+)"/.exec(html)?.[1];

/**
 * Whether a reload would bring another version than this page runs: the page as the
 * service worker or the server serves it now names another entry script. False when it
 * cannot be fetched.
 */
export async function reloadBringsAnother(base: URL, page: Document): Promise<boolean> {
  try {
    const response = await fetch(base, { cache: 'no-store' });
    const served = response.ok ? entryOf(await response.text()) : undefined;
    const running = page.querySelector('script[type=module]')?.getAttribute('src');
    return served !== undefined && served !== running;
  } catch {
    return false;
  }
}
