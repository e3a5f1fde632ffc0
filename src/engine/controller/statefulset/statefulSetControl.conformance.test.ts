// Conformance: kubernetes pkg/controller/statefulset/stateful_set_control_test.go, as data in
// tests/fixtures/k8s-statefulset-cases.json, replayed on the fake object manager of
// tests/conformance/statefulSetHarness.ts.
import { describe, expect, it } from 'vitest';
import { DRIVERS, casesFor } from '../../../../tests/conformance/statefulSetCases.ts';
import { type Invariants, World, newStatefulSet } from '../../../../tests/conformance/statefulSetHarness.ts';
import { assertBurstInvariants, assertMonotonicInvariants, assertUpdateInvariants, runUpdate } from '../../../../tests/conformance/statefulSetInvariants.ts';
import type { StatefulPod, StatefulSet, StatefulSetPersistentVolumeClaimRetentionPolicy } from '../../api/statefulTypes.ts';
import type { ControllerRevision } from '../../api/types.ts';
import { getStatefulSetRevisions } from './revisionPlan.ts';
import { equalRevision, sortControllerRevisions } from '../history/controllerHistory.ts';
import { applyRevision, newRevision } from './revisions.ts';
import { updateStatefulSetAfterInvariantEstablished } from './statefulSetControl.ts';
import { getOrdinal, isCreated } from './statefulSetUtils.ts';

type Obj = Record<string, unknown>;

/** runTestOverPVCRetentionPolicies' policies by name (null: no policy, treated as Retain). */
const POLICIES: Record<string, StatefulSetPersistentVolumeClaimRetentionPolicy | undefined> = {
  Retain: { whenScaled: 'Retain', whenDeleted: 'Retain' },
  ScaleDownOnly: { whenScaled: 'Delete', whenDeleted: 'Retain' },
  SetDeleteOnly: { whenScaled: 'Retain', whenDeleted: 'Delete' },
  Delete: { whenScaled: 'Delete', whenDeleted: 'Delete' },
};

function withSpec(set: StatefulSet, spec: Partial<StatefulSet['spec']>): StatefulSet {
  return { ...set, spec: { ...set.spec, ...spec } };
}
function withImage(set: StatefulSet, image: string): StatefulSet {
  const t = set.spec.template;
  return withSpec(set, { template: { ...t, spec: { ...t.spec, containers: [{ ...(t.spec.containers[0] ?? { name: 'nginx' }), image }] } } });
}
const images = (w: World) => w.list().map((p) => p.spec.containers[0]?.image);

function setFor(input: Obj, policy: string | null): { set: StatefulSet; inv: Invariants } {
  let set = newStatefulSet((input.replicas as number | undefined) ?? 3);
  set = withSpec(set, { persistentVolumeClaimRetentionPolicy: policy === null ? undefined : POLICIES[policy] });
  const parallel = input.podManagementPolicy === 'Parallel';
  if (parallel) set = withSpec(set, { podManagementPolicy: 'Parallel' });
  return { set, inv: parallel ? assertBurstInvariants : assertMonotonicInvariants };
}

/** The scenarios of TestStatefulSetControl (and their neighbours), one World each. */
function basicScenario(name: string, w: World, inv: Invariants): void {
  const scale = (n: number) => {
    w.set = withSpec(w.set, { replicas: n });
  };
  switch (name) {
    case 'CreatesPods':
      expect(w.scaleUp(inv)).toBeNull();
      return;
    case 'ScalesUp':
      expect(w.scaleUp(inv)).toBeNull();
      scale(4);
      expect(w.scaleUp(inv)).toBeNull();
      return;
    case 'ScalesDown':
      expect(w.scaleUp(inv)).toBeNull();
      scale(0);
      expect(w.scaleDown(inv)).toBeNull();
      return;
    case 'ReplacesPods': {
      scale(5);
      expect(w.scaleUp(inv)).toBeNull();
      for (const o of [0, 2, 4]) w.removePod(o);
      for (const o of [0, 2, 4]) {
        w.sync();
        w.setPodRunning(o);
        w.sync();
        w.setPodReady(o);
      }
      w.sync();
      return;
    }
    case 'RecreatesFailedPod':
    case 'RecreatesSucceededPod': {
      w.sync();
      expect(inv(w)).toBeNull();
      w.setPodPhase(0, name === 'RecreatesFailedPod' ? 'Failed' : 'Succeeded');
      w.sync();
      expect(inv(w)).toBeNull();
      // #123809 (1.30): the terminal pod is only deleted; the next sync creates it again.
      expect(w.list().some((p) => getOrdinal(p) === 0)).toBe(false);
      w.sync();
      const pod0 = w.list().find((p) => getOrdinal(p) === 0) as StatefulPod;
      expect(pod0).toBeDefined();
      expect(isCreated(pod0)).toBe(false);
      expect(inv(w)).toBeNull();
      return;
    }
  }
  throw new Error(`unknown scenario ${name}`);
}

