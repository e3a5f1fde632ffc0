/**
 * The looks of packed pods (big clusters): one number per pod cell that says how it is drawn
 * (phase, endpoint badge, revision colour and shape), and a packed snapshot grouped by node for the
 * canvases (packedFrame). Painting them is packedPaint.ts.
 */
import type { PackedPods, PodDisplayPhase } from '../../worker/protocol.ts';
import { POD_DISPLAY_PHASES } from '../../worker/protocol.ts';
import { type RevisionShape, revisionStyle } from '../common/revisionStyle.ts';

/**
 * A phase takes the low 4 bits of a cell's look (11 phases), the endpoint code the next 2
 * (endpointCodes.ts: 0 no badge, 1 none, 2 serving-terminating, 3 ready), the style id the rest.
 */
const PHASE_BITS = 4;
const PHASE_MASK = (1 << PHASE_BITS) - 1;
const STYLE_SHIFT = PHASE_BITS + 2;
const endpointOfLook = (look: number) => (look >> PHASE_BITS) & 3;

/** Every colour/shape pair painted so far, by id (ids stay the same for the page's life). */
const styles: { color: string; shape: RevisionShape }[] = [];
const styleIds = new Map<string, number>();

function styleId(color: string, shape: RevisionShape): number {
  const k = `${color}|${shape}`;
  let id = styleIds.get(k);
  if (id === undefined) {
    id = styles.length;
    styles.push({ color, shape });
    styleIds.set(k, id);
  }
  return id;
}

/** PackedFrame: a packed snapshot prepared for painting. */
export interface PackedFrame {
  packed: PackedPods;
  /** Node name → node index (-1 is the unscheduled tray). */
  nodeIndex: Map<string, number>;
  /** The pods of node k are `order[start[k + 1]] … order[start[k + 2] - 1]`, in packed order. */
  start: Int32Array;
  order: Int32Array;
  /** Per pod, its cell's look: phase + 16 × endpoint code + 64 × style id. Equal looks paint equal cells. */
  looks: Int32Array;
}

/**
 * packedFrame groups the pods by node (a counting sort, O(pods)) and gives each pod its look;
 * each revision has its own colour and shape (revisionStyle; unknown revisions are grey).
 */
export function packedFrame(packed: PackedPods): PackedFrame {
  const n = packed.count;
  const groups = packed.nodeNames.length + 1;
  const start = new Int32Array(groups + 1);
  for (let i = 0; i < n; i++) {
    const g = (packed.node[i] ?? -1) + 2;
    start[g] = (start[g] ?? 0) + 1;
  }
  for (let g = 1; g <= groups; g++) start[g] = (start[g] ?? 0) + (start[g - 1] ?? 0);
  const fill = start.slice(0, groups);
  const order = new Int32Array(n);
  const looks = new Int32Array(n);
  // Neighbours mostly share a revision: look the style up again only when it changes.
  let lastRev = -1;
  let lastStyle = 0;
  const endpoint = packed.endpoint;
  for (let i = 0; i < n; i++) {
    const g = (packed.node[i] ?? -1) + 1;
    order[fill[g] ?? 0] = i;
    fill[g] = (fill[g] ?? 0) + 1;
    const rev = packed.revision[i] ?? 0;
    if (rev !== lastRev) {
      const style = revisionStyle(rev);
      lastStyle = styleId(style.color, style.shape);
      lastRev = rev;
    }
    looks[i] = (packed.phase[i] ?? 0) | ((endpoint?.[i] ?? 0) << PHASE_BITS) | (lastStyle << STYLE_SHIFT);
  }
  const nodeIndex = new Map(packed.nodeNames.map((name, k) => [name, k]));
  return { packed, nodeIndex, start, order, looks };
}

/** nodeCells lists the packed indices of node `node`'s pods (null: unscheduled), in packed order. */
export function nodeCells(frame: PackedFrame, node: string | null): Int32Array {
  const k = node === null ? -1 : (frame.nodeIndex.get(node) ?? null);
  if (k === null) return new Int32Array(0);
  return frame.order.subarray(frame.start[k + 1] ?? 0, frame.start[k + 2] ?? 0);
}

/** packedRevisionPairs lists the distinct (workload, revision) pairs of a packed snapshot. */
export function packedRevisionPairs(packed: PackedPods): { workload: string; revision: number }[] {
  const seen = new Set<number>();
  const out: { workload: string; revision: number }[] = [];
  for (let i = 0; i < packed.count; i++) {
    const w = packed.workload[i] ?? -1;
    const revision = packed.revision[i] ?? 0;
    // Revisions stay far below 2^32 and workloads below 2^20: one safe integer per pair.
    const k = (w + 1) * 2 ** 32 + revision;
    if (!seen.has(k)) {
      seen.add(k);
      out.push({ workload: packed.workloadNames[w] ?? '', revision });
    }
  }
  return out;
}

/**
 * lookOf is the look (see PackedFrame.looks) of a pod in `phase` drawn in a revision's colour and
 * shape, with its endpoint badge (`endpoint`: endpointCodes.ts's code, 0 none).
 */
export function lookOf(phase: PodDisplayPhase, color: string, shape: RevisionShape, endpoint = 0): number {
  const p = POD_DISPLAY_PHASES.indexOf(phase);
  return Math.max(p, 0) | ((endpoint & 3) << PHASE_BITS) | (styleId(color, shape) << STYLE_SHIFT);
}

/** lookCell decodes a look into what paintCell draws: the phase, the style and the endpoint code. */
export function lookCell(look: number): {
  phase: PodDisplayPhase;
  color: string;
  shape: RevisionShape;
  endpoint: number;
} {
  const style = styles[look >> STYLE_SHIFT] ?? { color: '#888', shape: 'square' };
  return {
    phase: POD_DISPLAY_PHASES[look & PHASE_MASK] ?? 'Pending',
    color: style.color,
    shape: style.shape,
    endpoint: endpointOfLook(look),
  };
}
