/**
 * Where other players open this app: the address invite links, pairing links and their QR
 * codes carry. A deployment leaves it to the page's own address; `npm start -- --host`
 * names this machine's address on the local network (`AppConfig.appUrl`), so that a
 * link made on a page opened at `localhost` still works on a phone on the same Wi-Fi.
 */
import { getContext } from 'svelte';

const CONTEXT = Symbol('app address');

/** The app's address from the configured one, else from the page's own (`location`). */
export const appAddress = (configured: string | null, page: Location): string =>
  configured ?? `${page.origin}${page.pathname}`;

/** What `mount` hands the app (with the other contexts), so that any screen can make links. */
export const addressContext = (address: string): [symbol, string] => [CONTEXT, address];

/** The app's address, from a component; the page's own where the app was mounted without one. */
export const linkBase = (): string =>
  getContext<string | undefined>(CONTEXT) ?? appAddress(null, location);
