import { memo, useLayoutEffect, useRef } from 'react';
import { podName } from '../../state/podBuffer.ts';
import { appStore } from '../../state/store.ts';
import { useT } from '../common/useT.ts';
import { currentFrame, isDark, registerPainter } from './packedFrames.ts';
import { nodeCells, type PackedFrame } from './packedLooks.ts';
import { type CanvasRows, canvasRows, type PaintState, PITCH, paintNode } from './packedPaint.ts';

interface PackedNodeCanvasProps {
  /** The node's name, or null for the unscheduled tray. */
  node: string | null;
  /** How many pods the node holds (the canvas's accessible name). */
  count: number;
  onSelect(name: string, target: HTMLElement): void;
}

/**
 * PackedNodeCanvas paints a node's pods from the packed buffer (big clusters). It repaints outside
 * React, in the shared animation-frame loop (packedFrames.ts), only the cells that changed and
 * only while in view (scrolled back into view, it catches up at once); a click hit-tests the grid
 * and opens that pod's details. Memoised: the panel re-renders a few times a
 * second while playing, and a node whose count did not change has nothing to do in React.
 */
export const PackedNodeCanvas = memo(function PackedNodeCanvas({
  node,
  count,
  onSelect,
}: PackedNodeCanvasProps) {
  const t = useT();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const shown = useRef<{ frame: PackedFrame | null; cells: Int32Array; cols: number }>({
    frame: null,
    cells: new Int32Array(0),
    cols: 1,
  });

  // A layout effect, so the ResizeObserver's first report (the width) comes in the very frame the
  // canvas first shows, after layout and before paint: the first paint lands there, with no empty
  // flash when the cluster switches from chips to canvases, and no forced layout to read the width
  // (60 canvases mounting at once each forced one, 0.6 ms apiece).
  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let painted: PaintState | null = null;
    let shownCols = 0;
    let rows: CanvasRows | null = null;
    // Canvases scrolled out of view wait: at 5,000 pods 60 node canvases change at once, and
    // without a GPU each one painted costs a bitmap copy at the next commit (~50 ms in all).
    let visible = true;
    let stale = false;
    let width = -1;
    const paint = (frame: PackedFrame, dark: boolean) => {
      if (!visible || width < 0) {
        stale = true;
        return;
      }
      stale = false;
      const cells = nodeCells(frame, node);
      const cols = Math.max(1, Math.floor(width / PITCH));
      shown.current = { frame, cells, cols };
      const ctx = canvas.getContext('2d');
      if (!ctx) return;
      const dpr = window.devicePixelRatio || 1;
      const need = Math.max(1, Math.ceil(cells.length / cols));
      const playing = appStore.getState().playing;
      rows = canvasRows(need, cols === shownCols ? rows : null, playing, node !== null);
      shownCols = cols;
      if (canvas.width !== cols * PITCH * dpr || canvas.height !== rows.held * PITCH * dpr) {
        canvas.width = cols * PITCH * dpr;
        canvas.height = rows.held * PITCH * dpr;
        canvas.style.width = `${cols * PITCH}px`;
        canvas.style.height = `${rows.held * PITCH}px`;
        painted = null; // resizing cleared the canvas
        ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      }
      // The box shows the rows in use; the rest of the bitmap is held for growth, out of sight.
      const box = canvas.parentElement;
      const height = `${rows.shown * PITCH}px`;
      if (box && box.style.height !== height) box.style.height = height;
      painted = paintNode(ctx, frame, cells, cols, painted, dark, dpr);
    };
    const unregister = registerPainter(paint);
    const observer = new ResizeObserver((entries) => {
      const w = entries[0]?.contentRect.width ?? width;
      if (width >= 0 && Math.floor(w / PITCH) === Math.floor(width / PITCH)) return;
      width = w;
      const frame = currentFrame();
      if (frame) paint(frame, isDark());
    });
    if (canvas.parentElement) observer.observe(canvas.parentElement);
    const seen = new IntersectionObserver(
      (entries) => {
        visible = entries.at(-1)?.isIntersecting ?? visible;
        // Hidden, a canvas leaves the compositor's layer list: each canvas layer costs every
        // commit (~0.5 ms), in view or not, and only a handful of nodes are in view.
        canvas.style.visibility = visible ? '' : 'hidden';
        const frame = visible && stale ? currentFrame() : null;
        if (frame) paint(frame, isDark());
      },
      { rootMargin: '120px' },
    );
    seen.observe(canvas);
    return () => {
      unregister();
      observer.disconnect();
      seen.disconnect();
    };
  }, [node]);

  const onClick = (e: React.MouseEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    let { frame, cells, cols } = shown.current;
    if (!frame) {
      // Not painted yet (no layout report so far): the grid the first paint will draw.
      frame = currentFrame();
      cells = frame ? nodeCells(frame, node) : cells;
      cols = Math.max(1, Math.floor((e.currentTarget.parentElement?.clientWidth ?? 0) / PITCH));
    }
    const col = Math.floor((e.clientX - rect.left) / PITCH);
    const row = Math.floor((e.clientY - rect.top) / PITCH);
    const i = cells[row * cols + col];
    if (i === undefined || !frame || col >= cols) return;
    const name = podName(frame.packed, i);
    if (name) onSelect(name, e.currentTarget);
  };

  return (
    <div className="min-w-0 overflow-hidden">
      <canvas
        ref={canvasRef}
        data-testid="pod-canvas"
        role="img"
        aria-label={t('cluster.canvasLabel', { count })}
        onClick={onClick}
        className="block cursor-pointer"
      />
    </div>
  );
});
