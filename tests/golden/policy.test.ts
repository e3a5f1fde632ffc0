// Golden runs of the presets that teach quota, LimitRanges, disruption budgets and the HPA (issue #13): each
// is run in the engine to the end and checked against what a cluster shows — the API server's
// messages, the conditions and events, kubectl drain's lines and the replica counts.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { HorizontalPodAutoscaler, PodDisruptionBudget, ResourceQuota } from '../../src/engine/api/policyTypes.ts';
import type { Deployment, Event, Pod, ReplicaSet } from '../../src/engine/api/types.ts';
import { createEngine, lastActionTime, runUntil } from '../../src/engine/sim.ts';
import type { EngineState } from '../../src/engine/sim/state.ts';
import type { TickRecord } from '../../src/engine/sim.ts';
import { parseQuantity, milliValue } from '../../src/engine/lib/quantity.ts';
import { parseScenarioText } from '../../src/scenario/parse.ts';
import { toSimConfig } from '../../src/scenario/toSimConfig.ts';

const preset = (id: string) => readFileSync(new URL(`../../src/scenario/presets/${id}.yaml`, import.meta.url), 'utf8');

interface Sample {
  time: number;
  st: EngineState;
  tick: TickRecord;
}

/** run plays a preset to its end (10 minutes after the last action), calling `each` after every tick. */
function run(id: string, each: (s: Sample) => void): EngineState {
  const parsed = parseScenarioText(preset(id));
  if (!parsed.ok) throw new Error(parsed.errors[0]);
  const config = toSimConfig(parsed.value);
  const st = createEngine(config);
  runUntil(st, lastActionTime(config) + 600_000, (t) => each({ time: t.time / 1000, st, tick: t }));
  return st;
}

function events(st: EngineState, reason: string): Event[] {
  return [...st.store.objects.Event.values()].filter((e): e is Event => e.kind === 'Event' && e.reason === reason);
}

const cpuMilli = (s: string | undefined) => {
  const q = parseQuantity(s ?? '0');
  return q.ok ? milliValue(q.value) : Number.NaN;
};

describe('quota-blocks-surge preset', () => {
  it('refuses the surge pod with the quota message, marks the ReplicaSet ReplicaFailure, and completes after the strategy patch', () => {
    let maxUsed = 0;
    let firstNewPod: number | null = null;
    let failureSetAt: number | null = null;
    let failureClearedAt: number | null = null;
    const st = run('quota-blocks-surge', ({ time, st }) => {
      const q = st.store.objects.ResourceQuota.get('default/compute') as ResourceQuota | undefined;
      maxUsed = Math.max(maxUsed, cpuMilli(q?.status?.used?.['requests.cpu']));
      for (const rs of st.store.objects.ReplicaSet.values()) {
        if (rs.kind !== 'ReplicaSet' || rs.spec.template.spec.containers[0]?.image !== 'nginx:1.9.3') continue;
        const failing = rs.status?.conditions?.some((c) => c.type === 'ReplicaFailure' && c.status === 'True') === true;
        if (failing && failureSetAt === null) failureSetAt = time;
        if (!failing && failureSetAt !== null && failureClearedAt === null) failureClearedAt = time;
      }
      if (firstNewPod === null) {
        for (const p of st.store.objects.Pod.values()) if (p.kind === 'Pod' && p.spec.containers[0]?.image === 'nginx:1.9.3') firstNewPod = time;
      }
    });
    const failed = events(st, 'FailedCreate');
    expect(failed.length).toBeGreaterThan(0);
    expect(failed[0]?.message).toMatch(
      /^Error creating: pods "web-[a-z0-9]+-[a-z0-9]{5}" is forbidden: exceeded quota: compute, requested: requests\.cpu=500m, used: requests\.cpu=2, limited: requests\.cpu=2$/,
    );
    // The quota is never exceeded: admission writes status.used before the pod is stored.
    expect(maxUsed).toBe(2000);
    // Blocked from the image update at 30 s until the patch frees 500m at 90 s.
    expect(failureSetAt).toBeGreaterThan(30);
    expect(failureSetAt).toBeLessThan(35);
    expect(firstNewPod).toBeGreaterThan(90);
    expect(failureClearedAt).toBeGreaterThan(90);
    const rss = [...st.store.objects.ReplicaSet.values()] as ReplicaSet[];
    expect(rss.map((rs) => [rs.spec.template.spec.containers[0]?.image, rs.spec.replicas, rs.status?.readyReplicas ?? 0]).sort()).toEqual([
      ['nginx:1.8', 0, 0],
      ['nginx:1.9.3', 4, 4],
    ]);
  });
});

