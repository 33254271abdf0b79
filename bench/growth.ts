/**
 * How a table's setup cost grows with its seats and its deck: least-squares fits of
 * the growth table's figures to the shapes the protocol predicts, and what they
 * project for tables the engine cannot seat yet. Pure arithmetic, tested in
 * test/bench/model.test.ts.
 */

/** A fitted law: `terms` name its shape, `coefficients` weigh each. */
export interface Fit {
  terms: readonly Term[];
  coefficients: number[];
  /** The largest gap between the law and a figure it was fitted to, as a fraction of the figure. */
  worst: number;
}

/** One term of a law, of the seats `n` and the cards `c`. */
export interface Term {
  name: string;
  of: (n: number, c: number) => number;
}

/** A measured figure at `seats` and `cards`. */
export interface Point {
  seats: number;
  cards: number;
  value: number;
}

/** Least squares of `points` over `terms` (normal equations, Gaussian elimination). */
export function fit(points: readonly Point[], terms: readonly Term[]): Fit {
  const k = terms.length;
  if (points.length < k) throw new Error('growth: fewer figures than terms');
  const rows = points.map((p) => terms.map((t) => t.of(p.seats, p.cards)));
  // A|b, A = XᵀX, b = Xᵀy.
  const m = terms.map((_, i) => [
    ...terms.map((_, j) => rows.reduce((s, r) => s + r[i]! * r[j]!, 0)),
    rows.reduce((s, r, p) => s + r[i]! * points[p]!.value, 0),
  ]);
  for (let col = 0; col < k; col++) {
    const pivot = m.reduce(
      (best, row, i) => (i >= col && Math.abs(row[col]!) > Math.abs(m[best]![col]!) ? i : best),
      col,
    );
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    const lead = m[col]![col]!;
    if (Math.abs(lead) < 1e-12) throw new Error('growth: the terms do not tell the figures apart');
    for (let i = 0; i < k; i++) {
      if (i === col) continue;
      const f = m[i]![col]! / lead;
      for (let j = col; j <= k; j++) m[i]![j]! -= f * m[col]![j]!;
    }
  }
  const coefficients = m.map((row, i) => row[k]! / row[i]!);
  const law = { terms, coefficients, worst: 0 };
  law.worst = Math.max(
    ...points.map((p) => Math.abs(project(law, p.seats, p.cards) - p.value) / Math.abs(p.value)),
  );
  return law;
}

/** What `law` gives at `seats` and `cards`. */
export const project = (law: Fit, seats: number, cards: number): number =>
  law.terms.reduce((s, t, i) => s + law.coefficients[i]! * t.of(seats, cards), 0);

/** `law` written out, each coefficient with `digits` decimals and `unit`. */
export const formatFit = (law: Fit, unit: string, digits = 2): string =>
  law.terms
    .map(
      (t, i) =>
        `${law.coefficients[i]!.toFixed(digits)} ${unit}${t.name === '1' ? '' : ` × ${t.name}`}`,
    )
    .join(' + ');

/**
 * The laws the protocol predicts, n seats and c cards. CPU of one device: its own
 * shuffle of c cards, and its checks of the n − 1 others'. Bytes one seat sends: its
 * own events to n − 1 seats, and, relayed, each other seat's to n − 2. Time: the
 * shuffles follow one another, each made and then checked before the next seat's.
 */
export const LAWS = {
  cpu: [
    { name: '1', of: () => 1 },
    { name: 'c', of: (_n, c) => c },
    { name: 'c(n−1)', of: (n, c) => c * (n - 1) },
  ],
  bytes: [
    { name: 'c(n−1)', of: (n, c) => c * (n - 1) },
    { name: 'c(n−1)(n−2)', of: (n, c) => c * (n - 1) * (n - 2) },
  ],
  time: [
    { name: '1', of: () => 1 },
    { name: 'n', of: (n) => n },
    { name: 'nc', of: (n, c) => n * c },
  ],
} satisfies Record<string, Term[]>;
