/**
 * Pod columns: what the cluster canvas shows of each pod (node, base phase, owner) as numbers, one
 * pair per pod slot, moved with the object cursor. Each recorded pod write keeps the numbers of the
 * pod before and after it (read from the pod when it is recorded, while it is fresh in memory), so
 * the cursor copies two ints per walked write and a frame packs its pods from typed arrays. Reading
 * the same facts from ~12,500 pod objects scattered in the heap took ~9 ms of a ~12.5 ms seek in the
 * 10,000-replica rollout (a cache miss or more per pod); the columns read in well under 1 ms.
 */
import { getControllerOf } from '../engine/api/ownerRefs.ts';
import { ControllerRevisionHashLabelKey } from '../engine/api/constants.ts';
import type { ContainerStatus, KubeObject, Pod } from '../engine/api/types.ts';
import { isRestartableInitContainer } from '../engine/kubelet/status.ts';
import { computePodResourceRequest } from '../engine/scheduler/framework/resource.ts';
import { ListedNames } from './listedNames.ts';
import type { KeySlots } from './slotTable.ts';

/** A pod's display phase before availability ('ready': running and Ready), by code. */
export const BASE_PHASES = [
  'Pending',
  'ContainerCreating',
  'RunningNotReady',
  'ready',
  'Terminating',
  'Failed',
  'Succeeded',
  'CrashLoopBackOff',
  'ImagePullBackOff',
  'ErrImagePull',
  'CreateContainerConfigError',
  'Init',
  'PodInitializing',
] as const;
export type BasePhase = (typeof BASE_PHASES)[number];

const PHASE_CODE = new Map<string, number>(BASE_PHASES.map((p, i) => [p, i]));
/** meta = phase code | owner id << PHASE_BITS (16 codes, ~134 million owners). */
export const PHASE_BITS = 4;
export const PHASE_MASK = 15;

/**
 * basePhase is what a person would call the pod before availability: being deleted → Terminating;
 * Failed / Succeeded; not bound → Pending; a waiting container's image or crash reason; an init
 * container still to finish → Init (kubectl's Init:i/n); the init containers done and an app
 * container waiting to be made → PodInitializing (kubectl's STATUS then); no running container →
 * ContainerCreating;
 * running and Ready → 'ready', else RunningNotReady.
 */
export function basePhase(pod: Pod): BasePhase {
  const phase = pod.status?.phase;
  if (pod.metadata.deletionTimestamp) return 'Terminating';
  if (phase === 'Failed') return 'Failed';
  if (phase === 'Succeeded') return 'Succeeded';
  if (!pod.spec.nodeName) return 'Pending';
  const statuses = pod.status?.containerStatuses ?? [];
  // An init container that cannot pull or keeps crashing holds the pod as kubectl's
  // Init:CrashLoopBackOff does; one still to finish is kubectl's Init:i/n (initializing below).
  const init = pod.status?.initContainerStatuses;
  if (init !== undefined) {
    for (const cs of init) {
      const reason = cs.state.waiting?.reason;
      if (reason === 'CrashLoopBackOff' || reason === 'ImagePullBackOff' || reason === 'ErrImagePull') return reason;
    }
    if (initializing(pod, init)) return 'Init';
  }
  for (const cs of statuses) {
    const reason = cs.state.waiting?.reason;
    if (reason === 'CrashLoopBackOff' || reason === 'ImagePullBackOff' || reason === 'ErrImagePull' || reason === 'CreateContainerConfigError')
      return reason;
  }
  if (statuses.length === 0 || !statuses.some((cs) => cs.state.running)) {
    // The kubelet's waiting reason for an app container of a pod whose init containers have not
    // all been seen done yet (kubectl prints it as the STATUS): the chip says what kubectl says.
    return statuses.some((cs) => cs.state.waiting?.reason === 'PodInitializing') ? 'PodInitializing' : 'ContainerCreating';
  }
  const ready = pod.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ?? false;
  return ready ? 'ready' : 'RunningNotReady';
}

/**
 * initializing: an init container has not finished, as printPod reads it (kubectl's `Init:i/n`):
 * one that exited 0 is done, and a sidecar (restartPolicy Always) that has started is passed over.
 */
