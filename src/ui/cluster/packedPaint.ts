/**
 * Painting packed pods (big clusters) on canvases: one cell per pod, the same colour/shape and
 * phase language as the DOM chips. A snapshot is prepared once for all node canvases
 * (packedFrame in packedLooks.ts: pods grouped by node, one number per pod that says how its cell looks), then each
 * canvas repaints only the cells whose look changed: at 5,000 pods a frame of a fast rollout
 * changes a few hundred cells, and painting those costs a few hundred µs where all 5,000 took
 * ~10 ms (TOOLCHAIN.md §6: dirty cells hold 60 fps at 10k pods).
 */
import type { PodDisplayPhase } from '../../worker/protocol.ts';
import { lookCell, type PackedFrame } from './packedLooks.ts';

/** Cell size and pitch in CSS pixels. */
export const CELL = 10;
export const PITCH = 12;

/** A node canvas's height in rows: the rows shown, and the rows its bitmap holds (≥ shown). */
export interface CanvasRows {
  shown: number;
  held: number;
}

/**
 * canvasRows sizes a canvas for `need` rows. While playing, the bitmap keeps half again as many
 * rows as it shows, so a node filling up row by row does not get a new bitmap each row (a new
 * bitmap costs the compositor 50–130 ms without a GPU: the long tasks of a 5,000-pod rollout were
 * these), and with `growOnly` (nodes, not the tray) the rows shown do not shrink either, so the
 * cluster grid does not reflow each time a count swings back. Paused, both fit `need` exactly.
 * `prev` is null when the column count changed.
 */
export function canvasRows(
  need: number,
  prev: CanvasRows | null,
  playing: boolean,
  growOnly: boolean,
): CanvasRows {
  const shown = playing && growOnly && prev ? Math.max(need, prev.shown) : need;
  if (!playing) return { shown, held: shown };
  return { shown, held: prev && prev.held >= shown ? prev.held : Math.ceil(shown * 1.5) };
}

