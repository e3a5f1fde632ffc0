// Objects the StatefulSet unit tests share: a set `web` with a `www` claim template, its two
// revisions (image nginx:1 and nginx:2) and pods in a given state at either revision.
import type { PersistentVolumeClaim, StatefulPod, StatefulSet } from '../../api/statefulTypes.ts';
import type { ControllerRevision } from '../../api/types.ts';
import { toRFC3339 } from '../../lib/time.ts';
import type { StepContext } from './processReplica.ts';
import { newRevision } from './revisions.ts';
import { newStatefulSetPod, setPodRevision } from './statefulSetUtils.ts';

export function web(replicas = 3, spec: Partial<StatefulSet['spec']> = {}): StatefulSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name: 'web', namespace: 'default', uid: 'web-uid', generation: 1 },
    spec: {
      replicas,
      selector: { matchLabels: { app: 'web' } },
      serviceName: 'web',
      podManagementPolicy: 'OrderedReady',
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 0 } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1' }] } },
      volumeClaimTemplates: [{ metadata: { name: 'www' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }],
      ...spec,
    },
  };
}

export function withImage(set: StatefulSet, image: string): StatefulSet {
  const t = set.spec.template;
  return { ...set, spec: { ...set.spec, template: { ...t, spec: { ...t.spec, containers: [{ name: 'nginx', image }] } } } };
}

/** The revisions of web at nginx:1 (#1) and nginx:2 (#2). */
export function revisions(set: StatefulSet): { v1: ControllerRevision; v2: ControllerRevision } {
  return { v1: newRevision(withImage(set, 'nginx:1'), 1, 0), v2: newRevision(withImage(set, 'nginx:2'), 2, 0) };
}

export type PodState = 'Pending' | 'Running' | 'Ready' | 'Failed' | 'Succeeded' | 'Terminating';

/** A pod of `set` at `revision`, in `state`; Ready since `readySinceMs` (0 by default). */
export function pod(set: StatefulSet, ordinal: number, revision: ControllerRevision, state: PodState, readySinceMs = 0): StatefulPod {
  const { $patch: _p, ...template } = revision.data.spec.template;
  const p = setPodRevision(newStatefulSetPod({ ...set, spec: { ...set.spec, template: template as StatefulSet['spec']['template'] } }, ordinal), revision.metadata.name);
  const withUid = { ...p, metadata: { ...p.metadata, uid: `${p.metadata.name}-uid` } };
  const ready = state === 'Ready' || state === 'Terminating';
  const phase = state === 'Ready' || state === 'Terminating' ? 'Running' : state;
  return {
    ...withUid,
    metadata: state === 'Terminating' ? { ...withUid.metadata, deletionTimestamp: toRFC3339(0) } : withUid.metadata,
    status: {
      phase,
      conditions: [{ type: 'Ready', status: ready ? 'True' : 'False', lastTransitionTime: toRFC3339(readySinceMs) }],
    },
  };
}

/** A claim lookup over a list. */
export function claimsOf(list: PersistentVolumeClaim[]): (ns: string, name: string) => PersistentVolumeClaim | undefined {
  return (_ns, name) => list.find((c) => c.metadata.name === name);
}

/**
 * stepContext is a StepContext over `set` with nothing missing, no claims, no placeholder and
 * empty action and decision lists, at 15 s (`more` overrides any field).
 */
export function stepContext(set: StatefulSet, monotonic: boolean, more: Partial<StepContext> = {}): StepContext {
  return {
    set,
    start: 0,
    missing: 0,
    sets: { current: () => set, update: () => set },
    monotonic,
    placeholder: null,
    nowMs: 15_000,
    claims: () => undefined,
    actions: [],
    log: [],
    phase: 'replicas',
    batch: 0,
    ...more,
  };
}
