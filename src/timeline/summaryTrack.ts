/**
 * SummaryTrack: what the run summary (summary.ts, DESIGN.md §10) is computed from, gathered tick
 * by tick from the object writes — a short list of workload events (a template change starts a
 * rollout; revision, rollout-status verdict, replicas, minReadySeconds, deletion) and the pod
 * counts of every workload each time they changed (sampleLog.ts). It keeps no object history: a
 * headless run (headless.ts) feeds it the same records and drops them.
 *
 * Invariants: events and samples are in tick order; a workload's state (its template, verdict,
 * replicas, revision, minReadySeconds) is the fold of its events, so a fork's truncate restores
 * it by dropping events; the pod counts are rebuilt from the engine's store at the next tick.
 */
import { RevisionAnnotation } from '../engine/api/constants.ts';
import type { ControllerRevision, DaemonSet, Deployment, Pod, ReplicaSet } from '../engine/api/types.ts';
import { getControllerOf } from '../engine/api/ownerRefs.ts';
import { jsonEqual } from '../engine/apiserver/store.ts';
import { daemonSetStatusViewer, deploymentStatusViewer } from '../engine/kubectl/rolloutStatus.ts';
import { statefulSetStatusViewer } from '../engine/kubectl/rolloutStatusStatefulSet.ts';
import type { StatefulSet } from '../engine/api/statefulTypes.ts';

/** The workloads whose rollouts the summary follows. */
type Workload = Deployment | DaemonSet | StatefulSet;
import type { EngineState, TickRecord } from '../engine/sim.ts';
import { PodTally } from './podTally.ts';
import { SampleLog } from './sampleLog.ts';
import type { Track } from './timeline.ts';
import { TrafficTrack } from './trafficTrack.ts';

interface EventBase {
  tick: number;
  /** Virtual ms. */
  ms: number;
  /** The workload's index in SummaryLog.workloads. */
  w: number;
}

/** One thing that happened to a workload, as the summary needs it. */
export type SummaryEvent =
  /** The template changed (or the workload was created): a rollout starts. */
  | (EventBase & { type: 'start'; uid: string; template: unknown })
  /** The newest revision among the workload's ReplicaSets / ControllerRevisions grew. */
  | (EventBase & { type: 'revision'; revision: number })
  /** kubectl rollout status's verdict changed: done, and whether the progress deadline was exceeded. */
  | (EventBase & { type: 'status'; done: boolean; deadline: boolean })
  /** spec.replicas (a DaemonSet: status.desiredNumberScheduled) changed. */
  | (EventBase & { type: 'replicas'; replicas: number })
  | (EventBase & { type: 'minReady'; seconds: number })
  | (EventBase & { type: 'gone' });

/** What summary.ts reads: the workloads, their events and their pod-count samples. */
export interface SummaryLog {
  /** `deployment/default/web`, `daemonset/default/agent`, by index. */
  readonly workloads: readonly string[];
  readonly events: readonly SummaryEvent[];
  readonly samples: SampleLog;
  /** The clients' series and what the traffic figures need (absent: no traffic figures). */
  readonly traffic?: TrafficTrack;
}

/** A workload's state: the fold of its events. */
interface WorkloadState {
  uid: string;
  template: unknown;
  done: boolean;
  deadline: boolean;
  replicas: number;
  revision: number;
  minReady: number;
  alive: boolean;
}

const fresh = (): WorkloadState => ({
  uid: '',
  template: null,
  done: false,
  deadline: false,
  replicas: 0,
  revision: 0,
  minReady: 0,
  alive: false,
});

/** workloadKey names a workload as the summary prints it: `deployment/default/web`. */
export function workloadKey(kind: Workload['kind'], namespace: string | undefined, name: string): string {
  return `${kind.toLowerCase()}/${namespace ?? 'default'}/${name}`;
}

export class SummaryTrack implements Track, SummaryLog {
  readonly workloads: string[] = [];
  readonly events: SummaryEvent[] = [];
  readonly samples = new SampleLog();
  /** The clients' per-second series (empty unless the scenario has traffic). */
  readonly traffic = new TrafficTrack();
  private readonly index = new Map<string, number>();
  private states: WorkloadState[] = [];
  /** Workload uid and ReplicaSet uid → workload index. */
  private readonly owners = new Map<string, number>();
  private readonly tally = new PodTally();
  /** Per workload, the counts last sampled (available, active, total). */
  private last: number[] = [];
  private readonly dirty = new Set<number>();
  /** Set by truncate: the pod counts are rebuilt from the store at the next tick. */
  private stale = false;