function initializing(pod: Pod, init: readonly ContainerStatus[]): boolean {
  const specs = pod.spec.initContainers ?? [];
  for (const cs of init) {
    if (cs.state.terminated?.exitCode === 0) continue;
    if (cs.started === true && isRestartableInitContainer(specs.find((c) => c.name === cs.name))) continue;
    return true;
  }
  return false;
}

/**
 * A pod's owner as the canvas groups pods: its controller when a ReplicaSet (by name) or a
 * DaemonSet (by name and controller-revision-hash); kind '' is every other pod. With the owner go
 * the cpu and memory the pod requests (computePodResourceRequest, as the scheduler sums them), so
 * a node card's requested totals are summed from the columns too: a ReplicaSet's pods share one
 * template, hence one id; a pod that requests otherwise gets an id of its own. Id 0 is an unowned
 * pod that requests nothing.
 */
export interface PodOwner {
  kind: '' | 'ReplicaSet' | 'DaemonSet';
  name: string;
  hash: string;
  cpuMilli: number;
  memoryBytes: number;
}

/** The numbers of one pod: node slot + 1 (0: not bound) and meta (phase code, owner id). */
interface Facts {
  node: number;
  meta: number;
}

/** grown is `a` with room for index `i` (doubling), or `a` itself. */
function grown(a: Int32Array<ArrayBuffer>, i: number): Int32Array<ArrayBuffer> {
  if (i < a.length) return a;
  const b = new Int32Array(Math.max(64, a.length * 2, i + 1));
  b.set(a);
  return b;
}

/** The pod columns of a cursor snapshot. */
export interface ColumnSnapshot {
  node: Int32Array;
  meta: Int32Array;
}

export class PodColumns {
  /** The pods' names by slot. */
  private readonly names: ListedNames;
  /** owners[id]: the owners met so far (0: none). */
  readonly owners: PodOwner[] = [{ kind: '', name: '', hash: '', cpuMilli: 0, memoryBytes: 0 }];
  /** At the cursor's tick, per pod slot: node slot + 1 (0: none), meta. Valid where a pod is. */
  node = new Int32Array(0);
  meta = new Int32Array(0);
  private readonly ownerIds = new Map<string, number>();
  /** Per write of the cursor's log (pod writes only): the numbers after and before it. */
  private afterNode = new Int32Array(64);
  private afterMeta = new Int32Array(64);
  private beforeNode = new Int32Array(64);
  private beforeMeta = new Int32Array(64);
  /** Per pod slot at the end of the recording. */
  private endNode = new Int32Array(64);
  private endMeta = new Int32Array(64);
  private readonly scratch: Facts = { node: 0, meta: 0 };

  /** `nodes` gives node names their slots (the node column holds them); `pods` lists the pod slots. */
  constructor(
    private readonly nodes: KeySlots,
    pods: KeySlots,
  ) {
    this.names = new ListedNames(pods);
  }

  /** setEnd puts `pod` at `slot` at the end of the recording (reset and the first objects). */
  setEnd(slot: number, pod: KubeObject | null): void {
    const f = this.facts(slot, pod);
    this.endNode = grown(this.endNode, slot);
    this.endMeta = grown(this.endMeta, slot);
    this.endNode[slot] = f.node;
    this.endMeta[slot] = f.meta;
  }

  /** write logs write x, which puts `pod` at `slot`, and moves the end on. */
  write(x: number, slot: number, pod: KubeObject | null): void {
    this.afterNode = grown(this.afterNode, x);
    this.afterMeta = grown(this.afterMeta, x);
    this.beforeNode = grown(this.beforeNode, x);
    this.beforeMeta = grown(this.beforeMeta, x);
    this.beforeNode[x] = this.endNode[slot] ?? 0;
    this.beforeMeta[x] = this.endMeta[slot] ?? 0;
    this.setEnd(slot, pod);
    this.afterNode[x] = this.endNode[slot] as number;
    this.afterMeta[x] = this.endMeta[slot] as number;
  }

