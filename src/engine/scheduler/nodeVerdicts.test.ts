import { describe, expect, it } from 'vitest';
import type { Pod, PodSpec } from '../api/types.ts';
import { sameValue, signature } from './nodeVerdicts.ts';

const containers = [{ name: 'web', image: 'web:1', resources: { requests: { cpu: '100m' } } }];
const ref = { apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'web', uid: 'sts-1', controller: true };

/** A StatefulSet pod as admitted: the template's containers, its own hostname, its own tolerations array. */
function stsPod(ordinal: number, spec: Partial<PodSpec> & { volumes?: object[] } = {}): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: `web-${ordinal}`,
      namespace: 'default',
      labels: { app: 'web', 'statefulset.kubernetes.io/pod-name': `web-${ordinal}` },
      ownerReferences: [ref],
    },
    spec: {
      containers,
      hostname: `web-${ordinal}`,
      subdomain: 'web',
      volumes: [],
      tolerations: [{ key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 }],
      ...spec,
    } as PodSpec,
  };
}

const spread = [{ maxSkew: 1, topologyKey: 'kubernetes.io/hostname', whenUnsatisfiable: 'DoNotSchedule' as const, labelSelector: { matchLabels: { app: 'web' } }, matchLabelKeys: ['statefulset.kubernetes.io/pod-name'] }];

describe('signature', () => {
  const cases: { name: string; a: Pod; b: Pod; same: boolean }[] = [
    { name: 'shares one between pods that differ only in hostname, labels and admitted copies', a: stsPod(0), b: stsPod(1), same: true },
    {
      name: 'tells pods apart whose tolerations differ',
      a: stsPod(0),
      b: stsPod(1, { tolerations: [{ key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 60 }] }),
      same: false,
    },
    { name: 'tells pods apart whose containers differ', a: stsPod(0), b: stsPod(1, { containers: [{ name: 'web', image: 'web:2' }] }), same: false },
    // Content-equal but another object: only volumes and tolerations are compared by content.
    { name: 'tells pods apart whose containers are equal copies', a: stsPod(0), b: stsPod(1, { containers: containers.map((c) => ({ ...c })) }), same: false },
    { name: 'tells pods apart whose volumes differ', a: stsPod(0), b: stsPod(1, { volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data-web-1' } }] }), same: false },
    { name: 'tells pods apart when one names a node', a: stsPod(0), b: stsPod(1, { nodeName: 'node-1' }), same: false },
    { name: 'tells pods apart whose labels differ when they spread by their own constraints', a: stsPod(0, { topologySpreadConstraints: spread }), b: stsPod(1, { topologySpreadConstraints: spread }), same: false },
    {
      name: 'tells pods apart by their controller',
      a: stsPod(0),
      b: { ...stsPod(1), metadata: { ...stsPod(1).metadata, ownerReferences: [{ ...ref, uid: 'sts-2' }] } },
      same: false,
    },
  ];
  for (const c of cases) {
    it(`${c.name}`, () => {
      const a = signature(c.a);
      const b = signature(c.b);
      expect(a.spec === b.spec && a.key === b.key).toBe(c.same);
    });
  }

  it('gives a pod its own signature again after another one', () => {
    const p = stsPod(0);
    const first = signature(p);
    signature(stsPod(1, { containers: [{ name: 'web', image: 'web:2' }] }));
    const again = signature(p);
    expect(again.spec === first.spec || again.spec === p.spec).toBe(true);
    expect(again.key).toBe(first.key);
  });
});

describe('sameValue', () => {
  const cases: { name: string; a: unknown; b: unknown; same: boolean }[] = [
    { name: 'equal nested objects', a: { x: [1, { y: 'z' }] }, b: { x: [1, { y: 'z' }] }, same: true },
    { name: 'a key set to undefined against a missing one', a: { x: undefined }, b: {}, same: false },
    { name: 'arrays of other lengths', a: [1], b: [1, 2], same: false },
    { name: 'an array against an object with its indexes', a: [1], b: { 0: 1 }, same: false },
    { name: 'other key order, same content', a: { x: 1, y: 2 }, b: { y: 2, x: 1 }, same: true },
  ];
  for (const c of cases) {
    it(`returns ${c.same} for ${c.name}`, () => {
      expect(sameValue(c.a, c.b)).toBe(c.same);
    });
  }
});
