import { describe, expect, it } from 'vitest';
import { deployment } from '../kubectl/testObjects.ts';
import { jsonMergePatch, jsonPatch, strategicMergePatch, threeWayMergePatch } from './patch.ts';
import { patchObject } from '../kubectl/transforms/patchObject.ts';

describe('jsonMergePatch', () => {
  // RFC 7386 appendix A examples.
  it.each([
    [{ a: 'b' }, { a: 'c' }, { a: 'c' }],
    [{ a: 'b' }, { b: 'c' }, { a: 'b', b: 'c' }],
    [{ a: 'b' }, { a: null }, {}],
    [{ a: 'b', b: 'c' }, { a: null }, { b: 'c' }],
    [{ a: ['b'] }, { a: 'c' }, { a: 'c' }],
    [{ a: 'c' }, { a: ['b'] }, { a: ['b'] }],
    [{ a: { b: 'c' } }, { a: { b: 'd', c: null } }, { a: { b: 'd' } }],
    [{ a: [{ b: 'c' }] }, { a: [1] }, { a: [1] }],
    [['a', 'b'], ['c', 'd'], ['c', 'd']],
    [{ a: 'b' }, ['c'], ['c']],
    [{ a: 'foo' }, null, null],
    [{ a: 'foo' }, 'bar', 'bar'],
    [{ e: null }, { a: 1 }, { e: null, a: 1 }],
    [[1, 2], { a: 'b', c: null }, { a: 'b' }],
    [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
  ])('merges %j with %j into %j', (target, patch, want) => {
    expect(jsonMergePatch(target, patch)).toEqual(want);
  });
});

describe('strategicMergePatch', () => {
  const spec = { containers: [{ name: 'nginx', image: 'nginx:1.8', ports: [{ containerPort: 80 }] }, { name: 'side', image: 's:1' }] };
  it('merges containers by name when only one container is patched', () => {
    expect(strategicMergePatch(spec, { containers: [{ name: 'nginx', image: 'nginx:1.9' }] })).toEqual({
      containers: [{ name: 'nginx', image: 'nginx:1.9', ports: [{ containerPort: 80 }] }, { name: 'side', image: 's:1' }],
    });
  });
  it('deletes a keyed item when it carries $patch: delete', () => {
    expect(strategicMergePatch(spec, { containers: [{ name: 'side', $patch: 'delete' }] })).toEqual({
      containers: [{ name: 'nginx', image: 'nginx:1.8', ports: [{ containerPort: 80 }] }],
    });
  });
  it('replaces a map when it carries $patch: replace', () => {
    expect(strategicMergePatch({ t: { a: 1, b: 2 } }, { t: { a: 3, $patch: 'replace' } })).toEqual({ t: { a: 3 } });
  });
  it('replaces lists without a merge key', () => {
    expect(strategicMergePatch({ args: ['a', 'b'] }, { args: ['c'] })).toEqual({ args: ['c'] });
  });
});

describe('jsonPatch', () => {
  it('applies add, replace, remove and test in order', () => {
    const doc = { spec: { replicas: 1, list: [1, 3] } };
    const ops = [
      { op: 'test', path: '/spec/replicas', value: 1 },
      { op: 'replace', path: '/spec/replicas', value: 4 },
      { op: 'add', path: '/spec/list/1', value: 2 },
      { op: 'add', path: '/spec/paused', value: true },
      { op: 'remove', path: '/spec/list/0' },
    ];
    expect(jsonPatch(doc, ops)).toEqual({ value: { spec: { replicas: 4, list: [2, 3], paused: true } } });
  });
  it('fails when a replaced path is missing', () => {
    expect(jsonPatch({}, [{ op: 'replace', path: '/a', value: 1 }])).toEqual({ error: 'missing path: a' });
  });
});

describe('threeWayMergePatch', () => {
  const c = (image: string) => ({ spec: { containers: [{ name: 'nginx', image }] } });
  it('is empty when the manifest is unchanged and the live object only adds defaults', () => {
    const live = { spec: { containers: [{ name: 'nginx', image: 'a', imagePullPolicy: 'IfNotPresent' }] }, status: { x: 1 } };
    expect(threeWayMergePatch(c('a'), c('a'), live)).toEqual({});
  });
  it('sets a changed field from the new manifest', () => {
    expect(threeWayMergePatch(c('a'), c('b'), c('a'))).toEqual({ spec: { containers: [{ name: 'nginx', image: 'b' }] } });
  });
  it('resets a field changed on the live object (e.g. by kubectl scale)', () => {
    expect(threeWayMergePatch({ spec: { replicas: 3 } }, { spec: { replicas: 3 } }, { spec: { replicas: 5 } })).toEqual({ spec: { replicas: 3 } });
  });
  it('deletes a field the manifest dropped', () => {
    expect(threeWayMergePatch({ spec: { paused: true, replicas: 3 } }, { spec: { replicas: 3 } }, { spec: { paused: true, replicas: 3 } })).toEqual({
      spec: { paused: null },
    });
  });
});

describe('patchObject', () => {
  it('prints "patched" when the object changes', () => {
    const r = patchObject(deployment(), 'strategic', { spec: { replicas: 4 } });
    expect(r).toMatchObject({ changed: true, output: 'deployment.apps/nginx patched' });
    expect('object' in r && r.object.spec.replicas).toBe(4);
  });
  it('prints "patched (no change)" when the patch changes nothing', () => {
    expect(patchObject(deployment(), 'merge', { spec: { replicas: 10 } })).toMatchObject({ changed: false, output: 'deployment.apps/nginx patched (no change)' });
  });
  it('applies an RFC 6902 patch when the type is json', () => {
    const r = patchObject(deployment(), 'json', [{ op: 'replace', path: '/spec/template/spec/containers/0/image', value: 'nginx:2' }]);
    expect('object' in r && r.object.spec.template.spec.containers[0]?.image).toBe('nginx:2');
  });
  it('rejects a merge patch that is not an object', () => {
    expect(patchObject(deployment(), 'merge', 'x')).toEqual({
      error: 'Error from server (BadRequest): json: cannot unmarshal string into Go value of type map[string]interface {}',
    });
  });
});
