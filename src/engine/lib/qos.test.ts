import { describe, expect, it } from 'vitest';
import type { Pod } from '../api/types.ts';
import { getPodQOS } from './qos.ts';

const pod = (...resources: { requests?: Record<string, string>; limits?: Record<string, string> }[]): Pod =>
  ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { containers: resources.map((r, i) => ({ name: `c${i}`, image: 'x', resources: r })) } }) as Pod;

function withPodLevel(p: Pod, resources: { requests?: Record<string, string>; limits?: Record<string, string> }): Pod {
  return { ...p, spec: { ...p.spec, resources } } as Pod;
}

describe('getPodQOS', () => {
  it.each([
    ['BestEffort', 'no requests or limits', pod({})],
    ['Guaranteed', 'limits of both equal to the requests', pod({ requests: { cpu: '500m', memory: '1Gi' }, limits: { cpu: '0.5', memory: '1Gi' } })],
    ['Burstable', 'a memory limit only', pod({ requests: { cpu: '250m' }, limits: { memory: '128Mi' } })],
    ['Burstable', 'one container limited, one not', pod({ requests: { cpu: '1', memory: '1Gi' }, limits: { cpu: '1', memory: '1Gi' } }, {})],
    ['Burstable', 'requests below the limits', pod({ requests: { cpu: '100m', memory: '1Gi' }, limits: { cpu: '1', memory: '1Gi' } })],
    ['BestEffort', 'zero requests', pod({ requests: { cpu: '0' } })],
    // PodLevelResources (qos_test.go's pod-level cases): spec.resources decides, not the containers.
    ['Guaranteed', 'pod-level limits of both equal to its requests, containers unlimited', withPodLevel(pod({}), { requests: { cpu: '1', memory: '1Gi' }, limits: { cpu: '1', memory: '1Gi' } })],
    ['Burstable', 'pod-level requests only', withPodLevel(pod({ requests: { cpu: '1', memory: '1Gi' }, limits: { cpu: '1', memory: '1Gi' } }), { requests: { cpu: '1' } })],
    ['Burstable', 'a pod-level cpu limit only', withPodLevel(pod({}), { limits: { cpu: '1' } })],
    ['BestEffort', 'an empty pod-level resources', withPodLevel(pod({ requests: { cpu: '1' } }), {})],
  ])('is %s with %s', (want, _, p) => {
    expect(getPodQOS(p)).toBe(want);
  });
});
