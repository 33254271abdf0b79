/**
 * ChatBox: the table's chat (`TableChat`) for its panel: the lines with the speaker's
 * name, how many came from the others while the panel was closed, the newest of theirs
 * for a screen reader, and what this player says, refused in words when it cannot go.
 * While the tab is hidden, the lines from the others count in its title (`TabTitle`)
 * until it is seen again. A spectator's box reads the players' lines (`ChatLines`) and
 * says nothing.
 */
import type { Seat } from '../../engine/game.ts';
import type { Genesis } from '../../engine/table/index.ts';
import { TableChat, type ChatLines } from '../../net/chat.ts';
import { MAX_CHAT } from '../../net/messages.ts';
import type { TabTitle } from './tab-title.ts';

export interface ChatWords {
  readonly n: number;
  /** "You" for this player's own lines. */
  readonly name: string;
  readonly text: string;
  readonly mine: boolean;
}

const REFUSED = {
  ERR_BAD_TEXT: `A message is one line of 1 to ${MAX_CHAT} characters.`,
  ERR_TOO_FAST: 'You are sending messages too fast. Wait a moment, then send it again.',
} as const;

/**
 * True when someone else may read the chat: a table over the network with a seat that
 * another page runs. A table against the computer in this page (`local`) has nobody to
 * read it.
 */
export function hasChat(genesis: Genesis, seat: Seat, local: boolean): boolean {
  return (
    !local && genesis.identities.some((_, other) => (genesis.runBy?.[other] ?? other) !== seat)
  );
}

export class ChatBox {
  lines = $state.raw<readonly ChatWords[]>([]);
  /** Lines from the others since the panel was last open. */
  unread = $state(0);
  /** The newest line from another player, "Bob says: hi", for a polite live region. */
  heard = $state('');
  /** Why this player's last message could not go, or null. */
  error = $state<string | null>(null);
  private open = false;
  /** Lines from the others since the tab was hidden, as its title counts them. */
  private away = 0;

  /** `seat`: this player's, or null for a spectator's page; `tab`: the title it marks. */
  constructor(
    private readonly chat: ChatLines,
    private readonly names: readonly string[],
    private readonly seat: Seat | null,
    private readonly tab: TabTitle | null = null,
  ) {}

  /** Follows the chat until the function returned is called, which clears its mark on the title. */
  follow(): () => void {
    this.update();
    const stop = this.chat.subscribe(() => this.update());
    return () => {
      stop();
      this.unmark();
    };
  }

  /** Says `text` to the table; true when it went (the field may be emptied). A spectator says nothing. */
  say(text: string): boolean {
    if (!(this.chat instanceof TableChat)) return false;
    const said = this.chat.say(text);
    this.error = said.ok ? null : REFUSED[said.error];
    return said.ok;
  }

  /** The tab was hidden or shown (`visibilitychange`): once seen, what came meanwhile is read. */
  visibilityChanged(): void {
    if (!this.tab?.hidden) this.unmark();
  }

  private unmark(): void {
    this.away = 0;
    this.tab?.mark({ messages: 0 });
  }

  /** The panel opened or closed: once open, every line is read. */
  shown(open: boolean): void {
    this.open = open;
    if (open) this.unread = 0;
  }

  private update(): void {
    const before = this.lines.at(-1)?.n ?? -1;
    this.lines = this.chat.lines().map(({ n, seat, text }) => ({
      n,
      name: seat === this.seat ? 'You' : (this.names[seat] ?? `Seat ${seat + 1}`),
      text,
      mine: seat === this.seat,
    }));
    const fresh = this.lines.filter((line) => line.n > before && !line.mine);
    const newest = fresh.at(-1);
    if (newest) this.heard = `${newest.name} says: ${newest.text}`;
    if (!this.open) this.unread += fresh.length;
    if (this.tab?.hidden && fresh.length > 0) {
      this.away += fresh.length;
      this.tab.mark({ messages: this.away });
    }
  }
}
