import { describe, expect, it } from 'vitest';
import { fromFieldsV1, pathString, toFieldsV1 } from './fieldpath.ts';
import { mergeValue } from './merge.ts';
import { apply, decodeManagedFields, encodeManagedFields, managerFromUserAgent, type Managed, update, type Writer } from './manager.ts';
import { schemaOf } from './schema.ts';

type Json = Record<string, unknown>;
const DEPLOY = schemaOf('Deployment');
const KUBECTL: Writer = { manager: 'kubectl', operation: 'Apply', apiVersion: 'apps/v1', subresource: '' };

function deployment(containers: Json[], extra: Json = {}): Json {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web' },
    spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers } }, ...extra },
  };
}

function applied(entries: Managed[], live: Json | undefined, config: Json, w: Writer = KUBECTL, force = false) {
  const r = apply(entries, live, config, DEPLOY, w, force, '2026-01-01T00:00:00Z');
  if ('conflicts' in r) throw new Error(r.conflicts.map((c) => pathString(c.path)).join());
  return r;
}

describe('apply', () => {
  it('keys containers by name and ports by containerPort and protocol, TCP when left out', () => {
    const r = applied([], undefined, deployment([{ name: 'nginx', image: 'nginx:1.26', ports: [{ containerPort: 80 }] }]));
    const fields = encodeManagedFields(r.entries)[0]?.fieldsV1 as Json;
    const c = ((((fields['f:spec'] as Json)['f:template'] as Json)['f:spec'] as Json)['f:containers'] as Json)['k:{"name":"nginx"}'] as Json;
    expect(c).toEqual({ '.': {}, 'f:image': {}, 'f:name': {}, 'f:ports': { 'k:{"containerPort":80,"protocol":"TCP"}': { '.': {}, 'f:containerPort': {} } } });
  });

  it('merges a second container in by name and keeps the first where it was', () => {
    const r1 = applied([], undefined, deployment([{ name: 'a', image: 'a:1' }]));
    const other: Writer = { manager: 'helm', operation: 'Apply', apiVersion: 'apps/v1', subresource: '' };
    const r2 = applied(r1.entries, r1.object, deployment([{ name: 'b', image: 'b:1' }]), other);
    const spec = ((r2.object.spec as Json).template as Json).spec as Json;
    expect(spec.containers).toEqual([
      { name: 'a', image: 'a:1' },
      { name: 'b', image: 'b:1' },
    ]);
  });

  it('removes a container only its applier owned when the applier stops applying it', () => {
    const r1 = applied([], undefined, deployment([{ name: 'a', image: 'a:1' }, { name: 'b', image: 'b:1' }]));
    const r2 = applied(r1.entries, r1.object, deployment([{ name: 'a', image: 'a:1' }]));
    expect((((r2.object.spec as Json).template as Json).spec as Json).containers).toEqual([{ name: 'a', image: 'a:1' }]);
  });

  it('keeps a field another manager also owns when the applier drops it', () => {
    const r1 = applied([], undefined, deployment([{ name: 'a', image: 'a:1' }], { replicas: 3 }));
    const ci: Writer = { manager: 'ci', operation: 'Apply', apiVersion: 'apps/v1', subresource: '' };
    const r2 = applied(r1.entries, r1.object, { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: { replicas: 3 } }, ci);
    const r3 = applied(r2.entries, r2.object, deployment([{ name: 'a', image: 'a:1' }]));
    expect((r3.object.spec as Json).replicas).toBe(3);
  });

  it('conflicts with the scale subresource after kubectl scale, and force moves the field', () => {
    const r1 = applied([], undefined, deployment([{ name: 'a', image: 'a:1' }], { replicas: 2 }));
    const scaled = { ...r1.object, spec: { ...(r1.object.spec as Json), replicas: 5 } };
    const scale: Writer = { manager: 'kubectl', operation: 'Update', apiVersion: 'apps/v1', subresource: 'scale' };
    const entries = update(r1.entries, r1.object, scaled, DEPLOY, scale, 't');
    const refused = apply(entries, scaled, deployment([{ name: 'a', image: 'a:1' }], { replicas: 2 }), DEPLOY, KUBECTL, false, 't');
    expect('conflicts' in refused && refused.conflicts.map((c) => pathString(c.path))).toEqual(['.spec.replicas']);
    const forced = applied(entries, scaled, deployment([{ name: 'a', image: 'a:1' }], { replicas: 2 }), KUBECTL, true);
    expect((forced.object.spec as Json).replicas).toBe(2);
    expect(forced.entries.map((e) => e.subresource)).toEqual(['']);
  });
});

describe('update', () => {
  it('owns what it adds, with the `.` of a map or pointer struct it creates but not of Go value structs', () => {
    const created = update([], { metadata: {}, spec: {} }, { metadata: { labels: { a: 'b' } }, spec: { replicas: 1, strategy: { rollingUpdate: { maxSurge: 1 } } } }, DEPLOY, { ...KUBECTL, operation: 'Update' }, 't');
    expect(encodeManagedFields(created)[0]?.fieldsV1).toEqual({
      'f:metadata': { 'f:labels': { '.': {}, 'f:a': {} } },
      'f:spec': { 'f:replicas': {}, 'f:strategy': { 'f:rollingUpdate': { '.': {}, 'f:maxSurge': {} } } },
    });
  });
});

describe('fieldsV1', () => {
  it('reads back what it writes', () => {
    const set = new Set(['f:spec\nf:replicas', 'f:metadata\nf:labels', 'f:metadata\nf:labels\nf:app']);
    const back = fromFieldsV1(toFieldsV1(set));
    expect(back instanceof Set && [...back].sort()).toEqual([...set].sort());
  });

  it.each([
    [{ fieldsV1: { 'x:y': {} } }, 'managedFields[0]: parsing path element "x:y": unknown prefix'],
    [{ fieldsV1: { 'f:a': 1 } }, 'managedFields[0]: expected a map, got number'],
    [{ fieldsType: 'FieldsV2' }, 'managedFields[0]: invalid fieldsType "FieldsV2", expected "FieldsV1"'],
  ])('refuses an entry of a wrong shape: %j', (bad, message) => {
    expect(decodeManagedFields([{ manager: 'm', operation: 'Update', fieldsType: 'FieldsV1', ...bad }])).toEqual({ error: message });
  });
});

describe('managerFromUserAgent', () => {
  it.each([
    ['kubectl/v1.32.4 (linux/amd64) kubernetes/4cb5f07', 'kubectl'],
    ['node-fetch', 'node-fetch'],
  ])('takes %s as %s', (ua, want) => expect(managerFromUserAgent(ua)).toBe(want));
});

describe('mergeValue', () => {
  const SET = { type: 'list', list: 'set' } as const;
  it.each([
    [['a', 'b', 'c'], ['c', 'd'], ['a', 'b', 'c', 'd']],
    [['a', 'b'], ['b', 'a'], ['b', 'a']],
    [['a', 'b', 'c', 'd'], ['a', 'aprime', 'c', 'cprime'], ['a', 'b', 'aprime', 'c', 'd', 'cprime']],
  ])('keeps live items in place and the applied order among shared ones: %j + %j', (live, applied, want) => {
    expect(mergeValue(live, applied, SET)).toEqual(want);
  });
});
