import { useEffect, useRef } from 'react';
import { getComparePods, subscribeComparePods } from '../../state/compareBuffer.ts';
import { themeSelector } from '../../state/selectors.ts';
import { appStore } from '../../state/store.ts';
import type { PackedPods } from '../../worker/protocol.ts';
import { useT } from '../common/useT.ts';
import { useSize } from '../timeline/useSize.ts';
import { DARK, LIGHT, mostPerNode, paintCluster } from './clusterPaint.ts';

interface VariantClusterProps {
  index: number;
  /** Changes when the variants are loaded again (the boxes are sized afresh). */
  generation: unknown;
}

/**
 * VariantCluster paints one variant's nodes and pods on a canvas, outside React: every compare
 * frame replaces the pods (compareBuffer.ts) and the next animation frame paints the newest. The
 * boxes only grow during a run, so the view does not jump when a node's count swings back.
 */
export function VariantCluster({ index, generation }: VariantClusterProps) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const count = useRef<HTMLSpanElement>(null);
  const { width, height } = useSize(box);

  useEffect(() => {
    void generation;
    const el = canvas.current;
    if (!el || width <= 0 || height <= 0) return;
    el.width = width;
    el.height = height;
    const ctx = el.getContext('2d');
    if (!ctx) return;
    const img = ctx.createImageData(width, height);
    let perNode = 1;
    let raf = 0;
    let last: PackedPods | null | undefined;
    const paint = () => {
      raf = 0;
      const p = getComparePods()[index] ?? null;
      if (p === last) return;
      last = p;
      if (count.current) count.current.textContent = t('compare.view.pods', { count: p?.count ?? 0 });
      if (!p) {
        ctx.clearRect(0, 0, width, height);
        return;
      }
      perNode = Math.max(perNode, mostPerNode(p));
      const dark = themeSelector(appStore.getState()) === 'dark';
      paintCluster(img, p, perNode, dark ? DARK : LIGHT);
      ctx.putImageData(img, 0, 0);
    };
    paint();
    const stopPods = subscribeComparePods(() => {
      if (raf === 0) raf = requestAnimationFrame(paint);
    });
    const stopTheme = appStore.subscribe((s, prev) => {
      if (themeSelector(s) !== themeSelector(prev)) {
        last = undefined;
        paint();
      }
    });
    return () => {
      stopPods();
      stopTheme();
      cancelAnimationFrame(raf);
    };
  }, [index, width, height, generation, t]);

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-0.5">
      <span ref={count} className="text-xs text-slate-600 tabular-nums dark:text-slate-400" />
      {/* The canvas is out of the flow: its size must follow the box, never push it. */}
      <div ref={box} className="relative min-h-16 flex-1 overflow-hidden">
        <canvas
          ref={canvas}
          role="img"
          aria-label={t('compare.view.canvas')}
          data-testid="variant-cluster"
          className="absolute inset-0 block"
        />
      </div>
    </div>
  );
}
