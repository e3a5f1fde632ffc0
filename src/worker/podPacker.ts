/**
 * PodPacker: the pods of a big cluster packed into typed arrays for the canvas (PackedPodsWire),
 * with their names sent only when they changed. Two ways in: the object cursor's pod columns
 * (packColumns, what frames use: typed arrays, no pod object read) and a list of pod objects
 * (pack: any store, and the reference the columns are tested against).
 */
import type { Node, Pod } from '../engine/api/types.ts';
import { isPodAvailable } from '../engine/controller/podUtil.ts';
import type { CursorPods } from '../timeline/objectCursor.ts';
import { BASE_PHASES, PHASE_BITS, PHASE_MASK, type PodColumns } from '../timeline/podColumns.ts';
import type { PackedPodsWire } from './protocol.ts';
import type { NodeTotals } from './nodeViews.ts';
import { type OwnerIndex, PHASE_INDEX, podDisplayPhase, podEntry } from './viewModel.ts';

const READY = BASE_PHASES.indexOf('ready');
/** Packed phase of each base phase code ('ready' is Available or Ready: see packColumns). */
const PACKED_PHASE = BASE_PHASES.map((p) => (p === 'ready' ? PHASE_INDEX.Available : PHASE_INDEX[p]));

/** The facts a workload index needs of one owner: the ReplicaSet's or DaemonSet's revision and so on. */
interface OwnerFacts {
  revision: number;
  minReady: number;
  workload: string;
}

/** ownerFacts looks an owner up in the frame's owner index (nothing for other owners). */
function ownerFacts(kind: string, name: string, hash: string, idx: OwnerIndex): OwnerFacts {
  if (kind === 'ReplicaSet') {
    const rs = idx.rs.get(name);
    return { revision: rs?.revision ?? 0, minReady: rs?.minReady ?? 0, workload: rs?.workload ?? name };
  }
  if (kind === 'DaemonSet') {
    const ds = idx.ds.get(name);
    return { revision: ds?.revisions.get(hash) ?? 0, minReady: ds?.minReady ?? 0, workload: name };
  }
  if (kind === 'StatefulSet') {
    const sts = idx.sts.get(name);
    return { revision: sts?.revisions.get(hash) ?? 0, minReady: sts?.minReady ?? 0, workload: name };
  }
  return { revision: 0, minReady: 0, workload: '' };
}

/** sameNames tells whether slots `a` and `b` list the same names in the same order. */
function sameNames(columns: PodColumns, a: Int32Array, b: Int32Array): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!columns.sameName(a[i] as number, b[i] as number)) return false;
  return true;
}

export class PodPacker {
  /** The names the last pack of objects sent; null when none was sent since a packColumns or reset. */
  private lastNames: string[] | null = null;
  /** The listed slots and the columns of the last packColumns (null after a pack of objects). */
  private lastSlots: Int32Array | null = null;
  private lastColumns: PodColumns | null = null;
  private namesVersion = 0;
  /** Per node of the last packColumns (null after a pack of objects): see nodeTotals. */
  private totals: { nodeNames: string[]; pods: Int32Array; cpu: Float64Array; memory: Float64Array } | null =
    null;

  /**
   * packColumns encodes the cursor's pods from its columns, in listing order (by key). A pod is
   * read only when Ready under a minReadySeconds (is it available yet?); the rest are numbers.
   * On the way it sums each node's pods and their requests (nodeTotals).
   */
  packColumns({ pods, nodes, columns }: CursorPods, idx: OwnerIndex, nowMs: number): PackedPodsWire {
    const slots = pods.slotsListed();
    const n = slots.length;
    const nodeSlots = nodes.slotsListed();
    const nodeNames: string[] = new Array(nodeSlots.length);
    // The node column holds node slot + 1: nodeAt maps it to the node's index (0 and gone: -1).
    const nodeAt = new Int32Array(nodes.objs.length + 1).fill(-1);
    for (let k = 0; k < nodeSlots.length; k++) {
      const s = nodeSlots[k] as number;
      nodeNames[k] = (nodes.objs[s] as Node).metadata.name;
      nodeAt[s + 1] = k;
    }
    const owners = columns.owners;
    // Per owner id, looked up at its first pod: workload index (-1: not yet), revision, minReady.
    const ownerW = new Int32Array(owners.length).fill(-1);
    const ownerRev = new Int32Array(owners.length);
    const ownerMinReady = new Float64Array(owners.length);
    const ownerCpu = new Float64Array(owners.length);
    const ownerMemory = new Float64Array(owners.length);
    const podsOn = new Int32Array(nodeSlots.length);
    const cpuOn = new Float64Array(nodeSlots.length);
    const memoryOn = new Float64Array(nodeSlots.length);
    const workloadNames: string[] = [];
    const workloadIndex = new Map<string, number>();
    const node = new Int32Array(n);
    const phase = new Uint8Array(n);
    const revision = new Int32Array(n);
    const workload = new Int32Array(n);
    const nodeCol = columns.node;
    const metaCol = columns.meta;
    for (let i = 0; i < n; i++) {
      const s = slots[i] as number;
      const meta = metaCol[s] as number;
      const o = meta >>> PHASE_BITS;
      let w = ownerW[o] as number;
      if (w < 0) {
        const owner = owners[o] as (typeof owners)[number];
        const f = ownerFacts(owner.kind, owner.name, owner.hash, idx);
        w = workloadIndex.get(f.workload) ?? -1;
        if (w < 0) {
          w = workloadNames.length;
          workloadNames.push(f.workload);
          workloadIndex.set(f.workload, w);
        }
        ownerW[o] = w;
        ownerRev[o] = f.revision;
        ownerMinReady[o] = f.minReady;
        ownerCpu[o] = owner.cpuMilli;
        ownerMemory[o] = owner.memoryBytes;
      }
      const x = nodeAt[nodeCol[s] as number] ?? -1;
      node[i] = x;
      if (x >= 0) {
        // Summed in listing order, as nodeViews sums the pod objects.
        podsOn[x] = (podsOn[x] as number) + 1;
        cpuOn[x] = (cpuOn[x] as number) + (ownerCpu[o] as number);
        memoryOn[x] = (memoryOn[x] as number) + (ownerMemory[o] as number);
      }
      const code = meta & PHASE_MASK;
      const minReady = ownerMinReady[o] as number;
      phase[i] =
        code === READY && minReady !== 0 && !isPodAvailable(pods.objs[s] as Pod, minReady, nowMs)
          ? PHASE_INDEX.Ready
          : (PACKED_PHASE[code] as number);
      revision[i] = ownerRev[o] as number;
      workload[i] = w;
    }
    const last = this.lastColumns === columns ? this.lastSlots : null;
    const same = last !== null && sameNames(columns, last, slots);
    // The names array only serves a later pack of objects: it starts afresh (sends its names).
    this.lastNames = null;
    this.lastSlots = slots;
    this.lastColumns = columns;
    this.totals = { nodeNames, pods: podsOn, cpu: cpuOn, memory: memoryOn };
    return this.wire({ count: n, node, phase, revision, workload, nodeNames, workloadNames }, same, () =>
      columns.linesBytes(slots),
    );
  }

