// Conformance: kubernetes pkg/controller/statefulset/stateful_set_utils_test.go, as data in
// tests/fixtures/k8s-statefulset-cases.json (see its provenance block).
import { describe, expect, it } from 'vitest';
import { newStatefulSet } from '../../../../tests/conformance/statefulSetHarness.ts';
import { DRIVERS, allFunctions, casesFor } from '../../../../tests/conformance/statefulSetCases.ts';
import type { PersistentVolumeClaim, StatefulPod, StatefulSet } from '../../api/statefulTypes.ts';
import type { IntOrString, OwnerReference } from '../../api/types.ts';
import { nextInt, seedPrng } from '../../lib/prng.ts';
import {
  addControllerRef,
  controllerKind,
  getPersistentVolumeClaimRetentionPolicy,
  hasNonControllerOwner,
  hasOwnerRef,
  hasStaleOwnerRef,
  hasUnexpectedController,
  isClaimOwnerUpToDate,
  matchesRef,
  ownerRefsChanged,
  podKind,
  updateClaimOwnerRefForSetAndPod,
} from './claimOwnership.ts';
import { equalRevision } from '../history/controllerHistory.ts';
import { applyRevision, newRevision } from './revisions.ts';
import {
  ascendingOrdinal,
  getClaimPodName,
  getOrdinal,
  getParentNameAndOrdinal,
  getPersistentVolumeClaims,
  getStatefulSetMaxUnavailable,
  identityMatches,
  isMemberOf,
  isRunningAndReady,
  newStatefulSetPod,
  storageMatches,
  updateIdentity,
  updateStorage,
} from './statefulSetUtils.ts';

type Obj = Record<string, unknown>;
const named = (name: string) => ({ metadata: { name } });
/** A bare set or pod with a name and uid, as the Go tests build them. */
function bareSet(o: { name: string; uid: string }, replicas = 1, policy?: Obj): StatefulSet {
  const set = newStatefulSet(replicas, o.name);
  return { ...set, metadata: { name: o.name, uid: o.uid }, spec: { ...set.spec, persistentVolumeClaimRetentionPolicy: policy as StatefulSet['spec']['persistentVolumeClaimRetentionPolicy'] } };
}
const barePod = (o: { name: string; uid: string }): StatefulPod => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: o.name, uid: o.uid }, spec: { containers: [] } });
const claimWith = (refs: OwnerReference[]): PersistentVolumeClaim => ({ metadata: { name: 'target-claim', ownerReferences: refs }, spec: {} });

/** The pod mutations the Go tests make on newStatefulSetPod(set, 1). */
function mutate(pod: StatefulPod, m: Obj | null | undefined): StatefulPod {
  if (!m) return pod;
  let p = pod;
  if ('name' in m) p = { ...p, metadata: { ...p.metadata, name: m.name as string } };
  if ('namespace' in m) p = { ...p, metadata: { ...p.metadata, namespace: m.namespace as string } };
  if ('deleteLabel' in m) {
    const labels = { ...(p.metadata.labels ?? {}) };
    delete labels[m.deleteLabel as string];
    p = { ...p, metadata: { ...p.metadata, labels } };
  }
  if ('volumes' in m) p = { ...p, spec: { ...p.spec, volumes: undefined } };
  if ('claimSources' in m) p = { ...p, spec: { ...p.spec, volumes: (p.spec.volumes ?? []).map(({ persistentVolumeClaim: _c, ...v }) => v) } };
  if ('claimName' in m) {
    const volumes = (p.spec.volumes ?? []).map((v) => (v.persistentVolumeClaim ? { ...v, persistentVolumeClaim: { claimName: m.claimName as string } } : v));
    p = { ...p, spec: { ...p.spec, volumes } };
  }
  return p;
}

