/**
 * One animation-frame loop for every node canvas of a big cluster. Each packed snapshot from the
 * worker (up to one per display refresh while playing) marks the canvases dirty, outside React and
 * the store; the next animation frame prepares the newest snapshot once (packedFrame) and each
 * canvas repaints its changed cells. Snapshots that arrive between two paints are never painted.
 *
 * While playing, paints come at most every PLAYING_PAINT_MS: without a GPU every canvas that
 * changed costs the compositor a copy of its bitmap each frame (~0.2 ms; 60 node canvases at 60 Hz
 * would take 70 % of the main thread), and a cluster changing 20 times a second reads as smoothly
 * as one changing 60 times. Paused, a step or a seek paints at the next animation frame.
 */
import { getPackedPods, subscribePackedPods } from '../../state/podBuffer.ts';
import { themeSelector } from '../../state/selectors.ts';
import { appStore } from '../../state/store.ts';
import { type PackedFrame, packedFrame } from './packedLooks.ts';

/** A canvas's paint function: gets the prepared snapshot and whether the theme is dark. */
export type Painter = (frame: PackedFrame, dark: boolean) => void;

/** Shortest time between two paints while playing. */
export const PLAYING_PAINT_MS = 50;

const painters = new Set<Painter>();
let raf = 0;
let lastPaint = Number.NEGATIVE_INFINITY;
let stop: (() => void) | null = null;
let prepared: { packed: unknown; frame: PackedFrame } | null = null;

/**
 * currentFrame is the newest snapshot prepared for painting (null while the pods travel as
 * views). Each revision's colour is its own (revisionStyle), so the snapshot alone says how it looks.
 */
export function currentFrame(): PackedFrame | null {
  const packed = getPackedPods();
  if (!packed) return null;
  if (prepared?.packed !== packed) prepared = { packed, frame: packedFrame(packed) };
  return prepared.frame;
}

/** isDark tells whether the page shows the dark theme. */
export function isDark(): boolean {
  return themeSelector(appStore.getState()) === 'dark';
}

function run(now: number): void {
  raf = 0;
  // A few ms early is on time: animation frames come every 16.7 ms, so 50 ms is three frames.
  if (appStore.getState().playing && now - lastPaint < PLAYING_PAINT_MS - 5) {
    raf = requestAnimationFrame(run);
    return;
  }
  lastPaint = now;
  const frame = currentFrame();
  if (!frame) return;
  const dark = isDark();
  for (const p of painters) p(frame, dark);
}

/** requestPaint repaints every canvas at the next animation frame (once, however often asked). */
export function requestPaint(): void {
  if (raf === 0 && painters.size > 0) raf = requestAnimationFrame(run);
}

/** registerPainter adds a canvas to the loop; returns its removal. */
export function registerPainter(painter: Painter): () => void {
  painters.add(painter);
  if (!stop) {
    const offPods = subscribePackedPods(requestPaint);
    const offTheme = appStore.subscribe((next, prev) => {
      if (themeSelector(next) !== themeSelector(prev)) requestPaint();
    });
    stop = () => {
      offPods();
      offTheme();
    };
  }
  return () => {
    painters.delete(painter);
    if (painters.size === 0) {
      stop?.();
      stop = null;
      if (raf !== 0) cancelAnimationFrame(raf);
      raf = 0;
      prepared = null;
    }
  };
}
