import { useLayoutEffect, useMemo, useRef } from 'react';
import { playingSelector, themeSelector } from '../../state/selectors.ts';
import { appStore } from '../../state/store.ts';
import { useAppStore } from '../../state/hooks.ts';
import { ENDPOINT_CODE } from '../../worker/endpointCodes.ts';
import type { PodView } from '../../worker/protocol.ts';
import { revisionStyle } from '../common/revisionStyle.ts';
import { type ChipLabels, PodChip } from './PodChip.tsx';
import { lookOf } from './packedLooks.ts';
import { type CanvasRows, canvasRows, type PaintState, PITCH, paintLooks } from './packedPaint.ts';

interface PaintedPodsProps {
  pods: readonly PodView[];
  selected: string | null;
  onSelect(name: string, chip: HTMLButtonElement): void;
  labels: ChipLabels;
}

/**
 * PaintedPods shows hundreds of pods (the "sm" chip size, 301–1,000 pods): each pod is still a
 * button with DESIGN.md §7's data attributes, laid out in a grid of PITCH cells, but the buttons
 * draw nothing but their focus and selection outlines; a canvas under them paints each cell in the
 * same sprites as the big-cluster canvases. Styled chips cost the main thread style, pre-paint and
 * paint for every chip that changed (a rotated tick, an opacity or a gradient each): a 1,000-pod
 * rollout at full speed changes hundreds of chips per store update, and those updates took
 * 60–120 ms of CPU each. A canvas repaints only the cells whose look changed, one blit each.
 */
export function PaintedPods({ pods, selected, onSelect, labels }: PaintedPodsProps) {
  const dark = useAppStore(themeSelector) === 'dark';
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const looks = useMemo(
    () =>
      Int32Array.from(pods, (p) => {
        const style = revisionStyle(p.revision);
        return lookOf(
          p.phase,
          style.color,
          style.shape,
          p.endpointState ? ENDPOINT_CODE[p.endpointState] : 0,
        );
      }),
    [pods],
  );
  const paint = useRef<{
    width: number;
    state: PaintState | null;
    rows: CanvasRows | null;
    looks: Int32Array;
    dark: boolean;
  }>({ width: -1, state: null, rows: null, looks, dark });

  const draw = () => {
    const canvas = canvasRef.current;
    const p = paint.current;
    const ctx = p.width < 0 ? null : canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const cols = Math.max(1, Math.floor(p.width / PITCH));
    const dpr = window.devicePixelRatio || 1;
    // While playing the bitmap keeps spare rows (canvasRows): a new bitmap each time a node grows
    // by a row costs the compositor far more than the cells painted into it.
    const need = Math.max(1, Math.ceil(p.looks.length / cols));
    const playing = playingSelector(appStore.getState());
    p.rows = canvasRows(need, p.state?.cols === cols ? p.rows : null, playing, false);
    const width = cols * PITCH * dpr;
    const height = p.rows.held * PITCH * dpr;
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
      canvas.style.width = `${cols * PITCH}px`;
      canvas.style.height = `${p.rows.held * PITCH}px`;
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      p.state = null; // a resized canvas is blank
    }
    p.state = paintLooks(ctx, p.looks, cols, p.state, p.dark, dpr);
  };
  const drawRef = useRef(draw);
  drawRef.current = draw;

  // The grid's width sets the column count; the observer's first report comes after the first
  // layout, so the first paint needs no forced layout to read it.
  useLayoutEffect(() => {
    const grid = canvasRef.current?.parentElement?.parentElement;
    if (!grid) return;
    const observer = new ResizeObserver((entries) => {
      const p = paint.current;
      const w = entries[0]?.contentRect.width ?? p.width;
      if (p.width >= 0 && Math.floor(w / PITCH) === Math.floor(p.width / PITCH)) return;
      p.width = w;
      drawRef.current();
    });
    observer.observe(grid);
    return () => observer.disconnect();
  }, []);

  // Painted in a layout effect: the cells change in the same frame as the buttons above them.
  useLayoutEffect(() => {
    paint.current.looks = looks;
    paint.current.dark = dark;
    drawRef.current();
  }, [looks, dark]);

  return (
    <div className="pod-grid">
      <div className="pod-grid-paint" aria-hidden="true">
        <canvas ref={canvasRef} />
      </div>
      {pods.map((pod) => (
        <PodChip
          key={pod.name}
          pod={pod}
          painted
          selected={selected === pod.name}
          onSelect={onSelect}
          labels={labels}
        />
      ))}
    </div>
  );
}
