import { describe, expect, it } from 'vitest';
import {
  getPersistentVolumeClaimName,
  getStartOrdinal,
  getEndOrdinal,
  isRunningAndAvailable,
  newStatefulSetPod,
  podInOrdinalRange,
} from './statefulSetUtils.ts';
import { pod, revisions, web } from './testObjects.ts';

describe('newStatefulSetPod', () => {
  it('gives the pod its identity: name, labels, hostname, subdomain, generateName and claim volume', () => {
    const p = newStatefulSetPod(web(3), 2);
    expect(p.metadata).toMatchObject({
      name: 'web-2',
      generateName: 'web-',
      namespace: 'default',
      labels: { app: 'web', 'statefulset.kubernetes.io/pod-name': 'web-2', 'apps.kubernetes.io/pod-index': '2' },
    });
    expect(p.spec).toMatchObject({ hostname: 'web-2', subdomain: 'web', volumes: [{ name: 'www', persistentVolumeClaim: { claimName: 'www-web-2' } }] });
    expect(p.status).toBeUndefined();
  });

  it('leaves subdomain out when serviceName is empty (optional since #130233)', () => {
    expect(newStatefulSetPod(web(1, { serviceName: '' }), 0).spec).not.toHaveProperty('subdomain');
  });
});

describe('ordinals', () => {
  it('puts start 2 with 3 replicas at ordinals 2..4 and web-5 outside', () => {
    const s = web(3, { ordinals: { start: 2 } });
    expect([getStartOrdinal(s), getEndOrdinal(s)]).toEqual([2, 4]);
    expect(podInOrdinalRange({ metadata: { name: 'web-5' } }, s)).toBe(false);
    expect(getPersistentVolumeClaimName(s, { metadata: { name: 'www' }, spec: {} }, 4)).toBe('www-web-4');
  });
});

describe('isRunningAndAvailable', () => {
  it('needs Ready for strictly more than minReadySeconds', () => {
    const set = web(1);
    const p = pod(set, 0, revisions(set).v1, 'Ready', 10_000);
    expect(isRunningAndAvailable(p, 0, 10_000)).toBe(true);
    expect(isRunningAndAvailable(p, 5, 15_000)).toBe(false);
    expect(isRunningAndAvailable(p, 5, 15_001)).toBe(true);
  });
});
