import { useEffect, useRef } from 'react';
import { getPackedPods } from '../../state/podBuffer.ts';
import { themeSelector } from '../../state/selectors.ts';
import { appStore } from '../../state/store.ts';
import type { RevisionIndex } from '../common/revisionStyle.ts';
import { useT } from '../common/useT.ts';
import { nodePodIndices, type PaintState, PITCH, paintNode } from './packedPaint.ts';

interface PackedNodeCanvasProps {
  /** The node's name, or null for the unscheduled tray. */
  node: string | null;
  index: RevisionIndex;
  /** How many pods the node holds (sizes the canvas before the first paint). */
  count: number;
  onSelect(name: string, target: HTMLElement): void;
}

/**
 * PackedNodeCanvas paints a node's pods from the packed buffer (big clusters, > 1,000 pods). It
 * repaints outside React when the buffer's version changes, only the cells that changed; a click
 * hit-tests the grid and opens that pod's details.
 */
export function PackedNodeCanvas({ node, index, count, onSelect }: PackedNodeCanvasProps) {
  const t = useT();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const indicesRef = useRef<number[]>([]);
  const colsRef = useRef(1);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let painted: PaintState | null = null;
    const paint = () => {
      const packed = getPackedPods();
      if (!packed) return;
      const nodeIndex = node === null ? -1 : packed.nodeNames.indexOf(node);
      const indices = nodePodIndices(packed, nodeIndex);
      indicesRef.current = indices;
      const width = canvas.parentElement?.clientWidth ?? 200;
      const cols = Math.max(1, Math.floor(width / PITCH));
      colsRef.current = cols;
      const ctx = canvas.getContext('2d');
      if (!ctx) return;
      const rows = Math.max(1, Math.ceil(indices.length / cols));
      const dpr = window.devicePixelRatio || 1;
      if (canvas.width !== cols * PITCH * dpr || canvas.height !== rows * PITCH * dpr) {
        canvas.width = cols * PITCH * dpr;
        canvas.height = rows * PITCH * dpr;
        canvas.style.width = `${cols * PITCH}px`;
        canvas.style.height = `${rows * PITCH}px`;
        painted = null; // resizing cleared the canvas
      }
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      const dark = themeSelector(appStore.getState()) === 'dark';
      painted = paintNode(ctx, packed, indices, index, cols, painted, dark);
    };
    paint();
    const unsubscribe = appStore.subscribe((next, prev) => {
      if (next.podsPacked !== prev.podsPacked || themeSelector(next) !== themeSelector(prev)) {
        if (themeSelector(next) !== themeSelector(prev)) painted = null;
        paint();
      }
    });
    const observer = new ResizeObserver(() => paint());
    if (canvas.parentElement) observer.observe(canvas.parentElement);
    return () => {
      unsubscribe();
      observer.disconnect();
    };
  }, [node, index]);

  const onClick = (e: React.MouseEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    const col = Math.floor((e.clientX - rect.left) / PITCH);
    const row = Math.floor((e.clientY - rect.top) / PITCH);
    const cell = row * colsRef.current + col;
    const i = indicesRef.current[cell];
    const packed = getPackedPods();
    if (i === undefined || !packed || col >= colsRef.current) return;
    const name = packed.names[i];
    if (name) onSelect(name, e.currentTarget);
  };

  return (
    <div className="min-w-0">
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
}
