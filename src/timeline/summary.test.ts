import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseArgs, runScenarioText } from '../../cli/run.ts';
import type { DaemonSet, Deployment, Pod } from '../engine/api/types.ts';
import { getControllerOf } from '../engine/api/ownerRefs.ts';
import { isPodAvailable } from '../engine/controller/podUtil.ts';
import { createEngine, step } from '../engine/sim.ts';
import { parseScenarioText } from '../scenario/parse.ts';
import { toSimConfig } from '../scenario/toSimConfig.ts';
import type { Scenario } from '../scenario/types.ts';
import { scenarioToYaml } from '../scenario/yamlIo.ts';
import { runHeadless } from './headless.ts';
import { Recording } from './recording.ts';
import { firstRolloutAfterStart, type Rollout, SUMMARY_KEYS, summarize, summaryFields } from './summary.ts';
import { preset } from './testScenarios.ts';

/** namespacedPolicies is tests/fixtures/namespaced-policies.yaml: web in shop behind every new kind, another web in default. */
function namespacedPolicies(): Scenario {
  const r = parseScenarioText(readFileSync(new URL('../../tests/fixtures/namespaced-policies.yaml', import.meta.url), 'utf8'));
  if (!r.ok) throw new Error(r.errors[0]);
  return r.value;
}

/** withMinReady sets the first workload's minReadySeconds. */
function withMinReady(s: Scenario, seconds: number): Scenario {
  const out = structuredClone(s);
  (out.objects[0] as Deployment).spec.minReadySeconds = seconds;
  return out;
}

/**
 * bruteCounts is the oracle: the first workload's pods (or those of the workload in namespace
 * `ns`) counted straight from the store after every tick — [tick, ms, available, active, total] —
 * with the engine's own isPodAvailable.
 */
function bruteCounts(s: Scenario, ns?: string): [number, number, number, number, number][] {
  const st = createEngine(toSimConfig(s));
  const out: [number, number, number, number, number][] = [];
  for (let rec = step(st); rec !== null && st.now <= 700_000; rec = step(st)) {
    const w = [...st.store.objects.Deployment.values(), ...st.store.objects.DaemonSet.values()].find(
      (o) => ns === undefined || o.metadata.namespace === ns,
    ) as Deployment | DaemonSet | undefined;
    if (!w) continue;
    const owners = new Set([w.metadata.uid]);
    for (const rs of st.store.objects.ReplicaSet.values()) {
      if (getControllerOf(rs)?.uid === w.metadata.uid) owners.add(rs.metadata.uid);
    }
    let available = 0;
    let active = 0;
    let total = 0;
    for (const p of st.store.objects.Pod.values()) {
      const pod = p as Pod;
      const phase = pod.status?.phase;
      if (!owners.has(getControllerOf(pod)?.uid) || phase === 'Failed' || phase === 'Succeeded') continue;
      total++;
      if (pod.metadata.deletionTimestamp) continue;
      active++;
      if (isPodAvailable(pod, w.spec.minReadySeconds ?? 0, st.now)) available++;
    }
    out.push([rec.tick, st.now, available, active, total]);
  }
  return out;
}

/** bruteFigures folds the oracle's counts over a rollout's ticks, as the summary defines them. */
function bruteFigures(counts: ReturnType<typeof bruteCounts>, startMs: number, endMs: number | null) {
  const before = counts.filter(([, ms]) => ms < startMs).at(-1) ?? [0, 0, 0, 0, 0];
  const during = counts.filter(([, ms]) => ms >= startMs && (endMs === null || ms <= endMs));
  const all = [before, ...during];
  return {
    minAvailable: Math.min(...all.map((c) => c[2])),
    maxPods: Math.max(...all.map((c) => c[3])),
    maxPodsWithTerminating: Math.max(...all.map((c) => c[4])),
  };
}

/** statusAt is `kubectl rollout status`'s line for the first workload after running to `seconds` (the CLI). */
function statusAt(s: Scenario, seconds: number): string {
  const res = runScenarioText(scenarioToYaml(s), parseArgs(['x.yaml', '--output', 'status', '--until', String(seconds)]) as never);
  return res.stdout[0] ?? '';
}

