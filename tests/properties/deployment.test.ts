/**
 * Properties of the Deployment controller over random Deployments and random user sequences
 * (fast-check). Fault-free: every image pulls, starts and turns Ready after a random delay.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Deployment, Pod, ReplicaSet } from '../../src/engine/api/types.ts';
import { DEFAULT_IMAGE_BEHAVIOUR, type SimAction, type SimConfig } from '../../src/engine/config.ts';
import { maxSurge, maxUnavailable } from '../../src/engine/controller/deployment/util/deploymentUtil.ts';
import { isPodAvailable } from '../../src/engine/controller/podUtil.ts';
import { createEngine, nextEventTime, runUntil, step } from '../../src/engine/sim.ts';
import type { EngineState } from '../../src/engine/sim/state.ts';

const intOrPercent = fc.oneof(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 100 }).map((p) => `${p}%`));

/** A valid (maxSurge, maxUnavailable) pair: both zero is rejected by validation. */
const strategyArb = fc
  .tuple(intOrPercent, intOrPercent)
  .filter(([s, u]) => !((s === 0 || s === '0%') && (u === 0 || u === '0%')))
  .filter(([, u]) => typeof u === 'number' || Number(u.slice(0, -1)) <= 100);

type UserStep = { kind: 'image' } | { kind: 'scale'; replicas: number } | { kind: 'pause' } | { kind: 'resume' };

const stepArb: fc.Arbitrary<UserStep> = fc.oneof(
  fc.constant({ kind: 'image' } as const),
  fc.integer({ min: 0, max: 60 }).map((replicas) => ({ kind: 'scale', replicas }) as const),
  fc.constant({ kind: 'pause' } as const),
  fc.constant({ kind: 'resume' } as const),
);

const scenarioArb = fc.record({
  replicas: fc.integer({ min: 0, max: 60 }),
  strategy: strategyArb,
  minReadySeconds: fc.constantFrom(0, 0, 1, 3),
  ready: fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 4 })).map(([a, b]) => [a, a + b] as [number, number]),
  steps: fc.array(fc.tuple(stepArb, fc.integer({ min: 1, max: 15 })), { minLength: 1, maxLength: 4 }),
  seed: fc.integer({ min: 1, max: 1_000_000 }),
});

type Scn = typeof scenarioArb extends fc.Arbitrary<infer T> ? T : never;

function toConfig(s: Scn): { config: SimConfig; lastImage: string } {
  const d: Deployment = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', labels: { app: 'web' } },
    spec: {
      replicas: s.replicas,
      minReadySeconds: s.minReadySeconds,
      selector: { matchLabels: { app: 'web' } },
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: s.strategy[0], maxUnavailable: s.strategy[1] } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'web:0' }] } },
    },
  };
  const actions: SimAction[] = [];
  let at = 20;
  let image = 0;
  for (const [st, gap] of s.steps) {
    if (st.kind === 'image') actions.push({ at, kubectl: `set image deployment/web web=web:${++image}` });
    if (st.kind === 'scale') actions.push({ at, kubectl: `scale deployment/web --replicas=${st.replicas}` });
    if (st.kind === 'pause') actions.push({ at, kubectl: 'rollout pause deployment/web' });
    if (st.kind === 'resume') actions.push({ at, kubectl: 'rollout resume deployment/web' });
    at += gap;
  }
  // Always end resumed so the run can converge.
  actions.push({ at, kubectl: 'rollout resume deployment/web' });
  return {
    config: {
      seed: s.seed,
      nodes: [1, 2, 3].map((i) => ({ name: `node-${i}`, labels: {}, taints: [], unschedulable: false, maxPods: 110 })),
      images: { default: { ...DEFAULT_IMAGE_BEHAVIOUR, readySeconds: s.ready } },
      terminationSeconds: 1,
      watchDelaySeconds: 0.05,
      objects: [d],
      actions,
    },
    lastImage: `web:${image}`,
  };
}

function deploymentOf(st: EngineState): Deployment {
  return st.store.objects.Deployment.get('default/web') as Deployment;
}

function rsList(st: EngineState): ReplicaSet[] {
  return [...st.store.objects.ReplicaSet.values()] as ReplicaSet[];
}

function availablePods(st: EngineState, d: Deployment): number {
  let n = 0;
  for (const p of st.store.objects.Pod.values() as Iterable<Pod>) {
    if (!p.metadata.deletionTimestamp && isPodAvailable(p, d.spec.minReadySeconds ?? 0, st.now)) n++;
  }
  return n;
}

/** sameReplicaSets tells whether the informer cache holds every ReplicaSet as the store does (same sizes). */
function sameReplicaSets(st: EngineState): boolean {
  const cached = st.cache.objects.ReplicaSet;
  if (cached.size !== st.store.objects.ReplicaSet.size) return false;
  for (const [key, rs] of st.store.objects.ReplicaSet) {
    const c = cached.get(key) as ReplicaSet | undefined;
    if (c?.spec.replicas !== (rs as ReplicaSet).spec.replicas) return false;
  }
  return true;
}

