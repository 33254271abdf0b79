/**
 * The table of step kinds: every kind of step the protocol has (`Step`), each
 * with the entry its module exports. The fold and the author side reach the
 * step under way only through here (the fold starts the next step from the
 * game's need, `settle`); the mapped type makes the compiler check that every
 * kind has its entry.
 */
import { AUDIT } from './audit.ts';
import { COIN } from './coin.ts';
import { COPY } from './copy.ts';
import { DONE } from './leave.ts';
import { LOCK } from './lock.ts';
import { PLAY } from './play.ts';
import { RECOVER } from './recovery.ts';
import { KEYS } from './keys.ts';
import { REMASK } from './remask.ts';
import { SEALED } from './seal.ts';
import { REKEY } from './show-keys.ts';
import { SHARE } from './sharing.ts';
import { SHUFFLE } from './shuffle.ts';
import type { StepKind, StepOf } from './step.ts';
import type { Step } from './types.ts';
import { UNLOCK } from './unlock.ts';

const STEP_KINDS: { readonly [T in Step['type']]: StepKind<T> } = {
  KEYS,
  SHARE,
  SHUFFLE,
  UNLOCK,
  COPY,
  LOCK,
  REKEY,
  REMASK,
  RECOVER,
  COIN,
  SEALED,
  AUDIT,
  PLAY,
  DONE,
};

/** What is done with a step and the entry of its kind, typed alike. */
type Use<R> = <T extends Step['type']>(kind: StepKind<T>, step: StepOf<T>) => R;

const visit = <T extends Step['type'], R>(type: T, step: StepOf<T>, use: Use<R>): R => {
  const kind: StepKind<T> = STEP_KINDS[type];
  return use(kind, step);
};

/** `use` applied to `step` and the entry of its kind. */
export const withKind = <R>(step: Step, use: Use<R>): R => visit(step.type, step, use);
