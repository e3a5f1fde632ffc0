/**
 * Painting packed pods (big clusters) on a canvas: one cell per pod, the same colour/shape and
 * phase language as the DOM chips, repainting only the cells whose pod, phase or revision changed.
 */
import type { PackedPods, PodDisplayPhase } from '../../worker/protocol.ts';
import { POD_DISPLAY_PHASES } from '../../worker/protocol.ts';
import { type RevisionIndex, revisionStyle } from '../common/revisionStyle.ts';

/** Cell size and pitch in CSS pixels. */
export const CELL = 10;
export const PITCH = 12;

/** nodePodIndices lists the packed indices of the pods on node `nodeIndex` (-1: unscheduled). */
export function nodePodIndices(packed: PackedPods, nodeIndex: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < packed.count; i++) if (packed.node[i] === nodeIndex) out.push(i);
  return out;
}

/** packedRevisionPairs lists the distinct (workload, revision) pairs of a packed snapshot. */
export function packedRevisionPairs(packed: PackedPods): { workload: string; revision: number }[] {
  const seen = new Set<string>();
  const out: { workload: string; revision: number }[] = [];
  for (let i = 0; i < packed.count; i++) {
    const workload = packed.workloadNames[packed.workload[i] ?? -1] ?? '';
    const revision = packed.revision[i] ?? 0;
    const k = `${workload}\u0000${revision}`;
    if (!seen.has(k)) {
      seen.add(k);
      out.push({ workload, revision });
    }
  }
  return out;
}

/** A painted cell's identity: repaint when it differs. */
function cellKey(packed: PackedPods, i: number, index: RevisionIndex): string {
  const workload = packed.workloadNames[packed.workload[i] ?? -1] ?? '';
  const style = revisionStyle(index, workload, packed.revision[i] ?? 0);
  return `${packed.phase[i]}|${style.color}|${style.shape}|${packed.names[i]}`;
}

function shapePath(ctx: CanvasRenderingContext2D, shape: string, x: number, y: number, s: number): void {
  ctx.beginPath();
  if (shape === 'circle') ctx.arc(x + s / 2, y + s / 2, s / 2 - 1, 0, Math.PI * 2);
  else if (shape === 'diamond') {
    ctx.moveTo(x + s / 2, y + 0.5);
    ctx.lineTo(x + s - 0.5, y + s / 2);
    ctx.lineTo(x + s / 2, y + s - 0.5);
    ctx.lineTo(x + 0.5, y + s / 2);
    ctx.closePath();
  } else ctx.rect(x + 1, y + 1, s - 2, s - 2);
}

const ERRORS = new Set<PodDisplayPhase>(['Failed', 'CrashLoopBackOff', 'ImagePullBackOff', 'ErrImagePull']);

/** paintCell draws one pod cell at column/row. */
function paintCell(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  phase: PodDisplayPhase,
  color: string,
  shape: string,
  dark: boolean,
) {
  const s = CELL;
  ctx.clearRect(x - 1, y - 1, PITCH, PITCH);
  ctx.save();
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  shapePath(ctx, shape, x, y, s);
  if (ERRORS.has(phase)) {
    ctx.strokeStyle = dark ? '#f87171' : '#dc2626';
    ctx.lineWidth = 2;
    ctx.stroke();
  } else if (phase === 'Pending') {
    ctx.setLineDash([2, 1.5]);
    ctx.stroke();
  } else if (phase === 'ContainerCreating' || phase === 'Succeeded') {
    ctx.stroke();
  } else if (phase === 'RunningNotReady') {
    ctx.stroke();
    ctx.clip();
    ctx.fillRect(x, y + s / 2, s, s / 2);
  } else {
    if (phase === 'Terminating') ctx.globalAlpha = 0.35;
    ctx.fill();
    if (phase === 'Available') {
      ctx.fillStyle = '#fff';
      ctx.fillRect(x + s / 2 - 1, y + s / 2 - 1, 2, 2);
    }
  }
  ctx.restore();
}

export interface PaintState {
  keys: string[];
  cols: number;
}

/**
 * paintNode paints the node's cells, only those that changed since `prev` (all when the column
 * count changed). Returns the new state; `indices` are the node's packed pod indices in order.
 */
export function paintNode(
  ctx: CanvasRenderingContext2D,
  packed: PackedPods,
  indices: readonly number[],
  index: RevisionIndex,
  cols: number,
  prev: PaintState | null,
  dark: boolean,
): PaintState {
  const full = !prev || prev.cols !== cols;
  if (full) ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  const keys = indices.map((i) => cellKey(packed, i, index));
  const n = Math.max(keys.length, prev?.keys.length ?? 0);
  for (let c = 0; c < n; c++) {
    const key = keys[c];
    if (!full && prev?.keys[c] === key) continue;
    const x = (c % cols) * PITCH + 1;
    const y = Math.floor(c / cols) * PITCH + 1;
    if (key === undefined) {
      ctx.clearRect(x - 1, y - 1, PITCH, PITCH);
      continue;
    }
    const [phaseIdx, color, shape] = key.split('|');
    const phase = POD_DISPLAY_PHASES[Number(phaseIdx)] ?? 'Pending';
    paintCell(ctx, x, y, phase, color ?? '#888', shape ?? 'square', dark);
  }
  return { keys, cols };
}
