/** What every part of `npm run bench` shares: medians and plain-text tables. */

/** The median of `xs` (the mean of the middle two for an even count). */
export function median(xs: readonly number[]): number {
  if (xs.length === 0) throw new Error('bench: the median of no figures');
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/**
 * A fixed-width text table, indented by two spaces: the first `labels`
 * columns are left-aligned, the figures after them right-aligned.
 */
export function textTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  labels = 1,
): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (i < labels ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)]
    .map((l) => `  ${l}`)
    .join('\n');
}

/** `ms` as a whole number of milliseconds, with thousands separated. */
export const ms = (x: number): string => Math.round(x).toLocaleString('en-US');
