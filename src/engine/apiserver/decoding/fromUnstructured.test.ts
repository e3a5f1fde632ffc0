import { describe, expect, it } from 'vitest';
import { fromUnstructured, goFloat, goQuote, goSprintV } from './fromUnstructured.ts';
import { goTypeOf } from './manifestShape.ts';

const web = (spec: Record<string, unknown>, labels: Record<string, unknown> = { app: 'web' }) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', labels },
  spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } }, ...spec },
});

describe('fromUnstructured', () => {
  // The converter's words (converter.go fromUnstructured and its map/slice/struct helpers).
  it.each([
    ['a string replicas', web({ replicas: '2' }), { error: 'unrecognized type: int32' }],
    ['a fractional replicas', web({ replicas: 2.5 }), { error: 'cannot convert float64 to int32' }],
    ['a numeric label', web({}, { app: 'web', tier: 3 }), { error: 'cannot convert int64 to string' }],
    ['a boolean label', web({}, { app: 'web', canary: true }), { error: 'unrecognized type: string' }],
    ['a string where a struct goes', web({ strategy: 'fast' }), { error: 'cannot restore struct from: string' }],
    ['a map where a list goes', web({ template: { spec: { containers: {} } } }), { error: 'cannot restore slice from map' }],
    ['a boolean maxSurge', web({ strategy: { rollingUpdate: { maxSurge: true } } }), { error: 'json: cannot unmarshal bool into Go value of type int32' }],
    ['unknown fields, sorted', web({ zeta: 1, replica: 2 }), { unknown: ['unknown field "spec.replica"', 'unknown field "spec.zeta"'] }],
    ['a well-typed object', web({ replicas: 3, paused: false }), { unknown: [] }],
  ])('finds %s', (_why, obj, want) => {
    expect(fromUnstructured(goTypeOf('Deployment'), obj)).toEqual(want);
  });

  it('stops at the first field in the struct’s declaration order, not the object’s key order', () => {
    const obj = { spec: { paused: 'yes', replicas: 'two' }, metadata: { name: 'web', labels: { a: 1 } } };
    expect(fromUnstructured(goTypeOf('Deployment'), obj)).toEqual({ error: 'cannot convert int64 to string' });
  });
});

describe('goSprintV', () => {
  it.each([
    [{ spec: { replicas: '2' }, metadata: { labels: null } }, 'map[metadata:map[labels:<nil>] spec:map[replicas:2]]'],
    [{ a: [1, 'x', true, 2.5] }, 'map[a:[1 x true 2.5]]'],
    [{}, 'map[]'],
  ])('prints %j as Go’s %%+v', (v, want) => {
    expect(goSprintV(v)).toBe(want);
  });
});

describe('goFloat', () => {
  it.each([
    [2, '2'],
    [2.5, '2.5'],
    [1234567.5, '1.2345675e+06'],
    [0.00001, '1e-05'],
    [0.0001, '0.0001'],
  ])('prints %d as Go does', (x, want) => {
    expect(goFloat(x)).toBe(want);
  });
});

describe('goQuote', () => {
  it('escapes as strconv.Quote', () => {
    expect(goQuote('a"b\\c\nd\te\u0001')).toBe('"a\\"b\\\\c\\nd\\te\\x01"');
  });
});