function shapePath(
  ctx: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D,
  shape: string,
  x: number,
  y: number,
  s: number,
): void {
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

const ERRORS = new Set<PodDisplayPhase>([
  'Failed',
  'CrashLoopBackOff',
  'ImagePullBackOff',
  'ErrImagePull',
  'CreateContainerConfigError',
]);

/** paintCell draws one pod cell at x, y. */
function paintCell(
  ctx: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D,
  x: number,
  y: number,
  phase: PodDisplayPhase,
  color: string,
  shape: string,
  dark: boolean,
  endpoint = 0,
) {
  const s = CELL;
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
  } else if (
    phase === 'ContainerCreating' ||
    phase === 'Init' ||
    phase === 'PodInitializing' ||
    phase === 'Succeeded'
  ) {
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
  // In 10 px cells a struck ring on every pod still waiting for a node or its containers (no IP,
  // so never an endpoint) buried the few that matter: those cells go without; their buttons and
  // the details still say `none`.
  const waiting =
    phase === 'Pending' || phase === 'ContainerCreating' || phase === 'Init' || phase === 'PodInitializing';
  if (endpoint !== 0 && !(endpoint === 1 && waiting)) paintBadge(ctx, x + s - 2, y + 2, endpoint, dark);
}

/**
 * paintBadge draws a pod's endpoint badge centred at cx, cy, as the chips do (pods.css): in the
 * text's ink, ringed in the background; ready a filled disc, serving-terminating a half disc, none
 * a struck ring.
 */
function paintBadge(
  ctx: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D,
  cx: number,
  cy: number,
  code: number,
  dark: boolean,
): void {
  const bg = dark ? '#0f172a' : '#fff';
  const color = dark ? '#f1f5f9' : '#0f172a';
  ctx.save();
  ctx.fillStyle = bg;
  ctx.beginPath();
  ctx.arc(cx, cy, 3, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = color;
  ctx.strokeStyle = color;
  ctx.lineWidth = 1;
  ctx.beginPath();
  if (code === 3) {
    ctx.arc(cx, cy, 2.2, 0, Math.PI * 2);
    ctx.fill();
  } else {
    ctx.arc(cx, cy, 1.7, 0, Math.PI * 2);
    ctx.stroke();
    ctx.beginPath();
    if (code === 2) {
      ctx.arc(cx, cy, 2.2, Math.PI / 2, (3 * Math.PI) / 2);
      ctx.fill();
    } else {
      ctx.moveTo(cx - 1.6, cy - 1.6);
      ctx.lineTo(cx + 1.6, cy + 1.6);
      ctx.stroke();
    }
  }
  ctx.restore();
}

/**
 * Each look painted once into a small canvas of its own (a sprite), then copied into the cells
 * that show it: a copy is one blit where a cell's path, dash, clip and fill are a dozen raster
 * operations, and the compositor rasterises a canvas's operations at its next commit (a frame of
 * a 5,000-pod rollout repaints hundreds of cells; their paths took that commit to 20–40 ms).
 * At most 11 phases × 4 endpoint badges × 4 revision styles × 2 themes; null where there is no canvas (tests).
 */
const sprites = new Map<string, CanvasImageSource | null>();

/**
 * sprite is a look's cell image. Where it can, an ImageBitmap: drawing a canvas into a canvas
 * snapshots the source at every call, and at a few hundred changed cells a frame those snapshots
 * took ~10 ms of the main thread; a bitmap is a snapshot already.
 */
function sprite(look: number, dark: boolean, dpr: number): CanvasImageSource | null {
  const key = `${look}|${dark}|${dpr}`;
  const known = sprites.get(key);
  if (known !== undefined) return known;
  const size = Math.ceil(PITCH * dpr);
  const offscreen = typeof OffscreenCanvas === 'undefined' ? null : new OffscreenCanvas(size, size);
  const canvas =
    offscreen !== null || typeof document === 'undefined' ? null : document.createElement('canvas');
  const ctx = offscreen?.getContext('2d') ?? canvas?.getContext('2d') ?? null;
  let img: CanvasImageSource | null = null;
  if (ctx) {
    if (canvas) canvas.width = canvas.height = size;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const c = lookCell(look);
    paintCell(ctx, 1, 1, c.phase, c.color, c.shape, dark, c.endpoint);
    img = offscreen ? offscreen.transferToImageBitmap() : canvas;
  }
  sprites.set(key, img);
  return img;
}

/** What a canvas shows: the look of each cell, its column count and theme. */
export interface PaintState {
  looks: Int32Array;
  cols: number;
  dark: boolean;
}

/**
 * paintNode paints the cells of `cells` (a node's packed indices), only those whose look changed
 * since `prev` (all when the column count or theme changed, or with no `prev`). Returns the new state.
 */
export function paintNode(
  ctx: CanvasRenderingContext2D,
  frame: PackedFrame,
  cells: Int32Array,
  cols: number,
  prev: PaintState | null,
  dark: boolean,
  dpr = 1,
): PaintState {
  const looks = new Int32Array(cells.length);
  for (let c = 0; c < cells.length; c++) looks[c] = frame.looks[cells[c] ?? 0] ?? 0;
  return paintLooks(ctx, looks, cols, prev, dark, dpr);
}

/**
 * paintLooks paints cells left to right, `cols` to a row, each in its look: only the cells whose
 * look changed since `prev` (all when the column count or theme changed, or with no `prev`).
 * Cells past the end of `looks` that `prev` had are cleared. Returns the new state.
 */
export function paintLooks(
  ctx: CanvasRenderingContext2D,
  looks: Int32Array,
  cols: number,
  prev: PaintState | null,
  dark: boolean,
  dpr = 1,
): PaintState {
  const full = !prev || prev.cols !== cols || prev.dark !== dark;
  if (full) ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  const before = full ? null : (prev?.looks ?? null);
  const n = Math.max(looks.length, before?.length ?? 0);
  for (let c = 0; c < n; c++) {
    const look = c < looks.length ? looks[c] : undefined;
    if (before && c < before.length && before[c] === look) continue;
    const x = (c % cols) * PITCH + 1;
    const y = Math.floor(c / cols) * PITCH + 1;
    ctx.clearRect(x - 1, y - 1, PITCH, PITCH);
    if (look === undefined) continue;
    const img = sprite(look, dark, dpr);
    if (img) {
      ctx.drawImage(img, x - 1, y - 1, PITCH, PITCH);
      continue;
    }
    const cell = lookCell(look);
    paintCell(ctx, x, y, cell.phase, cell.color, cell.shape, dark, cell.endpoint);
  }
  return { looks, cols, dark };
}
