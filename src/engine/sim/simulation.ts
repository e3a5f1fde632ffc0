/**
 * The event loop: one tick = one processed event (DESIGN.md §2). The informer delivers watch
 * events after `watchDelaySeconds`; controller workers take one key per tick; the scheduler,
 * kubelet, garbage collector and user actions each act in ticks of their own. This file owns the
 * queues (the event heap and the deliveries) and the loop; dispatch.ts runs each event.
 */
import { bootstrapControlPlane } from '../controller/kubernetesservice/bootstrap.ts';
import { createObject, type WatchRecord } from '../apiserver/store.ts';
import { applyWatch } from '../client/cache.ts';
import type { SimConfig } from '../config.ts';
import { kubeProxyStart } from '../proxy/kubeProxy.ts';
import { firstTrafficSecond, scheduleTraffic } from '../traffic/traffic.ts';
import { nodeObject } from '../kubelet/nodes.ts';
import { nodeInternalIP } from '../kubelet/nodeStatus.ts';
import { isStaleFlush } from '../scheduler/scheduler.ts';
import { toRFC3339 } from '../lib/time.ts';
import { scheduleDeliveries } from './deliver.ts';
import { scheduleLeaseExpiries } from './eventTTL.ts';
import { heapPeek, heapPop, less, type QueuedEvent } from '../client/eventQueue.ts';
import { type EngineState, newEngineState } from './state.ts';
import type { TickRecord } from '../client/tick.ts';
import { newStallWatch, type StallWatch, watchTick } from './stall.ts';
import { dispatch, RESYNC_PERIOD_MS } from './dispatch.ts';
import { publishAtStart } from '../controller/certificates/rootcacertpublisher/publisher.ts';
import { newTx, schedule } from '../client/tx.ts';
import { summaryOfNotes } from '../client/summaryCatalog.ts';

export { RESYNC_PERIOD_MS };


/** createEngine builds the state at t = 0: the system namespaces and the nodes exist; workloads and actions are queued. */
export function createEngine(config: SimConfig): EngineState {
  const st = newEngineState(config);
  const wctx = { now: 0, prng: st.prng, writes: [] as WatchRecord[] };
  // The root CA publisher's first pass follows at once, with the bootstrap's own PRNG (no draw of the run's).
  publishAtStart(st.store, bootstrapControlPlane(st.store, wctx.writes));
  for (const [i, n] of config.nodes.entries()) createObject(st.store, wctx, nodeObject(n, toRFC3339(0), nodeInternalIP(i)));
  for (const w of wctx.writes) applyWatch(st.cache, w);
  kubeProxyStart(st);
  const tx = newTx(st, 'user');
  for (let index = 0; index < config.objects.length; index++) schedule(tx, 0, { type: 'init', index });
  for (const [index, a] of config.actions.entries()) schedule(tx, Math.round(a.at * 1000), { type: 'action', index });
  st.actionsScheduled = config.actions.length;
  schedule(tx, RESYNC_PERIOD_MS, { type: 'resync' });
  // A node that registers cordoned: its kubelet's first status update sees it (nodeSync.ts).
  for (const n of config.nodes) if (n.unschedulable) schedule(tx, 0, { type: 'kubeletNodeStatus', node: n.name });
  if (config.traffic?.length) scheduleTraffic(tx, firstTrafficSecond(config.traffic));
  return st;
}

/**
 * dropSuperseded discards the AddAfter events at the head of the queue that a sooner AddAfter of
 * the same key replaced, and the probe events a later plan of the pod's prober replaced: they are
 * not events of the cluster, so they get no tick, and nextEventTime must not report their time
 * (runUntil would then run the event behind them).
 */
function dropSuperseded(st: EngineState): void {
  for (
    let qe = heapPeek(st.events);
    qe && (qe.ev.type === 'enqueue' || qe.ev.type === 'probe' || qe.ev.type === 'schedulerFlush' || qe.ev.type === 'proxySync');
    qe = heapPeek(st.events)
  ) {
    // Only the next event of all is dropped, as when deliveries shared the heap.
    const d = st.deliveries[st.deliveriesHead];
    if (d !== undefined && less(d, qe)) return;
    const ev = qe.ev;
    if (ev.type === 'enqueue') {
      if (st.queues[ev.controller].waitingAfter.get(ev.key) === ev.at) return;
    } else if (ev.type === 'probe') {
      const ps = st.probes.get(ev.podKey);
      if (ps !== undefined && ps.gen === ev.gen && ps.uid === ev.uid) return;
    } else if (ev.type === 'proxySync') {
      // A Run() that moved the sync sooner leaves this one behind: no event of the cluster.
      if (st.proxy.syncAt === qe.time) return;
    } else if (!isStaleFlush({ st }, ev.podKey, ev.since)) {
      // A 5-minute flush for a pod that has since left unschedulablePods (or failed again) is no event.
      return;
    }
    heapPop(st.events);
  }
}

