/**
 * newEngineState and cloneEngineState: the simulation builds the whole engine state (client/state.ts
 * and the fields each component adds to it) and copies it for keyframes.
 */
import { cloneCache, newCacheState } from '../client/cache.ts';
import { DEFAULT_CONTROLLER_RATE_LIMITER, type RateLimiterSpec } from '../client/rateLimiter.ts';
import { cloneQueue, newQueueState } from '../client/workqueue.ts';
import { newBackOff } from '../controller/daemon/backoff.ts';
import { cloneDaemonSetMemos } from '../controller/daemon/nodeMemo.ts';
import { cloneExpectations, type ExpectationsState } from '../controller/expectations.ts';
import type { SimConfig } from '../config.ts';
import { seedPrng } from '../lib/prng.ts';
import { newStoreState } from '../apiserver/store.ts';
import { cloneStoreState } from '../apiserver/storeCore.ts';
import { cloneEventCorrelator } from '../client/eventCorrelator.ts';
import { cloneEventSeriesState, newEventSeriesState } from '../client/eventSeries.ts';
import { cloneSchedulingQueue, newSchedulingQueue } from '../scheduler/queue/schedulingQueue.ts';
import type { QueuedEvent } from '../client/eventQueue.ts';
import { CONTROLLER_NAMES, type ControllerName } from '../client/events.ts';
import { HpaSyncPeriodMs } from '../controller/podautoscaler/horizontal.ts';
import { cloneHpaMemories } from '../controller/podautoscaler/memory.ts';
import type { EngineState } from '../client/state.ts';
import { cloneEndpointSliceControllerState, newEndpointSliceControllerState } from '../controller/endpointslice/controller.ts';
import { cloneKubeProxyState, newKubeProxyState } from '../proxy/kubeProxy.ts';
import { cloneTrafficState, newTrafficState } from '../traffic/state.ts';
import { cloneStatefulSetConsistency, newStatefulSetConsistency } from '../controller/statefulset/consistency.ts';

export type { EngineState } from '../client/state.ts';

function perController<T>(make: (c: ControllerName) => T): Record<ControllerName, T> {
  const out = {} as Record<ControllerName, T>;
  for (const c of CONTROLLER_NAMES) out[c] = make(c);
  return out;
}

/**
 * rateLimiterOf is the limiter each controller's queue is built with upstream: the default
 * controller limiter everywhere but the HPA, whose queue waits the sync period (15 s) on every
 * AddRateLimited (NewDefaultHPARateLimiter: a FixedItemIntervalRateLimiter).
 */
function rateLimiterOf(c: ControllerName): RateLimiterSpec {
  if (c === 'horizontalpodautoscaler') return { kind: 'fixedInterval', intervalMs: HpaSyncPeriodMs };
  if (c === 'endpointslice') return ENDPOINTSLICE_RATE_LIMITER;
  return DEFAULT_CONTROLLER_RATE_LIMITER;
}

/**
 * The EndpointSlice controller's serviceQueue: MaxOf(ItemExponentialFailureRateLimiter(1 s,
 * 1000 s), BucketRateLimiter(10 qps, burst 100)) — defaultSyncBackOff / maxSyncBackOff, so a
 * stale-cache retry waits 1 s, then 2 s, 4 s … (the legacy Endpoints controller keeps the default 5 ms).
 */
const ENDPOINTSLICE_RATE_LIMITER: RateLimiterSpec = { kind: 'default', baseMs: 1000, maxMs: 1_000_000, qps: 10, burst: 100 };

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
    queues: perController((c) => newQueueState(rateLimiterOf(c))),
    expectations: perController((): ExpectationsState => new Map()),
    dsBackoff: newBackOff(),
    dsMemo: new Map(),
    kubelet: new Map(),
    probes: new Map(),
    scheduler: newSchedulingQueue(),
    eventCorrelators: new Map(),
    eventSeries: newEventSeriesState(),
    actionsScheduled: 0,
    hpa: new Map(),
    drains: [],
    endpointSlice: newEndpointSliceControllerState(),
    endpointsTriggers: new Map(),
    proxy: newKubeProxyState(),
    apps: new Map(),
    kubeletNodes: new Map(),
    kubernetesServiceSyncAt: -1,
    traffic: newTrafficState(config),
    stsConsistency: newStatefulSetConsistency(),
  };
}

/** cloneEngineState copies every mutable container; immutable API objects are shared. */
export function cloneEngineState(s: EngineState): EngineState {
  return {
    config: s.config,
    now: s.now,
    seq: s.seq,
    tick: s.tick,
    prng: { s: s.prng.s },
    store: cloneStoreState(s.store),
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
    eventSeries: cloneEventSeriesState(s.eventSeries),
    actionsScheduled: s.actionsScheduled,
    hpa: cloneHpaMemories(s.hpa),
    // A drain step replaces its process (kubectl/drainProcess.ts): the list is copied, the processes shared.
    drains: s.drains.slice(),
    endpointSlice: cloneEndpointSliceControllerState(s.endpointSlice),
    endpointsTriggers: new Map(s.endpointsTriggers),
    proxy: cloneKubeProxyState(s.proxy),
    apps: new Map(s.apps),
    kubeletNodes: new Map(s.kubeletNodes),
    kubernetesServiceSyncAt: s.kubernetesServiceSyncAt,
    traffic: cloneTrafficState(s.traffic),
    stsConsistency: cloneStatefulSetConsistency(s.stsConsistency),
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
