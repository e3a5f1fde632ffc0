// Conformance: the disruption controller's status and the eviction subresource against
// pkg/controller/disruption/disruption_test.go and pkg/registry/core/pod/storage/eviction_test.go.
import { describe, expect, it } from 'vitest';
import { getControllerOf } from '../../src/engine/api/ownerRefs.ts';
import type { PodDisruptionBudget } from '../../src/engine/api/policyTypes.ts';
import type { IntOrString, OwnerReference, Pod, PodPhase } from '../../src/engine/api/types.ts';
import type { ApiError } from '../../src/engine/apiserver/errors.ts';
import { evictPod } from '../../src/engine/apiserver/eviction.ts';
import { createObject, deleteObject, newStoreState, updateStatus, type WatchRecord } from '../../src/engine/apiserver/store.ts';
import { DisruptionAllowedCondition } from '../../src/engine/apimachinery/poddisruptionbudget.ts';
import { computePdbStatus, type PodControllerFinder } from '../../src/engine/controller/disruption/disruption.ts';
import { selectorMatches } from '../../src/engine/lib/labels.ts';
import { seedPrng } from '../../src/engine/lib/prng.ts';
import { toRFC3339 } from '../../src/engine/lib/time.ts';
import { type NamedCase, splitCases } from './caseTable.ts';

const FUNCTIONS = ['syncPdb', 'evict', 'evictStatus'] as const;
const NOT_APPLICABLE: Record<string, string> = {};
const { run, all, skipped } = splitCases('disruption', FUNCTIONS, NOT_APPLICABLE);

const NOW = 24 * 3600_000;
const FOO_BAR = { foo: 'bar' };

interface ControllerIn {
  kind: string;
  name: string;
  replicas: number;
  apiVersion?: string;
  scaleSubresource?: boolean;
}

interface PodIn {
  name: string;
  ready: boolean;
  owner?: string;
  labels?: Record<string, string>;
  deleting?: boolean;
}

type Mutation =
  | { addPod: PodIn }
  | { setReady: { name: string; ready: boolean } }
  | { scale: { name: string; replicas: number } }
  | { addController: ControllerIn }
  | { addOwner: { pods: string[]; owner: string } };

interface Expect {
  disruptionsAllowed?: number;
  currentHealthy?: number;
  desiredHealthy?: number;
  expectedPods?: number;
  disruptedPods?: Record<string, number>;
  noSyncFailed?: boolean;
  unmanagedPods?: string[];
}

const API_VERSION: Record<string, string> = {
  ReplicationController: 'v1',
  ReplicaSet: 'apps/v1',
  StatefulSet: 'apps/v1',
  Deployment: 'apps/v1',
};

/** The owner reference updatePodOwnerTo* appends: controller true, the controller's UID. */
function ownerRef(owner: string, controllers: readonly ControllerIn[]): OwnerReference {
  const [kind, name] = owner.split('/') as [string, string];
  const c = controllers.find((x) => x.kind === kind && x.name === name);
  return { apiVersion: c?.apiVersion ?? API_VERSION[kind] ?? 'v1', kind, name, uid: `uid-${owner}`, controller: true };
}

/** The finders of NewDisruptionController in upstream's order, over the test's controllers. */
function testFinders(controllers: readonly ControllerIn[]): PodControllerFinder[] {
  const byRef = (ref: OwnerReference, kinds: readonly string[]) =>
    controllers.find((c) => kinds.includes(c.kind) && ref.kind === c.kind && `uid-${c.kind}/${c.name}` === ref.uid);
  const simple =
    (kind: string): PodControllerFinder =>
    (ref) => {
      const c = byRef(ref, [kind]);
      return c ? { uid: ref.uid, scale: c.replicas } : null;
    };
  const scale: PodControllerFinder = (ref) => {
    const c = controllers.find((x) => `uid-${x.kind}/${x.name}` === ref.uid && x.scaleSubresource);
    return c ? { uid: ref.uid, scale: c.replicas } : { error: `no matches for kind "${ref.kind}"` };
  };
  // getPodDeployment needs a ReplicaSet a Deployment controls; these tests have none.
  return [simple('ReplicationController'), simple('ReplicaSet'), simple('StatefulSet'), scale];
}

function newPod(p: PodIn, controllers: readonly ControllerIn[]): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: p.name,
      namespace: 'default',
      labels: p.labels ?? FOO_BAR,
      ...(p.owner ? { ownerReferences: [ownerRef(p.owner, controllers)] } : {}),
      ...(p.deleting ? { deletionTimestamp: toRFC3339(NOW) } : {}),
    },
    spec: { containers: [] },
    status: { conditions: p.ready ? [{ type: 'Ready', status: 'True' }] : [] },
  } as Pod;
}

