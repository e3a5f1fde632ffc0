// A tiny UpdateStatefulSet on top of the pure StatefulSet plans, shaped like the fake object
// manager of kubernetes pkg/controller/statefulset/stateful_set_control_test.go, so its
// sequential tests can be replayed: a created pod lands at once with phase "" and uid
// `<name>-uid`, a deleted pod vanishes at once, status is written straight onto the set.
import type { DecisionLog } from '../../src/engine/api/decision.ts';
import type { PersistentVolumeClaim, StatefulPod, StatefulSet } from '../../src/engine/api/statefulTypes.ts';
import type { ControllerRevision } from '../../src/engine/api/types.ts';
import { updatePodClaimForRetentionPolicy } from '../../src/engine/controller/statefulset/podClaims.ts';
import { getStatefulSetRevisions, truncateHistoryPlan } from '../../src/engine/controller/statefulset/revisionPlan.ts';
import { type UpdateStatefulSetPlan, updateStatefulSetPlan } from '../../src/engine/controller/statefulset/statefulSetControl.ts';
import { ascendingOrdinal, getClaimPodName, getOrdinal, newStatefulSetPod } from '../../src/engine/controller/statefulset/statefulSetUtils.ts';
import { type PrngState, nextInt, seedPrng } from '../../src/engine/lib/prng.ts';
import { toRFC3339 } from '../../src/engine/lib/time.ts';

/** newStatefulSet(n) of stateful_set_utils_test.go: set foo, claim template datadir, a hostPath volume home. */
export function newStatefulSet(replicas: number, name = 'foo'): StatefulSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name, namespace: 'default', uid: 'test' },
    spec: {
      selector: { matchLabels: { foo: 'bar' } },
      replicas,
      template: {
        metadata: { labels: { foo: 'bar' } },
        spec: { containers: [{ name: 'nginx', image: 'nginx' }], volumes: [{ name: 'home', hostPath: { path: '/tmp/home' } }] },
      },
      volumeClaimTemplates: [{ metadata: { name: 'datadir', namespace: 'default' }, spec: { resources: { requests: { storage: '1' } } } }],
      serviceName: 'governingsvc',
      updateStrategy: { type: 'RollingUpdate' },
      persistentVolumeClaimRetentionPolicy: { whenScaled: 'Retain', whenDeleted: 'Retain' },
      revisionHistoryLimit: 2,
    },
  };
}

export type Invariants = (w: World) => string | null;

/** The fake cluster one test drives. */
export class World {
  set: StatefulSet;
  pods = new Map<string, StatefulPod>();
  claims = new Map<string, PersistentVolumeClaim>();
  revisions: ControllerRevision[] = [];
  nowMs = 0;
  maxUnavailableStatefulSet = false;
  rng: PrngState;
  syncs = 0;
  creates = 0;
  deletes = 0;
  log: DecisionLog = [];

  constructor(set: StatefulSet, seed = 1) {
    this.set = set;
    this.rng = seedPrng(seed);
  }

  /** The pods in ascending ordinal order, as the tests list and sort them. */
  list(): StatefulPod[] {
    return ascendingOrdinal([...this.pods.values()]);
  }

  claimLookup = (_ns: string, name: string) => this.claims.get(name);

  /** One UpdateStatefulSet: revisions, the plan carried out, status written, history truncated. */
  sync(pods: readonly StatefulPod[] = this.list()): UpdateStatefulSetPlan {
    this.syncs++;
    const listed = [...this.revisions];
    const revs = getStatefulSetRevisions(this.set, listed, (n) => this.revisions.find((r) => r.metadata.name === n), this.log);
    if (revs.write.kind === 'create') this.revisions.push(revs.write.revision);
    if (revs.write.kind === 'renumber') {
      const renumbered = revs.write.revision;
      this.revisions = this.revisions.map((r) => (r.metadata.name === renumbered.metadata.name ? renumbered : r));
    }
    const plan = updateStatefulSetPlan(
      {
        set: this.set,
        pods,
        currentRevision: revs.current,
        updateRevision: revs.update,
        collisionCount: revs.collisionCount,
        nowMs: this.nowMs,
        claims: this.claimLookup,
        maxUnavailableStatefulSet: this.maxUnavailableStatefulSet,
      },
      this.log,
    );
    for (const a of plan.actions) this.apply(a);
    if (plan.statusWrite) this.set = { ...this.set, status: plan.statusWrite };
    const trunc = truncateHistoryPlan(this.set, pods as StatefulPod[], listed, revs.current, revs.update);
    this.revisions = this.revisions.filter((r) => !trunc.deletes.includes(r.metadata.name));
    return plan;
  }

