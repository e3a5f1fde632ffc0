/**
 * Recordings derived tick by tick for the views, over the whole recording (the chart shows the
 * whole run, the watch panel the lines up to the playhead):
 * - SeriesTrack: the counters of every ReplicaSet and DaemonSet and the band each rolling workload's
 *   strategy promises, one point per tick that changed them;
 * - WatchTrack: `kubectl get <kind> -w` lines printed by the engine's own printers, each with its tick;
 * - MarkerTrack: the user's actions (scenario actions and forks).
 * Plain data shaped like src/worker/views.ts, so the worker sends slices of them as they are.
 */
import { RevisionAnnotation } from '../engine/api/constants.ts';
import type { StatefulSet } from '../engine/api/statefulTypes.ts';
import type { DaemonSet, Deployment, KubeObject, ReplicaSet } from '../engine/api/types.ts';
import { surgeCount, unavailableCount } from '../engine/controller/daemon/util/daemonsetUtil.ts';
import {
  deploymentReplicas,
  isRollingUpdate,
  maxSurge,
  maxUnavailable,
} from '../engine/controller/deployment/util/fenceposts.ts';
import { newWatchPrinter, type TableKind, watchPrint, type WatchPrinterState } from '../engine/kubectl/printers/table.ts';
import type { EngineState, TickRecord } from '../engine/sim.ts';
import { type SummaryNoteView, summaryNoteViews } from '../engine/client/summaryCatalog.ts';
import type { Track } from './timeline.ts';

export interface Counters {
  desired: number;
  current: number;
  ready: number;
  available: number;
  /** A ReplicaSet's revision (its deployment.kubernetes.io/revision annotation); the chart colours its line by it. */
  revision?: number;
}

/**
 * What a RollingUpdate workload's strategy promises at a point, resolved as its controller
 * resolves it: a Deployment's maxSurge rounds up and maxUnavailable down against spec.replicas
 * (25% / 25% of 10 → 3 / 2); a DaemonSet's both round up against the nodes that should run it
 * (status.desiredNumberScheduled).
 */
export interface StrategyBand {
  replicas: number;
  surge: number;
  unavailable: number;
}

export interface SeriesPoint {
  tick: number;
  /** Virtual seconds. */
  time: number;
  values: Record<string, Counters>;
  /** The band of each RollingUpdate workload (`Deployment/web`, `DaemonSet/agent`) at this point. */
  strategy: Record<string, StrategyBand>;
}

/** countersOf reads a ReplicaSet's (or DaemonSet's, or StatefulSet's) counters as the chart plots them. */
export function countersOf(o: ReplicaSet | DaemonSet | StatefulSet): Counters {
  if (o.kind === 'StatefulSet') {
    return {
      desired: o.spec.replicas ?? 1,
      current: o.status?.replicas ?? 0,
      ready: o.status?.readyReplicas ?? 0,
      available: o.status?.availableReplicas ?? 0,
    };
  }
  if (o.kind === 'ReplicaSet') {
    return {
      desired: o.spec.replicas ?? 1,
      current: o.status?.replicas ?? 0,
      ready: o.status?.readyReplicas ?? 0,
      available: o.status?.availableReplicas ?? 0,
      revision: Number(o.metadata.annotations?.[RevisionAnnotation] ?? 0) || 0,
    };
  }
  return {
    desired: o.status?.desiredNumberScheduled ?? 0,
    current: o.status?.currentNumberScheduled ?? 0,
    ready: o.status?.numberReady ?? 0,
    available: o.status?.numberAvailable ?? 0,
  };
}

function sameCounters(a: Counters | undefined, b: Counters): boolean {
  return (
    !!a &&
    a.desired === b.desired &&
    a.current === b.current &&
    a.ready === b.ready &&
    a.available === b.available &&
    a.revision === b.revision
  );
}

/**
 * strategyBandOf resolves a workload's band; null for Recreate / OnDelete. A StatefulSet's
 * RollingUpdate surges nothing and, with MaxUnavailableStatefulSet off (v1.36), takes one pod
 * down at a time: replicas 5 → surge 0, unavailable 1.
 */
