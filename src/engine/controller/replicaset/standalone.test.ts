// A ReplicaSet a client writes itself (the docs' frontend.yaml), not a Deployment's: created as the
// registry creates it (SetDefaults_ReplicaSet, ValidateReplicaSet), it makes its pods, scales and
// takes them with it when deleted.
import { describe, expect, it } from 'vitest';
import type { ReplicaSet } from '../../api/types.ts';
import { fieldErrorString } from '../../apimachinery/fieldErrors.ts';
import { setDefaultsReplicaSet } from '../../apiserver/defaults.ts';
import { validateReplicaSet } from '../../apiserver/validation.ts';
import { advance, kubectl, objects, runTicks, settledCluster } from '../../sim/executeTestEngine.ts';

const frontend = (spec: Record<string, unknown> = {}, template: Record<string, unknown> = {}) => ({
  apiVersion: 'apps/v1',
  kind: 'ReplicaSet',
  metadata: { name: 'frontend', labels: { app: 'guestbook', tier: 'frontend' } },
  spec: {
    replicas: 3,
    selector: { matchLabels: { tier: 'frontend' } },
    template: { metadata: { labels: { tier: 'frontend' } }, spec: { containers: [{ name: 'php-redis', image: 'gb-frontend:v5' }], ...template } },
    ...spec,
  },
});

describe('validateReplicaSet', () => {
  it.each<[string, Record<string, unknown>, Record<string, unknown>, string[]]>([
    ['the docs’ frontend', {}, {}, []],
    ['negative replicas', { replicas: -1 }, {}, ['spec.replicas: Invalid value: -1: must be greater than or equal to 0']],
    ['an empty selector, in the Deployment’s words as upstream’s copy has them', { selector: {} }, {}, ['spec.selector: Invalid value: {}: empty selector is invalid for deployment']],
    [
      'a selector the template does not match',
      { selector: { matchLabels: { tier: 'backend' } } },
      {},
      ['spec.template.metadata.labels: Invalid value: {"tier":"frontend"}: `selector` does not match template `labels`'],
    ],
    ['a Job’s activeDeadlineSeconds', {}, { activeDeadlineSeconds: 60 }, ['spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in ReplicaSet is not Supported']],
    ['a restartPolicy other than Always', {}, { restartPolicy: 'Never' }, ['spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"']],
  ])('answers %s', (_what, spec, template, want) => {
    const rs = setDefaultsReplicaSet(frontend(spec, template) as unknown as ReplicaSet);
    expect(validateReplicaSet(rs).map(fieldErrorString)).toEqual(want);
  });
});

describe('a ReplicaSet of its own', () => {
  it('is created, makes its pods, scales, and takes them with it when deleted', () => {
    const st = settledCluster([], 0);
    expect(kubectl(st, 'apply -f -', frontend()).output).toBe('replicaset.apps/frontend created');
    advance(st, 20);
    const pods = objects(st, 'Pod');
    expect(pods).toHaveLength(3);
    const rs = objects(st, 'ReplicaSet')[0];
    expect(rs?.metadata.ownerReferences).toBeUndefined();
    for (const p of pods) {
      expect(p.metadata.name).toMatch(/^frontend-[a-z0-9]{5}$/);
      expect(p.metadata.ownerReferences).toEqual([{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'frontend', uid: rs?.metadata.uid, controller: true, blockOwnerDeletion: true }]);
    }
    expect(rs?.status).toMatchObject({ replicas: 3, readyReplicas: 3, availableReplicas: 3 });
    expect(kubectl(st, 'scale rs frontend --replicas=1').output).toBe('replicaset.apps/frontend scaled');
    advance(st, 40);
    expect(objects(st, 'Pod')).toHaveLength(1);
    expect(kubectl(st, 'delete rs frontend').output).toBe('replicaset.apps "frontend" deleted from default namespace');
    advance(st, 40);
    expect(objects(st, 'Pod')).toEqual([]);
  });

  it('is refused with the 422 kubectl prints when invalid', () => {
    const st = settledCluster([], 0);
    expect(kubectl(st, 'apply -f -', frontend({ replicas: -1 }))).toEqual({
      ok: false,
      output: 'The ReplicaSet "frontend" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0',
    });
    expect(objects(st, 'ReplicaSet')).toEqual([]);
  });
});

const barePod = (name: string, labels: Record<string, string> = { tier: 'frontend' }) => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, labels },
  spec: { containers: [{ name: 'hello', image: 'hello-app:2.0' }] },
});

