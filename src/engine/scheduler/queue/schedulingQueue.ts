// Port of kubernetes pkg/scheduler/backend/queue/scheduling_queue.go and backoff_queue.go (v1.36):
// activeQ, backoffQ and unschedulablePods, the per-pod back-off, and the 5-minute flush.
//
// Every QueuedPodInfo is an immutable value, so a keyframe copies the three maps and nothing else.
// The activeQ is FIFO (every pod has priority 0, so PrioritySort orders by queue time): each pod in
// it has a `schedule` event pending on the engine's event queue, which is its pop.

/** A pod waiting in the scheduling queue (framework.QueuedPodInfo). */
export interface QueuedPodInfo {
  readonly uid: string;
  /** Virtual ms when the pod last entered the queue (its failure time, for unschedulable pods). */
  readonly timestamp: number;
  /** Scheduling attempts so far (each pop is one). */
  readonly attempts: number;
  /** Attempts that ended unschedulable: the back-off doubles with each. */
  readonly unschedulableCount: number;
  /** The plugins that rejected it last time: only events they care about bring it back. */
  readonly unschedulablePlugins: readonly string[];
}

export interface SchedulingQueueState {
  /** Pods to schedule, in queue order (each has a `schedule` event pending). */
  active: Map<string, QueuedPodInfo>;
  /** Pods moved back while their back-off runs (each also has a `schedule` event: see popFromBackoffQ). */
  backoff: Map<string, QueuedPodInfo>;
  /** Pods that failed and wait for a cluster event that may help (or for 5 minutes). */
  unschedulable: Map<string, QueuedPodInfo>;
  /** Where the next cycle's Filter starts in the node list (nextStartNodeIndex). */
  nextStartNodeIndex: number;
  /**
   * In-flight pods whose binding cycle waits in VolumeBinding's PreBind for their claims' volumes
   * (bindingCycle.ts): assumed on `node`, in no queue, bound once the volumes are. Immutable values.
   */
  binding: Map<string, BindingPodInfo>;
}

/** A pod assumed on a node while its claims' volumes are provisioned (PreBind's BindPodVolumes). */
export interface BindingPodInfo {
  readonly uid: string;
  /** The node the scheduling cycle chose, written on each claim as volume.kubernetes.io/selected-node. */
  readonly node: string;
  /** Virtual ms when PreBind started: the wait ends in error after the bind timeout. */
  readonly since: number;
  /** The claims written (`namespace/name`) and the resourceVersion each write returned. */
  readonly claims: readonly { readonly key: string; readonly resourceVersion: string }[];
  /** The queue's record of the pod, for a retry if the binding cycle fails. */
  readonly info: QueuedPodInfo;
}

declare module '../../client/state.ts' {
  interface EngineState {
    /** The scheduler's queue: activeQ, backoffQ, unschedulablePods and where its next cycle starts. */
    scheduler: SchedulingQueueState;
  }
}

/** podInitialBackoffSeconds 1 and podMaxBackoffSeconds 10 (KubeSchedulerConfiguration defaults). */
export const PodInitialBackoffMs = 1000;
export const PodMaxBackoffMs = 10_000;
/** podMaxInUnschedulablePodsDuration: a pod waits at most 5 minutes for a helpful event. */
export const PodMaxInUnschedulablePodsMs = 5 * 60 * 1000;
/** flushUnschedulablePodsLeftover runs every 30 s from the scheduler's start (t = 0 here). */
export const UnschedulableFlushPeriodMs = 30_000;

export function newSchedulingQueue(): SchedulingQueueState {
  return { active: new Map(), backoff: new Map(), unschedulable: new Map(), nextStartNodeIndex: 0, binding: new Map() };
}

/** cloneSchedulingQueue copies the maps (the entries are immutable). */
export function cloneSchedulingQueue(q: SchedulingQueueState): SchedulingQueueState {
  return { active: new Map(q.active), backoff: new Map(q.backoff), unschedulable: new Map(q.unschedulable), nextStartNodeIndex: q.nextStartNodeIndex, binding: new Map(q.binding) };
}

/**
 * calculateBackoffDuration: 1 s after the first unschedulable attempt, doubling with each one
 * after, at most 10 s. Worked example: 1st failure → 1 s, 2nd → 2 s, 3rd → 4 s, 5th and on → 10 s.
 */
export function calculateBackoffDuration(info: QueuedPodInfo): number {
  const count = info.unschedulableCount;
  if (info.attempts === 0 || count === 0) return 0;
  let d = PodInitialBackoffMs;
  for (let i = 1; i < count; i++) {
    if (d > PodMaxBackoffMs - d) return PodMaxBackoffMs;
    d += d;
  }
  return d;
}

/** backoffExpiry is when the pod's back-off ends (getBackoffTime). */
export function backoffExpiry(info: QueuedPodInfo): number {
  return info.timestamp + calculateBackoffDuration(info);
}

/**
 * leftoverFlushAt is the first run of flushUnschedulablePodsLeftover (every 30 s) that finds the
 * pod waiting longer than 5 minutes. Worked example: unschedulable at 31 s → 331 s elapsed at
 * 360 s (the first multiple of 30 s past 331 s).
 */
export function leftoverFlushAt(since: number): number {
  return (Math.floor((since + PodMaxInUnschedulablePodsMs) / UnschedulableFlushPeriodMs) + 1) * UnschedulableFlushPeriodMs;
}

/** Where a pod is in the queue, if anywhere. */
export function queueOf(q: SchedulingQueueState, key: string): 'activeQ' | 'backoffQ' | 'unschedulablePods' | null {
  if (q.active.has(key)) return 'activeQ';
  if (q.backoff.has(key)) return 'backoffQ';
  if (q.unschedulable.has(key)) return 'unschedulablePods';
  return null;
}

/** forget removes the pod from every queue (it was deleted, or bound). */
export function forget(q: SchedulingQueueState, key: string): void {
  q.active.delete(key);
  q.backoff.delete(key);
  q.unschedulable.delete(key);
}
