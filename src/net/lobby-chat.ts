/**
 * Chat in the lobby, among the seated players: a visitor hears none. A line is taken only
 * over a link whose hello is proven, so each is that player's own, and the last
 * `CHAT_KEPT` lines are kept, as at the table (`chat.ts`).
 */
import { CHAT_KEPT } from './chat.ts';
import { chatText, type LobbyMessage, type Player } from './messages.ts';

/** A line of the lobby's chat: the peer who said it, under its name then. */
export interface ChatLine {
  from: string;
  name: string;
  text: string;
}

/** What the chat reads of its lobby, and what it asks of it. */
export interface ChattingLobby {
  /** This peer's id. */
  id(): string;
  /** This player's name and key once it asked for a seat; null while it visits. */
  me(): Player | null;
  holdsSeat(peer: string): boolean;
  /** True when `peer`'s hello is proven on the link open now. */
  isProven(peer: string): boolean;
  nameOf(peer: string): string;
  /** Sends `message` to every other seated player. */
  toSeats(message: LobbyMessage): void;
  /** Drops a message from `peer`, saying why. */
  drop(peer: string, reason: string): void;
}

/** The lobby's chat: see the top of this file. */
export class LobbyChat {
  private kept: ChatLine[] = [];

  constructor(private readonly lobby: ChattingLobby) {}

  /** The lines kept, oldest first: a new array. */
  lines(): ChatLine[] {
    return [...this.kept];
  }

  /** Says `text` to every seated player; false when there is nothing to say, or nobody to say it as. */
  say(text: string): boolean {
    const { lobby } = this;
    const checked = chatText(text);
    const me = lobby.me();
    if (!me || checked === null) return false;
    lobby.toSeats({ type: 'chat', text: checked });
    this.hear({ from: lobby.id(), name: me.name, text: checked });
    return true;
  }

  /** A line `from` said: kept if it came over a proven link, between two seated players. */
  heard(from: string, text: string): void {
    const { lobby } = this;
    if (!lobby.isProven(from))
      lobby.drop(from, 'chat over a link its sender has not proven its hello on');
    else if (lobby.holdsSeat(from) && lobby.holdsSeat(lobby.id()))
      this.hear({ from, name: lobby.nameOf(from), text });
    else lobby.drop(from, 'chat from or to a peer without a seat');
  }

  /** Keeps a line, bounded like the table's. */
  private hear(line: ChatLine): void {
    this.kept = [...this.kept, line].slice(-CHAT_KEPT);
  }
}