describe('limitrange-caps-container preset', () => {
  it('defaults the first pods, refuses the template over the cap with the LimitRanger message, and rolls out the one within it', () => {
    let failureSetAt: number | null = null;
    let minReady = Number.POSITIVE_INFINITY;
    let firstPod: Pod | undefined;
    const st = run('limitrange-caps-container', ({ time, st }) => {
      firstPod ??= [...st.store.objects.Pod.values()][0] as Pod | undefined;
      for (const rs of st.store.objects.ReplicaSet.values()) {
        if (rs.kind !== 'ReplicaSet') continue;
        const failing = rs.status?.conditions?.some((c) => c.type === 'ReplicaFailure' && c.status === 'True') === true;
        if (failing && failureSetAt === null) failureSetAt = time;
      }
      const web = st.store.objects.Deployment.get('default/web') as Deployment | undefined;
      if (time > 35 && time < 90) minReady = Math.min(minReady, web?.status?.availableReplicas ?? 0);
    });
    const failed = events(st, 'FailedCreate');
    expect(failed[0]?.message).toMatch(/^Error creating: pods "web-[a-z0-9]+-[a-z0-9]{5}" is forbidden: maximum cpu usage per Container is 500m, but limit is 1$/);
    expect(failureSetAt).toBeGreaterThan(30);
    expect(failureSetAt).toBeLessThan(35);
    // maxUnavailable 25% of 4 = 1: one old pod went before the new ReplicaSet could create any.
    expect(minReady).toBe(3);
    const rss = [...st.store.objects.ReplicaSet.values()] as ReplicaSet[];
    const limits = (rs: ReplicaSet) => rs.spec.template.spec.containers[0]?.resources?.limits?.cpu ?? '-';
    expect(rss.map((rs) => [limits(rs), rs.spec.replicas, rs.status?.readyReplicas ?? 0]).sort()).toEqual([
      ['-', 0, 0],
      ['1', 0, 0],
      ['400m', 4, 4],
    ]);
    // The last pods' request defaults to their limit (SetDefaults_Pod, before admission), so the
    // LimitRange sets nothing and writes no annotation; the first pods took both of its defaults.
    const pods = [...st.store.objects.Pod.values()] as Pod[];
    expect(pods).toHaveLength(4);
    for (const p of pods) {
      expect(p.spec.containers[0]?.resources).toEqual({ limits: { cpu: '400m' }, requests: { cpu: '400m' } });
      expect(p.metadata.annotations?.['kubernetes.io/limit-ranger']).toBeUndefined();
    }
    expect(firstPod?.spec.containers[0]?.resources).toEqual({ limits: { cpu: '500m' }, requests: { cpu: '100m' } });
    expect(firstPod?.metadata.annotations?.['kubernetes.io/limit-ranger']).toBe('LimitRanger plugin set: cpu request for container nginx; cpu limit for container nginx');
  });
});