describe('summarize', () => {
  // Counted by hand from the strategy (replicas 10: 25% surge rounds up to 3, 25% unavailable
  // down to 2) and the image behaviour; the chart of each preset shows the same numbers.
  it.each([
    // Seed: never below 10 − 2 available, never above 10 + 3 pods; with 3 old pods still in their
    // 1 s termination beside the 13, 16 pods at the peak.
    ['seed', { revision: '2', startSeconds: 30, complete: true, progressDeadlineExceeded: false, replicas: 10, minAvailable: 8, maxPods: 13, maxPodsWithTerminating: 16 }],
    // Stalled: maxUnavailable 0 keeps all 10 old pods; the 3 surge pods never pull; after
    // progressDeadlineSeconds (60 s) the rollout is over the deadline and never completes.
    ['broken-image', { revision: '2', startSeconds: 30, endSeconds: null, durationSeconds: null, complete: false, progressDeadlineExceeded: true, replicas: 10, minAvailable: 10, maxPods: 13, maxPodsWithTerminating: 13 }],
    // maxSurge 0, maxUnavailable 1: one old pod goes (9 available), its replacement comes while
    // it terminates: 10 pods, 11 with the terminating one.
    ['max-surge-0', { revision: '2', startSeconds: 30, complete: true, replicas: 10, minAvailable: 9, maxPods: 10, maxPodsWithTerminating: 11 }],
    // Recreate: every old pod goes before a new one starts: 0 available; never more than 6 pods.
    ['recreate', { revision: '2', startSeconds: 30, complete: true, replicas: 6, minAvailable: 0, maxPods: 6, maxPodsWithTerminating: 6 }],
    // DaemonSet, maxUnavailable 1 on 6 nodes: one node's pod at a time; the new pod waits for the old one to go.
    ['daemonset-rolling', { revision: '2', startSeconds: 30, complete: true, replicas: 6, minAvailable: 5, maxPods: 6, maxPodsWithTerminating: 6 }],
  ])('matches the hand count of %s', (id, expected) => {
    const run = runHeadless(preset(id));
    const r = run.rollouts[1] as Rollout;
    expect(r).toMatchObject(expected);
    // The creation is revision 1, from 0 available.
    expect(run.rollouts[0]).toMatchObject({ revision: '1', startSeconds: 0, complete: true, minAvailable: 0 });
  });

  it.each(['seed', 'broken-image', 'max-surge-0', 'recreate', 'daemonset-rolling', 'rollback', 'proportional-scaling'])(
    'equals the pods counted at every tick (%s)',
    (id) => {
      for (const s of [preset(id), withMinReady(preset(id), 5)]) {
        const counts = bruteCounts(s);
        for (const r of runHeadless(s).rollouts) {
          const end = r.endSeconds === null ? null : Math.round(r.endSeconds * 1000);
          expect(r, `${id} revision ${r.revision}`).toMatchObject(bruteFigures(counts, Math.round(r.startSeconds * 1000), end));
        }
      }
    },
  );

  it.each(['seed', 'max-surge-0', 'daemonset-rolling'])('ends when kubectl rollout status first says so (%s)', (id) => {
    const s = preset(id);
    const r = runHeadless(s).rollouts[1] as Rollout;
    const end = r.endSeconds as number;
    expect(statusAt(s, end)).toMatch(/successfully rolled out$/);
    expect(statusAt(s, end - 0.001)).toMatch(/^Waiting for /);
    expect(r.durationSeconds).toBeCloseTo(end - 30, 9);
  });

  it('places the least-available moment where the pods counted first reach it', () => {
    const s = preset('seed');
    const r = runHeadless(s).rollouts[1] as Rollout;
    const first = bruteCounts(s).find(([, ms, available]) => ms >= 30_000 && available === r.minAvailable);
    expect(r.minAvailableSeconds).toBe((first?.[1] ?? 0) / 1000);
  });

  it('reports a template change superseded before it ended as never complete, and the change after it', () => {
    const run = runHeadless(preset('pause-resume'));
    expect(run.rollouts.map((r) => [r.revision, r.complete])).toEqual([
      ['1', true],
      [null, false],
      ['2', true],
    ]);
    expect(run.rollouts[1]).toMatchObject({ endSeconds: null, durationSeconds: null });
  });

  it('summarises a namespaced workload under its namespace, beside a quota, a budget, an autoscaler and a Service', () => {
    const s = namespacedPolicies();
    const rollouts = runHeadless(s).rollouts;
    expect(rollouts.map((r) => [r.workload, r.revision])).toEqual([
      ['deployment/shop/web', '1'],
      ['deployment/default/web', '1'],
      ['deployment/shop/web', '2'],
    ]);
    // Hand count: replicas 4 (the HPA holds 4), 25% surge rounds up to 1, 25% unavailable down
    // to 1: never below 3 available, never above 5 pods; default's web (2 pods) counts in neither.
    const r = rollouts[2] as Rollout;
    expect(r).toMatchObject({ startSeconds: 20, complete: true, replicas: 4, minAvailable: 3, maxPods: 5 });
    const end = Math.round((r.endSeconds as number) * 1000);
    expect(r).toMatchObject(bruteFigures(bruteCounts(s, 'shop'), 20_000, end));
  });

  it('numbers a rollback by the revision the controller gives it', () => {
    expect(runHeadless(preset('rollback')).rollouts.map((r) => r.revision)).toEqual(['1', '2', '3']);
  });

  it('gives the same figures from a Recording, and after a fork as from a fresh run of the forked scenario', () => {
    const rec = new Recording(preset('seed'));
    rec.timeline.record();
    expect(summarize(rec.summary)).toEqual(runHeadless(preset('seed')).rollouts);
    const r = rec.timeline.fork(rec.timeline.tickAtTime(33_000), [
      { at: 0, kubectl: 'scale deployment/nginx-deployment-roll01 --replicas=4' },
    ]);
    expect(r.ok).toBe(true);
    rec.timeline.record();
    expect(summarize(rec.summary)).toEqual(runHeadless(rec.timeline.scenario).rollouts);
  });
});

describe('summaryFields', () => {
  it('keeps the §10 keys in their order and nothing else', () => {
    const r = runHeadless(preset('seed')).rollouts[1] as Rollout;
    expect(Object.keys(summaryFields(r))).toEqual(SUMMARY_KEYS);
    expect(JSON.stringify(summaryFields(r))).toMatch(/^\{"workload":"deployment\/default\/nginx-deployment-roll01","revision":"2","startSeconds":30,/);
  });
});

describe('firstRolloutAfterStart', () => {
  it('skips the creation and other workloads', () => {
    const rollouts = runHeadless(preset('seed')).rollouts;
    expect(firstRolloutAfterStart(rollouts, 'deployment/default/nginx-deployment-roll01')?.revision).toBe('2');
    expect(firstRolloutAfterStart(rollouts, 'deployment/default/other')).toBeNull();
  });
});
