import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Pod } from '../api/types.ts';
import { servedForm } from './conversion.ts';
import { setDefaultsDeployment, setDefaultsPodSpec } from './defaults.ts';
import { prepareObject } from './rest/kinds.ts';
import { DefaultAPITokenMountPath, type ServedPodSpec, servedPodSpec, storedPodSpec, tokenVolumeName } from './servedDefaults.ts';

const container = (extra: object = {}) => ({ name: 'web', image: 'web:1', ...extra });

describe('servedPodSpec', () => {
  it.each<[string, ServedPodSpec, Partial<ServedPodSpec>]>([
    ['an account of its own', { containers: [container()], serviceAccountName: 'builder' }, { serviceAccountName: 'builder', serviceAccount: 'builder' }],
    ['the deprecated serviceAccount only', { containers: [container()], serviceAccount: 'old' }, { serviceAccountName: 'old', serviceAccount: 'old' }],
    ['a PriorityClass (its priority is the Priority plugin’s to resolve)', { containers: [container()], priorityClassName: 'high' }, { priorityClassName: 'high' }],
    ['dnsPolicy Default', { containers: [container()], dnsPolicy: 'Default' }, { dnsPolicy: 'Default' }],
  ])('keeps what a pod spec says: %s', (_name, spec, kept) => {
    const out = servedPodSpec(spec, 'uid-1');
    expect(out).toMatchObject(kept);
    if (spec.priorityClassName) expect(out.priority).toBeUndefined();
  });

  it.each<[string, ServedPodSpec]>([
    ['automountServiceAccountToken false', { containers: [container()], automountServiceAccountToken: false }],
    ['a container mounting the token path already', { containers: [container({ volumeMounts: [{ name: 'mine', mountPath: DefaultAPITokenMountPath }] })], volumes: [{ name: 'mine', emptyDir: {} }] }],
  ])('adds no token volume with %s, as the ServiceAccount plugin', (_name, spec) => {
    const out = servedPodSpec(spec, 'uid-1');
    expect(out.volumes ?? []).toEqual(spec.volumes ?? []);
    expect(out.containers[0]?.volumeMounts ?? []).toEqual(spec.containers[0]?.volumeMounts ?? []);
  });

  it('appends the token volume after the pod’s own and mounts it in every container, init containers too', () => {
    const spec: ServedPodSpec = { containers: [container(), container({ name: 'side' })], initContainers: [container({ name: 'init' })], volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data-web-0' } }] };
    const out = servedPodSpec(spec, 'uid-1');
    expect(out.volumes?.map((v) => v.name)).toEqual(['data', tokenVolumeName('uid-1')]);
    for (const c of [...out.containers, ...(out.initContainers ?? [])]) expect(c.volumeMounts?.at(-1)).toEqual({ mountPath: DefaultAPITokenMountPath, name: tokenVolumeName('uid-1'), readOnly: true });
  });

  it('gives volumes and downward references the defaults the API server writes, in the Go structs’ order', () => {
    const spec: ServedPodSpec = {
      containers: [container({ env: [{ name: 'POD', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } }, { name: 'X', value: '1' }] })],
      volumes: [
        { name: 'conf', configMap: { name: 'web', optional: true } },
        { name: 'keys', secret: { secretName: 'web', items: [{ key: 'a', path: 'a' }] } },
        { name: 'info', downwardAPI: { items: [{ path: 'labels', fieldRef: { fieldPath: 'metadata.labels' } }] } },
        { name: 'host', hostPath: { path: '/var/log' } },
        { name: 'mine', configMap: { name: 'x', defaultMode: 256 } },
      ],
    };
    const out = servedPodSpec(spec);
    expect(JSON.stringify(out.volumes)).toBe(
      JSON.stringify([
        { name: 'conf', configMap: { name: 'web', defaultMode: 420, optional: true } },
        { name: 'keys', secret: { secretName: 'web', items: [{ key: 'a', path: 'a' }], defaultMode: 420 } },
        { name: 'info', downwardAPI: { items: [{ path: 'labels', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.labels' } }], defaultMode: 420 } },
        { name: 'host', hostPath: { path: '/var/log', type: '' } },
        { name: 'mine', configMap: { name: 'x', defaultMode: 256 } },
      ]),
    );
    expect(out.containers[0]?.env).toEqual([{ name: 'POD', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.name' } } }, { name: 'X', value: '1' }]);
    expect(storedPodSpec(out)).toEqual(spec);
  });

  it('names the token volume from the pod’s uid: the same uid, the same name', () => {
    expect(tokenVolumeName('a')).toBe(tokenVolumeName('a'));
    expect(new Set(['a', 'b', 'c', 'd', 'e'].map(tokenVolumeName)).size).toBe(5);
  });
});

/** Pod specs as the engine stores them: a few containers, optional volumes, account, DNS policy and resources. */
const storedSpecs = fc.record(
  {
    containers: fc.array(
      fc.record({ name: fc.constantFrom('a', 'b', 'c'), image: fc.constant('x:1'), resources: fc.constantFrom(undefined, { requests: { cpu: '100m' } }) }, { requiredKeys: ['name', 'image'] }),
      { minLength: 1, maxLength: 3 },
    ),
    volumes: fc.constantFrom([{ name: 'data', emptyDir: {} }]),
    serviceAccountName: fc.constantFrom('builder'),
    dnsPolicy: fc.constantFrom('Default', 'None'),
    automountServiceAccountToken: fc.constant(false),
    terminationGracePeriodSeconds: fc.integer({ min: 0, max: 60 }),
  },
  { requiredKeys: ['containers'] },
) as fc.Arbitrary<ServedPodSpec>;

describe('storedPodSpec', () => {
  it('undoes servedPodSpec for a pod and for a template (a property)', () => {
    fc.assert(
      fc.property(storedSpecs, fc.constantFrom(undefined, 'uid-1', 'uid-2'), (spec, uid) => {
        expect(storedPodSpec(servedPodSpec(spec, uid), uid)).toEqual(spec);
      }),
    );
  });

  it('stores a template that spells out the defaults as one that does not: the same hash, no rollout', () => {
    const d = (spec: ServedPodSpec) =>
      setDefaultsDeployment({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: { selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec } } });
    const plain = d({ containers: [container()] });
    const spelled = d({ containers: [container({ resources: {}, terminationMessagePath: '/dev/termination-log', terminationMessagePolicy: 'File' })], dnsPolicy: 'ClusterFirst', securityContext: {} });
    expect(spelled.spec.template).toEqual(plain.spec.template);
    // What is served comes back as it was stored.
    expect(setDefaultsDeployment(servedForm(plain)).spec.template).toEqual(plain.spec.template);
  });

  it('stores a replaced pod’s served spec as the stored one (the update path)', () => {
    // A stored pod's spec is defaulted (SetDefaults_Pod at its create); the update defaults the served one alike.
    const spec = setDefaultsPodSpec({ containers: [container()], restartPolicy: 'Always' }, 'uid-9');
    const pod: Pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default', uid: 'uid-9' }, spec };
    const prepared = prepareObject(servedForm(pod), pod);
    expect('object' in prepared && (prepared.object as Pod).spec).toEqual(pod.spec);
  });
});