let dips = 0;

describe('Deployment controller properties', () => {
  it('never lets Σ spec.replicas exceed replicas + maxSurge after a completed sync, never deletes below minAvailable, and converges', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const { config, lastImage } = toConfig(s);
        const st = createEngine(config);
        let ticks = 0;
        let staleDecisions = 0;
        // Set while Σ spec.replicas is above replicas + maxSurge because of a sync that saw stale
        // ReplicaSets (see below); cleared once the sum is back within the bound.
        let staleOvershoot = false;
        const endMs = Math.max(...config.actions.map((a) => a.at * 1000)) + 600_000;
        for (;;) {
          const next = nextEventTime(st);
          if (next === null || next > endMs) break;
          const before = st.store.objects.Deployment.get('default/web') as Deployment | undefined;
          const availBefore = before ? availablePods(st, before) : 0;
          const freshView = sameReplicaSets(st);
          const rec = step(st);
          if (!rec || ++ticks > 60_000) break;
          const d = deploymentOf(st);
          if (!d) continue;
          const scaleActions = config.actions.some((a) => 'kubectl' in a && a.kubectl.startsWith('scale'));
          // The bound holds for what the controller decides from what it sees: its informer cache
          // lags the store by watchDelaySeconds, and a sync that still sees a ReplicaSet's old size
          // (right after it scaled it) can create or scale up one pod too many, as in a cluster.
          // Such an overshoot (or one a sync left when it failed half-way) is let through until the
          // sum is back within the bound; a completed sync that saw every ReplicaSet as stored must
          // never cause one.
          if (rec.actor === 'deployment-controller' && !d.spec.paused && !scaleActions) {
            const sum = rsList(st).reduce((acc, r) => acc + (r.spec.replicas ?? 0), 0);
            const bound = (d.spec.replicas ?? 1) + maxSurge(d);
            const completed = rec.summary.startsWith('synced') && !rec.summary.includes('error syncing');
            if (sum <= bound) staleOvershoot = false;
            else if (!freshView || !completed) staleOvershoot = true;
            if (completed && !staleOvershoot) expect(sum).toBeLessThanOrEqual(bound);
          }
          // The ReplicaSet controller's deletions never take availability below minAvailable
          // unless it was already below (pods still starting).
          // The Deployment controller budgets scale-downs with the ReplicaSets' status.available-
          // Replicas. When a status still counts a pod that is already being deleted, a faithful
          // controller can over-delete (real clusters do too), so a dip below minAvailable is only
          // a bug when every status the controller saw was accurate. With minReadySeconds > 0,
          // LogarithmicScaleDown can also pick an available pod over a not-yet-available one
          // (ready 1.5 s and 2.1 s ago share a log2 bucket; UID breaks the tie), so those runs
          // are checked for convergence only.
          // The statuses the controller saw are its informer cache's, which lag the store: an old
          // ReplicaSet's status can still count a pod after the store's status stopped counting it.
          if (rec.actor === 'deployment-controller' && rec.decisions.some((x) => x.fn === 'scaleReplicaSet')) {
            const seen = [...st.cache.objects.ReplicaSet.values()] as ReplicaSet[];
            const claimed = seen.reduce((acc, r) => acc + (r.status?.availableReplicas ?? 0), 0);
            if (claimed > availablePods(st, d)) staleDecisions++;
          }
          const minReady = d.spec.minReadySeconds ?? 0;
          if (minReady === 0 && rec.actor === 'replicaset-controller' && rec.decisions.some((x) => x.key === 'delete') && !scaleActions) {
            const minAvail = (d.spec.replicas ?? 1) - maxUnavailable(d);
            const availAfter = availablePods(st, d);
            if (availAfter < availBefore && availAfter < Math.min(minAvail, availBefore)) {
              expect(staleDecisions, 'a dip below minAvailable without a stale status').toBeGreaterThan(0);
              dips++;
            }
          }
        }
        runUntil(st, st.now + 3_600_000);
        const d = deploymentOf(st);
        const replicas = d.spec.replicas ?? 1;
        expect(d.spec.template.spec.containers[0]?.image).toBe(lastImage);
        expect(d.status?.updatedReplicas ?? 0).toBe(replicas);
        expect(d.status?.availableReplicas ?? 0).toBe(replicas);
        expect(d.status?.replicas ?? 0).toBe(replicas);
        const live = [...st.store.objects.Pod.values()] as Pod[];
        expect(live.length).toBe(replicas);
        for (const p of live) expect(p.spec.containers[0]?.image).toBe(lastImage);
      }),
      { numRuns: 40 },
    );
    console.log(`deployment properties: 40 runs, ${dips} availability dips, each after a stale ReplicaSet status`);
  }, 120_000);
});
