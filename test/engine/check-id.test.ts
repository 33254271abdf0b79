/**
 * The name of a proof check (`check-id.ts`), by which a device remembers the checks it
 * ran: the same job has the same name, any other job another.
 */
import { expect, test } from 'vitest';
import { checkId, type CheckJob } from '../../src/engine/table/check-id.ts';

test('a check is named by its kind and every part, in 32 bytes of hex', () => {
  const job: CheckJob = { kind: 'unlock', parts: [Uint8Array.of(1, 2), Uint8Array.of(3)] };
  const id = checkId(job);
  expect(id).toMatch(/^[0-9a-f]{64}$/);
  expect(checkId({ kind: 'unlock', parts: job.parts.map((p) => Uint8Array.from(p)) })).toBe(id);
  const others: CheckJob[] = [
    { ...job, kind: 'dleq' },
    { ...job, parts: [Uint8Array.of(1, 2)] },
    { ...job, parts: [Uint8Array.of(1), Uint8Array.of(2, 3)] },
  ];
  expect(new Set([id, ...others.map(checkId)]).size).toBe(4);
});
