/**
 * InternalsTrack: the controllers' internals the Expectations panel shows — expectations, work
 * queues, DaemonSet back-offs — as they stood after each tick. They are small (a few keys per
 * workload) and change on fewer ticks than the store, so a tick whose internals equal the tick
 * before shares that tick's snapshot: one pointer per tick plus one object per change.
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
  private lastJson = '';

  reset(st: EngineState): void {
    this.byTick.length = 0;
    this.push(st);
  }

  append(_rec: TickRecord, st: EngineState): void {
    this.push(st);
  }

  truncate(tick: number): void {
    this.byTick.length = tick + 1;
    this.lastJson = JSON.stringify(this.byTick[tick]);
  }

  /** at is the internals after tick i. */
  at(i: number): Internals {
    return this.byTick[Math.max(0, Math.min(i, this.byTick.length - 1))] as Internals;
  }

  /** distinct counts the snapshots actually stored (for the memory report). */
  distinct(): number {
    return new Set(this.byTick).size;
  }

  private push(st: EngineState): void {
    const x = internalsOf(st);
    const json = JSON.stringify(x);
    const prev = this.byTick[this.byTick.length - 1];
    if (prev && json === this.lastJson) this.byTick.push(prev);
    else {
      this.byTick.push(x);
      this.lastJson = json;
    }
  }
}
