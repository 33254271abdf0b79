import type { Step, TableState } from './types.ts';

/**
 * Moves the table to its next step. Every step change goes through here,
 * because the step number is part of every proof's context: a proof made
 * for one step verifies at no other.
 */
export const nextStep = <S>(state: TableState<S>, step: Step): TableState<S> => ({
  ...state,
  step,
  stepNo: state.stepNo + 1,
});