export function strategyBandOf(o: Deployment | DaemonSet | StatefulSet): StrategyBand | null {
  if (o.kind === 'StatefulSet') {
    if ((o.spec.updateStrategy?.type ?? 'RollingUpdate') !== 'RollingUpdate') return null;
    return { replicas: o.spec.replicas ?? 1, surge: 0, unavailable: 1 };
  }
  if (o.kind === 'Deployment') {
    if (!isRollingUpdate(o)) return null;
    return { replicas: deploymentReplicas(o), surge: maxSurge(o), unavailable: maxUnavailable(o) };
  }
  if ((o.spec.updateStrategy?.type ?? 'RollingUpdate') !== 'RollingUpdate') return null;
  const desired = o.status?.desiredNumberScheduled ?? 0;
  // A malformed int-or-percent fails the controller's sync too; it promises nothing then.
  try {
    return { replicas: desired, surge: surgeCount(o, desired), unavailable: unavailableCount(o, desired) };
  } catch {
    return null;
  }
}

function sameBand(a: StrategyBand | undefined, b: StrategyBand | null): boolean {
  if (!a || !b) return !a && !b;
  return a.replicas === b.replicas && a.surge === b.surge && a.unavailable === b.unavailable;
}

/**
 * SeriesTrack: chart points, one per tick that changed a ReplicaSet's or DaemonSet's counters or
 * a RollingUpdate workload's band (a scale, a maxSurge edit, a node joining a DaemonSet).
 */
export class SeriesTrack implements Track {
  readonly points: SeriesPoint[] = [];
  private current: Record<string, Counters> = {};
  private strategy: Record<string, StrategyBand> = {};

  reset(): void {
    this.points.length = 0;
    this.current = {};
    this.strategy = {};
  }

  append(rec: TickRecord): void {
    let next: Record<string, Counters> | null = null;
    let bands: Record<string, StrategyBand> | null = null;
    for (const w of rec.writes) {
      const o = w.object;
      if (o.kind === 'Deployment' || o.kind === 'DaemonSet' || o.kind === 'StatefulSet') {
        const id = `${o.kind}/${o.metadata.name}`;
        const base: Record<string, StrategyBand> = bands ?? this.strategy;
        const band = w.type === 'DELETED' ? null : strategyBandOf(o);
        if (!sameBand(base[id], band)) {
          const copy = { ...base };
          if (band) copy[id] = band;
          else delete copy[id];
          bands = copy;
        }
      }
      if (o.kind !== 'ReplicaSet' && o.kind !== 'DaemonSet' && o.kind !== 'StatefulSet') continue;
      const name = o.metadata.name;
      const base: Record<string, Counters> = next ?? this.current;
      if (w.type === 'DELETED') {
        if (!(name in base)) continue;
        next = { ...base };
        delete next[name];
        continue;
      }
      const c = countersOf(o);
      if (sameCounters(base[name], c)) continue;
      next = { ...base, [name]: c };
    }
    if (next === null && bands === null) return;
    if (next) this.current = next;
    if (bands) this.strategy = bands;
    this.points.push({ tick: rec.tick, time: rec.time / 1000, values: this.current, strategy: this.strategy });
  }

  truncate(tick: number): void {
    while (this.points.length > 0 && (this.points[this.points.length - 1] as SeriesPoint).tick > tick) this.points.pop();
    const last = this.points[this.points.length - 1];
    this.current = last?.values ?? {};
    this.strategy = last?.strategy ?? {};
  }
}

export type WatchKind = 'rs' | 'deploy' | 'ds' | 'sts' | 'pods';
export const WATCH_KINDS: readonly WatchKind[] = ['rs', 'deploy', 'ds', 'sts', 'pods'];
const TABLE_KIND: Record<WatchKind, TableKind> = {
  rs: 'ReplicaSet',
  deploy: 'Deployment',
  ds: 'DaemonSet',
  sts: 'StatefulSet',
  pods: 'Pod',
};

/** Lines kept per watched kind; a 10,000-pod rollout writes ~190,000 pod rows. */
export const WATCH_LINE_CAP = 20_000;

export interface WatchLine {
  tick: number;
  text: string;
}

interface WatchState {
  lines: WatchLine[];
  /** printers[k]: the printer after line k (restored when the recording is cut). */
  printers: WatchPrinterState[];
  capped: boolean;
}

