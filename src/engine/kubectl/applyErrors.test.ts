import { describe, expect, it } from 'vitest';
import { newInvalid } from '../apiserver/rest/status.ts';
import { invalid } from '../apimachinery/fieldErrors.ts';
import { type AppliedObject, creatingError, infoString, patchingError } from './applyErrors.ts';

// The wording is kubectl 1.32.4's against the served API (server/consoleWrites.test.ts compares it line for line).
const SA: AppliedObject = { kind: 'ServiceAccount', apiVersion: 'v1', name: 'default', namespace: 'default' };
const SC: AppliedObject = { kind: 'StorageClass', apiVersion: 'storage.k8s.io/v1', name: 'standard', namespace: 'team-a' };

describe('infoString', () => {
  it.each<[string, AppliedObject, string]>([
    ['prints /v1 for the core group', SA, 'Resource: "/v1, Resource=serviceaccounts", GroupVersionKind: "/v1, Kind=ServiceAccount"\nName: "default", Namespace: "default"'],
    ['prints no namespace for a cluster-scoped kind', SC, 'Resource: "storage.k8s.io/v1, Resource=storageclasses", GroupVersionKind: "storage.k8s.io/v1, Kind=StorageClass"\nName: "standard", Namespace: ""'],
    [
      'prints the manifest’s version',
      { kind: 'HorizontalPodAutoscaler', apiVersion: 'autoscaling/v1', name: 'web', namespace: 'default' },
      'Resource: "autoscaling/v1, Resource=horizontalpodautoscalers", GroupVersionKind: "autoscaling/v1, Kind=HorizontalPodAutoscaler"\nName: "web", Namespace: "default"',
    ],
  ])('%s', (_what, o, want) => {
    expect(infoString(o)).toBe(want);
  });
});

describe('creatingError', () => {
  it.each([
    [
      'puts the source before the message of a 405',
      { reason: 'MethodNotAllowed', message: 'create is not supported on resources of kind "replicasets.apps"' },
      'Error from server (MethodNotAllowed): error when creating "STDIN": create is not supported on resources of kind "replicasets.apps"',
    ],
    ['prints an Invalid answer from its causes', newInvalid('Pod', '', 'p', [invalid('spec.x', 1, 'bad')]), 'The Pod "p" is invalid: spec.x: Invalid value: 1: bad'],
  ])('%s', (_what, s, want) => {
    expect(creatingError(s)).toBe(want);
  });
});

describe('patchingError', () => {
  const patch = { spec: { b: 1, a: '<x>' } };
  it('prints the patch sent (Go’s json.Marshal: keys sorted, < escaped), the mapping and both sources when the answer is not Invalid', () => {
    expect(patchingError({ reason: 'Forbidden', message: 'persistentvolumeclaims "c" is forbidden: no' }, patch, { ...SA, kind: 'PersistentVolumeClaim', name: 'c' })).toBe(
      [
        'Error from server (Forbidden): error when applying patch:',
        '{"spec":{"a":"\\u003cx\\u003e","b":1}}',
        'to:',
        'Resource: "/v1, Resource=persistentvolumeclaims", GroupVersionKind: "/v1, Kind=PersistentVolumeClaim"',
        'Name: "c", Namespace: "default"',
        'for: "STDIN": error when patching "STDIN": persistentvolumeclaims "c" is forbidden: no',
      ].join('\n'),
    );
  });

  it('prints an Invalid answer from its causes only, as CheckErr does', () => {
    const s = newInvalid('Deployment', 'apps', 'web', [invalid('spec.replicas', -1, 'must be greater than or equal to 0')]);
    expect(patchingError(s, patch, SA)).toBe('The Deployment "web" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0');
  });
});
