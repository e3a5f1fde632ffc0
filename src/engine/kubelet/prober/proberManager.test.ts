import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Pod, Probe } from '../../api/types.ts';
import { advanceProbes, nextProbeEvent } from './probeRuns.ts';
import {
  addPod,
  type ContainerFacts,
  type PodProbes,
  probesWith,
  readyOf,
  startedOf,
  triggerReadiness,
} from './proberManager.ts';
import { doProbe, type ProbeType, type ProbeWorker, probeTime } from './worker.ts';

function pod(probes: Partial<Record<ProbeType, Probe>>): Pod {
  const c = { name: 'api', image: 'api:1', readinessProbe: probes.readiness, livenessProbe: probes.liveness, startupProbe: probes.startup };
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'api-1', uid: 'u1' }, spec: { containers: [c] } };
}

const http = { httpGet: { path: '/healthz', port: 8080, scheme: 'HTTP' } };

/**
 * started is the pod's prober after its container started at `startedAt`, answering from
 * `appReadyAt`: as the kubelet does, the probes due until then run first, before the start, and
 * the sync that sees the start runs the readiness probes at once.
 */
function started(ps: PodProbes, startedAt: number, appReadyAt: number): PodProbes {
  const facts: ContainerFacts = { id: 0, startedAtMs: startedAt, appReadyAtMs: appReadyAt, neverReady: false, stoppedAtMs: -1 };
  return triggerReadiness({ ...advanceProbes(ps, startedAt).ps, facts }, startedAt);
}

/** startupSucceeded: a startup Success among the runs makes the kubelet sync (and trigger readiness). */
function startupSucceeded(ps: PodProbes, runs: readonly { worker: number; out: { set: string | null }; before: string | null }[]): boolean {
  return runs.some((r) => ps.workers[r.worker]?.probeType === 'startup' && r.out.set === 'Success' && r.before !== 'Success');
}

/** drive runs the prober as the kubelet does, one event at a time, up to `horizon` ms. */
function drive(ps0: PodProbes, from: number, horizon: number) {
  let ps = ps0;
  let now = from;
  const seen: { t: number; worker: number; ran: string | null; set: string | null }[] = [];
  for (;;) {
    const t = nextProbeEvent(ps, now, 1, [{ ready: true }]);
    if (t === null || t > horizon) break;
    const r = advanceProbes(ps, t);
    ps = startupSucceeded(r.ps, r.runs) ? triggerReadiness(r.ps, t) : r.ps;
    now = t;
    for (const x of r.runs) seen.push({ t: x.t, worker: x.worker, ran: x.out.ran, set: x.out.set });
  }
  ps = advanceProbes(ps, horizon).ps;
  return { ps, seen };
}

/**
 * naive is the reference: every probe of every worker, instant by instant (worker order within
 * one), each seeing `started` as the startup results before that instant made it; a startup
 * success makes the kubelet sync, which runs the readiness probes again at that instant.
 */
function naive(ps0: PodProbes, horizon: number) {
  let ps: PodProbes = { ...ps0, workers: ps0.workers.map((w) => ({ ...w })) };
  const f = ps.facts;
  const seen: { t: number; worker: number; ran: string | null; set: string | null }[] = [];
  for (;;) {
    const due = ps.workers.filter((w) => !w.stopped && probeTime(w, w.nextK) <= horizon);
    if (due.length === 0) break;
    const t = Math.min(...due.map((w) => probeTime(w, w.nextK)));
    const startedBefore = startedOf(ps, 0);
    let startupOk = false;
    ps.workers.forEach((w0, i) => {
      const w = w0 as ProbeWorker;
      if (w.stopped || probeTime(w, w.nextK) !== t) return;
      const before = w.result;
      const out = doProbe(w, { containerID: f.id, running: f.id >= 0, startedAtMs: f.startedAtMs, started: startedBefore }, t, () =>
        f.appReadyAtMs >= 0 && t >= f.appReadyAtMs ? 'Success' : 'Failure',
      );
      w.nextK++;
      if (!out.keepGoing) w.stopped = true;
      if (w.probeType === 'startup' && out.set === 'Success' && before !== 'Success') startupOk = true;
      const flips =
        out.ran === 'Failure' ||
        (out.set !== null &&
          out.set !== before &&
          (w.probeType === 'readiness' ? (before === 'Success') !== (out.set === 'Success') : w.probeType === 'startup' && out.set === 'Success'));
      if (flips) seen.push({ t, worker: i, ran: out.ran, set: out.set });
    });
    if (startupOk) ps = triggerReadiness(ps, t);
    ps = { ...ps, workers: ps.workers.map((w) => ({ ...w })) };
  }
  return { workers: ps.workers, seen };
}