/** peekNext is the next event: the sooner of the heap's top and the oldest delivery. */
function peekNext(st: EngineState): QueuedEvent | undefined {
  const h = heapPeek(st.events);
  const d = st.deliveries[st.deliveriesHead];
  if (d === undefined) return h;
  return h === undefined || less(d, h) ? d : h;
}

/** How many taken deliveries a drained queue keeps before it is emptied (popNext): 64 is one allocation in 64 drains. */
const DRAINED_KEPT = 64;

/** popNext takes the next event off the heap or the deliveries queue. */
function popNext(st: EngineState): QueuedEvent | undefined {
  const h = heapPeek(st.events);
  const d = st.deliveries[st.deliveriesHead];
  if (d === undefined || (h !== undefined && !less(d, h))) return heapPop(st.events);
  const head = st.deliveriesHead + 1;
  if (head === st.deliveries.length && head >= DRAINED_KEPT) {
    // Drained: empty again. Not at every drain (most deliveries drain it): `length = 0` is a
    // runtime call that also drops the backing store, which the next push allocates again,
    // ~100 ns a drain (0.8 % of the 1,000-replica update's profile, 10,000 deliveries). The taken
    // entries before the head are due no later than now, so scheduleDelivery, which compares a
    // new one with the last entry, still appends it.
    st.deliveries.length = 0;
    st.deliveriesHead = 0;
  } else if (head > 1024 && head * 2 > st.deliveries.length) {
    st.deliveries = st.deliveries.slice(head);
    st.deliveriesHead = 0;
  } else st.deliveriesHead = head;
  return d;
}

/**
 * step processes the next event; it returns the tick's record, or null when nothing is pending.
 * `summarize: false` leaves the record's summary line '' for a caller that reads only its time,
 * actor, key or writes (a benchmark's loop, which asks something of the state after each tick).
 */
export function step(st: EngineState, summarize = true): TickRecord | null {
  dropSuperseded(st);
  return stepDropped(st, summarize);
}

/**
 * stepDropped is step on a heap whose superseded head is already dropped (every step leaves it
 * so): runUntil peeks and steps without dropping again, one drop a tick instead of three.
 * `summarize`: the record's summary line is rendered from its notes, for a caller that reads the
 * record; a headless runUntil hands it only to its stall watch, which reads the time, actor and key,
 * and leaves it '' (the 10,000-replica rollout's 133,666 lines, ~140 M instructions of 3.4 G at 1,000).
 */
function stepDropped(st: EngineState, summarize: boolean): TickRecord | null {
  const qe = popNext(st);
  if (!qe) return null;
  st.now = qe.time;
  st.tick++;
  const tx = newTx(st, 'engine');
  const ev = qe.ev;
  dispatch(tx, ev);
  scheduleDeliveries(tx);
  // The oldest Event lease's expiry (3,660 s after its grant) is queued here, as the store knows no queue.
  const leases = st.store.leases;
  if (leases.queued === 0 && leases.leases.size !== 0) scheduleLeaseExpiries(tx);
  // Keep the heap canonical after every tick, however the caller drives the loop (a seek replay
  // and a fresh run must hold the same events).
  dropSuperseded(st);
  // Two literals rather than `rec.key = …` after the fact: each record then holds its fields in
  // the object itself, with no second property store (a record is kept for every tick).
  const { tick, now } = st;
  const { actor, notes, writes, decisions, key } = tx;
  const summary = summarize ? summaryOfNotes(notes) : '';
  return key === undefined
    ? { tick, time: now, actor, summary, notes, writes, decisions }
    : { tick, time: now, actor, summary, notes, writes, decisions, key };
}

/** nextEventTime is the virtual time of the next pending event, or null. */
export function nextEventTime(st: EngineState): number | null {
  dropSuperseded(st);
  return peekNext(st)?.time ?? null;
}

/** lastActionTime is the time of the last scheduled action in ms (0 when there are none). */
export function lastActionTime(config: SimConfig): number {
  return config.actions.reduce((m, a) => Math.max(m, Math.round(a.at * 1000)), 0);
}

/**
 * runUntil steps until no event is pending or the next one is after `untilMs`, calling
 * `onTick` for each record, or until virtual time stood still (`stall.stall` then says where
 * and why: see stall.ts). Returns the number of ticks run.
 */
export function runUntil(st: EngineState, untilMs: number, onTick?: (t: TickRecord) => void, stall: StallWatch = newStallWatch()): number {
  let n = 0;
  dropSuperseded(st);
  for (;;) {
    const next = peekNext(st);
    if (next === undefined || next.time > untilMs) break;
    const rec = stepDropped(st, onTick !== undefined);
    if (!rec) break;
    n++;
    if (onTick) {
      onTick(rec);
      // The caller may have queued or cancelled something: the head is dropped again.
      dropSuperseded(st);
    }
    if (watchTick(stall, rec) !== null) break;
  }
  return n;
}

export { newEngineState };
