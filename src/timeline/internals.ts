/**
 * InternalsTrack: the controllers' internals the Expectations panel shows — expectations, work
 * queues, DaemonSet back-offs — as they stood after each tick. They are small (a few keys per
 * workload) and change on fewer ticks than the store, and mostly one part at a time, so each part
 * (the expectations, each controller's queue, the back-offs) is kept as a log of its versions:
 * the tick each version starts at, and its values packed in one flat array (partLog.ts). at(i)
 * unpacks the version of each part at tick i. A 10,000-replica rollout has 37,075 ticks whose
 * internals differ from the tick before, 30,068 of them in the ReplicaSet's expectations alone:
 * kept as objects (a snapshot per changed tick sharing the unchanged parts, plus a pointer per
 * tick) they took ~66 bytes a tick, packed ~12.
 */
import { waiting } from '../engine/client/workqueue.ts';
import type { EngineState, TickRecord } from '../engine/sim.ts';
import { type PartCodec, PartLog } from './partLog.ts';
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
    queues.push(queueEntry(controller, st.queues[controller]));
  }
  const backoffs = Object.entries(st.dsBackoff.entries).map(([key, b]) => ({
    key,
    backoffMs: b.backoffMs,
    lastUpdate: b.lastUpdateMs,
  }));
  return { expectations, queues, backoffs };
}

const EMPTY: never[] = [];

/** The parts of the internals, each logged apart: expectations, the three queues, back-offs. */
const EXPECTATIONS: PartCodec<ExpectationEntry[]> = {
  encode(v, out) {
    for (const e of v) out.push(CONTROLLERS.indexOf(e.controller), e.key, e.add, e.del, e.timestamp);
  },
  decode(data, from, to) {
    const out: ExpectationEntry[] = [];
    for (let k = from; k < to; k += 5) {
      out.push({
        controller: CONTROLLERS[data[k] as number] as ControllerName,
        key: data[k + 1] as string,
        add: data[k + 2] as number,
        del: data[k + 3] as number,
        timestamp: data[k + 4] as number,
      });
    }
    return out.length === 0 ? EMPTY : out;
  },
};

function queueCodec(controller: ControllerName): PartCodec<QueueEntry> {
  return {
    encode(v, out) {
      out.push(v.keys.length, ...v.keys);
      for (const r of v.retries) out.push(r.key, r.count);
    },
    decode(data, from, to) {
      const n = data[from] as number;
      const keys = data.slice(from + 1, from + 1 + n) as string[];
      const retries: QueueEntry['retries'] = [];
      for (let k = from + 1 + n; k < to; k += 2) retries.push({ key: data[k] as string, count: data[k + 1] as number });
      return { controller, keys, retries };
    },
  };
}

const BACKOFFS: PartCodec<BackoffEntryView[]> = {
  encode(v, out) {
    for (const b of v) out.push(b.key, b.backoffMs, b.lastUpdate);
  },
  decode(data, from, to) {
    const out: BackoffEntryView[] = [];
    for (let k = from; k < to; k += 3) out.push({ key: data[k] as string, backoffMs: data[k + 1] as number, lastUpdate: data[k + 2] as number });
    return out.length === 0 ? EMPTY : out;
  },
};

export class InternalsTrack implements Track {
  private expectations = new PartLog(EXPECTATIONS);
  private queues = CONTROLLERS.map((c) => new PartLog(queueCodec(c)));
  private backoffs = new PartLog(BACKOFFS);

  reset(st: EngineState): void {
    const x = internalsOf(st);
    this.expectations = new PartLog(EXPECTATIONS);
    this.queues = CONTROLLERS.map((c) => new PartLog(queueCodec(c)));
    this.backoffs = new PartLog(BACKOFFS);
    this.expectations.push(0, x.expectations);
    x.queues.forEach((q, i) => {
      this.queues[i]?.push(0, q);
    });
    this.backoffs.push(0, x.backoffs);
  }

  /** trim gives back each log's room for more versions (the recording stopped). */
  trim(): void {
    for (const log of [this.expectations, ...this.queues, this.backoffs]) log.trim();
  }

  append(rec: TickRecord, st: EngineState): void {
    if (!sameExpectations(st, this.expectations.last())) this.expectations.push(rec.tick, internalsOf(st).expectations);
    CONTROLLERS.forEach((controller, i) => {
      const log = this.queues[i] as PartLog<QueueEntry>;
      const q = st.queues[controller];
      if (!sameQueue(q, log.last())) log.push(rec.tick, queueEntry(controller, q));
    });
    if (!sameBackoffs(st, this.backoffs.last())) this.backoffs.push(rec.tick, internalsOf(st).backoffs);
  }

  truncate(tick: number): void {
    this.expectations.truncate(tick);
    for (const q of this.queues) q.truncate(tick);
    this.backoffs.truncate(tick);
  }

  /** at is the internals after tick i (unpacked; a part that did not change since the last call is the same object). */
  at(i: number): Internals {
    return {
      expectations: this.expectations.at(i),
      queues: this.queues.map((q) => q.at(i)),
      backoffs: this.backoffs.at(i),
    };
  }

  /** distinct counts the ticks whose internals differ from the tick before, and tick 0 (for the memory report). */
  distinct(): number {
    const ticks = new Set<number>();
    for (const log of [this.expectations, ...this.queues, this.backoffs]) for (const t of log.ticks()) ticks.add(t);
    return ticks.size;
  }
}

function queueEntry(controller: ControllerName, q: EngineState['queues'][ControllerName]): QueueEntry {
  return { controller, keys: waiting(q), retries: [...q.failures].map(([key, count]) => ({ key, count })) };
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
