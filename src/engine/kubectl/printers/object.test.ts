import { describe, expect, it } from 'vitest';
import type { ReplicaSet } from '../../api/types.ts';
import { replicaSet } from '../testObjects.ts';
import { printJson, printNames, printYaml, wrapList } from './object.ts';

const rs: ReplicaSet = replicaSet('nginx-64f9d8d55d', 'nginx:1.8', 1, 0, 3);

describe('printYaml', () => {
  it('prints keys sorted, sequences flush with their key and "1" quoted', () => {
    const out = printYaml({ kind: 'X', metadata: { annotations: { 'deployment.kubernetes.io/revision': '1' }, creationTimestamp: '2026-01-01T00:00:00Z' }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.8' }] }, apiVersion: 'v1' });
    expect(out).toBe(
      'apiVersion: v1\nkind: X\nmetadata:\n  annotations:\n    deployment.kubernetes.io/revision: "1"\n  creationTimestamp: "2026-01-01T00:00:00Z"\nspec:\n  containers:\n  - image: nginx:1.8\n    name: nginx\n',
    );
  });
  it('prints a string with a trailing newline as a literal block', () => {
    expect(printYaml({ a: '{"x":1}\n' })).toBe('a: |\n  {"x":1}\n');
  });
  it('wraps several objects in a v1 List', () => {
    expect(printYaml(wrapList([{ kind: 'A' }, { kind: 'B' }], false))).toBe('apiVersion: v1\nitems:\n- kind: A\n- kind: B\nkind: List\nmetadata:\n  resourceVersion: ""\n');
  });
});

describe('printJson', () => {
  it('indents with four spaces, sorts keys and escapes HTML characters', () => {
    expect(printJson({ b: '<none> & more', a: [1, {}] })).toBe('{\n    "a": [\n        1,\n        {}\n    ],\n    "b": "\\u003cnone\\u003e \\u0026 more"\n}\n');
  });
  it('prints a single named object on its own', () => {
    expect(JSON.parse(printJson(wrapList([rs], true))).kind).toBe('ReplicaSet');
  });
});

describe('printNames', () => {
  it('prints kind.group/name per object', () => {
    expect(printNames([rs, { kind: 'Pod', metadata: { name: 'p' } }])).toBe('replicaset.apps/nginx-64f9d8d55d\npod/p\n');
  });
});