  /**
   * trim gives back the room the four per-write columns kept for more writes (the recording
   * stopped; `writes` is the cursor's log length): they grow by doubling, so up to half of each is
   * spare (~3 MB after the 10,000-replica rollout's 420,000 writes).
   */
  trim(writes: number): void {
    const n = Math.max(64, writes);
    if (this.afterNode.length <= n) return;
    this.afterNode = this.afterNode.slice(0, n);
    this.afterMeta = this.afterMeta.slice(0, n);
    this.beforeNode = this.beforeNode.slice(0, n);
    this.beforeMeta = this.beforeMeta.slice(0, n);
  }

  /** unwrite takes write x back from the end (a fork cutting the recording). */
  unwrite(x: number, slot: number): void {
    this.endNode[slot] = this.beforeNode[x] as number;
    this.endMeta[slot] = this.beforeMeta[x] as number;
  }

  /** snapshotOfEnd copies the end's columns for `slots` pod slots. */
  snapshotOfEnd(slots: number): ColumnSnapshot {
    return { node: this.endNode.slice(0, slots), meta: this.endMeta.slice(0, slots) };
  }

  /**
   * start readies the cursor's columns for `slots` slots, from a snapshot or as they stand. Slots
   * past the snapshot keep stale numbers: they hold no pod until a walked write sets both.
   */
  start(from: ColumnSnapshot | null, slots: number): void {
    if (this.node.length < slots) {
      const node = new Int32Array(Math.max(slots, this.node.length * 2));
      const meta = new Int32Array(node.length);
      node.set(this.node);
      meta.set(this.meta);
      this.node = node;
      this.meta = meta;
    }
    if (from) {
      this.node.set(from.node);
      this.meta.set(from.meta);
    }
  }

  /** forward applies write x at `slot` to the cursor's columns. */
  forward(x: number, slot: number): void {
    this.node[slot] = this.afterNode[x] as number;
    this.meta[slot] = this.afterMeta[x] as number;
  }

  /** backward takes write x at `slot` back from the cursor's columns. */
  backward(x: number, slot: number): void {
    this.node[slot] = this.beforeNode[x] as number;
    this.meta[slot] = this.beforeMeta[x] as number;
  }

  /** facts reads the numbers of `pod` (the one scratch record: use them before the next call). */
  private facts(slot: number, o: KubeObject | null): Facts {
    const f = this.scratch;
    f.node = 0;
    f.meta = 0;
    if (o === null) return f;
    const pod = o as Pod;
    if (!this.names.named(slot)) this.names.set(slot, pod.metadata.name);
    const nodeName = pod.spec.nodeName;
    if (nodeName) f.node = this.nodes.slot(nodeName) + 1;
    f.meta = (PHASE_CODE.get(basePhase(pod)) as number) | (this.ownerId(pod) << PHASE_BITS);
    return f;
  }

  /** lines is the names of `slots` (in listing order), one a line. */
  lines(slots: Int32Array): string {
    return this.names.lines(slots);
  }

  /** linesBytes is lines() as ASCII bytes once the names stand still (ListedNames.linesBytes). */
  linesBytes(slots: Int32Array): string | Uint8Array {
    return this.names.linesBytes(slots);
  }

  /** sameName tells whether two slots hold the same name (pods of two namespaces may). */
  sameName(a: number, b: number): boolean {
    return this.names.same(a, b);
  }

  private ownerId(pod: Pod): number {
    const ref = getControllerOf(pod);
    let kind: PodOwner['kind'] = '';
    let hash = '';
    if (ref?.kind === 'ReplicaSet') kind = 'ReplicaSet';
    else if (ref?.kind === 'DaemonSet') {
      kind = 'DaemonSet';
      hash = pod.metadata.labels?.[ControllerRevisionHashLabelKey] ?? '';
    }
    const name = kind === '' ? '' : (ref?.name ?? '');
    // Memoised by the containers array, which a ReplicaSet's pods share: one WeakMap lookup a write.
    const r = computePodResourceRequest(pod.spec);
    if (kind === '' && r.milliCPU === 0 && r.memory === 0) return 0;
    const key = `${kind}\u0000${name}\u0000${hash}\u0000${r.milliCPU}\u0000${r.memory}`;
    let id = this.ownerIds.get(key);
    if (id === undefined) {
      id = this.owners.length;
      this.owners.push({ kind, name, hash, cpuMilli: r.milliCPU, memoryBytes: r.memory });
      this.ownerIds.set(key, id);
    }
    return id;
  }
}