function runSync(c: NamedCase): void {
  const input = c.input as {
    pdb: { minAvailable?: IntOrString; maxUnavailable?: IntOrString; selector?: Record<string, never>; disruptedPods?: Record<string, number> };
    controllers?: ControllerIn[];
    steps: { do: Mutation[]; expect: Expect }[];
  };
  const controllers: ControllerIn[] = [...(input.controllers ?? [])].map((x) => ({ ...x }));
  const pods = new Map<string, Pod>();
  const p = input.pdb;
  let pdb: PodDisruptionBudget = {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: { name: 'foobar', namespace: 'default' },
    spec: {
      selector: p.selector ?? { matchLabels: FOO_BAR },
      ...(p.minAvailable === undefined ? {} : { minAvailable: p.minAvailable }),
      ...(p.maxUnavailable === undefined ? {} : { maxUnavailable: p.maxUnavailable }),
    },
    ...(p.disruptedPods
      ? {
          status: {
            disruptionsAllowed: 0,
            currentHealthy: 0,
            desiredHealthy: 0,
            expectedPods: 0,
            disruptedPods: Object.fromEntries(Object.entries(p.disruptedPods).map(([k, s]) => [k, toRFC3339(NOW + s * 1000)])),
          },
        }
      : {}),
  };
  for (const step of input.steps) {
    for (const m of step.do) {
      if ('addPod' in m) pods.set(m.addPod.name, newPod(m.addPod, controllers));
      else if ('setReady' in m) {
        const cur = pods.get(m.setReady.name) as Pod;
        pods.set(cur.metadata.name, { ...cur, status: { conditions: m.setReady.ready ? [{ type: 'Ready', status: 'True' }] : [] } } as Pod);
      } else if ('scale' in m) {
        const ctl = controllers.find((x) => x.name === m.scale.name) as ControllerIn;
        ctl.replicas = m.scale.replicas;
      } else if ('addController' in m) controllers.push({ ...m.addController });
      else {
        const ref = ownerRef(m.addOwner.owner, controllers);
        for (const name of m.addOwner.pods) {
          const cur = pods.get(name) as Pod;
          pods.set(name, { ...cur, metadata: { ...cur.metadata, ownerReferences: [...(cur.metadata.ownerReferences ?? []), ref] } });
        }
      }
    }
    const selected = [...pods.values()].filter((x) => selectorMatches(pdb.spec.selector, x.metadata.labels));
    const plan = computePdbStatus(pdb, selected, testFinders(controllers), NOW);
    if ('error' in plan) throw new Error(`sync failed: ${plan.error}`);
    if (plan.status) pdb = { ...pdb, status: plan.status };
    const s = pdb.status;
    const e = step.expect;
    if (e.unmanagedPods) expect(plan.expected.unmanagedPods).toEqual(e.unmanagedPods);
    if (e.noSyncFailed) expect(s?.conditions?.some((x) => x.reason === 'SyncFailed')).toBe(false);
    if (e.disruptionsAllowed === undefined) continue;
    expect(s?.disruptionsAllowed).toBe(e.disruptionsAllowed);
    if (e.currentHealthy === undefined) continue;
    expect({
      disruptionsAllowed: s?.disruptionsAllowed,
      currentHealthy: s?.currentHealthy,
      desiredHealthy: s?.desiredHealthy,
      expectedPods: s?.expectedPods,
      disruptedPods: s?.disruptedPods ?? {},
    }).toEqual({
      disruptionsAllowed: e.disruptionsAllowed,
      currentHealthy: e.currentHealthy,
      desiredHealthy: e.desiredHealthy,
      expectedPods: e.expectedPods,
      disruptedPods: Object.fromEntries(Object.entries(e.disruptedPods ?? {}).map(([k, sec]) => [k, toRFC3339(NOW + sec * 1000)])),
    });
    const cond = s?.conditions?.find((x) => x.type === DisruptionAllowedCondition);
    expect(cond?.status).toBe(e.disruptionsAllowed > 0 ? 'True' : 'False');
  }
}

/** errToString of eviction_test.go: the message, the reason, then each cause's message. */
function errToString(err: ApiError | null): string {
  if (!err) return '';
  let out = `${err.message}: ${err.reason}`;
  for (const cause of err.causes ?? []) {
    if (!out.endsWith(':')) out += ':';
    out += ` ${cause.message}`;
  }
  return out;
}

interface PdbIn {
  name: string;
  selector: { matchLabels?: Record<string, string> };
  disruptionsAllowed: number;
  currentHealthy?: number;
  desiredHealthy?: number;
  unhealthyPodEvictionPolicy?: 'IfHealthyBudget' | 'AlwaysAllow' | null;
  conditions?: { type: string; status: 'True' | 'False'; reason: string }[];
}

