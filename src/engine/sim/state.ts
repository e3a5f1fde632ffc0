/**
 * The whole engine state at one instant: one plain object (raftscope style), so a keyframe is
 * a copy of it and a seek is a restore plus a replay. API objects are immutable and shared
 * between copies; every mutable container is copied by cloneEngineState.
 */
import { type CacheState, cloneCache, newCacheState } from '../client/cache.ts';
import { cloneQueue, newQueueState, type QueueState } from '../client/workqueue.ts';
import { type BackoffState, newBackOff } from '../controller/daemon/backoff.ts';
import { cloneDaemonSetMemos, type DaemonSetMemo } from '../controller/daemon/nodeMemo.ts';
import { cloneExpectations, type ExpectationsState } from '../controller/expectations.ts';
import type { SimConfig } from '../config.ts';
import { type PrngState, seedPrng } from '../lib/prng.ts';
import { newStoreState, type StoreState } from '../apiserver/store.ts';
import type { KubeObject, Kind } from '../api/types.ts';
import { KINDS } from '../api/types.ts';
import { cloneEventCorrelator, type EventCorrelatorState } from '../client/eventCorrelator.ts';
import { cloneSchedulingQueue, newSchedulingQueue, type SchedulingQueueState } from '../scheduler/queue/schedulingQueue.ts';
import type { QueuedEvent } from '../client/eventQueue.ts';
import { CONTROLLER_NAMES, type ControllerName } from '../client/events.ts';
import type { DrainProcess } from '../kubectl/drainProcess.ts';
import { cloneHpaMemories, type HpaMemory } from '../controller/podautoscaler/memory.ts';
import type { PodProbes } from '../kubelet/prober/proberManager.ts';

/** What the kubelet remembers about a pod between steps (image and crash back-off). */
export interface KubeletPodState {
  pullBackoffMs: number;
  crashBackoffMs: number;
  /**
   * A probe's kill restarted the container once: the restart back-off entry exists, so the next
   * exit waits crashBackoffMs (flowcontrol.Backoff: the first restart is immediate).
   */
  restarted?: true;
}

export interface EngineState {
  config: SimConfig;
  /** Virtual clock, integer ms. */
  now: number;
  /** Next event sequence number (tie-breaker of the event queue). */
  seq: number;
  /** Number of ticks processed so far. */
  tick: number;
  prng: PrngState;
  store: StoreState;
  cache: CacheState;
  events: QueuedEvent[];
  /**
   * Watch deliveries, oldest first: each is due watchDelay after its write, so they come due in
   * the order they were queued and need no heap (57 % of a rollout's events). The next event is
   * the sooner, by (time, seq), of this queue's head and the heap's top.
   */
  deliveries: QueuedEvent[];
  /**
   * The index of the next delivery: popNext moves it instead of shifting the array (a shift
   * copies the whole queue below 100 entries, ~450 ns at 50). A drained queue is empty, head 0.
   */
  deliveriesHead: number;
  queues: Record<ControllerName, QueueState>;
  expectations: Record<ControllerName, ExpectationsState>;
  /** The DaemonSet controller's per-node failed-pod back-off (flowcontrol.Backoff, a plain immutable value). */
  dsBackoff: BackoffState;
  /** The DaemonSet controller's per-node memo of its syncs, by DaemonSet key (controller/daemon/nodeMemo.ts). */
  dsMemo: Map<string, DaemonSetMemo>;
  kubelet: Map<string, KubeletPodState>;
  /** The kubelet prober's workers of each pod that has probes, by pod key (kubelet/prober/). */
  probes: Map<string, PodProbes>;
  /** The scheduler's queue: activeQ, backoffQ, unschedulablePods and where its next cycle starts. */
  scheduler: SchedulingQueueState;
  /** Each event recorder's EventCorrelator caches, by recorder (component, or `kubelet/<node>`). */
  eventCorrelators: Map<string, EventCorrelatorState>;
  /** Actions appended after the start (forks); config.actions holds the scenario's own. */
  actionsScheduled: number;
  /**
   * The HPA controller's in-memory history per HPA key (recommendations and scale events for the
   * stabilization windows and rate policies): empty while no HorizontalPodAutoscaler exists.
   */
  hpa: Map<string, HpaMemory>;
  /** Running `kubectl drain` commands (retries on the virtual clock), by id; plain data. */
  drains: DrainProcess[];
}

function perController<T>(make: () => T): Record<ControllerName, T> {
  const out = {} as Record<ControllerName, T>;
  for (const c of CONTROLLER_NAMES) out[c] = make();
  return out;
}

export function newEngineState(config: SimConfig): EngineState {
  return {
    config,
    now: 0,
    seq: 0,
    tick: 0,
    prng: seedPrng(config.seed),
    store: newStoreState(),
    cache: newCacheState(),
    events: [],
    deliveries: [],
    deliveriesHead: 0,
    queues: perController(newQueueState),
    expectations: perController((): ExpectationsState => new Map()),
    dsBackoff: newBackOff(),
    dsMemo: new Map(),
    kubelet: new Map(),
    probes: new Map(),
    scheduler: newSchedulingQueue(),
    eventCorrelators: new Map(),
    actionsScheduled: 0,
    hpa: new Map(),
    drains: [],
  };
}

function cloneObjects(o: Record<Kind, Map<string, KubeObject>>): Record<Kind, Map<string, KubeObject>> {
  const out = {} as Record<Kind, Map<string, KubeObject>>;
  for (const k of KINDS) out[k] = new Map(o[k]);
  return out;
}

function cloneStore(s: StoreState): StoreState {
  // The scheduler's cache is derived from the objects: the copy rebuilds it when it is first needed.
  return { rv: s.rv, objects: cloneObjects(s.objects) };
}

/** cloneEngineState copies every mutable container; immutable API objects are shared. */
export function cloneEngineState(s: EngineState): EngineState {
  return {
    config: s.config,
    now: s.now,
    seq: s.seq,
    tick: s.tick,
    prng: { s: s.prng.s },
    store: cloneStore(s.store),
    cache: cloneCache(s.cache),
    events: s.events.slice(),
    deliveries: s.deliveries.slice(s.deliveriesHead),
    deliveriesHead: 0,
    queues: mapControllers(s.queues, cloneQueue),
    expectations: mapControllers(s.expectations, cloneExpectations),
    dsBackoff: { ...s.dsBackoff, entries: { ...s.dsBackoff.entries } },
    dsMemo: cloneDaemonSetMemos(s.dsMemo),
    kubelet: new Map(s.kubelet),
    probes: new Map(s.probes),
    scheduler: cloneSchedulingQueue(s.scheduler),
    eventCorrelators: new Map([...s.eventCorrelators].map(([k, c]) => [k, cloneEventCorrelator(c)])),
    actionsScheduled: s.actionsScheduled,
    hpa: cloneHpaMemories(s.hpa),
    // A drain step replaces its process (kubectl/drainProcess.ts): the list is copied, the processes shared.
    drains: s.drains.slice(),
  };
}

function mapControllers<T>(r: Record<ControllerName, T>, f: (x: T) => T): Record<ControllerName, T> {
  const out = {} as Record<ControllerName, T>;
  for (const c of CONTROLLER_NAMES) out[c] = f(r[c]);
  return out;
}

/** pendingDeliveries are the deliveries not yet taken, oldest first. */
export function pendingDeliveries(st: EngineState): readonly QueuedEvent[] {
  return st.deliveriesHead === 0 ? st.deliveries : st.deliveries.slice(st.deliveriesHead);
}
