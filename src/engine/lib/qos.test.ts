import { describe, expect, it } from 'vitest';
import type { Pod } from '../api/types.ts';
import { getPodQOS } from './qos.ts';

const pod = (...resources: { requests?: Record<string, string>; limits?: Record<string, string> }[]): Pod =>
  ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { containers: resources.map((r, i) => ({ name: `c${i}`, image: 'x', resources: r })) } }) as Pod;

describe('getPodQOS', () => {
  it.each([
    ['BestEffort', 'no requests or limits', pod({})],
    ['Guaranteed', 'limits of both equal to the requests', pod({ requests: { cpu: '500m', memory: '1Gi' }, limits: { cpu: '0.5', memory: '1Gi' } })],
    ['Burstable', 'a memory limit only', pod({ requests: { cpu: '250m' }, limits: { memory: '128Mi' } })],
    ['Burstable', 'one container limited, one not', pod({ requests: { cpu: '1', memory: '1Gi' }, limits: { cpu: '1', memory: '1Gi' } }, {})],
    ['Burstable', 'requests below the limits', pod({ requests: { cpu: '100m', memory: '1Gi' }, limits: { cpu: '1', memory: '1Gi' } })],
    ['BestEffort', 'zero requests', pod({ requests: { cpu: '0' } })],
  ])('is %s with %s', (want, _, p) => {
    expect(getPodQOS(p)).toBe(want);
  });
});
