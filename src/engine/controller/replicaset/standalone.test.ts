// A ReplicaSet a client writes itself (the docs' frontend.yaml), not a Deployment's: created as the
// registry creates it (SetDefaults_ReplicaSet, ValidateReplicaSet), it makes its pods, scales and
// takes them with it when deleted.
import { describe, expect, it } from 'vitest';
import type { ReplicaSet } from '../../api/types.ts';
import { fieldErrorString } from '../../apimachinery/fieldErrors.ts';
import { setDefaultsReplicaSet } from '../../apiserver/defaults.ts';
import { validateReplicaSet } from '../../apiserver/validation.ts';
import { advance, kubectl, objects, settledCluster } from '../../sim/executeTestEngine.ts';

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
