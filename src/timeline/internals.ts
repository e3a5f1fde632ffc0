/**
 * InternalsTrack: the controllers' internals the Expectations panel shows — expectations, work
 * queues, DaemonSet back-offs — as they stood after each tick. They are small (a few keys per
 * workload) and change on fewer ticks than the store, so a tick whose internals equal the tick
 * before shares that tick's snapshot, and a changed snapshot shares the parts that did not change:
 * one pointer per tick plus the changed parts.
 */
import { waiting } from '../engine/client/workqueue.ts';
import type { EngineState, TickRecord } from '../engine/sim.ts';
import type { Track } from './timeline.ts';

export type ControllerName = 'deployment' | 'replicaset' | 'daemonset';
const CONTROLLERS: readonly ControllerName[] = ['deployment', 'replicaset', 'daemonset'];

export interface ExpectationEntry {
  controller: ControllerName;
  key: string;
  add: number;
  del: number;
  /** Virtual ms the expectations were set. */
  timestamp: number;
}

export interface QueueEntry {
  controller: ControllerName;
  keys: string[];
  retries: { key: string; count: number }[];
}

export interface BackoffEntryView {
  key: string;
  backoffMs: number;
  lastUpdate: number;
}

/** What the controllers held after one tick. */
export interface Internals {
  expectations: ExpectationEntry[];
  queues: QueueEntry[];
  backoffs: BackoffEntryView[];
}

/** internalsOf reads the internals from an engine state. */
export function internalsOf(st: EngineState): Internals {
  const expectations: ExpectationEntry[] = [];
  const queues: QueueEntry[] = [];
  for (const controller of CONTROLLERS) {
    for (const [key, e] of st.expectations[controller]) {
      expectations.push({ controller, key, add: e.add, del: e.del, timestamp: e.timestamp });
    }
    const q = st.queues[controller];
    queues.push({ controller, keys: waiting(q), retries: [...q.failures].map(([key, count]) => ({ key, count })) });
  }
  const backoffs = Object.entries(st.dsBackoff.entries).map(([key, b]) => ({
    key,
    backoffMs: b.backoffMs,
    lastUpdate: b.lastUpdateMs,
  }));
  return { expectations, queues, backoffs };
}

export class InternalsTrack implements Track {
  /** byTick[i]: the internals after tick i (index 0: at the start). */
  private readonly byTick: Internals[] = [];

  reset(st: EngineState): void {
    this.byTick.length = 0;
    this.byTick.push(internalsOf(st));
  }

  append(_rec: TickRecord, st: EngineState): void {
    this.byTick.push(internalsAfter(st, this.byTick[this.byTick.length - 1] as Internals));
  }

  truncate(tick: number): void {
    this.byTick.length = tick + 1;
  }

  /** at is the internals after tick i. */
  at(i: number): Internals {
    return this.byTick[Math.max(0, Math.min(i, this.byTick.length - 1))] as Internals;
  }

  /** distinct counts the snapshots actually stored (for the memory report). */
  distinct(): number {
    return new Set(this.byTick).size;
  }
}

/**
 * internalsAfter is internalsOf(st), sharing with `prev` every part that did not change: `prev`
 * itself when nothing did. A 10,000-replica rollout has ~34,000 ticks whose internals differ from
 * the tick before, nearly all in one part (the ReplicaSet's expectations or one queue), so whole
 * copies took ~1.1 KB each (37 MB) and shared ones a few hundred bytes.
 */
export function internalsAfter(st: EngineState, prev: Internals): Internals {
  const expectations = sameExpectations(st, prev.expectations) ? prev.expectations : internalsOf(st).expectations;
  let queuesSame = prev.queues.length === CONTROLLERS.length;
  const queues = CONTROLLERS.map((controller, i) => {
    const q = st.queues[controller];
    const p = prev.queues[i];
    if (p && p.controller === controller && sameQueue(q, p)) return p;
    queuesSame = false;
    return { controller, keys: waiting(q), retries: [...q.failures].map(([key, count]) => ({ key, count })) };
  });
  const backoffs = sameBackoffs(st, prev.backoffs) ? prev.backoffs : internalsOf(st).backoffs;
  if (expectations === prev.expectations && queuesSame && backoffs === prev.backoffs) return prev;
  return { expectations, queues: queuesSame ? prev.queues : queues, backoffs };
}

function sameExpectations(st: EngineState, prev: readonly ExpectationEntry[]): boolean {
  let i = 0;
  for (const controller of CONTROLLERS) {
    for (const [key, e] of st.expectations[controller]) {
      const p = prev[i++];
      if (!p || p.controller !== controller || p.key !== key || p.add !== e.add || p.del !== e.del || p.timestamp !== e.timestamp) return false;
    }
  }
  return i === prev.length;
}

function sameQueue(q: EngineState['queues'][ControllerName], p: QueueEntry): boolean {
  if (q.items.length - q.head !== p.keys.length || q.failures.size !== p.retries.length) return false;
  for (let i = 0; i < p.keys.length; i++) if (q.items[q.head + i] !== p.keys[i]) return false;
  let i = 0;
  for (const [key, count] of q.failures) {
    const r = p.retries[i++];
    if (!r || r.key !== key || r.count !== count) return false;
  }
  return true;
}

function sameBackoffs(st: EngineState, prev: readonly BackoffEntryView[]): boolean {
  let i = 0;
  for (const key in st.dsBackoff.entries) {
    const b = st.dsBackoff.entries[key];
    const p = prev[i++];
    if (!b || !p || p.key !== key || p.backoffMs !== b.backoffMs || p.lastUpdate !== b.lastUpdateMs) return false;
  }
  return i === prev.length;
}
