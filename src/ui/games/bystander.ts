/**
 * A spectator's screen draws each board as a bystander at the table sees it: from one
 * seat's side, with that seat's hand as backs, and with no "you" in it. The spectator
 * screen sets it for the boards under it; a table and a replay set none.
 */
import { getContext, setContext } from 'svelte';

const CONTEXT = Symbol('bystander');

/** Called by the spectator screen. */
export const setBystander = (): void => {
  setContext(CONTEXT, true);
};

/** From a board: true under a spectator's screen. */
export const isBystander = (): boolean => getContext<boolean | undefined>(CONTEXT) ?? false;

/**
 * The words for the seat a board is drawn from: "Your", "You", "you" for its player, the
 * player's name for a bystander.
 */
export function whose(name: string, bystander: boolean) {
  return bystander
    ? { Your: `${name}'s`, your: `${name}'s`, You: name, you: name }
    : { Your: 'Your', your: 'your', You: 'You', you: 'you' };
}
