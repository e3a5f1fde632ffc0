import { describe, expect, it } from 'vitest';
import { PodDeletionCost } from '../api/constants.ts';
import type { Pod } from '../api/types.ts';
import { toRFC3339 } from '../lib/time.ts';
import { getPodsToDelete } from './podRanking.ts';
import { getDeletionCostFromPodAnnotations, isPodActive, isPodAvailable } from './podUtil.ts';

function pod(name: string, nodeName: string, readySinceMs: number | null, extra: Partial<Pod['metadata']> = {}): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, uid: `uid-${name}`, creationTimestamp: toRFC3339(0), ...extra },
    spec: { containers: [], nodeName },
    status: {
      phase: 'Running',
      conditions:
        readySinceMs === null ? [] : [{ type: 'Ready', status: 'True', lastTransitionTime: toRFC3339(readySinceMs) }],
    },
  };
}

describe('isPodAvailable', () => {
  it.each([
    [0, 10_000, true],
    [5, 15_000, false],
    [5, 15_001, true],
  ])('with minReadySeconds %i at %i ms reports %s when ready since 10 s', (minReady, now, want) => {
    expect(isPodAvailable(pod('a', 'n1', 10_000), minReady, now)).toBe(want);
  });

  it('reports false when the pod is not ready', () => {
    expect(isPodAvailable(pod('a', 'n1', null), 0, 1000)).toBe(false);
  });
});

describe('isPodActive', () => {
  it('reports false when the pod is terminating or terminal', () => {
    expect(isPodActive(pod('a', 'n', 0))).toBe(true);
    expect(isPodActive(pod('a', 'n', 0, { deletionTimestamp: toRFC3339(0) }))).toBe(false);
    expect(isPodActive({ ...pod('a', 'n', 0), status: { phase: 'Failed' } })).toBe(false);
  });
});

describe('getDeletionCostFromPodAnnotations', () => {
  it.each([
    ['10', 10],
    ['-5', -5],
    ['0', 0],
    ['+10', 0],
    ['008', 0],
    ['abc', 0],
    ['2147483648', 0],
  ])('reads %j as %i', (v, want) => {
    expect(getDeletionCostFromPodAnnotations({ [PodDeletionCost]: v })).toBe(want);
  });
});

describe('getPodsToDelete', () => {
  it('deletes the pod on the doubled-up node first when pods are otherwise alike', () => {
    const now = 100_000;
    const a = pod('a', 'n1', 50_000);
    const b = pod('b', 'n2', 50_000);
    const c = pod('c', 'n2', 50_000);
    const picked = getPodsToDelete([a, b, c], [a, b, c], 1, now);
    expect(picked.map((p) => p.metadata.name)).toEqual(['b']);
  });

  it('takes every pod unsorted when diff covers them all', () => {
    const a = pod('a', 'n1', 1);
    const b = pod('b', '', null);
    expect(getPodsToDelete([a, b], [a, b], 2, 1000).map((p) => p.metadata.name)).toEqual(['a', 'b']);
  });

  it('prefers unready pods over ready ones when choosing victims', () => {
    const ready = pod('ready', 'n1', 0);
    const unready = pod('unready', 'n1', null);
    expect(getPodsToDelete([ready, unready], [ready, unready], 1, 1000).map((p) => p.metadata.name)).toEqual(['unready']);
  });
});
