/**
 * A part of the app in a chunk of its own, fetched on first use: the table and replay
 * screens, the rules, the lobby's machinery. The home screen loads none of them, so a
 * phone on a slow link draws it sooner; `Loaded.svelte` says "Loading…" meanwhile.
 * Offline, the service worker serves every chunk, as it kept them all on install.
 */
export class Lazy<T> {
  /** The loaded module; null until it came. */
  module = $state.raw<T | null>(null);
  /** Why the last load failed (a chunk not reachable), in words; null otherwise. */
  error = $state<string | null>(null);
  #loading: Promise<T> | null = null;

  constructor(private readonly importer: () => Promise<T>) {}

  /** The module, fetched once; a failed fetch is tried again on the next call. */
  load(): Promise<T> {
    this.#loading ??= this.importer().then(
      (module) => {
        this.module = module;
        this.error = null;
        return module;
      },
      (e: unknown) => {
        this.#loading = null;
        this.error = (e as Error).message;
        throw e;
      },
    );
    return this.#loading;
  }
}
