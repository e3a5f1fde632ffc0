/**
 * Recordings derived tick by tick for the views, over the whole recording (the chart shows the
 * whole run, the watch panel the lines up to the playhead):
 * - SeriesTrack: the counters of every ReplicaSet and DaemonSet and the band each rolling workload's
 *   strategy promises, one point per tick that changed them;
 * - WatchTrack (watchTrack.ts): `kubectl get <kind> -w` lines printed by the engine's own printers, each with its tick;
 * - MarkerTrack: the user's actions (scenario actions and forks).
 * Plain data shaped like src/worker/views.ts, so the worker sends slices of them as they are.
 */
import { RevisionAnnotation } from '../engine/api/constants.ts';
import type { StatefulSet } from '../engine/api/statefulTypes.ts';
import type { DaemonSet, Deployment, ReplicaSet } from '../engine/api/types.ts';
import { surgeCount, unavailableCount } from '../engine/controller/daemon/util/daemonsetUtil.ts';
import {
  deploymentReplicas,
  isRollingUpdate,
  maxSurge,
  maxUnavailable,
} from '../engine/controller/deployment/util/fenceposts.ts';
import type { EngineState, TickRecord } from '../engine/sim.ts';
import { type SummaryNoteView, summaryNoteViews } from '../engine/client/summaryCatalog.ts';
import { SeriesPoints } from './seriesPoints.ts';
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
  /** The points by column (seriesPoints.ts: ~150 bytes a point as objects). */
  private kept = new SeriesPoints();
  private current: Record<string, Counters> = {};
  private strategy: Record<string, StrategyBand> = {};

  /** slice is points [from, to), each built anew from the columns: read once, not per point. */
  slice(from?: number, to?: number): SeriesPoint[] {
    return this.kept.slice(from, to);
  }

  reset(): void {
    this.kept = new SeriesPoints();
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
    this.kept.push(rec.tick, rec.time, this.current, this.strategy);
  }

  truncate(tick: number): void {
    let n = this.kept.length;
    while (n > 0 && this.kept.tickAt(n - 1) > tick) n--;
    this.kept.truncate(n);
    const last = this.kept.at(n - 1);
    this.current = last?.values ?? {};
    this.strategy = last?.strategy ?? {};
  }

  trim(): void {
    this.kept.trim();
  }
}

export { WATCH_KINDS, WATCH_LINE_CAP, type WatchKind, type WatchLine, WatchLines, WatchTrack } from './watchTrack.ts';

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
