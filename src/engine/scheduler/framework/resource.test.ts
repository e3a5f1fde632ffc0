import { describe, expect, it } from 'vitest';
import type { Container, PodSpec } from '../../api/types.ts';
import { milliValue, value } from '../../lib/quantity.ts';
import { podRequests } from '../../quota/podRequests.ts';
import { computePodResourceRequest } from './resource.ts';

const c = (name: string, cpu?: string, memory?: string, restartPolicy?: string): Container =>
  ({
    name,
    image: 'x',
    ...(cpu || memory ? { resources: { requests: { ...(cpu ? { cpu } : {}), ...(memory ? { memory } : {}) } } } : {}),
    ...(restartPolicy ? { restartPolicy } : {}),
  }) as Container;

// Tables after staging/src/k8s.io/component-helpers/resource/helpers_test.go (TestPodResourceRequests).
const cases: { name: string; spec: PodSpec; cpu: number; memory: number; nzCpu: number; nzMem: number }[] = [
  { name: 'sums the containers', spec: { containers: [c('a', '250m'), c('b', '500m')] }, cpu: 750, memory: 0, nzCpu: 750, nzMem: 2 * 200 * 1024 * 1024 },
  { name: 'raises the sum to a plain init container', spec: { containers: [c('a', '250m'), c('b', '500m')], initContainers: [c('i', '1')] }, cpu: 1000, memory: 0, nzCpu: 1000, nzMem: 2 * 200 * 1024 * 1024 },
  { name: 'adds a sidecar (restartPolicy Always) to the sum', spec: { containers: [c('a', '1')], initContainers: [c('proxy', '1', undefined, 'Always')] }, cpu: 2000, memory: 0, nzCpu: 2000, nzMem: 2 * 200 * 1024 * 1024 },
  {
    name: 'runs a later init container beside the sidecars started before it',
    spec: { containers: [c('a', '100m')], initContainers: [c('proxy', '500m', undefined, 'Always'), c('migrate', '1')] },
    cpu: 1500,
    memory: 0,
    nzCpu: 1500,
    // 200Mi for the container that names no memory plus 200Mi for the sidecar.
    nzMem: 2 * 200 * 1024 * 1024,
  },
  {
    name: 'takes pod-level requests over the containers',
    spec: { containers: [c('a', '100m', '64Mi')], resources: { requests: { cpu: '2' } } } as PodSpec,
    cpu: 2000,
    memory: 64 * 1024 * 1024,
    nzCpu: 2000,
    nzMem: 64 * 1024 * 1024,
  },
  { name: 'adds the overhead', spec: { containers: [c('a', '100m', '64Mi')], overhead: { cpu: '250m', memory: '120Mi' } } as PodSpec, cpu: 350, memory: 184 * 1024 * 1024, nzCpu: 350, nzMem: 184 * 1024 * 1024 },
];

describe('computePodResourceRequest', () => {
  it.each(cases)('$name', ({ spec, cpu, memory, nzCpu, nzMem }) => {
    const r = computePodResourceRequest(spec);
    expect([r.milliCPU, r.memory, r.nonZeroMilliCPU, r.nonZeroMemory]).toEqual([cpu, memory, nzCpu, nzMem]);
  });

  it.each(cases)('agrees with the quota’s PodRequests when it $name', ({ spec }) => {
    const r = computePodResourceRequest(spec);
    const q = podRequests({ spec });
    const qCpu = q.get('cpu');
    const qMem = q.get('memory');
    expect([r.milliCPU, r.memory]).toEqual([qCpu ? milliValue(qCpu) : 0, qMem ? value(qMem) : 0]);
  });

  it('does not reuse a sum when only the init containers differ', () => {
    const containers = [c('a', '1')];
    expect(computePodResourceRequest({ containers }).milliCPU).toBe(1000);
    expect(computePodResourceRequest({ containers, initContainers: [c('proxy', '1', undefined, 'Always')] }).milliCPU).toBe(2000);
  });
});
