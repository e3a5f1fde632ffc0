import { describe, expect, it } from 'vitest';
import type { Pod } from '../../api/types.ts';
import { addPod, newNodeInfo, setDeleting } from './nodeInfo.ts';

/** A pod bound to node-1 (deleting: with a deletionTimestamp). */
function pod(name: string, deleting = false): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default', labels: { app: 'web' }, ...(deleting ? { deletionTimestamp: '2026-01-01T00:00:10Z' } : {}) },
    spec: { nodeName: 'node-1', containers: [{ name: 'web', image: 'web:1' }] },
  } as Pod;
}

describe('setDeleting', () => {
  // Each case: the pods bound before (in order), the one that starts terminating, the order after.
  const cases: { name: string; before: string[]; deleting: string; after: string[] }[] = [
    { name: 'replaces the node’s only pod in the same map', before: ['a'], deleting: 'a', after: ['a'] },
    { name: 'moves the terminating pod after the others', before: ['a', 'b', 'c'], deleting: 'a', after: ['b', 'c', 'a'] },
    { name: 'keeps the last pod last', before: ['a', 'b'], deleting: 'b', after: ['a', 'b'] },
  ];
  for (const c of cases) {
    it(`${c.name}`, () => {
      const ni = newNodeInfo('node-1');
      for (const name of c.before) addPod(ni, `default/${name}`, pod(name));
      const pods = ni.pods;
      const generation = ni.generation;
      const next = pod(c.deleting, true);
      setDeleting(ni, `default/${c.deleting}`, pod(c.deleting), next);
      expect([...ni.pods.keys()]).toEqual(c.after.map((n) => `default/${n}`));
      expect(ni.pods.get(`default/${c.deleting}`)).toBe(next);
      expect(ni.pods).toBe(pods);
      // Two changes, as removePod then addPod made: memos of the node's verdicts see it moved.
      expect(ni.generation).toBe(generation + 2);
    });
  }
});
