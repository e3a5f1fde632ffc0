import { describe, expect, it } from 'vitest';
import type { ActionMarker, WorkloadView } from '../../worker/protocol.ts';
import { BoundsMemory, boundsOf, segmentKey } from './strategyBounds.ts';

const markers: ActionMarker[] = [
  { tick: 40, time: 30, label: 'kubectl set image deployment/web nginx=nginx:1.9.3' },
  { tick: 90, time: 60, label: 'kubectl scale deployment/web --replicas=15' },
];

const web = (replicas: number, surge: number, unavailable: number): WorkloadView =>
  ({
    kind: 'Deployment',
    name: 'web',
    strategy: 'RollingUpdate',
    replicas,
    resolvedSurge: surge,
    resolvedUnavailable: unavailable,
  }) as WorkloadView;

describe('segmentKey', () => {
  it.each([
    [0, 'start'],
    [29.9, 'start'],
    [30, '40:kubectl set image deployment/web nginx=nginx:1.9.3'],
    [75, '90:kubectl scale deployment/web --replicas=15'],
  ])('puts %f s in segment %s', (time, key) => {
    expect(segmentKey(markers, time)).toBe(key);
  });
});

describe('boundsOf', () => {
  it('is replicas − maxUnavailable … replicas + maxSurge of the one rolling workload', () => {
    expect(boundsOf([web(10, 3, 2)])).toEqual({ lower: 8, upper: 13 });
  });

  it('has no band for Recreate or for several rolling workloads', () => {
    expect(boundsOf([{ ...web(10, 3, 2), strategy: 'Recreate' }])).toBeNull();
    expect(boundsOf([web(10, 3, 2), { ...web(4, 0, 1), kind: 'DaemonSet', name: 'agent' }])).toBeNull();
  });
});

describe('BoundsMemory', () => {
  it('knows only the segments it has seen, never guessing across a scale', () => {
    const memory = new BoundsMemory();
    expect(memory.see(markers, 75, [web(15, 4, 3)])).toBe(true);
    expect(memory.at(markers, 80)).toEqual({ lower: 12, upper: 19 });
    expect(memory.at(markers, 10)).toBeNull();
    expect(memory.see(markers, 75, [web(15, 4, 3)])).toBe(false);
    memory.see(markers, 5, [web(10, 3, 2)]);
    expect(memory.at(markers, 20)).toEqual({ lower: 8, upper: 13 });
    expect(memory.at(markers, 45)).toBeNull();
    memory.clear();
    expect(memory.at(markers, 80)).toBeNull();
  });
});
