// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setPackedPods } from '../../state/podBuffer.ts';
import { appStore } from '../../state/store.ts';
import type { PackedPods } from '../../worker/protocol.ts';
import { midRollout } from '../testing/fixtures.ts';
import { renderWithStore, resetStore } from '../testing/renderWithStore.tsx';
import { ClusterPanel } from './ClusterPanel.tsx';
import { lookOf, nodeCells, packedFrame, packedRevisionPairs } from './packedLooks.ts';
import { type CanvasRows, canvasRows, paintNode } from './packedPaint.ts';
import { POD_DISPLAY_PHASES } from '../../worker/protocol.ts';
import { revisionStyle } from '../common/revisionStyle.ts';

vi.mock('../../state/actions.ts', () => ({
  restartWorker: vi.fn(),
  objectYaml: vi.fn(async (_kind: string, name: string) => `kind: Pod\nmetadata:\n  name: ${name}`),
  podLogs: vi.fn(async (name: string) => `log of ${name}`),
}));

/** A big cluster: 1,500 pods on 3 nodes, 3 unscheduled, two revisions. */
function bigCluster(): PackedPods {
  const count = 1503;
  const packed: PackedPods = {
    count,
    node: new Int32Array(count),
    phase: new Uint8Array(count),
    revision: new Int32Array(count),
    workload: new Int32Array(count),
    names: Array.from({ length: count }, (_, i) => `web-${i}`).join('\n'),
    nodeNames: ['node-1', 'node-2', 'node-3'],
    workloadNames: ['web'],
  };
  for (let i = 0; i < count; i++) {
    packed.node[i] = i < 3 ? -1 : i % 3;
    packed.phase[i] = i % 5;
    packed.revision[i] = i % 2 === 0 ? 1 : 2;
  }
  return packed;
}

afterEach(() => {
  cleanup();
  resetStore();
  setPackedPods(null);
});

describe('lookOf', () => {
  it('gives a pod the look packedFrame gives it, so chips and canvases paint alike', () => {
    const packed = bigCluster();
    const frame = packedFrame(packed);
    for (const i of [3, 4, 5, 6, 7, 8]) {
      const style = revisionStyle(packed.revision[i] ?? 0);
      const phase = POD_DISPLAY_PHASES[packed.phase[i] ?? 0] ?? 'Pending';
      expect(lookOf(phase, style.color, style.shape)).toBe(frame.looks[i]);
    }
  });

  it('tells phases and revisions apart', () => {
    const a = lookOf('Ready', '#009e73', 'circle');
    expect(lookOf('Available', '#009e73', 'circle')).not.toBe(a);
    expect(lookOf('Ready', '#d55e00', 'square')).not.toBe(a);
    expect(lookOf('Ready', '#009e73', 'circle')).toBe(a);
  });

  it('tells the endpoint badges apart, and packedFrame reads them from the endpoint codes', () => {
    const looks = [0, 1, 2, 3].map((code) => lookOf('Ready', '#009e73', 'circle', code));
    expect(new Set(looks).size).toBe(4);
    expect(looks[0]).toBe(lookOf('Ready', '#009e73', 'circle'));
    const packed = bigCluster();
    packed.endpoint = Uint8Array.from({ length: packed.count }, (_, i) => i % 4);
    const frame = packedFrame(packed);
    for (const i of [3, 4, 5, 6]) {
      const style = revisionStyle(packed.revision[i] ?? 0);
      const phase = POD_DISPLAY_PHASES[packed.phase[i] ?? 0] ?? 'Pending';
      expect(lookOf(phase, style.color, style.shape, i % 4)).toBe(frame.looks[i]);
    }
  });
});

describe('packedPaint', () => {
  it('lists a node’s pods and the revisions in a packed snapshot', () => {
    const packed = bigCluster();
    const frame = packedFrame(packed);
    expect([...nodeCells(frame, null)]).toEqual([0, 1, 2]);
    expect([...nodeCells(frame, 'node-1')].slice(0, 3)).toEqual([3, 6, 9]);
    expect(nodeCells(frame, 'node-2')).toHaveLength(500);
    expect(nodeCells(frame, 'node-9')).toHaveLength(0);
    expect(packedRevisionPairs(packed)).toEqual([
      { workload: 'web', revision: 1 },
      { workload: 'web', revision: 2 },
    ]);
  });
});