function sequence(input: Obj, expected: Obj): void {
  const scenario = input.scenario as string;
  const policies = (input.retentionPolicies as (string | null)[] | undefined) ?? ['Retain'];
  for (const policy of policies) {
    const { set, inv } = setFor(input, policy);
    const w = new World(set, 11);
    const label = `policy ${policy}`;
    switch (scenario) {
      case 'CreatesPods':
      case 'ScalesUp':
      case 'ScalesDown':
      case 'ReplacesPods':
      case 'RecreatesFailedPod':
      case 'RecreatesSucceededPod':
        basicScenario(scenario, w, inv);
        if (expected.status) expect(w.set.status, label).toMatchObject(expected.status as Obj);
        break;
      case 'StartOrdinal':
        w.set = withSpec(w.set, { ordinals: { start: 2 } });
        expect(w.scaleUp(inv)).toBeNull();
        expect(w.list().map(getOrdinal)).toEqual(expected.ordinals);
        expect(w.set.status).toMatchObject(expected.status as Obj);
        break;
      case 'RollingUpdate':
      case 'Partition':
      case 'OnDelete': {
        if (scenario === 'Partition') w.set = withSpec(w.set, { updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: input.partition as number } } });
        if (scenario === 'OnDelete') w.set = withSpec(w.set, { updateStrategy: { type: 'OnDelete' } });
        expect(w.scaleUp(inv)).toBeNull();
        w.set = withImage(w.set, input.image as string);
        if (input.scaleTo !== undefined) w.set = withSpec(w.set, { replicas: input.scaleTo as number });
        expect(runUpdate(w, assertUpdateInvariants)).toBeNull();
        if (expected.allImages) expect(new Set(images(w))).toEqual(new Set([expected.allImages]));
        if (expected.images) expect(images(w)).toEqual(expected.images);
        if (scenario === 'OnDelete') {
          expect(w.set.status?.currentRevision).not.toBe(w.set.status?.updateRevision);
          const n = w.set.spec.replicas ?? 1;
          w.set = withSpec(w.set, { replicas: 0 });
          expect(w.scaleDown(inv)).toBeNull();
          w.set = withSpec(w.set, { replicas: n });
          expect(w.scaleUp(inv)).toBeNull();
          expect(new Set(images(w))).toEqual(new Set([expected.afterScaleToZeroAndBack]));
        }
        break;
      }
      case 'MaxUnavailable': {
        w.maxUnavailableStatefulSet = true;
        w.set = withSpec(w.set, {
          updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: input.partition as number, maxUnavailable: input.maxUnavailable as number } },
        });
        expect(w.scaleUp(assertBurstInvariants)).toBeNull();
        w.set = withImage(w.set, input.image as string);
        w.sync();
        expect(w.list().map(getOrdinal)).toEqual(expected.afterFirstSync);
        expect(runUpdate(w, assertBurstInvariants)).toBeNull();
        expect(images(w)).toEqual(['nginx', 'nginx', 'nginx', 'foo', 'foo', 'foo']);
        break;
      }
      case 'Availability': {
        w.set = withSpec(w.set, { replicas: 1, minReadySeconds: input.minReadySeconds as number });
        expect(w.scaleUp(assertBurstInvariants)).toBeNull();
        w.nowMs = 10 * 3600_000;
        w.setPodReady(0, w.nowMs - (input.readyMinutesAgo as number) * 60_000);
        expect(w.sync().status.availableReplicas).toBe(expected.availableReplicas);
        break;
      }
      case 'MinReadySeconds': {
        // Scaled up first: with minReadySeconds set, OrderedReady would wait on each pod.
        w.set = withSpec(w.set, { replicas: 2 });
        expect(w.scaleUp(inv)).toBeNull();
        w.set = withSpec(w.set, { minReadySeconds: input.minReadySeconds as number });
        w.nowMs = 100_000;
        for (const o of [0, 1]) w.setPodReady(o, w.nowMs - (input.readySecondsAgo as number) * 1000);
        w.set = withImage(w.set, 'foo');
        const before = w.sync();
        expect(before.status.availableReplicas).toBe(expected.beforeAvailable);
        expect(before.actions.filter((a) => a.op === 'deletePod').length).toBe(expected.beforeDeletes);
        for (const o of [0, 1]) w.setPodReady(o, w.nowMs - (input.then as number) * 1000);
        expect(w.sync().status.availableReplicas).toBe(expected.afterAvailable);
        break;
      }
      case 'ParallelScale': {
        let set = withSpec(newStatefulSet(0), { podManagementPolicy: 'Parallel' });
        const tmpl = set.spec.volumeClaimTemplates?.[0];
        if (tmpl) set = withSpec(set, { volumeClaimTemplates: [{ ...tmpl, metadata: { ...tmpl.metadata, labels: { test: 'test' } } }] });
        const pw = new World(set, 3);
        const up = (n: number) => {
          pw.set = withSpec(pw.set, { replicas: n });
          let loops = 0;
          while ((pw.set.status?.replicas ?? 0) < n) {
            if (++loops > (expected.maxSyncs as number)) throw new Error(`more than ${expected.maxSyncs} syncs`);
            for (const p of pw.list()) if ((p.status?.phase ?? '') === '') pw.setPodPending(getOrdinal(p));
            pw.sync();
          }
        };
        const down = (n: number) => {
          pw.set = withSpec(pw.set, { replicas: n });
          let loops = 0;
          while ((pw.set.status?.replicas ?? 0) > n) {
            if (++loops > (expected.maxSyncs as number)) throw new Error(`more than ${expected.maxSyncs} loops`);
            const pods = pw.list();
            pw.sync(pods);
            pw.sync(pods);
          }
        };
        up(input.from as number);
        if ((input.to as number) > (input.from as number)) up(input.to as number);
        else down(input.to as number);
        expect(pw.set.status?.replicas).toBe(input.to);
        expect(assertBurstInvariants(pw)).toBeNull();
        break;
      }
      case 'Rollback': {
        expect(w.scaleUp(inv)).toBeNull();
        const original = w.set;
        w.set = withImage(w.set, input.image as string);
        expect(runUpdate(w, assertUpdateInvariants)).toBeNull();
        const first = sortControllerRevisions(w.revisions).find((r) => equalRevision(r, newRevision(original, r.revision, 0)));
        expect(first).toBeDefined();
        w.set = applyRevision(w.set, first as ControllerRevision);
        expect(runUpdate(w, assertUpdateInvariants)).toBeNull();
        expect(new Set(images(w))).toEqual(new Set([expected.allImages]));
        break;
      }
      default:
        throw new Error(`unknown scenario ${scenario}`);
    }
  }
}