  reset(): void {
    this.workloads.length = 0;
    this.events.length = 0;
    this.samples.clear();
    this.index.clear();
    this.states = [];
    this.owners.clear();
    this.tally.clear();
    this.last = [];
    this.dirty.clear();
    this.stale = false;
    this.traffic.reset();
  }

  truncate(tick: number): void {
    while (this.events.length > 0 && (this.events[this.events.length - 1] as SummaryEvent).tick > tick) this.events.pop();
    this.samples.truncate(tick);
    this.states = this.workloads.map(fresh);
    for (const e of this.events) fold(this.states[e.w] as WorkloadState, e);
    this.last = [];
    for (let i = 0; i < this.samples.length; i++) {
      const w = this.samples.workloadAt(i);
      this.last[3 * w] = this.samples.availableAt(i);
      this.last[3 * w + 1] = this.samples.activeAt(i);
      this.last[3 * w + 2] = this.samples.totalAt(i);
    }
    this.stale = true;
    this.traffic.truncate(tick);
  }

  append(rec: TickRecord, st: EngineState): void {
    this.traffic.append(rec, st);
    const now = rec.time;
    if (this.stale) this.rebuild(st, now);
    else this.tally.promote(now, (at, w) => this.sample(rec.tick, at, w));
    for (const wr of rec.writes) {
      const o = wr.object;
      switch (o.kind) {
        case 'Deployment':
        case 'DaemonSet':
        case 'StatefulSet':
          this.onWorkload(rec, wr.type, o);
          break;
        case 'ReplicaSet':
          if (wr.type !== 'DELETED') this.onRevisionOwner(rec, o);
          break;
        case 'ControllerRevision':
          if (wr.type !== 'DELETED') this.onRevisionOwner(rec, o);
          break;
        case 'Pod':
          if (!this.stale) this.onPod(wr.type, o, now);
          break;
        default:
          break;
      }
    }
    this.stale = false;
    for (const w of this.dirty) this.sample(rec.tick, now, w);
    this.dirty.clear();
  }

  private workload(kind: Workload['kind'], ns: string | undefined, name: string): number {
    const key = workloadKey(kind, ns, name);
    let w = this.index.get(key);
    if (w === undefined) {
      w = this.workloads.length;
      this.workloads.push(key);
      this.index.set(key, w);
      this.states.push(fresh());
    }
    return w;
  }

  private emit(e: SummaryEvent): void {
    this.events.push(e);
    fold(this.states[e.w] as WorkloadState, e);
  }

  private onWorkload(rec: TickRecord, type: string, o: Workload): void {
    const w = this.workload(o.kind, o.metadata.namespace, o.metadata.name);
    const s = this.states[w] as WorkloadState;
    const base = { tick: rec.tick, ms: rec.time, w };
    if (type === 'DELETED') {
      if (s.alive) this.emit({ ...base, type: 'gone' });
      return;
    }
    const uid = o.metadata.uid ?? '';
    this.owners.set(uid, w);
    const template = o.spec.template;
    if (!s.alive || s.uid !== uid || (s.template !== template && !jsonEqual(s.template, template))) {
      this.emit({ ...base, type: 'start', uid, template });
    }
    const replicas = o.kind === 'DaemonSet' ? (o.status?.desiredNumberScheduled ?? 0) : (o.spec.replicas ?? 1);
    if (replicas !== s.replicas) this.emit({ ...base, type: 'replicas', replicas });
    const minReady = o.spec.minReadySeconds ?? 0;
    if (minReady !== s.minReady) {
      this.emit({ ...base, type: 'minReady', seconds: minReady });
      if (this.tally.setMinReady(w, minReady, rec.time)) this.dirty.add(w);
    }
    const v = verdict(o);
    if (v.done !== s.done || v.deadline !== s.deadline) this.emit({ ...base, type: 'status', ...v });
  }

