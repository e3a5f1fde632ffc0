/**
 * PodTally: how many of each workload's pods exist, are not terminating, and are available at the
 * virtual time of the last tick — kept up to date from pod writes, never by listing pods.
 *
 * A pod counts for the workload its controller owner belongs to (a Deployment's through its
 * ReplicaSet). Terminal pods (phase Failed or Succeeded) hold nothing and count nowhere.
 * - active: neither terminating (deletionTimestamp) nor terminal — what a controller counts;
 * - total: active plus terminating;
 * - available: active and Ready for the workload's minReadySeconds (isPodAvailable).
 *
 * Availability can change with no write at all: a pod Ready since 31 s (timestamps keep whole
 * seconds) under minReadySeconds 5 turns available at 36.001 s. Such pods wait in a heap keyed by
 * that instant and are promoted when the clock passes it (promote), so the counts at any tick's
 * time are exact, and each promotion reports its own instant.
 */
import type { Pod } from '../engine/api/types.ts';
import { isPodReady } from '../engine/controller/podUtil.ts';
import { parseRFC3339 } from '../engine/lib/time.ts';

/** The per-workload counts at one instant. */
export interface PodCounts {
  available: number;
  active: number;
  total: number;
}

const GONE = 0;
const ACTIVE = 1;
const TERMINATING = 2;

interface PodFact {
  w: number;
  state: typeof GONE | typeof ACTIVE | typeof TERMINATING;
  /** The pod as last written (immutable, shared with the store). */
  pod: Pod;
  avail: boolean;
  /** Bumped on every write, so a heap entry of an older version is stale. */
  version: number;
}

interface Waiting {
  at: number;
  uid: string;
  version: number;
}

/** NEVER: a Ready pod whose Ready time does not parse is never available under minReadySeconds. */
const NEVER = Number.MAX_SAFE_INTEGER;

/**
 * availableFrom is the first virtual ms at which isPodAvailable(pod, minReadySeconds, ms) holds,
 * or NEVER; it is only asked of Ready pods. Ready since 31 s with 5 s: 36,001 (strictly after).
 */
export function availableFrom(pod: Pod, minReadySeconds: number): number {
  if (minReadySeconds === 0) return 0;
  const since = parseRFC3339(pod.status?.conditions?.find((c) => c.type === 'Ready')?.lastTransitionTime);
  return Number.isNaN(since) ? NEVER : since + minReadySeconds * 1000 + 1;
}

export class PodTally {
  private readonly pods = new Map<string, PodFact>();
  private counts: PodCounts[] = [];
  private minReady: number[] = [];
  private heap: Waiting[] = [];

  /** counts of workload w (zeros for a workload with no pods yet). */
  countsOf(w: number): PodCounts {
    return this.counts[w] ?? { available: 0, active: 0, total: 0 };
  }

  /** clear forgets every pod. */
  clear(): void {
    this.pods.clear();
    this.counts = [];
    this.minReady = [];
    this.heap = [];
  }

  private slot(w: number): PodCounts {
    let c = this.counts[w];
    if (!c) {
      c = { available: 0, active: 0, total: 0 };
      this.counts[w] = c;
    }
    return c;
  }

  /**
   * setMinReady sets workload w's minReadySeconds at `nowMs`; its pods' availability is worked
   * out again (a rare edit). Returns whether the counts changed.
   */
  setMinReady(w: number, seconds: number, nowMs: number): boolean {
    if ((this.minReady[w] ?? 0) === seconds) return false;
    this.minReady[w] = seconds;
    let changed = false;
    for (const [uid, f] of this.pods) {
      if (f.w !== w || f.state !== ACTIVE) continue;
      const before = f.avail;
      f.version++;
      this.judge(uid, f, nowMs);
      if (before === f.avail) continue;
      this.slot(w).available += f.avail ? 1 : -1;
      changed = true;
    }
    return changed;
  }

  /**
   * pod applies one pod write at `nowMs` (w: its workload, -1 for none); returns the workload
   * whose counts changed, or -1.
   */
  pod(type: 'ADDED' | 'MODIFIED' | 'DELETED', pod: Pod, w: number, nowMs: number): number {
    const uid = pod.metadata.uid ?? `${pod.metadata.namespace ?? 'default'}/${pod.metadata.name}`;
    const old = this.pods.get(uid);
    if (old) this.remove(old);
    const phase = pod.status?.phase;
    const terminal = phase === 'Failed' || phase === 'Succeeded';
    if (type === 'DELETED' || w < 0 || terminal) {
      this.pods.delete(uid);
      return old ? old.w : -1;
    }
    const f: PodFact = {
      w,
      state: pod.metadata.deletionTimestamp ? TERMINATING : ACTIVE,
      pod,
      avail: false,
      version: (old?.version ?? 0) + 1,
    };
    this.pods.set(uid, f);
    this.judge(uid, f, nowMs);
    const c = this.slot(w);
    c.total++;
    if (f.state === ACTIVE) c.active++;
    if (f.avail) c.available++;
    return w;
  }

  private remove(f: PodFact): void {
    const c = this.slot(f.w);
    c.total--;
    if (f.state === ACTIVE) c.active--;
    if (f.avail) c.available--;
  }

  /** judge decides whether an active pod is available now, or queues it for when it will be (counts untouched). */
  private judge(uid: string, f: PodFact, nowMs: number): void {
    f.avail = false;
    if (f.state !== ACTIVE || !isPodReady(f.pod)) return;
    const at = availableFrom(f.pod, this.minReady[f.w] ?? 0);
    if (at <= nowMs) f.avail = true;
    else if (at !== NEVER) this.push({ at, uid, version: f.version });
  }

  /**
   * promote makes available the pods whose time came at or before `nowMs`, oldest first, calling
   * `report(atMs, w)` after each promotion (the counts then include it).
   */
  promote(nowMs: number, report: (atMs: number, w: number) => void): void {
    const heap = this.heap;
    while (heap.length > 0 && (heap[0] as Waiting).at <= nowMs) {
      const e = this.pop();
      const f = this.pods.get(e.uid);
      if (!f || f.version !== e.version || f.avail || f.state !== ACTIVE) continue;
      f.avail = true;
      this.slot(f.w).available++;
      report(e.at, f.w);
    }
  }

  /** nextPromotionMs is when the next waiting pod turns available (null: none waits). */
  nextPromotionMs(): number | null {
    return this.heap[0]?.at ?? null;
  }

  private push(e: Waiting): void {
    const h = this.heap;
    h.push(e);
    let i = h.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if ((h[p] as Waiting).at <= e.at) break;
      h[i] = h[p] as Waiting;
      i = p;
    }
    h[i] = e;
  }

  private pop(): Waiting {
    const h = this.heap;
    const top = h[0] as Waiting;
    const last = h.pop() as Waiting;
    if (h.length > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= h.length) break;
        const r = l + 1;
        const c = r < h.length && (h[r] as Waiting).at < (h[l] as Waiting).at ? r : l;
        if ((h[c] as Waiting).at >= last.at) break;
        h[i] = h[c] as Waiting;
        i = c;
      }
      h[i] = last;
    }
    return top;
  }
}
