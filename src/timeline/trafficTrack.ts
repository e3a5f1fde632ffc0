/**
 * TrafficTrack: the clients' per-second series (DESIGN.md §15) as the recording sees it, read
 * from each tick's `trafficSecond/counts` Explain record, with what the summary's `traffic` object
 * needs: which Service selects which workload, and when each pod of each revision went away.
 * Truncated with the timeline; the lookups it keeps (Services, ReplicaSets, pods) are rebuilt from
 * the engine's store at the next tick after a truncate.
 */
import { RevisionAnnotation } from '../engine/api/constants.ts';
import type { Decision } from '../engine/api/decision.ts';
import type { KubeObject, Pod } from '../engine/api/types.ts';
import type { EngineState, TickRecord } from '../engine/sim.ts';
import type { TrafficSecond } from '../engine/traffic/types.ts';
import type { Track } from './timeline.ts';

/** One counted second with the tick that recorded it and its longest failure run (ms; -1: none). */
export interface TrafficPoint extends TrafficSecond {
  tick: number;
  burstFromMs: number;
  burstToMs: number;
}

/** A pod that went away: its workload (`deployment/default/web`), revision and when (ms). */
interface Removal {
  tick: number;
  ms: number;
  workload: string;
  revision: string;
}

/** trafficSecondOf reads a `trafficSecond/counts` record as the §15 line (keys in its order). */
export function trafficSecondOf(d: Decision): TrafficSecond {
  const v = d.values;
  return {
    second: Number(v.second),
    service: String(v.service),
    ok: Number(v.ok),
    refused: Number(v.refused),
    reset: Number(v.reset),
    timeout: Number(v.timeout),
    http503: Number(v.http503),
    byRevision: JSON.parse(String(v.byRevision ?? '{}')) as Record<string, number>,
    endpoints: Number(v.endpoints),
  };
}

export class TrafficTrack implements Track {
  readonly points: TrafficPoint[] = [];
  readonly removals: Removal[] = [];
  /** Service key → its selector. */
  readonly services = new Map<string, Record<string, string>>();
  /** Workload key → namespace and template labels. */
  readonly workloads = new Map<string, { namespace: string; labels: Record<string, string> }>();
  private readonly rs = new Map<string, { workload: string; revision: string }>();
  /** DaemonSet pods: `namespace/hash` → revision. */
  private readonly crs = new Map<string, string>();
  /** Live pods: key → workload and revision. */
  readonly live = new Map<string, { workload: string; revision: string }>();
  private stale = false;

  reset(): void {
    this.points.length = 0;
    this.removals.length = 0;
    this.clearLookups();
    this.stale = false;
  }

  private clearLookups(): void {
    this.services.clear();
    this.workloads.clear();
    this.rs.clear();
    this.crs.clear();
    this.live.clear();
  }

  truncate(tick: number): void {
    while (this.points.length > 0 && (this.points[this.points.length - 1] as TrafficPoint).tick > tick) this.points.pop();
    while (this.removals.length > 0 && (this.removals[this.removals.length - 1] as Removal).tick > tick) this.removals.pop();
    this.stale = true;
  }

  append(rec: TickRecord, st: EngineState): void {
    // Runs without clients keep nothing: the summary has no traffic object for them.
    if (!st.config.traffic?.length) return;
    if (this.stale) {
      this.stale = false;
      this.clearLookups();
      // The store after this tick: its objects, then this tick's removals are read from its writes below.
      for (const kind of ['Service', 'Deployment', 'DaemonSet', 'ReplicaSet', 'ControllerRevision', 'Pod'] as const) {
        for (const o of st.store.objects[kind].values()) this.onObject(o, 'ADDED');
      }
    }
    for (const w of rec.writes) this.onWrite(rec, w.type, w.object);
    for (const d of rec.decisions) {
      if (d.fn !== 'trafficSecond' || d.key !== 'counts') continue;
      const from = Number(d.values.burstFrom);
      const to = Number(d.values.burstTo);
      this.points.push({ ...trafficSecondOf(d), tick: rec.tick, burstFromMs: from < 0 ? -1 : Math.round(from * 1000), burstToMs: to < 0 ? -1 : Math.round(to * 1000) });
    }
  }