  private onRevisionOwner(rec: TickRecord, o: ReplicaSet | ControllerRevision): void {
    const ref = getControllerOf(o);
    if (!ref) return;
    const w = this.owners.get(ref.uid);
    if (w === undefined) return;
    if (o.kind === 'ReplicaSet') this.owners.set(o.metadata.uid ?? '', w);
    const raw = o.kind === 'ReplicaSet' ? o.metadata.annotations?.[RevisionAnnotation] : o.revision;
    const revision = Number(raw ?? 0);
    if (Number.isSafeInteger(revision) && revision > (this.states[w] as WorkloadState).revision) {
      this.emit({ tick: rec.tick, ms: rec.time, w, type: 'revision', revision });
    }
  }

  private ownerOf(pod: Pod): number {
    const ref = getControllerOf(pod);
    return ref ? (this.owners.get(ref.uid) ?? -1) : -1;
  }

  private onPod(type: 'ADDED' | 'MODIFIED' | 'DELETED', pod: Pod, now: number): void {
    const w = this.tally.pod(type, pod, this.ownerOf(pod), now);
    if (w >= 0) this.dirty.add(w);
  }

  /** sample records workload w's counts at `ms` when they differ from its last sample. */
  private sample(tick: number, ms: number, w: number): void {
    const c = this.tally.countsOf(w);
    const l = this.last;
    if (l[3 * w] === c.available && l[3 * w + 1] === c.active && l[3 * w + 2] === c.total) return;
    l[3 * w] = c.available;
    l[3 * w + 1] = c.active;
    l[3 * w + 2] = c.total;
    this.samples.push(tick, ms, w, c.available, c.active, c.total);
  }

  /**
   * rebuild recounts every pod from the store after a truncate (`st` is the state after the tick
   * being appended, so that tick's pod writes are already in).
   */
  private rebuild(st: EngineState, now: number): void {
    this.tally.clear();
    this.owners.clear();
    for (const kind of ['Deployment', 'DaemonSet', 'StatefulSet'] as const) {
      for (const o of st.store.objects[kind].values()) {
        const w = this.index.get(workloadKey(kind, o.metadata.namespace, o.metadata.name));
        if (w === undefined) continue;
        this.owners.set(o.metadata.uid ?? '', w);
        this.tally.setMinReady(w, (this.states[w] as WorkloadState).minReady, now);
      }
    }
    for (const rs of st.store.objects.ReplicaSet.values()) {
      const ref = getControllerOf(rs);
      const w = ref ? this.owners.get(ref.uid) : undefined;
      if (w !== undefined) this.owners.set(rs.metadata.uid ?? '', w);
    }
    for (const pod of st.store.objects.Pod.values()) {
      const w = this.tally.pod('ADDED', pod as Pod, this.ownerOf(pod as Pod), now);
      if (w >= 0) this.dirty.add(w);
    }
    for (let w = 0; w < this.workloads.length; w++) this.dirty.add(w);
  }
}

/** fold applies one event to its workload's state. */
function fold(s: WorkloadState, e: SummaryEvent): void {
  switch (e.type) {
    case 'start':
      s.uid = e.uid;
      s.template = e.template;
      s.alive = true;
      break;
    case 'revision':
      s.revision = e.revision;
      break;
    case 'status':
      s.done = e.done;
      s.deadline = e.deadline;
      break;
    case 'replicas':
      s.replicas = e.replicas;
      break;
    case 'minReady':
      s.minReady = e.seconds;
      break;
    case 'gone':
      s.alive = false;
      s.done = false;
      s.deadline = false;
      s.revision = 0;
      break;
  }
}

/**
 * verdict is `kubectl rollout status`'s answer for the workload as written: done (successfully
 * rolled out; an error such as the progress deadline, or OnDelete's "only available for
 * RollingUpdate", is not done), and whether it reports ProgressDeadlineExceeded (which kubectl
 * only reads once status.observedGeneration caught up with the spec).
 */
export function verdict(o: Workload): { done: boolean; deadline: boolean } {
  // A StatefulSet is done when kubectl says so: `partitioned roll out complete` included.
  const v = o.kind === 'Deployment' ? deploymentStatusViewer(o) : o.kind === 'DaemonSet' ? daemonSetStatusViewer(o) : statefulSetStatusViewer(o);
  const deadline = v.error !== null && o.kind === 'Deployment' && v.error.endsWith('exceeded its progress deadline');
  return { done: v.done && v.error === null, deadline };
}
