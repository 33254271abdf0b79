/**
 * LogWords: a table's log in words, for one seat. The log as a person reads it and as
 * protocol steps, the other players' newest moves for a screen reader, the step under
 * way, and the offences and refused events the page raises alarms for. The one reader
 * of `describe.ts` at a table in play.
 */
import type { Json } from '../../engine/encoding.ts';
import type { Seat } from '../../engine/game.ts';
import type { TableState, Verdict } from '../../engine/table/index.ts';
import type { TableSnapshot } from '../../net/snapshot.ts';
import {
  describeEntry,
  describeRefusal,
  describeStep,
  offenceWords,
  type LogLine,
} from '../words/describe.ts';
import { equivocationSteps, protocolStep, type ProtocolStep } from '../words/protocol.ts';

const sameVerdict = (a: Verdict, b: Verdict): boolean =>
  typeof a === 'object' && typeof b === 'object' ? a.rejected === b.rejected : a === b;

export class LogWords {
  log = $state.raw<LogLine[]>([]);
  /** Each cryptographic step of the log, in order, for the protocol panel. */
  protocol = $state.raw<ProtocolStep[]>([]);
  /**
   * The other players' newest moves in words, for a polite live region: what a screen
   * reader hears as they play. Empty until something happens after this page opened.
   */
  news = $state('');
  /** The words for each log entry shown, in log order, with what they were said about. */
  private readonly described: {
    hash: string;
    verdict: Verdict;
    lines: LogLine[];
    step: ProtocolStep;
  }[] = [];

  constructor(
    private readonly names: readonly string[],
    private readonly seat: Seat,
  ) {}

  /** The long step under way in `state`, in words, with how far it has come. */
  step(state: TableState<Json>): { text: string; done: number; total: number } | null {
    return describeStep(state, this.names);
  }

  /** An alarm for each offence in `table`'s log and each event refused from a relay, in words. */
  alarms(table: TableSnapshot<Json>): string[] {
    return [
      ...table.record
        .offences()
        .map((o) => offenceWords(table.genesis.game, o, this.names[o.seat] ?? `Seat ${o.seat}`)),
      ...table.refusals.map(
        (r) => `Refused an event relayed by ${this.names[r.from]}: ${describeRefusal(r.reason)}.`,
      ),
    ];
  }

  /**
   * Describes `table`'s log as it is ordered now, in words (with the faces this seat knows,
   * `known`) and as protocol steps. A late concurrent event can land before entries
   * already shown and a race can void one: the words are kept per entry, and everything
   * from the first entry whose event or verdict differs is described afresh (the same
   * events with the same verdicts fold to the same states, so the rest stands).
   */
  update(table: TableSnapshot<Json>, known: ReadonlyMap<number, number>): void {
    const replica = table.record;
    const entries = replica.log.entries();
    const verdicts = replica.entryVerdicts;
    let same = 0;
    while (
      same < this.described.length &&
      same < verdicts.length &&
      this.described[same]!.hash === entries[same]!.hash &&
      sameVerdict(this.described[same]!.verdict, verdicts[same]!)
    )
      same++;
    const equivocations = replica.log.equivocations.length;
    if (
      same === this.described.length &&
      same === verdicts.length &&
      equivocations === this.protocol.length - same
    )
      return;
    // What this page had described before: a first look (a reload) announces nothing.
    const shown = this.described.length;
    this.described.length = same;
    for (let i = same; i < verdicts.length; i++)
      this.described.push({
        hash: entries[i]!.hash,
        verdict: verdicts[i]!,
        lines: describeEntry(
          entries[i]!,
          verdicts[i]!,
          replica.stateAfter(i)!,
          replica.stateAfter(i + 1)!,
          this.names,
          { seat: this.seat, known },
        ),
        step: protocolStep(replica, i, this.names, table.timings.get(entries[i]!.hash)),
      });
    this.log = this.described.flatMap((entry) => entry.lines);
    this.protocol = [
      ...this.described.map((entry) => entry.step),
      ...equivocationSteps(replica, this.names),
    ];
    const fresh = this.described
      .slice(shown)
      // This player's own moves it knows; what follows from the table's steps it hears.
      .filter((_, i) => {
        const event = entries[shown + i]!.event;
        return event.author !== this.seat || event.body.type !== 'ACT';
      })
      .flatMap((entry) => entry.lines.filter((line) => line.kind === 'game'));
    if (shown > 0 && fresh.length > 0) this.news = fresh.map((line) => line.text).join(' ');
  }
}