/** WatchTrack: the `kubectl get <kind> -w` output of the run, printed as kubectl prints it. */
export class WatchTrack implements Track {
  readonly kinds: Record<WatchKind, WatchState> = {
    rs: { lines: [], printers: [], capped: false },
    deploy: { lines: [], printers: [], capped: false },
    ds: { lines: [], printers: [], capped: false },
    sts: { lines: [], printers: [], capped: false },
    pods: { lines: [], printers: [], capped: false },
  };

  reset(): void {
    for (const k of WATCH_KINDS) this.kinds[k] = { lines: [], printers: [], capped: false };
  }

  append(rec: TickRecord): void {
    for (const w of rec.writes) {
      const kind = watchKindOf(w.object);
      if (kind === null) continue;
      const s = this.kinds[kind];
      if (s.capped) continue;
      const printer = s.printers[s.printers.length - 1] ?? newWatchPrinter(TABLE_KIND[kind]);
      const out = watchPrint(printer, [w.object as never], rec.time);
      // Column widths rarely grow: most lines keep the printer before them (~140 bytes a line).
      const state = samePrinter(printer, out.state) ? printer : out.state;
      const texts = out.text.replace(/\n$/, '').split('\n');
      // The first flush carries the header: it is the table's first line, shown from tick 0.
      texts.forEach((text, k) => {
        s.lines.push({ tick: !printer.printedHeaders && k === 0 ? 0 : rec.tick, text });
        s.printers.push(state);
      });
      if (s.lines.length >= WATCH_LINE_CAP) {
        s.capped = true;
        s.lines.push({ tick: rec.tick, text: `(Rollout Lab keeps the first ${WATCH_LINE_CAP.toLocaleString('en')} lines of this watch)` });
        s.printers.push(state);
      }
    }
  }

  truncate(tick: number): void {
    for (const k of WATCH_KINDS) {
      const s = this.kinds[k];
      let n = s.lines.length;
      while (n > 0 && (s.lines[n - 1] as WatchLine).tick > tick) n--;
      // A lone header (tick 0) whose first row was cut goes too: the next row reprints it.
      if (n === 1) n = 0;
      s.lines.length = n;
      s.printers.length = n;
      s.capped = n > WATCH_LINE_CAP;
    }
  }
}

/** samePrinter tells whether two printer states are equal (same header state and column widths). */
function samePrinter(a: WatchPrinterState, b: WatchPrinterState): boolean {
  if (a.printedHeaders !== b.printedHeaders || a.kind !== b.kind || a.wide !== b.wide) return false;
  return a.remembered.length === b.remembered.length && a.remembered.every((w, i) => w === b.remembered[i]);
}

function watchKindOf(o: KubeObject): WatchKind | null {
  switch (o.kind) {
    case 'ReplicaSet':
      return 'rs';
    case 'Deployment':
      return 'deploy';
    case 'DaemonSet':
      return 'ds';
    case 'StatefulSet':
      return 'sts';
    case 'Pod':
      return 'pods';
    default:
      return null;
  }
}

export interface ActionMarker {
  tick: number;
  /** Virtual seconds. */
  time: number;
  label: string;
  /** The label as summary notes when it is the tick's summary (none for a kubectl command). */
  notes: SummaryNoteView[];
}

/**
 * MarkerTrack: one marker per user action tick. The scenario's initial objects are created by
 * the first ticks (their events hold the lowest sequence numbers at 0 s); those are no actions.
 */
export class MarkerTrack implements Track {
  readonly markers: ActionMarker[] = [];
  private initTicks = 0;

  reset(st: EngineState): void {
    this.markers.length = 0;
    this.initTicks = st.config.objects.length;
  }

  append(rec: TickRecord): void {
    if (rec.actor !== 'user' || rec.tick <= this.initTicks) return;
    const command = rec.key?.startsWith('kubectl ') ? rec.key : null;
    const notes = command ? [] : summaryNoteViews(rec.notes);
    this.markers.push({ tick: rec.tick, time: rec.time / 1000, label: command ?? rec.summary, notes });
  }

  truncate(tick: number): void {
    while (this.markers.length > 0 && (this.markers[this.markers.length - 1] as ActionMarker).tick > tick) this.markers.pop();
  }
}