const run: Record<string, (input: Obj, expected: Obj) => void> = {
  getParentNameAndOrdinal: (i, e) => {
    const pod = i.podName ? named(i.podName as string) : newStatefulSetPod(newStatefulSet(3), i.podOrdinal as number);
    expect(getParentNameAndOrdinal(pod)).toEqual(e);
  },
  getClaimPodName: (i, e) => expect(getClaimPodName(newStatefulSet(1, i.set as string), { metadata: { name: i.claim as string }, spec: {} })).toBe(e.pod),
  isMemberOf: (i, e) => {
    const pod = newStatefulSetPod(newStatefulSet(3, i.podOf as string), i.podOrdinal as number);
    expect(isMemberOf(newStatefulSet(3, i.set as string), pod)).toBe(e.member);
  },
  identityMatches: (i, e) => {
    const set = newStatefulSet(3);
    expect(identityMatches(set, mutate(newStatefulSetPod(set, 1), i.mutate as Obj))).toBe(e.matches);
  },
  storageMatches: (i, e) => {
    const set = newStatefulSet(3);
    expect(storageMatches(set, mutate(newStatefulSetPod(set, 1), i.mutate as Obj))).toBe(e.matches);
  },
  updateIdentity: (i, e) => {
    const set = newStatefulSet(3);
    const pod = mutate(newStatefulSetPod(set, 1), i.mutate as Obj);
    expect(identityMatches(set, pod)).toBe(e.matchesBefore);
    expect(identityMatches(set, updateIdentity(set, pod))).toBe(e.matchesAfter);
  },
  updateStorage: (i, e) => {
    const set = newStatefulSet(3);
    const pod = mutate(newStatefulSetPod(set, 1), i.mutate as Obj);
    expect(storageMatches(set, pod)).toBe(e.matchesBefore);
    expect(storageMatches(set, updateStorage(set, pod))).toBe(e.matchesAfter);
  },
  getPersistentVolumeClaimRetentionPolicy: (i, e) =>
    expect(getPersistentVolumeClaimRetentionPolicy(bareSet({ name: 'set', uid: '' }, 1, i.policy as Obj))).toEqual(e),
  matchesRef: (i, e) => expect(matchesRef(i.ref as OwnerReference, { metadata: i.obj as { name: string; uid: string } }, podKind)).toBe(e.matches),
  isClaimOwnerUpToDate: (i, e) => {
    const set = bareSet(i.set as { name: string; uid: string }, i.replicas as number, { whenScaled: i.whenScaled, whenDeleted: i.whenDeleted });
    const pod = barePod(i.pod as { name: string; uid: string });
    for (const other of [false, true])
      for (const podRef of [false, true])
        for (const setRef of [false, true]) {
          let refs: OwnerReference[] = [];
          if (podRef) refs = addControllerRef(refs, pod, podKind);
          if (setRef) refs = addControllerRef(refs, set, controllerKind);
          if (other) {
            refs.push({ name: 'rand1', apiVersion: 'v1', kind: 'Pod', uid: 'rand1-uid' }, { name: 'rand2', apiVersion: 'v1', kind: 'Pod', uid: 'rand2-uid' });
          }
          const want = podRef === e.needsPodRef && setRef === e.needsSetRef;
          expect(isClaimOwnerUpToDate(claimWith(refs), set, pod), `pod=${podRef} set=${setRef} others=${other}`).toBe(want);
        }
  },
  'isClaimOwnerUpToDate.edge': (i, e) => {
    const set = bareSet(i.set as { name: string; uid: string }, i.replicas as number, i.policy as Obj);
    expect(isClaimOwnerUpToDate(claimWith(i.ownerRefs as OwnerReference[]), set, barePod(i.pod as { name: string; uid: string }))).toBe(e.upToDate);
  },
  updateClaimOwnerRefForSetAndPod: (i, e) => {
    const set = bareSet(i.set as { name: string; uid: string }, i.replicas as number, { whenScaled: i.whenScaled, whenDeleted: i.whenDeleted });
    const pod = barePod(i.pod as { name: string; uid: string });
    for (let v = 0; v < 8; v++) {
      let refs: OwnerReference[] = [];
      if (v & 1) refs = addControllerRef(refs, pod, podKind);
      if (v & 2) refs = addControllerRef(refs, set, controllerKind);
      if ((v & 3) !== 0) refs.push({ apiVersion: 'custom/v1', kind: 'random', name: 'random', uid: 'abc' });
      if (i.unexpectedController) refs.push({ apiVersion: 'custom/v1', kind: 'Unknown', name: 'unknown', uid: 'xyz', controller: true });
      const after = updateClaimOwnerRefForSetAndPod(claimWith(refs), set, pod);
      const check = (uid: string) => after.find((r) => r.uid === uid)?.controller === true;
      expect(check('pod-456'), `variation ${v} pod ref`).toBe(e.needsPodRef);
      expect(check('ss-123'), `variation ${v} set ref`).toBe(e.needsSetRef);
    }
  },
  'updateClaimOwnerRefForSetAndPod.refs': (i, e) => {
    const set = bareSet(i.set as { name: string; uid: string }, i.replicas as number, i.policy as Obj);
    const got = updateClaimOwnerRefForSetAndPod(claimWith(i.originalRefs as OwnerReference[]), set, barePod(i.pod as { name: string; uid: string }));
    expect(ownerRefsChanged(e.refs as OwnerReference[], got)).toBe(false);
  },
  hasOwnerRef: (i, e) => expect(hasOwnerRef({ metadata: { ownerReferences: i.targetRefs as OwnerReference[] } }, { metadata: { name: '', uid: i.ownerUID as string } })).toBe(e.hasRef),
  hasUnexpectedController: (i, e) => {
    const pod = barePod(i.pod as { name: string; uid: string });
    const claim = claimWith(i.refs as OwnerReference[]);
    expect(hasUnexpectedController(claim, bareSet(i.set as { name: string; uid: string }), pod)).toBe(false);
    for (const policy of [
      { whenDeleted: 'Retain', whenScaled: 'Delete' },
      { whenDeleted: 'Delete', whenScaled: 'Retain' },
      { whenDeleted: 'Delete', whenScaled: 'Delete' },
    ]) {
      expect(hasUnexpectedController(claim, bareSet(i.set as { name: string; uid: string }, 1, policy), pod)).toBe(e.unexpectedController);
    }
  },
  hasNonControllerOwner: (i, e) =>
    expect(hasNonControllerOwner(claimWith(i.refs as OwnerReference[]), bareSet(i.set as { name: string; uid: string }), barePod(i.pod as { name: string; uid: string }))).toBe(e.nonController),
  hasStaleOwnerRef: (i, e) => expect(hasStaleOwnerRef(claimWith(i.targetRefs as OwnerReference[]), { metadata: i.owner as { name: string; uid: string } }, podKind)).toBe(e.stale),
  isRunningAndReady: (i, e) => {
    const pod = newStatefulSetPod(newStatefulSet(3), 1);
    const status: StatefulPod['status'] = {};
    if (i.phase) status.phase = i.phase as 'Running';
    if (i.readyCondition) status.conditions = [{ type: 'Ready', status: 'True' }];
    expect(isRunningAndReady({ ...pod, status })).toBe(e.runningAndReady);
  },
  ascendingOrdinal: () => {
    const set = newStatefulSet(10);
    const prng = seedPrng(7);
    for (let round = 0; round < 20; round++) {
      const ords = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
      for (let k = ords.length - 1; k > 0; k--) {
        const j = nextInt(prng, k + 1);
        [ords[k], ords[j]] = [ords[j] as number, ords[k] as number];
      }
      expect(ascendingOrdinal(ords.map((o) => newStatefulSetPod(set, o))).map(getOrdinal)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    }
  },
  newStatefulSetPod: (_i, e) => {
    const refs = newStatefulSetPod(newStatefulSet(1), 0).metadata.ownerReferences ?? [];
    expect(refs.find((r) => r.controller)).toMatchObject(e.controllerRef as Obj);
  },
  applyRevision: (i, e) => {
    const set = { ...newStatefulSet(1), status: { replicas: 0, collisionCount: 0 } };
    const then = i.then as Obj;
    const revision = newRevision(set, 1, 0);
    if ('containerName' in then) {
      const changed: StatefulSet = {
        ...set,
        metadata: { ...set.metadata, annotations: then.annotations as Record<string, string> },
        spec: { ...set.spec, template: { ...set.spec.template, spec: { ...set.spec.template.spec, containers: [{ name: 'foo', image: 'nginx' }] } } },
      };
      const restored = applyRevision(changed, revision);
      const restoredRevision = newRevision(restored, 2, restored.status?.collisionCount ?? null);
      expect(equalRevision(revision, restoredRevision)).toBe(e.equalRevision);
      expect(restoredRevision.metadata.annotations).toEqual(e.restoredAnnotations);
      return;
    }
    const updated: StatefulSet = {
      ...set,
      spec: { ...set.spec, template: { ...set.spec.template, spec: { ...set.spec.template.spec, containers: [{ name: 'nginx', image: 'nginx', env: then.env as { name: string; value: string }[] }] } } },
    };
    const updateRevision = newRevision(updated, 2, 0);
    expect(applyRevision(updated, revision).spec.template).toEqual(set.spec.template);
    expect(applyRevision(updated, updateRevision).spec.template).toEqual(updated.spec.template);
  },
  getPersistentVolumeClaims: (i, e) => {
    const base = newStatefulSet(1);
    const tmpl = (base.spec.volumeClaimTemplates ?? [])[0] as PersistentVolumeClaim;
    const set: StatefulSet = {
      ...base,
      spec: {
        ...base.spec,
        selector: i.selectorMatchLabels ? { matchLabels: i.selectorMatchLabels as Record<string, string> } : {},
        volumeClaimTemplates: [i.templateLabels ? { ...tmpl, metadata: { ...tmpl.metadata, labels: i.templateLabels as Record<string, string> } } : tmpl],
      },
    };
    expect(Object.fromEntries(getPersistentVolumeClaims(set, named('foo-0')))).toEqual(e.claims);
  },
  getStatefulSetMaxUnavailable: (i, e) =>
    expect(getStatefulSetMaxUnavailable(i.maxUnavailable as IntOrString | null, i.replicaCount as number)).toBe(e.maxUnavailable),
  ownerRefsChanged: (i, e) => {
    const toRefs = (s: string[]) => s.map((x) => {
      const [apiVersion, kind, name] = x.split('/') as [string, string, string];
      return { apiVersion, kind, name, uid: '' };
    });
    expect(ownerRefsChanged(toRefs(i.orig as string[]), toRefs(i.new as string[]))).toBe(e.changed);
  },
};

describe('stateful_set_utils_test.go conformance', () => {
  const cases = casesFor(DRIVERS.utils);
  it('has a driver for every function of its tables', () => {
    expect(cases.length).toBeGreaterThan(0);
    for (const c of cases) expect(run[c.function], c.function).toBeTypeOf('function');
  });
  for (const c of cases) {
    it(`${c.function}: ${c.name}`, () => (run[c.function] as (i: Obj, e: Obj) => void)(c.input, c.expected));
  }
});

describe('k8s-statefulset-cases.json', () => {
  it('names only functions some driver runs (utils, control, validation, kubectl)', () => {
    const driven = new Set<string>(Object.values(DRIVERS).flat());
    expect(allFunctions().filter((f) => !driven.has(f))).toEqual([]);
  });
});
