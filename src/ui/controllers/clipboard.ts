/**
 * Copying a link or a code for the player to pass on, and what happened, in words: the
 * clipboard needs a secure page (HTTPS or localhost), and a plain-HTTP page on a network
 * address (`npm start -- --host`) is told to copy by hand.
 */
export async function copyWords(text: string, what: string): Promise<string> {
  try {
    await navigator.clipboard.writeText(text);
    return `${what} copied.`;
  } catch {
    return `This page may not use the clipboard (it needs HTTPS): select the ${what.toLowerCase()} and copy it by hand.`;
  }
}