describe('ClusterPanel with more than 1,000 pods', () => {
  it('keeps the nodes and their counts in the DOM and paints the pods on canvases', async () => {
    setPackedPods(bigCluster());
    const data = midRollout();
    renderWithStore(<ClusterPanel />, {
      ...data,
      pods: [],
      podCount: 1503,
      podsPacked: { version: 1, count: 1503 },
      nodes: (data.nodes ?? []).map((n) => ({ ...n, podCount: 500 })),
    });
    expect(screen.getAllByTestId('node').map((n) => n.dataset.podCount)).toEqual(['500', '500', '500']);
    expect(screen.queryAllByTestId('pod')).toHaveLength(0);
    expect(screen.getAllByTestId('pod-canvas')).toHaveLength(4);
    expect(screen.getByTestId('unscheduled-tray').textContent).toContain('Pending (unscheduled) · 3');

    // a click hit-tests the grid and opens that pod's details from kubectl get -o yaml
    const canvas = screen.getAllByTestId('pod-canvas')[1] as HTMLElement;
    fireEvent.click(canvas, { clientX: 3, clientY: 3 });
    expect(appStore.getState().selectedPod).toBe('web-3');
    expect(await screen.findByText(/name: web-3/)).toBeTruthy();
    // A packed pod's log is asked for by its name, as `kubectl logs web-3`.
    expect(await screen.findByText('log of web-3')).toBeTruthy();
  });
});

describe('paintNode', () => {
  /** A canvas context that only counts the cells painted (each begins with one clearRect). */
  function countingContext() {
    const ctx = new Proxy(
      { canvas: { width: 240, height: 120 }, cleared: 0 },
      {
        get(target, prop) {
          if (prop in target) return target[prop as keyof typeof target];
          if (prop === 'clearRect') return () => target.cleared++;
          return () => undefined;
        },
        set(target, prop, value) {
          (target as Record<string | symbol, unknown>)[prop] = value;
          return true;
        },
      },
    );
    return ctx as unknown as CanvasRenderingContext2D & { cleared: number };
  }

  it('repaints only the cells whose look changed', () => {
    const packed = bigCluster();
    const ctx = countingContext();
    const frame = packedFrame(packed);
    const cells = nodeCells(frame, 'node-1');
    const first = paintNode(ctx, frame, cells, 20, null, false);
    expect(ctx.cleared).toBe(1 + 500); // the whole canvas, then each cell
    ctx.cleared = 0;
    paintNode(ctx, frame, cells, 20, first, false);
    expect(ctx.cleared).toBe(0);
    // two pods of node-1 change phase, one of node-2: node-1 repaints its two cells
    const next = { ...packed, phase: packed.phase.slice() };
    next.phase[3] = 4;
    next.phase[6] = 0;
    next.phase[4] = 2;
    const frame2 = packedFrame(next);
    paintNode(ctx, frame2, nodeCells(frame2, 'node-1'), 20, first, false);
    expect(ctx.cleared).toBe(2);
    // another theme or width repaints everything
    ctx.cleared = 0;
    paintNode(ctx, frame2, nodeCells(frame2, 'node-1'), 20, first, true);
    expect(ctx.cleared).toBe(1 + 500);
  });
});

describe('canvasRows', () => {
  it.each<[string, number, CanvasRows | null, boolean, boolean, CanvasRows]>([
    ['fits exactly when paused', 7, { shown: 9, held: 12 }, false, true, { shown: 7, held: 7 }],
    ['holds half again as many rows once playing', 7, null, true, true, { shown: 7, held: 11 }],
    ['keeps its bitmap while the rows fit', 9, { shown: 7, held: 11 }, true, true, { shown: 9, held: 11 }],
    ['grows its bitmap past what it holds', 12, { shown: 9, held: 11 }, true, true, { shown: 12, held: 18 }],
    ['does not shrink a node while playing', 6, { shown: 9, held: 11 }, true, true, { shown: 9, held: 11 }],
    ['lets the tray shrink while playing', 2, { shown: 9, held: 11 }, true, false, { shown: 2, held: 11 }],
  ])('%s', (_what, need, prev, playing, growOnly, rows) => {
    expect(canvasRows(need, prev, playing, growOnly)).toEqual(rows);
  });
});