describe('advanceProbes', () => {
  it('turns a readiness probe Success at the first probe at least initialDelaySeconds after the start and after the application answers', () => {
    const ps = started(addPod(pod({ readiness: { ...http, initialDelaySeconds: 20, periodSeconds: 10 } }), 0, -1e9, () => 0), 2000, 4500);
    const { ps: after, seen } = drive(ps, 2000, 60_000);
    // The start's sync probes at once (2 s) and restarts the ticker: 12 s skips too (delay), 22 s succeeds.
    expect(seen).toEqual([{ t: 22_000, worker: 0, ran: 'Success', set: 'Success' }]);
    expect(readyOf(after, 0, 22_000)).toBe(true);
  });

  it('counts failures until the application answers, then one success', () => {
    const ps = started(addPod(pod({ readiness: { ...http, periodSeconds: 1 } }), 1000, 0, () => 0), 3000, 5500);
    const { seen } = drive(ps, 3000, 20_000);
    expect(seen.map((s) => [s.t, s.ran])).toEqual([
      [3000, 'Failure'],
      [4000, 'Failure'],
      [5000, 'Failure'],
      [6000, 'Success'],
    ]);
  });

  it('draws the first probe within one period while the kubelet is younger than a period', () => {
    const draws: number[] = [];
    const ps = addPod(pod({ readiness: { ...http, periodSeconds: 10 } }), 3000, 0, (periodMs) => {
      draws.push(periodMs);
      return 7777;
    });
    expect(draws).toEqual([10_000]);
    expect(ps.workers[0]?.firstMs).toBe(10_777);
    expect(addPod(pod({ readiness: http }), 30_000, 0, () => 1).workers[0]?.firstMs).toBe(30_000);
  });

  it('gates readiness and liveness on the startup probe', () => {
    const p = pod({ startup: { ...http, periodSeconds: 5, failureThreshold: 10 }, readiness: { ...http, periodSeconds: 1 } });
    const ps = started(addPod(p, 0, -1e9, () => 0), 1000, 12_000);
    const { ps: after, seen } = drive(ps, 1000, 30_000);
    // startup fails at 5 and 10 s, succeeds at 15 s; the kubelet's sync then runs readiness at once.
    expect(seen.map((s) => [s.t, s.worker, s.ran])).toEqual([
      [5000, 0, 'Failure'],
      [10_000, 0, 'Failure'],
      [15_000, 0, 'Success'],
      [15_000, 1, 'Success'],
    ]);
    expect(startedOf(after, 0)).toBe(true);
  });

  it('holds a liveness worker after its failure threshold', () => {
    const ps = started(addPod(pod({ liveness: { ...http, periodSeconds: 2, failureThreshold: 3 } }), 0, -1e9, () => 0), 1000, -1);
    const { ps: after, seen } = drive(ps, 1000, 60_000);
    // The first probe sees the new container (its initial Success), then three failures.
    expect(seen.map((s) => [s.t, s.set])).toEqual([
      [2000, 'Success'],
      [4000, null],
      [6000, 'Failure'],
    ]);
    expect(after.workers[0]?.onHold).toBe(true);
  });
});

const probeArb = fc.record({
  periodSeconds: fc.integer({ min: 1, max: 10 }),
  initialDelaySeconds: fc.integer({ min: 0, max: 25 }),
  failureThreshold: fc.integer({ min: 1, max: 4 }),
});

describe('advanceProbes against every probe run one by one', () => {
  it('shows the same probes at the same instants and leaves the workers alike', () => {
    fc.assert(
      fc.property(
        fc.record({
          readiness: fc.option(fc.tuple(probeArb, fc.integer({ min: 1, max: 4 })), { nil: undefined }),
          liveness: fc.option(probeArb, { nil: undefined }),
          startup: fc.option(probeArb, { nil: undefined }),
          acceptAt: fc.integer({ min: 0, max: 20_000 }),
          jitter: fc.integer({ min: 0, max: 9_999 }),
          startAfter: fc.integer({ min: 0, max: 5_000 }),
          readyAfter: fc.option(fc.integer({ min: 0, max: 60_000 }), { nil: undefined }),
        }),
        (x) => {
          const probes: Partial<Record<ProbeType, Probe>> = {};
          if (x.readiness) probes.readiness = { ...http, ...x.readiness[0], successThreshold: x.readiness[1] };
          if (x.liveness) probes.liveness = { ...http, ...x.liveness, successThreshold: 1 };
          if (x.startup) probes.startup = { ...http, ...x.startup, successThreshold: 1 };
          const p = pod(probes);
          const ps0 = addPod(p, x.acceptAt, 0, (periodMs) => x.jitter % periodMs);
          if (ps0.workers.length === 0) return;
          const startAt = x.acceptAt + x.startAfter;
          const ps = started(ps0, startAt, x.readyAfter === undefined ? -1 : startAt + x.readyAfter);
          const horizon = startAt + 120_000;
          const fast = drive(ps, startAt, horizon);
          const slow = naive(ps, horizon);
          expect(fast.seen).toEqual(slow.seen);
          expect(fast.ps.workers).toEqual(slow.workers);
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('probesWith', () => {
  const base = started(addPod(pod({ readiness: { ...http, periodSeconds: 1 } }), 1000, 0, () => 0), 3000, 5500);
  const killing = { ...base, killing: { id: 1, container: 'web', sigkill: false } };
  const cases: [string, PodProbes, number, PodProbes['workers']][] = [
    ['a new generation', base, base.gen + 1, base.workers],
    ['new workers', base, base.gen, []],
    ['a kill in progress', killing, 7, killing.workers],
  ];
  it.each(cases)('gives what { ...ps, gen, workers } gives for %s', (_name, ps, gen, workers) => {
    const built = probesWith(ps, gen, workers);
    expect(Object.keys(built)).toEqual(Object.keys({ ...ps, gen, workers }));
    expect(built).toEqual({ ...ps, gen, workers });
  });
});
