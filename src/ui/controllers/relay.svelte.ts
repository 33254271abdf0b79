/**
 * The player's relay-only choice: links only through the deployment's TURN relay, so the
 * other players never learn this browser's address. Kept in this browser's storage; the
 * page reads it each time it connects (src/main.ts), so it holds for the tables created
 * or joined after it is set. Offered only where a relay is configured.
 */
import { getContext } from 'svelte';

const KEY = 'fairdeal.relayOnly';
const CONTEXT = Symbol('relay choice');

export class RelayChoice {
  only = $state(false);

  constructor(
    private readonly storage: Pick<Storage, 'getItem' | 'setItem'>,
    /** A relay is configured: without one the choice is neither offered nor kept. */
    readonly available: boolean,
  ) {
    this.only = available && storage.getItem(KEY) === 'yes';
  }

  set(only: boolean): void {
    this.only = only;
    this.storage.setItem(KEY, only ? 'yes' : 'no');
  }
}

/** The context entry `mount` hands the app, so that any screen can offer the choice. */
export const relayContext = (choice: RelayChoice): [symbol, RelayChoice] => [CONTEXT, choice];

/** The page's choice, from a component; undefined where the app was mounted without one. */
export const relayChoice = (): RelayChoice | undefined => getContext(CONTEXT);
