/**
 * The whole engine state at one instant: one plain object (raftscope style), so a keyframe is
 * a copy of it and a seek is a restore plus a replay. API objects are immutable and shared
 * between copies; every mutable container is copied by cloneEngineState (sim/state.ts).
 *
 * This file holds the part the client layer knows: the clock, the PRNG, the store, the informer
 * cache, the event queue and the controllers' work queues. Each component adds the fields it
 * owns to EngineState where it defines their types (`declare module '…/client/state.ts'`), so
 * this layer imports no component and the state stays one object (issue 27).
 */
import type { CacheState } from './cache.ts';
import type { QueueState } from './workqueue.ts';
import type { SimConfig } from '../config.ts';
import type { PrngState } from '../lib/prng.ts';
import type { StoreState } from '../apiserver/store.ts';
import type { EventSeriesState } from './eventSeries.ts';
import type { EventCorrelatorState } from './eventCorrelator.ts';
import type { QueuedEvent } from './eventQueue.ts';
import type { ControllerName } from './events.ts';

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
  /** Each event recorder's EventCorrelator caches, by recorder (component, or `kubelet/<node>`). */
  eventCorrelators: Map<string, EventCorrelatorState>;
  /** The scheduler's events.k8s.io broadcaster: its eventCache of Events that may repeat, and its next pass (client/eventSeries.ts). */
  eventSeries: EventSeriesState;
  /** Actions appended after the start (forks); config.actions holds the scenario's own. */
  actionsScheduled: number;
}
