// Conformance: client-go's workqueue rate limiters and golang.org/x/time/rate's token bucket,
// from their own unit tests (tests/fixtures/k8s-workqueue-cases.json), run against
// src/engine/client/rateLimiter.ts. Each case is a sequence of calls on one limiter.
import { describe, expect, it } from 'vitest';
import {
  allowN,
  DEFAULT_CONTROLLER_RATE_LIMITER,
  type LimiterState,
  newBucket,
  type RateLimiterSpec,
  reserveN,
  when,
} from '../../src/engine/client/rateLimiter.ts';
import casesFile from '../fixtures/k8s-workqueue-cases.json';

interface Step {
  op: 'when' | 'numRequeues' | 'forget' | 'allowN' | 'reserveN';
  item?: string;
  repeat?: number;
  atMs?: number;
  n?: number;
  maxWaitMs?: number;
  expectMs?: number;
  expect?: number | boolean;
  expectOk?: boolean;
  expectActMs?: number;
}
interface Case {
  source: string;
  function: string;
  input: { baseMs?: number; maxMs?: number; qps?: number; burst?: number; steps?: Step[] };
  notes?: string;
}

const cases = (casesFile as unknown as { cases: Case[] }).cases;
// Limiters and methods no simulated queue uses: listed in the file with the reason, not run.
const RUN = new Set(['ItemExponentialFailureRateLimiter', 'Limiter', 'DefaultControllerRateLimiter']);
const run = cases.filter((c) => RUN.has(c.function));
const notApplicable = cases.filter((c) => !RUN.has(c.function));
console.log(`conformance workqueue: ${run.length} cases run, ${notApplicable.length} not applicable`);

/** itemLimiter is the per-item limiter alone: the default spec with a bucket that never runs dry. */
function specOf(c: Case): RateLimiterSpec {
  if (c.function === 'DefaultControllerRateLimiter') return DEFAULT_CONTROLLER_RATE_LIMITER;
  return { kind: 'default', baseMs: c.input.baseMs ?? 0, maxMs: c.input.maxMs ?? 0, qps: 1e12, burst: Number.MAX_SAFE_INTEGER };
}

function runQueueSteps(c: Case): void {
  const spec = specOf(c);
  const s: LimiterState = { failures: new Map(), bucket: newBucket(spec.kind === 'default' ? spec.burst : 0) };
  for (const [i, step] of (c.input.steps ?? []).entries()) {
    const item = step.item ?? '';
    if (step.op === 'when') {
      for (let r = 1; r < (step.repeat ?? 1); r++) when(spec, s, item, step.atMs ?? 0);
      const got = when(spec, s, item, step.atMs ?? 0);
      if (step.expectMs !== undefined) expect(got, `step ${i}: When(${item})`).toBe(step.expectMs);
    } else if (step.op === 'numRequeues') expect(s.failures.get(item) ?? 0, `step ${i}: NumRequeues(${item})`).toBe(step.expect);
    else if (step.op === 'forget') s.failures.delete(item);
  }
}

function runBucketSteps(c: Case): void {
  const qps = c.input.qps ?? 0;
  const burst = c.input.burst ?? 0;
  const b = newBucket(burst);
  for (const [i, step] of (c.input.steps ?? []).entries()) {
    const at = step.atMs ?? 0;
    const n = step.n ?? 1;
    if (step.op === 'allowN') expect(allowN(b, at, n, qps, burst), `step ${i}: AllowN(${at}, ${n})`).toBe(step.expect);
    else if (step.op === 'reserveN') {
      const act = reserveN(b, at, n, qps, burst, step.maxWaitMs);
      expect(act !== null, `step ${i}: reserveN(${at}, ${n}).ok`).toBe(step.expectOk);
      // The upstream test compares times rounded to its 100 ms step.
      if (act !== null && step.expectActMs !== undefined) expect(Math.round(act / 100) * 100, `step ${i}: timeToAct`).toBe(step.expectActMs);
    }
  }
}

describe('conformance: workqueue rate limiters', () => {
  it('runs every case whose limiter a simulated queue uses', () => {
    expect(run.length).toBeGreaterThanOrEqual(10);
    for (const c of notApplicable) expect(c.notes, c.source).toBeTruthy();
  });
  for (const c of run) {
    it(c.source, () => (c.function === 'Limiter' ? runBucketSteps(c) : runQueueSteps(c)));
  }
});