  private apply(a: UpdateStatefulSetPlan['actions'][number]): void {
    switch (a.op) {
      case 'createPod': {
        for (const c of a.claims) this.claims.set(c.metadata.name, c);
        const pod = { ...a.pod, metadata: { ...a.pod.metadata, uid: `${a.pod.metadata.name}-uid` } };
        this.pods.set(pod.metadata.name, pod);
        this.creates++;
        // CreateStatefulPod then sets the claims' owners for the pod it just created.
        for (const c of updatePodClaimForRetentionPolicy(this.set, pod, this.claimLookup).updates) this.claims.set(c.metadata.name, c);
        return;
      }
      case 'deletePod':
        this.pods.delete(a.pod);
        this.deletes++;
        return;
      case 'updatePod':
      case 'createClaims':
        for (const c of a.claims) this.claims.set(c.metadata.name, c);
        if (a.op === 'updatePod') this.pods.set(a.pod.metadata.name, a.pod);
        return;
      case 'updateClaims':
        for (const c of a.claims) this.claims.set(c.metadata.name, c);
        return;
    }
  }

  private patch(ordinal: number, f: (p: StatefulPod) => StatefulPod): void {
    const pod = this.list().find((p) => getOrdinal(p) === ordinal);
    if (!pod) throw new Error(`pod ordinal ${ordinal} not found`);
    this.pods.set(pod.metadata.name, f(pod));
  }

  setPodPending(ord: number): void {
    this.patch(ord, (p) => ({ ...p, status: { ...p.status, phase: 'Pending' } }));
  }
  setPodRunning(ord: number): void {
    this.patch(ord, (p) => ({ ...p, status: { ...p.status, phase: 'Running' } }));
  }
  setPodPhase(ord: number, phase: 'Failed' | 'Succeeded'): void {
    this.patch(ord, (p) => ({ ...p, status: { ...p.status, phase } }));
  }
  /**
   * setPodReady / setPodAvailable: the Ready condition True since `sinceMs`; by default since now,
   * as podutil.UpdatePodCondition stamps a changed condition (a condition already True keeps its time).
   */
  setPodReady(ord: number, sinceMs?: number): void {
    this.patch(ord, (p) => {
      const old = p.status?.conditions?.find((c) => c.type === 'Ready');
      const others = (p.status?.conditions ?? []).filter((c) => c.type !== 'Ready');
      const since = sinceMs ?? (old?.status === 'True' && old.lastTransitionTime ? undefined : this.nowMs);
      const ready = { type: 'Ready' as const, status: 'True' as const, lastTransitionTime: since === undefined ? old?.lastTransitionTime : toRFC3339(since) };
      return { ...p, status: { ...p.status, conditions: [...others, ready] } };
    });
  }
  /** addTerminatingPod: a fresh Running, Ready pod at the ordinal with a deletionTimestamp. */
  addTerminatingPod(ord: number): void {
    const pod = newStatefulSetPod(this.set, ord);
    this.pods.set(pod.metadata.name, {
      ...pod,
      metadata: { ...pod.metadata, uid: `${pod.metadata.name}-uid`, deletionTimestamp: toRFC3339(this.nowMs) },
      status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] },
    });
  }
  removePod(ord: number): void {
    const pod = this.list().find((p) => getOrdinal(p) === ord);
    if (pod) this.pods.delete(pod.metadata.name);
  }

  /** scaleUpStatefulSetControl: until all replicas are Ready, phase "" → Pending, a random pod one step on, one sync. */
  scaleUp(invariants: Invariants, limit = 10_000): string | null {
    const replicas = () => this.set.spec.replicas ?? 1;
    for (let n = 0; (this.set.status?.readyReplicas ?? 0) < replicas(); n++) {
      if (n > limit) return 'scaleUp did not converge';
      let pods = this.list();
      const fresh = pods.find((p) => (p.status?.phase ?? '') === '');
      if (fresh) this.setPodPending(getOrdinal(fresh));
      pods = this.list();
      if (pods.length > 0) {
        const pod = pods[nextInt(this.rng, pods.length)] as StatefulPod;
        const phase = pod.status?.phase;
        if (phase === 'Pending') this.setPodRunning(getOrdinal(pod));
        else if (phase === 'Running') this.setPodReady(getOrdinal(pod));
        else continue;
      }
      this.sync();
      const err = invariants(this);
      if (err) return err;
    }
    return invariants(this);
  }

  /** scaleDownStatefulSetControl: sync, mark the highest pod terminating, sync, remove it, sync. */
  scaleDown(invariants: Invariants, limit = 10_000): string | null {
    for (let n = 0; (this.set.status?.replicas ?? 0) > (this.set.spec.replicas ?? 1); n++) {
      if (n > limit) return 'scaleDown did not converge';
      let pods = this.list();
      const last = pods[pods.length - 1];
      if (last) {
        this.sync(pods);
        this.addTerminatingPod(getOrdinal(last));
        this.sync(this.list());
        pods = this.list();
        const top = pods[pods.length - 1];
        if (top) this.pods.delete(top.metadata.name);
      }
      this.sync(pods);
      const err = invariants(this);
      if (err) return err;
    }
    // The garbage collector's part: claims owned by a pod that is gone.
    const live = new Set(this.list().map((p) => p.metadata.name));
    for (const [name, c] of this.claims) {
      const podName = getClaimPodName(this.set, c);
      if (podName && !live.has(podName) && (c.metadata.ownerReferences ?? []).some((r) => r.name === podName)) this.claims.delete(name);
    }
    return invariants(this);
  }
}
