/**
 * What pipelining a chain would give, projected from a recorded setup: the lever "fewer
 * sequential hops" of issue 28 that is not built, measured on the model before building it.
 *
 * A chain is the steps of one type that follow one another, each seat's resting on the
 * one before: the armies' SHUFFLEs at a Batailles table, where each seat shuffles every
 * army in turn, then its deal round's UNLOCKs, where each seat takes its layer off every
 * hand but its own. Each step works on `groups` parts alike (six armies; five hands).
 * Pipelined, each part has a chain of its own, started at another seat: in round k every
 * seat works on one part, the one the seat before it worked on in round k − 1. So the
 * seats all work at once, and a part waits for one part's work per trip, not every part's.
 *
 * The projection splits each step of the chain into `groups` steps, one per round, each
 * costing every seat its share of the step's cost plus `fixed`: what an event costs
 * whatever it holds (its signature, its fold), which splitting does not divide. Every
 * later step's basis, and each seat's first move, count a seat's split events in place of
 * its one. Pure arithmetic, tested in test/bench/model.test.ts.
 */
import type { ModelStep, ModelTable } from './model.ts';

/** A recorded step the projection can split: a model step and its body's type. */
export interface TypedStep extends ModelStep {
  type: string;
}

/** A recorded table, each step with its type. */
export interface TypedTable extends ModelTable {
  steps: readonly TypedStep[];
}

/**
 * `table` with its chain of `type` steps pipelined over `groups` rounds, each split step
 * costing `cost / groups + fixed[seat]` for each seat. The chain's steps must come one per
 * seat, each resting on the one before (as recorded); otherwise this throws.
 */
export function pipelined(
  table: TypedTable,
  type: string,
  groups: number,
  fixed: readonly number[],
): TypedTable {
  const chain = table.steps.filter((s) => s.type === type);
  const seats = table.open.length;
  if (chain.length !== seats || new Set(chain.map((s) => s.author)).size !== seats)
    throw new Error(`pipeline: the ${type} chain must be one step per seat`);
  chain.forEach((step, i) => {
    const before = chain[i - 1];
    if (before && step.basis[before.author]! <= before.seq)
      throw new Error(`pipeline: ${type} of seat ${step.author} does not rest on the one before`);
  });
  // Each seat's events after its chain step move up by the rounds added.
  const chainSeq = new Map(chain.map((s) => [s.author, s.seq]));
  const recount = (vector: readonly number[]) =>
    vector.map((count, seat) => (count > chainSeq.get(seat)! ? count + groups - 1 : count));
  const order = chain.map((s) => s.author);
  const rounds: TypedStep[] = [];
  for (let k = 0; k < groups; k++) {
    chain.forEach((step, i) => {
      // Round 0 rests on what the chain's first step rested on; round k on this seat's
      // round k − 1 and the round k − 1 of the seat before it in the chain, no other's.
      const basis = recount(chain[0]!.basis).map((count, seat) =>
        Math.min(count, chainSeq.get(seat)!),
      );
      basis[step.author] = step.seq + k;
      const previous = order[(i - 1 + seats) % seats]!;
      if (k > 0) basis[previous] = chainSeq.get(previous)! + k;
      rounds.push({
        ...step,
        seq: step.seq + k,
        basis,
        cost: step.cost.map((c, seat) => c / groups + fixed[seat]!),
      });
    });
  }
  const at = table.steps.indexOf(chain[0]!);
  const others = table.steps.filter((s) => s.type !== type);
  const moved = (s: TypedStep): TypedStep => ({
    ...s,
    seq: s.seq > chainSeq.get(s.author)! ? s.seq + groups - 1 : s.seq,
    basis: recount(s.basis),
  });
  return {
    ...table,
    steps: [...others.slice(0, at).map(moved), ...rounds, ...others.slice(at).map(moved)],
    first: table.first.map(recount),
  };
}
