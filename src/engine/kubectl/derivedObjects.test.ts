import { describe, expect, it } from 'vitest';
import { advance, kubectl, settledCluster, webDeployment } from '../sim/executeTestEngine.ts';
import { type DerivedKind, derivedFilter, derivedKindOf, derivedObjects, isDerivedKind, namedDerived, qualifiedResource, servedResource, writeRefused } from './derivedObjects.ts';
import { defaultServiceAccount } from '../apiserver/serviceAccounts.ts';
import { standardStorageClass } from '../controller/volume/persistentVolume.ts';
import { storeStatefulSet } from './testObjects.ts';

function withClaims() {
  const st = settledCluster([webDeployment(1)]);
  kubectl(st, 'create namespace data');
  kubectl(st, 'apply -f -', storeStatefulSet);
  advance(st, 60);
  return st;
}

describe('derivedObjects', () => {
  const st = withClaims();

  it("lists each bound claim's volume by name, whatever the namespace asked", () => {
    const claims = [...st.store.objects.PersistentVolumeClaim.values()];
    const names = claims.map((c) => (c.kind === 'PersistentVolumeClaim' ? c.spec.volumeName : '')).sort();
    expect(names).toHaveLength(2);
    for (const ns of [null, 'default', 'kube-system']) {
      expect(derivedObjects(st, 'PersistentVolume', ns).map((o) => o.metadata.name)).toEqual(names);
    }
  });

  it.each([
    [null, ['data', 'default', 'kube-node-lease', 'kube-public', 'kube-system']],
    ['data', ['data']],
    ['nowhere', []],
  ])("lists the default account of each namespace (%s), in etcd's order", (ns, want) => {
    const accounts = derivedObjects(st, 'ServiceAccount', ns);
    expect(accounts.map((o) => o.metadata.namespace)).toEqual(want);
    expect(accounts.every((o) => o.metadata.name === 'default')).toBe(true);
  });

  it('lists the one class, made with the cluster', () => {
    const ns = st.store.objects.Namespace.get('kube-system');
    expect(derivedObjects(st, 'StorageClass', 'data')).toEqual([standardStorageClass(ns?.metadata.creationTimestamp ?? '', ns?.metadata.resourceVersion ?? '')]);
  });
});

describe('derivedFilter', () => {
  const sa = defaultServiceAccount({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'data' } });
  const sc = standardStorageClass('2026-01-01T00:00:00Z', '4');
  it.each([
    ['ServiceAccount', sa, undefined, 'metadata.name=default', true],
    ['ServiceAccount', sa, undefined, 'metadata.namespace=data', true],
    ['ServiceAccount', sa, undefined, 'metadata.namespace!=data', false],
    ['ServiceAccount', sa, { matchLabels: { team: 'a' } }, '', false],
    ['ServiceAccount', sa, {}, '', true],
    // A cluster-scoped object's namespace field is empty.
    ['StorageClass', sc, undefined, 'metadata.namespace=', true],
    ['StorageClass', sc, undefined, 'metadata.namespace=default', false],
    ['StorageClass', sc, undefined, 'metadata.name=standard,metadata.name!=fast', true],
  ] as const)('%s %#: fields %j', (kind, obj, labels, fields, want) => {
    const f = derivedFilter(kind, labels, fields);
    if (typeof f !== 'function') throw new Error(f.error);
    expect(f(obj)).toBe(want);
  });

  it.each([
    ['spec.provisioner=x', '"spec.provisioner" is not a known field selector: only "metadata.name", "metadata.namespace"'],
    ['a', "invalid selector: 'a'; can't understand 'a'"],
  ])('refuses %s as the default conversion does', (fields, error) => {
    expect(derivedFilter('StorageClass', undefined, fields)).toEqual({ error });
  });
});

describe('naming and refusing', () => {
  it.each([
    ['ServiceAccount', 'serviceaccounts', 'serviceaccounts'],
    ['PersistentVolume', 'persistentvolumes', 'persistentvolumes'],
    ['StorageClass', 'storageclasses', 'storageclasses.storage.k8s.io'],
  ] as const)('%s is served as %s (%s in errors)', (kind: DerivedKind, resource, qualified) => {
    expect(isDerivedKind(kind)).toBe(true);
    expect(derivedKindOf(resource)).toBe(kind);
    expect(qualifiedResource(kind)).toBe(qualified);
    expect(servedResource(kind)).toMatchObject({ resource, kind });
  });

  it.each([
    ['PersistentVolume', 'persistentvolume', ['pv'], false, ['status']],
    ['StorageClass', 'storageclass', ['sc'], false, []],
    ['ServiceAccount', 'serviceaccount', ['sa'], true, ['token']],
  ] as const)("reads %s's names, scope and subresources from discovery", (kind, singular, shortNames, namespaced, subresources) => {
    const r = servedResource(kind);
    expect([r.singular, r.shortNames, r.namespaced, (r.subresources ?? []).map((x) => x.name)]).toEqual([singular, shortNames, namespaced, subresources]);
  });

  it.each([
    ['delete', 'ServiceAccount', `Error from server (MethodNotAllowed): delete is not supported on resources of kind "serviceaccounts": the serviceaccount controller makes each namespace's default account, and Rollout Lab serves no other`],
    ['patch', 'PersistentVolume', `Error from server (MethodNotAllowed): patch is not supported on resources of kind "persistentvolumes": the local-path provisioner makes each claim's volume and deletes it with its claim`],
    ['create', 'StorageClass', 'Error from server (MethodNotAllowed): create is not supported on resources of kind "storageclasses.storage.k8s.io": the cluster comes with its one StorageClass, standard'],
  ] as const)('refuses %s of a %s (405)', (verb, kind, want) => {
    expect(writeRefused(verb, kind)).toBe(want);
  });

  it('splits off the named targets of a derived kind, in order', () => {
    const targets = [{ kind: 'ServiceAccount', name: 'default' }, { kind: 'Pod', name: 'web' }, { kind: 'PersistentVolume' }, { kind: 'StorageClass', name: 'x' }];
    expect(namedDerived(targets)).toEqual({ targets: [{ kind: 'Pod', name: 'web' }, { kind: 'PersistentVolume' }], kinds: ['ServiceAccount', 'StorageClass'] });
    expect(isDerivedKind('PersistentVolumeClaim')).toBe(false);
    expect(derivedKindOf('persistentvolumeclaims')).toBeUndefined();
  });
});
