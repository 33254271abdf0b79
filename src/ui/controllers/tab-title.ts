/**
 * TabTitle: the tab's title while the player looks elsewhere. What waits for them comes
 * first, so that a narrow tab still shows it: "Your turn · 2 new messages · Fair Deal".
 * Two parts of a page mark it, each its own mark (the turn alert its turn, the chat its
 * lines), so that one clearing its mark leaves the other's; once neither has one, the
 * page's own title is back.
 */
import { plural } from '../text.ts';

/** What the page reads and writes of its document: its title, and whether its tab is seen. */
export interface TabDocument {
  title: string;
  readonly visibilityState: DocumentVisibilityState;
}

export interface TitleMarks {
  /** The table waits on this player's move. */
  readonly turn: boolean;
  /** Lines from the others that came while the tab was hidden. */
  readonly messages: number;
}

const UNMARKED: TitleMarks = { turn: false, messages: 0 };

export class TabTitle {
  private marks = UNMARKED;
  /** The page's own title, while a mark stands in front of it. */
  private own: string | null = null;

  constructor(private readonly doc: TabDocument) {}

  /** True while the tab is hidden: another tab in front of it, the window minimised. */
  get hidden(): boolean {
    return this.doc.visibilityState === 'hidden';
  }

  /** Sets the marks given, keeping the others, and writes the title they make. */
  mark(marks: Partial<TitleMarks>): void {
    this.marks = { ...this.marks, ...marks };
    const { turn, messages } = this.marks;
    const words = [
      turn ? 'Your turn' : null,
      messages > 0 ? plural(messages, 'new message') : null,
    ];
    const shown = words.filter((w) => w !== null);
    if (shown.length > 0) this.own ??= this.doc.title;
    if (this.own === null) return;
    this.doc.title = [...shown, this.own].join(' · ');
    if (shown.length === 0) this.own = null;
  }
}

let page: TabTitle | null = null;

/** This page's tab title: one for the page, so that every part marks the same one. */
export function pageTitle(): TabTitle {
  page ??= new TabTitle(document);
  return page;
}