  /** wire completes a pack: the names (one a line) go along only when they changed since the last pack. */
  private wire(
    cols: Omit<PackedPodsWire, 'names' | 'namesVersion'>,
    same: boolean,
    names: () => string | Uint8Array,
  ): PackedPodsWire {
    if (!same) this.namesVersion++;
    return { ...cols, names: same ? null : names(), namesVersion: this.namesVersion };
  }

  /** pack encodes `pods` (sorted); names go along (one a line) only when they changed since the last pack. */
  pack(pods: readonly Pod[], nodeNames: readonly string[], idx: OwnerIndex, nowMs: number): PackedPodsWire {
    const n = pods.length;
    const node = new Int32Array(n);
    const phase = new Uint8Array(n);
    const revision = new Int32Array(n);
    const workload = new Int32Array(n);
    const nodeIndex = new Map(nodeNames.map((name, i) => [name, i]));
    const workloadNames: string[] = [];
    const workloadIndex = new Map<string, number>();
    const names: string[] = new Array(n);
    // Pods come sorted by name, so neighbours mostly share an owner: look it up once per run.
    let lastOwner = '';
    let f: OwnerFacts = { revision: 0, minReady: 0, workload: '' };
    let w = -1;
    for (let i = 0; i < n; i++) {
      const pod = pods[i] as Pod;
      const e = podEntry(pod);
      const owner =
        e.ownerKind === 'DaemonSet' || e.ownerKind === 'StatefulSet'
          ? `${e.ownerName}\u0000${e.hash}`
          : e.ownerName;
      if (owner !== lastOwner || w < 0) {
        lastOwner = owner;
        f = ownerFacts(e.ownerKind, e.ownerName, e.hash, idx);
        w = workloadIndex.get(f.workload) ?? -1;
        if (w < 0) {
          w = workloadNames.length;
          workloadNames.push(f.workload);
          workloadIndex.set(f.workload, w);
        }
      }
      names[i] = e.name;
      node[i] = e.nodeName === null ? -1 : (nodeIndex.get(e.nodeName) ?? -1);
      phase[i] =
        e.base === 'ready' ? PHASE_INDEX[podDisplayPhase(pod, f.minReady, nowMs)] : PHASE_INDEX[e.base];
      revision[i] = f.revision;
      workload[i] = w;
    }
    const same = this.sameNames(names);
    if (!same) this.lastNames = names;
    this.lastSlots = null;
    this.totals = null;
    return this.wire(
      { count: n, node, phase, revision, workload, nodeNames: [...nodeNames], workloadNames },
      same,
      () => names.join('\n'),
    );
  }

  /**
   * nodeTotals gives, by node name, the pods bound to each node of the last packColumns and the
   * cpu and memory they request (nodeViews' totals): from the pod columns, so a frame of ~12,500
   * pods never reads a pod object for its node cards.
   */
  nodeTotals(): Map<string, NodeTotals> {
    const t = this.totals;
    if (t === null) throw new Error('PodPacker.nodeTotals: no packColumns to sum');
    return new Map(
      t.nodeNames.map((name, x) => [
        name,
        { pods: t.pods[x] as number, cpuMilli: t.cpu[x] as number, memoryBytes: t.memory[x] as number },
      ]),
    );
  }

  /** reset forgets the names (the next pack sends them). */
  reset(): void {
    this.lastNames = null;
    this.lastSlots = null;
  }

  private sameNames(names: readonly string[]): boolean {
    const last = this.lastNames;
    // Nothing sent yet: even an empty list goes out, as packColumns sends it.
    if (last === null || names.length !== last.length) return false;
    for (let i = 0; i < names.length; i++) if (names[i] !== last[i]) return false;
    return true;
  }
}