  private onWrite(rec: TickRecord, type: string, o: KubeObject): void {
    if (o.kind === 'Pod' && type === 'DELETED') {
      const key = `${o.metadata.namespace ?? 'default'}/${o.metadata.name}`;
      const p = this.live.get(key);
      this.live.delete(key);
      if (p) this.removals.push({ tick: rec.tick, ms: rec.time, ...p });
      return;
    }
    if (type === 'DELETED') return;
    this.onObject(o, type);
  }

  private onObject(o: KubeObject, type: string): void {
    const ns = o.metadata.namespace ?? 'default';
    switch (o.kind) {
      case 'Service':
        if (o.spec.selector) this.services.set(`${ns}/${o.metadata.name}`, o.spec.selector);
        return;
      case 'Deployment':
      case 'DaemonSet':
        this.workloads.set(`${o.kind.toLowerCase()}/${ns}/${o.metadata.name}`, { namespace: ns, labels: o.spec.template.metadata?.labels ?? {} });
        return;
      case 'ReplicaSet': {
        const ref = o.metadata.ownerReferences?.find((r) => r.controller && r.kind === 'Deployment');
        if (ref) this.rs.set(`${ns}/${o.metadata.name}`, { workload: `deployment/${ns}/${ref.name}`, revision: o.metadata.annotations?.[RevisionAnnotation] ?? '?' });
        return;
      }
      case 'ControllerRevision': {
        const hash = o.metadata.labels?.['controller-revision-hash'];
        if (hash) this.crs.set(`${ns}/${hash}`, String(o.revision));
        return;
      }
      case 'Pod':
        if (type === 'ADDED') this.onPodAdded(o, ns);
        return;
    }
  }

  private onPodAdded(p: Pod, ns: string): void {
    const ref = p.metadata.ownerReferences?.find((r) => r.controller);
    if (!ref) return;
    let owner: { workload: string; revision: string } | undefined;
    if (ref.kind === 'ReplicaSet') owner = this.rs.get(`${ns}/${ref.name}`);
    else if (ref.kind === 'DaemonSet') {
      const hash = p.metadata.labels?.['controller-revision-hash'] ?? '';
      owner = { workload: `daemonset/${ns}/${ref.name}`, revision: this.crs.get(`${ns}/${hash}`) ?? '?' };
    }
    if (owner) this.live.set(`${ns}/${p.metadata.name}`, owner);
  }

  /** seriesOf: the counted seconds of one Service, in order (what the Traffic chart plots). */
  seriesOf(service: string): TrafficPoint[] {
    return this.points.filter((p) => p.service === service);
  }

  /** servicesOf: the Services (sorted) whose selector selects the workload's pod template. */
  servicesOf(workload: string): string[] {
    const w = this.workloads.get(workload);
    if (!w) return [];
    const out: string[] = [];
    for (const [svc, sel] of this.services) {
      if (!svc.startsWith(`${w.namespace}/`)) continue;
      if (Object.entries(sel).every(([k, v]) => w.labels[k] === v)) out.push(svc);
    }
    return out.sort();
  }

  /** oldPodsLeft: live pods of the workload of an older revision than `revision` (a later rollout's pods do not count). */
  oldPodsLeft(workload: string, revision: string | null): number {
    let n = 0;
    for (const p of this.live.values()) if (p.workload === workload && isOlder(p.revision, revision)) n++;
    return n;
  }
}

/** isOlder: revision `a` is an older revision number than `b` (an unknown one is older than any). */
export function isOlder(a: string, b: string | null): boolean {
  if (b === null) return a !== '?';
  const x = Number(a);
  const y = Number(b);
  return Number.isFinite(x) && Number.isFinite(y) ? x < y : a !== b;
}
