import { describe, expect, it } from 'vitest';
import { advance, kubectl, settledCluster, webDeployment } from '../sim/executeTestEngine.ts';
import type { EngineState } from '../sim/state.ts';

// The console's `apply -f -` of a standalone PersistentVolumeClaim, and the updates the API server
// refuses (server/claims.test.ts compares the same lines with the real kubectl 1.32.4).
const claim = (storage: unknown = '1Gi', extra: Record<string, unknown> = {}) => ({
  apiVersion: 'v1',
  kind: 'PersistentVolumeClaim',
  metadata: { name: 'data' },
  spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage } }, ...extra },
});

const IMMUTABLE = 'The PersistentVolumeClaim "data" is invalid: spec: Forbidden: spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims';

/** A cluster with the claim applied and, when `bound`, a Deployment that mounts it run until the claim is Bound. */
function withClaim(bound: boolean): EngineState {
  const st = settledCluster([webDeployment(1)]);
  expect(kubectl(st, 'apply -f -', claim())).toEqual({ ok: true, output: 'persistentvolumeclaim/data created' });
  if (bound) {
    const template = { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.8' }], volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }] } };
    expect(kubectl(st, 'apply -f -', { ...webDeployment(1), spec: { ...webDeployment(1).spec, template } }).output).toMatch(/\ndeployment\.apps\/web configured$/);
  }
  advance(st, 20);
  return st;
}

describe('apply -f - of a PersistentVolumeClaim', () => {
  it('creates it Pending with the default class, and leaves it unchanged when applied again', () => {
    const st = withClaim(false);
    expect(kubectl(st, 'apply -f -', claim())).toEqual({ ok: true, output: 'persistentvolumeclaim/data unchanged' });
    expect(kubectl(st, "get pvc data -o 'jsonpath={.status.phase} {.spec.storageClassName} {.spec.volumeMode} {.metadata.finalizers}'").output).toBe(
      'Pending standard Filesystem ["kubernetes.io/pvc-protection"]',
    );
    // A standard claim waits for its first consumer: nothing binds it while no pod mounts it.
    expect(kubectl(st, 'get pvc').output.split('\n')[1]).toMatch(/^data +Pending +standard +<unset> +20s$/);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['no access mode', { ...claim(), spec: { resources: { requests: { storage: '1Gi' } } } }, 'The PersistentVolumeClaim "data" is invalid: spec.accessModes: Required value: at least 1 access mode is required'],
    ['a zero request', claim('0'), 'The PersistentVolumeClaim "data" is invalid: spec.resources[storage]: Invalid value: "0": must be greater than zero'],
    [
      'a request that is no quantity',
      claim('lots'),
      `Error from server (BadRequest): error when creating "STDIN": PersistentVolumeClaim in version "v1" cannot be handled as a PersistentVolumeClaim: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'`,
    ],
    [
      'an unknown field',
      claim('1Gi', { storageClass: 'fast' }),
      'Error from server (BadRequest): error when creating "STDIN": PersistentVolumeClaim in version "v1" cannot be handled as a PersistentVolumeClaim: strict decoding error: unknown field "spec.storageClass"',
    ],
  ])('refuses %s in the API server’s words', (_what, manifest, want) => {
    const st = settledCluster([webDeployment(1)]);
    expect(kubectl(st, 'apply -f -', manifest)).toEqual({ ok: false, output: want });
    expect(st.store.objects.PersistentVolumeClaim.size).toBe(0);
  });

  it('refuses a larger request while the claim is Pending: its spec is immutable', () => {
    const st = withClaim(false);
    const out = kubectl(st, 'apply -f -', claim('2Gi'));
    expect(out.ok).toBe(false);
    expect(out.output.split('\n').slice(0, 4)).toEqual([IMMUTABLE, '  core.PersistentVolumeClaimSpec{', '  \t... // 2 identical fields', '- \tResources: {"requests":{"storage":"1Gi"}},']);
  });

  it('binds it for the pod that mounts it, then refuses growing it (standard allows no expansion), shrinking it and another class', () => {
    const st = withClaim(true);
    expect(kubectl(st, "get pvc data -o 'jsonpath={.status.phase} {.status.capacity.storage}'").output).toBe('Bound 1Gi');
    expect(kubectl(st, `patch pvc data -p '{"spec":{"resources":{"requests":{"storage":"2Gi"}}}}'`)).toEqual({
      ok: false,
      output: 'Error from server (Forbidden): persistentvolumeclaims "data" is forbidden: only dynamically provisioned pvc can be resized and the storageclass that provisions the pvc must support resize',
    });
    expect(kubectl(st, `patch pvc data -p '{"spec":{"resources":{"requests":{"storage":"500Mi"}}}}'`)).toEqual({
      ok: false,
      output: 'The PersistentVolumeClaim "data" is invalid: spec.resources.requests.storage: Forbidden: field can not be less than status.capacity',
    });
    const cls = kubectl(st, `patch pvc data -p '{"spec":{"storageClassName":"fast"}}'`);
    expect(cls.output.split('\n')[0]).toBe(IMMUTABLE);
    expect(cls.output).toContain('- \tStorageClassName: "standard",\n+ \tStorageClassName: "fast",');
    // The same request, written the way it was: nothing to do.
    expect(kubectl(st, `patch pvc data -p '{"spec":{"resources":{"requests":{"storage":"1024Mi"}}}}'`).ok).toBe(true);
  });
});
