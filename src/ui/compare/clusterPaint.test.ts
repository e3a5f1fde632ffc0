import { describe, expect, it } from 'vitest';
import type { PackedPods } from '../../worker/protocol.ts';
import { POD_DISPLAY_PHASES } from '../../worker/protocol.ts';
import { clusterLayout, LIGHT, mostPerNode, paintCluster } from './clusterPaint.ts';

const phase = (p: (typeof POD_DISPLAY_PHASES)[number]) => POD_DISPLAY_PHASES.indexOf(p);

function packed(pods: [node: number, p: number, revision: number][]): PackedPods {
  return {
    count: pods.length,
    node: Int32Array.from(pods.map((x) => x[0])),
    phase: Uint8Array.from(pods.map((x) => x[1])),
    revision: Int32Array.from(pods.map((x) => x[2])),
    workload: new Int32Array(pods.length),
    names: pods.map((_, i) => `p${i}`).join('\n'),
    nodeNames: ['node-1', 'node-2'],
    workloadNames: ['web'],
  };
}

function image(w: number, h: number): ImageData {
  return { width: w, height: h, data: new Uint8ClampedArray(w * h * 4), colorSpace: 'srgb' } as ImageData;
}

function rgbAt(img: ImageData, x: number, y: number): [number, number, number] {
  const o = 4 * (y * img.width + x);
  return [img.data[o] as number, img.data[o + 1] as number, img.data[o + 2] as number];
}

describe('clusterLayout', () => {
  it('takes the largest cells that fit, with the boxes side by side', () => {
    expect(clusterLayout(300, 100, 3, 6)).toMatchObject({ pitch: 16, boxCols: 3 });
    const big = clusterLayout(300, 160, 24, 110);
    expect(big.pitch).toBeGreaterThanOrEqual(2);
    const rows = Math.ceil(24 / big.boxCols);
    expect(rows * big.boxH).toBeLessThanOrEqual(160);
  });
});

describe('paintCluster', () => {
  it('paints an available new pod in the newest colour, an old one in the previous, a failing one black', () => {
    const img = image(120, 40);
    const p = packed([
      [0, phase('Available'), 2],
      [0, phase('Available'), 1],
      [1, phase('ErrImagePull'), 2],
    ]);
    const L = paintCluster(img, p, mostPerNode(p), LIGHT);
    const inner = 2 + 1; // box padding, then inside the first cell
    expect(rgbAt(img, inner, inner)).toEqual([0, 158, 115]); // #009e73
    expect(rgbAt(img, inner + L.pitch, inner)).toEqual([213, 94, 0]); // #d55e00
    expect(rgbAt(img, L.boxW + 3 + inner, inner)).toEqual([0, 0, 0]);
    expect(rgbAt(img, 119, 39)).toEqual([255, 255, 255]);
  });
});

describe('mostPerNode', () => {
  it('counts the fullest node, leaving the unscheduled tray out', () => {
    expect(
      mostPerNode(
        packed([
          [0, 0, 1],
          [1, 0, 1],
          [1, 0, 1],
          [-1, 0, 1],
        ]),
      ),
    ).toBe(2);
  });
});
