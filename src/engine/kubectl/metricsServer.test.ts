import { describe, expect, it } from 'vitest';
import type { Pod } from '../api/types.ts';
import { memoryQuantity, memoryWorkingSet, podMemory } from './metricsServer.ts';

function pod(uid: string, containers: { name: string; image: string; memory?: string }[]): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'p', uid },
    spec: { containers: containers.map((c) => ({ name: c.name, image: c.image, ...(c.memory ? { resources: { requests: { memory: c.memory } } } : {}) })) },
  };
}

const MiB = 1024 * 1024;

describe('memoryWorkingSet', () => {
  it.each([
    ['nginx without a request', 'nginx:1.26', undefined, 3 * MiB, 4 * MiB],
    ['another image without a request', 'web:1', undefined, 12 * MiB, 13 * MiB],
    ['a 128Mi request', 'web:1', '128Mi', 0.4 * 128 * MiB, 0.5 * 128 * MiB],
  ])('gives %s a steady figure in its range', (_what, image, memory, lo, hi) => {
    const m = memoryWorkingSet(pod('u1', [{ name: 'c', image, ...(memory ? { memory } : {}) }]), 'c');
    expect(m).toBeGreaterThanOrEqual(lo);
    expect(m).toBeLessThan(hi);
  });
  it('differs between pods of one template and stays for one pod', () => {
    const a = pod('u1', [{ name: 'c', image: 'web:1' }]);
    const b = pod('u2', [{ name: 'c', image: 'web:1' }]);
    expect(memoryWorkingSet(a, 'c')).toBe(memoryWorkingSet(a, 'c'));
    expect(memoryWorkingSet(a, 'c')).not.toBe(memoryWorkingSet(b, 'c'));
  });
  it('sums a pod’s containers', () => {
    const p = pod('u1', [{ name: 'a', image: 'web:1' }, { name: 'b', image: 'nginx' }]);
    expect(podMemory(p)).toBe(memoryWorkingSet(p, 'a') + memoryWorkingSet(p, 'b'));
  });
});

describe('memoryQuantity', () => {
  it.each([
    [3 * MiB, '3072Ki'],
    [1536, '2Ki'],
  ])('writes %i bytes as %s', (bytes, text) => {
    expect(memoryQuantity(bytes)).toBe(text);
  });
});