describe('budget-holds-drain preset', () => {
  it('prints kubectl drain retrying on 429 until the rollout, which ignores the budget, has deleted the pod', () => {
    let minHealthy = Number.POSITIVE_INFINITY;
    let desired = 0;
    const notConsulted: unknown[] = [];
    const st = run('budget-holds-drain', ({ time, st, tick }) => {
      for (const d of tick.decisions) if (d.key === 'budgetNotConsulted') notConsulted.push(d.values);
      const pdb = st.store.objects.PodDisruptionBudget.get('default/web') as PodDisruptionBudget | undefined;
      if (time > 45 && pdb?.status) {
        minHealthy = Math.min(minHealthy, pdb.status.currentHealthy);
        desired = pdb.status.desiredHealthy;
      }
    });
    const drain = st.drains[0];
    expect(drain?.done).toBe(true);
    expect(drain?.ok).toBe(true);
    const lines = (drain?.transcript ?? []).map((l) => `${l.at / 1000} ${l.text}`);
    const pod = /evicting pod default\/(web-[a-z0-9]+-[a-z0-9]{5})/.exec(lines[0] ?? '')?.[1] ?? '?';
    const blocked = `error when evicting pods/"${pod}" -n "default" (will retry after 5s): Cannot evict pod as it would violate the pod's disruption budget.`;
    // The drain's own output (the cordon line is the action's): every 5 s from 20 s, refused while
    // the budget allows nothing.
    for (let i = 0; i < 6; i++) {
      expect(lines[2 * i]).toBe(`${20 + 5 * i} evicting pod default/${pod}`);
      expect(lines[1 + 2 * i]).toBe(`${20 + 5 * i} ${blocked}`);
    }
    // The rollout deleted the pod: the next eviction finds it gone (404), so no "evicted" line.
    expect(lines.slice(12)).toEqual([`50 evicting pod default/${pod}`, '50 node/node-1 drained']);
    // The Deployment controller took healthy pods below what the budget wants.
    expect(desired).toBe(3);
    expect(minHealthy).toBe(2);
    expect(events(st, 'NoPods').length).toBeGreaterThan(0);
    // Explain says, at each of the rollout's three deletions, that no budget was asked.
    expect(notConsulted).toEqual([
      { pdb: 'web', disruptionsAllowed: 0, count: 1 },
      { pdb: 'web', disruptionsAllowed: 0, count: 1 },
      { pdb: 'web', disruptionsAllowed: 0, count: 1 },
    ]);
  });
});

describe('autoscaler-during-rollout preset', () => {
  it('scales 4 → 8 → 10 during the rollout, splits proportionally, and scales back to 4 after the stabilization window', () => {
    const replicas: [number, number][] = [];
    const splits: string[] = [];
    const st = run('autoscaler-during-rollout', ({ time, st }) => {
      const d = st.store.objects.Deployment.get('default/web') as Deployment | undefined;
      const n = d?.spec.replicas ?? 0;
      if (replicas[replicas.length - 1]?.[1] !== n) replicas.push([time, n]);
      if (time > 75 && time < 76) {
        const rss = ([...st.store.objects.ReplicaSet.values()] as ReplicaSet[]).map((rs) => `${rs.spec.template.spec.containers[0]?.image}=${rs.spec.replicas}`).sort();
        const s = rss.join(' ');
        if (splits[splits.length - 1] !== s) splits.push(s);
      }
    });
    expect(replicas.map(([, n]) => n)).toEqual([4, 8, 10, 4]);
    const [, up1, up2, down] = replicas.map(([t]) => t);
    expect(up1).toBeCloseTo(75.05, 1);
    expect(up2).toBeCloseTo(105.05, 1);
    // Load falls at 240 s; the last recommendation of 10 ages out of the 5-minute window.
    expect(down).toBeGreaterThan(540);
    // Proportional scaling of the HPA's 4 extra replicas: old 3 → 6, new 2 → 4.
    expect(splits[splits.length - 1]).toBe('nginx:1.8=6 nginx:1.9.3=4');
    const rescales = events(st, 'SuccessfulRescale').map((e) => e.message);
    expect(rescales).toEqual([
      'New size: 8; reason: cpu resource utilization (percentage of request) above target',
      'New size: 10; reason: cpu resource utilization (percentage of request) above target',
      'New size: 4; reason: All metrics below target',
    ]);
    const hpa = st.store.objects.HorizontalPodAutoscaler.get('default/web') as HorizontalPodAutoscaler;
    expect(hpa.status?.currentMetrics?.[0]?.resource?.current.averageUtilization).toBe(20);
  });
});