describe('claimPods', () => {
  it('adopts bare pods its selector matches and, over its count, deletes them (the docs’ pod-rs.yaml after frontend)', () => {
    const st = settledCluster([], 0);
    kubectl(st, 'apply -f -', frontend());
    advance(st, 20);
    const rs = objects(st, 'ReplicaSet')[0];
    expect(kubectl(st, 'apply -f -', { apiVersion: 'v1', kind: 'List', items: [barePod('pod1'), barePod('pod2')] }).ok).toBe(true);
    const ticks = runTicks(st, 40);
    const adopted = ticks.flatMap((t) => t.decisions).filter((d) => d.fn === 'claimPods' && d.key === 'adopted');
    expect(adopted.map((d) => d.values.pod).sort()).toEqual(['pod1', 'pod2']);
    // Adopted, then over its 3 replicas: the newest, the bare pods, are the ones it deletes.
    const pods = objects(st, 'Pod');
    expect(pods.map((p) => p.metadata.name).filter((n) => n.startsWith('pod'))).toEqual([]);
    expect(pods).toHaveLength(3);
    expect(pods.every((p) => p.metadata.ownerReferences?.[0]?.uid === rs?.metadata.uid)).toBe(true);
    const deleted = objects(st, 'Event').filter((e) => e.reason === 'SuccessfulDelete').map((e) => e.message);
    expect(deleted.sort()).toEqual(['Deleted pod: pod1', 'Deleted pod: pod2']);
  });

  it('adopts bare pods made before it and creates only the rest', () => {
    const st = settledCluster([], 0);
    expect(kubectl(st, 'apply -f -', { apiVersion: 'v1', kind: 'List', items: [barePod('pod1'), barePod('pod2')] }).ok).toBe(true);
    advance(st, 10);
    kubectl(st, 'apply -f -', frontend());
    advance(st, 30);
    const names = objects(st, 'Pod').map((p) => p.metadata.name);
    expect(names.filter((n) => n.startsWith('pod'))).toEqual(['pod1', 'pod2']);
    expect(names).toHaveLength(3);
    const created = objects(st, 'Event').filter((e) => e.reason === 'SuccessfulCreate');
    expect(created).toHaveLength(1);
  });

  it('releases a pod whose label is changed, and makes a replacement', () => {
    const st = settledCluster([], 0);
    kubectl(st, 'apply -f -', frontend());
    advance(st, 20);
    const name = objects(st, 'Pod')[0]?.metadata.name ?? '';
    expect(kubectl(st, `label pod ${name} tier=debug --overwrite`).ok).toBe(true);
    const ticks = runTicks(st, 30);
    expect(ticks.flatMap((t) => t.decisions).filter((d) => d.fn === 'claimPods').map((d) => [d.key, d.values.pod, d.values.labels])).toEqual([
      ['released', name, 'tier=debug'],
    ]);
    const pods = objects(st, 'Pod');
    expect(pods).toHaveLength(4);
    expect(pods.find((p) => p.metadata.name === name)?.metadata.ownerReferences).toBeUndefined();
    expect(pods.filter((p) => p.metadata.ownerReferences !== undefined)).toHaveLength(3);
  });

  it('releases a Deployment’s pod whose app label is taken off', () => {
    const st = settledCluster();
    const name = objects(st, 'Pod')[0]?.metadata.name ?? '';
    expect(kubectl(st, `label pod ${name} app-`).ok).toBe(true);
    advance(st, 30);
    const pods = objects(st, 'Pod');
    expect(pods).toHaveLength(5);
    expect(pods.find((p) => p.metadata.name === name)?.metadata.ownerReferences).toBeUndefined();
  });

  it('lets one of two ReplicaSets whose selectors match a bare pod adopt it: one controller reference', () => {
    const st = settledCluster([], 0);
    expect(kubectl(st, 'apply -f -', { apiVersion: 'v1', kind: 'List', items: [barePod('pod1')] }).ok).toBe(true);
    advance(st, 5);
    const other = { ...frontend({ replicas: 1 }), metadata: { name: 'frontend-b' } };
    expect(kubectl(st, 'apply -f -', { apiVersion: 'v1', kind: 'List', items: [frontend({ replicas: 1 }), other] }).ok).toBe(true);
    advance(st, 30);
    const pod1 = objects(st, 'Pod').find((p) => p.metadata.name === 'pod1');
    expect(pod1?.metadata.ownerReferences?.filter((r) => r.controller)).toHaveLength(1);
    // Each ReplicaSet ends with the one replica it asks for.
    for (const rs of objects(st, 'ReplicaSet')) expect(objects(st, 'Pod').filter((p) => p.metadata.ownerReferences?.[0]?.uid === rs.metadata.uid)).toHaveLength(1);
  });
});