/** TestStatefulSetControl_getSetRevisions: rev0, rev1 (image foo) and rev2 (+ template label new=label). */
function getSetRevisionsCase(input: Obj, expected: Obj): void {
  const set = { ...newStatefulSet(3), status: { replicas: 0, collisionCount: 0 } };
  const rev0 = newRevision(set, 1, 0);
  const set1: StatefulSet = { ...withImage(set, 'foo'), status: { replicas: 0, collisionCount: 0, currentRevision: rev0.metadata.name } };
  const rev1 = newRevision(set1, 2, 0);
  const t1 = set1.spec.template;
  const set2: StatefulSet = withSpec(set1, { template: { ...t1, metadata: { ...t1.metadata, labels: { ...(t1.metadata?.labels ?? {}), new: 'label' } } } });
  const rev2 = newRevision(set2, 3, 0);
  const byName: Record<string, ControllerRevision> = { rev0, rev1, rev2 };
  const existing = (input.existing as string[]).map((n) => byName[n] as ControllerRevision);
  const target = input.set === 'set' ? set : set1;
  const got = getStatefulSetRevisions(target, existing, (n) => existing.find((r) => r.metadata.name === n));
  const count = existing.length + (got.write.kind === 'create' ? 1 : 0);
  expect(count).toBe(expected.count);
  expect(equalRevision(got.current, byName[expected.current as string] as ControllerRevision)).toBe(true);
  expect(equalRevision(got.update, byName[expected.update as string] as ControllerRevision)).toBe(true);
  expect(got.update.revision).toBe(expected.updateRevision);
}

function invariantCase(input: Obj, expected: Obj): void {
  const w = new World(
    withSpec(newStatefulSet(input.replicas as number), {
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: input.partition as number, maxUnavailable: input.maxUnavailable as number } },
    }),
  );
  expect(w.scaleUp(assertBurstInvariants)).toBeNull();
  for (const o of input.terminating as number[]) w.addTerminatingPod(o);
  const pods = w.list();
  const r = updateStatefulSetAfterInvariantEstablished(withImage(w.set, 'foo'), pods, input.updateRevision as string, { replicas: input.replicas as number }, w.nowMs);
  expect(pods.length - r.actions.filter((a) => a.op === 'deletePod').length).toBe(expected.podsAfter);
}

function limitsHistory(input: Obj, expected: Obj): void {
  for (const mode of ['OrderedReady', 'Parallel']) {
    const w = new World(withSpec(newStatefulSet(input.replicas as number), { podManagementPolicy: mode, revisionHistoryLimit: input.revisionHistoryLimit as number }));
    expect(w.scaleUp(mode === 'Parallel' ? assertBurstInvariants : assertMonotonicInvariants)).toBeNull();
    for (let i = 0; i < (input.updates as number); i++) {
      w.set = withImage(w.set, `foo-${i}`);
      expect(runUpdate(w, assertUpdateInvariants)).toBeNull();
      w.sync();
      expect(w.revisions.length, `${mode} update ${i}`).toBeLessThanOrEqual(expected.maxRevisions as number);
    }
  }
}

const run: Record<string, (i: Obj, e: Obj) => void> = {
  'UpdateStatefulSet(sequence)': sequence,
  getStatefulSetRevisions: getSetRevisionsCase,
  updateStatefulSetAfterInvariantEstablished: invariantCase,
  truncateHistory: limitsHistory,
};

describe('stateful_set_control_test.go conformance', () => {
  const cases = casesFor(DRIVERS.control);
  it('has a driver for every function of its tables', () => {
    for (const c of cases) expect(run[c.function], c.function).toBeTypeOf('function');
  });
  for (const c of cases) {
    it(c.name, () => (run[c.function] as (i: Obj, e: Obj) => void)(c.input, c.expected));
  }
});
