import { describe, expect, it } from 'vitest';
import { PodIndexLabel, type StatefulSet, StatefulSetPodNameLabel, StatefulSetRevisionLabel } from '../../api/statefulTypes.ts';
import { spreadWith } from './spreadWith.ts';
import { newStatefulSetPod, setPodRevision } from './statefulSetUtils.ts';
import { revisions, web, withImage } from './testObjects.ts';
import { identityLabels, newVersionedStatefulSetPod } from './versionedPod.ts';

describe('newVersionedStatefulSetPod', () => {
  const set = web(5);
  const { v1, v2 } = revisions(set);
  const cur = withImage(set, 'nginx:1');
  const upd = withImage(set, 'nginx:2');
  const image = (s: typeof set, ord: number) => newVersionedStatefulSetPod(s, withImage(s, 'nginx:2'), v1.metadata.name, v2.metadata.name, ord).spec.containers[0]?.image;
  it.each([
    ['RollingUpdate, partition 3, ordinal 2 → current', { type: 'RollingUpdate', rollingUpdate: { partition: 3 } }, 2, 'nginx:1'],
    ['RollingUpdate, partition 3, ordinal 3 → update', { type: 'RollingUpdate', rollingUpdate: { partition: 3 } }, 3, 'nginx:2'],
    ['RollingUpdate without a block, ordinal < currentReplicas 2 → current', { type: 'RollingUpdate' }, 1, 'nginx:1'],
    ['RollingUpdate without a block, ordinal ≥ currentReplicas 2 → update', { type: 'RollingUpdate' }, 2, 'nginx:2'],
    ['OnDelete → update', { type: 'OnDelete' }, 0, 'nginx:2'],
  ])('%s', (_name, updateStrategy, ord, want) => {
    const s = { ...cur, spec: { ...cur.spec, updateStrategy }, status: { replicas: 5, currentReplicas: 2 } };
    expect(image(s, ord)).toBe(want);
    expect(upd.spec.template.spec.containers[0]?.image).toBe('nginx:2');
  });
});

/** Every key in order, with undefined values and nesting: JSON.stringify would drop an undefined key. */
function shape(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(shape);
  if (v === null || typeof v !== 'object') return v;
  return Object.keys(v).map((k) => [k, shape((v as Record<string, unknown>)[k])]);
}

describe('newVersionedStatefulSetPod built in one pass', () => {
  const base = web(4);
  const t = base.spec.template;
  const claimless = { volumeClaimTemplates: [] };
  const ns = (s: StatefulSet): StatefulSet => ({ ...s, metadata: { name: s.metadata.name, uid: 'web-uid' } });
  const tmpl = (extra: Partial<StatefulSet['spec']['template']>) => ({ template: { ...t, ...extra } });
  it.each<[string, StatefulSet]>([
    ['the claim template set', base],
    ['no claim templates, no volumes', web(4, claimless)],
    ['no namespace', ns(web(4, claimless))],
    ['an empty serviceName', web(4, { serviceName: '' })],
    ['template labels absent (the identity labels come after the namespace)', web(4, tmpl({ metadata: {} }))],
    ['annotations and finalizers', web(4, tmpl({ metadata: { labels: { app: 'web' }, annotations: { a: '1' }, finalizers: ['f'] } }))],
    ['template labels that name the pod-name, index and revision keys', web(4, tmpl({ metadata: { labels: { 'controller-revision-hash': 'x', 'apps.kubernetes.io/pod-index': '9', app: 'web', 'statefulset.kubernetes.io/pod-name': 'p' } } }))],
    ['a template hostname, subdomain and volumes, one named as the claim', web(4, tmpl({ spec: { ...t.spec, subdomain: 's', hostname: 'h', volumes: [{ name: 'data', emptyDir: {} }, { name: 'www', emptyDir: {} }] } as StatefulSet['spec']['template']['spec'] }))],
    ['the same volumes without claim templates', web(4, { ...claimless, ...tmpl({ spec: { ...t.spec, volumes: [{ name: 'data', emptyDir: {} }] } as StatefulSet['spec']['template']['spec'] }) })],
    ['two claim templates and start 3', web(4, { ordinals: { start: 3 }, volumeClaimTemplates: [{ metadata: { name: 'a', labels: { k: 'v' } }, spec: {} }, { metadata: { name: 'b' }, spec: {} }] })],
  ])('gives setPodRevision(newStatefulSetPod(…)) key for key with %s', (_name, set) => {
    for (const [ordinal, strategy] of [[0, { type: 'OnDelete' }], [5, { type: 'OnDelete' }], [1, { type: 'RollingUpdate', rollingUpdate: { partition: 2 } }]] as const) {
      const s = { ...set, spec: { ...set.spec, updateStrategy: strategy } };
      const got = newVersionedStatefulSetPod(s, s, 'web-1', 'web-2', ordinal);
      const want = setPodRevision(newStatefulSetPod(s, ordinal), ordinal < 2 && strategy.type === 'RollingUpdate' ? 'web-1' : 'web-2');
      expect(shape(got)).toEqual(shape(want));
    }
  });
});

describe('newVersionedStatefulSetPod shares its set parts', () => {
  const set = (name: string, uid: string): StatefulSet => {
    const s = web(3);
    return { ...s, metadata: { ...s.metadata, name, uid }, spec: { ...s.spec, updateStrategy: { type: 'OnDelete' } } };
  };
  const pod = (s: StatefulSet, ordinal: number) => newVersionedStatefulSetPod(s, s, 'r1', 'r2', ordinal);
  it.each<[string, StatefulSet, StatefulSet, boolean]>([
    ['two pods of one set share one list', set('web', 'u1'), set('web', 'u1'), true],
    ['a set of the same name but another uid (deleted and created again) gets its own', set('web', 'u1'), set('web', 'u2'), false],
    ['another set gets its own', set('web', 'u1'), set('db', 'u3'), false],
  ])('%s, each naming its own set', (_name, a, b, shared) => {
    const first = pod(a, 0);
    const second = pod(b, 1);
    const third = pod(a, 2);
    expect(second.metadata.ownerReferences === first.metadata.ownerReferences).toBe(shared);
    for (const [p, s] of [[first, a], [second, b], [third, a]] as const) {
      expect(p.metadata.ownerReferences).toEqual([{ apiVersion: 'apps/v1', kind: 'StatefulSet', name: s.metadata.name, uid: s.metadata.uid, controller: true, blockOwnerDeletion: true }]);
      expect(p.metadata.generateName).toBe(`${s.metadata.name}-`);
    }
  });
});

describe('identityLabels', () => {
  const extra = (name: string, index: string, revision: string) => ({ [StatefulSetPodNameLabel]: name, [PodIndexLabel]: index, [StatefulSetRevisionLabel]: revision });
  it.each([
    ['no template labels', {}],
    ['one template label', { app: 'web' }],
    ['template labels around one of its own keys', { app: 'web', [PodIndexLabel]: '9', tier: 'db' }],
    ['a __proto__ label', JSON.parse('{"__proto__": "x", "app": "web"}') as Record<string, string>],
  ])('gives spreadWith’s keys, order and values: %s', (_, own) => {
    const got = identityLabels(own, 'web-3', '3', 'web-7f');
    expect(Object.entries(got)).toEqual(Object.entries(spreadWith(own, extra('web-3', '3', 'web-7f'))));
  });
});