/** A store with the budget and validNewPod()s labelled a=true on node foo, at NOW. */
function evictionStore(pdbIn: PdbIn, pods: { name: string; phase?: PodPhase; ready?: boolean; terminating?: boolean }[]) {
  const st = newStoreState();
  const ctx = { now: NOW, prng: seedPrng(1), writes: [] as WatchRecord[] };
  const pdbCreated = createObject(st, ctx, {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: { name: pdbIn.name, namespace: 'default' },
    spec: { selector: pdbIn.selector, ...(pdbIn.unhealthyPodEvictionPolicy ? { unhealthyPodEvictionPolicy: pdbIn.unhealthyPodEvictionPolicy } : {}) },
  } as PodDisruptionBudget);
  if (!pdbCreated.ok) throw new Error('pdb');
  // The fake client's budgets have generation = observedGeneration (0); the store starts at 1.
  updateStatus(st, ctx, pdbCreated.object, 'default/foo', {
    ...(pdbCreated.object.metadata.generation === undefined ? {} : { observedGeneration: pdbCreated.object.metadata.generation }),
    disruptionsAllowed: pdbIn.disruptionsAllowed,
    currentHealthy: pdbIn.currentHealthy ?? 0,
    desiredHealthy: pdbIn.desiredHealthy ?? 0,
    expectedPods: 0,
    ...(pdbIn.conditions ? { conditions: pdbIn.conditions.map((x) => ({ ...x, message: '', lastTransitionTime: toRFC3339(0) })) } : {}),
  });
  for (const p of pods) {
    const made = createObject(st, ctx, {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: p.name, namespace: 'default', labels: { a: 'true' } },
      spec: { nodeName: 'foo', terminationGracePeriodSeconds: 30, containers: [{ name: 'foo', image: 'test' }] },
    } as Pod);
    if (!made.ok) throw new Error('pod');
    updateStatus(st, ctx, made.object, `default/${p.name}`, {
      ...(p.phase ? { phase: p.phase } : {}),
      ...(p.ready === undefined ? {} : { conditions: [{ type: 'Ready', status: p.ready ? 'True' : 'False' }] }),
    });
    if (p.terminating) deleteObject(st, ctx, 'Pod', `default/${p.name}`, { gracePeriodSeconds: 300 });
  }
  return { st, ctx };
}

function runEvict(c: NamedCase): void {
  const input = c.input as {
    pdbs: PdbIn[];
    podName: string;
    podPhase: PodPhase | null;
    podTerminating?: boolean;
    podReady?: boolean | null;
    gracePeriodSeconds: number;
  };
  const exp = c.expected as { error: string; deleted?: boolean };
  const { st, ctx } = evictionStore(input.pdbs[0] as PdbIn, [
    {
      name: input.podName,
      ...(input.podPhase ? { phase: input.podPhase } : {}),
      ...(input.podReady === undefined || input.podReady === null ? {} : { ready: input.podReady }),
      ...(input.podTerminating ? { terminating: true } : {}),
    },
  ]);
  const r = evictPod(st, ctx, 'default', input.podName, { gracePeriodSeconds: input.gracePeriodSeconds });
  expect(errToString(r.code === 201 ? null : r.error)).toBe(exp.error);
  const pod = st.objects.Pod.get(`default/${input.podName}`);
  if (exp.deleted) expect(pod).toBeUndefined();
  if (exp.error !== '') expect(pod?.metadata.deletionTimestamp).toBe(input.podTerminating ? pod?.metadata.deletionTimestamp : undefined);
  else if (!exp.deleted) expect(pod === undefined || pod.metadata.deletionTimestamp !== undefined).toBe(true);
}

function runEvictStatus(c: NamedCase): void {
  const input = c.input as { pdb: PdbIn; pods: string[]; evict: string };
  const exp = c.expected as { disruptionsAllowed: number; reason: string };
  const { st, ctx } = evictionStore(
    input.pdb,
    input.pods.map((name) => ({ name, phase: 'Running' as PodPhase })),
  );
  const r = evictPod(st, ctx, 'default', input.evict);
  expect(r.code).toBe(201);
  const pdb = st.objects.PodDisruptionBudget.get('default/foo') as PodDisruptionBudget;
  expect(pdb.status?.disruptionsAllowed).toBe(exp.disruptionsAllowed);
  expect(pdb.status?.conditions?.find((x) => x.type === DisruptionAllowedCondition)?.reason).toBe(exp.reason);
  expect(getControllerOf(pdb)).toBeUndefined();
}

describe('conformance: pkg/controller/disruption and the eviction subresource', () => {
  it.each(run.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    if (c.function === 'syncPdb') runSync(c);
    else if (c.function === 'evict') runEvict(c);
    else runEvictStatus(c);
  });
  it('runs or lists every case of its functions', () => {
    expect(run.length + skipped.length).toBe(all.length);
    expect(all.length).toBe(51);
  });
});
