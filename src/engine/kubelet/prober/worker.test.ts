import { describe, expect, it } from 'vitest';
import { copyWorker, newWorker, type ProbeWorker } from './worker.ts';

const timing = { initialDelaySeconds: 0, periodSeconds: 1, timeoutSeconds: 1, successThreshold: 1, failureThreshold: 3 };
const ran: ProbeWorker = { ...newWorker('liveness', 1, 'app', timing, 500), nextK: 7, containerID: 2, result: 'Failure', lastResult: 'Failure', resultRun: 3, onHold: true, stopped: true };

describe('copyWorker', () => {
  it.each([
    ['a new worker, as it is', newWorker('readiness', 0, 'web', timing, 1200), undefined, undefined],
    ['a worker that ran, as it is', ran, undefined, undefined],
    ['a worker that ran, restarted at 9000', ran, 9000, 0],
  ])('gives what the spread gives, key for key in the same order: %s', (_, w, firstMs, nextK) => {
    const spread = firstMs === undefined ? { ...w } : { ...w, firstMs, nextK: nextK as number };
    const copy = copyWorker(w, firstMs, nextK);
    expect(copy).not.toBe(w);
    expect(Object.entries(copy)).toEqual(Object.entries(spread));
  });
});
