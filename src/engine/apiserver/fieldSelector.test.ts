import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/types.ts';
import { convertFieldLabel, fieldFilter, parseFieldSelector } from './fieldSelector.ts';

describe('parseFieldSelector', () => {
  it.each([
    ['status.phase=Running', [{ field: 'status.phase', value: 'Running', negate: false }]],
    ['status.phase==Running', [{ field: 'status.phase', value: 'Running', negate: false }]],
    ['status.phase!=Running', [{ field: 'status.phase', value: 'Running', negate: true }]],
    // Terms come out sorted, and spaces are kept, as upstream's parser does.
    ['b=1,a=2', [{ field: 'a', value: '2', negate: false }, { field: 'b', value: '1', negate: false }]],
    ['a = b', [{ field: 'a ', value: ' b', negate: false }]],
    ['a=x\\,y', [{ field: 'a', value: 'x,y', negate: false }]],
    ['', []],
  ])('reads %j', (text, want) => {
    expect(parseFieldSelector(text)).toEqual(want);
  });

  it.each([
    ['a', "invalid selector: 'a'; can't understand 'a'"],
    ['a=b=c', 'invalid field selector: unescaped character in value: 61'],
    ['a=b\\x', 'invalid field selector: invalid escape sequence: \\x'],
  ])('refuses %j', (text, message) => {
    expect(parseFieldSelector(text)).toEqual({ error: message });
  });
});

describe('convertFieldLabel', () => {
  it.each([
    ['Pod', 'spec.nodeName', 'spec.nodeName'],
    ['Pod', 'spec.host', 'spec.nodeName'],
    ['Pod', 'spec.color', { error: 'field label not supported: spec.color' }],
    ['Node', 'metadata.namespace', { error: 'field label not supported: metadata.namespace' }],
    ['Event', 'reportingComponent', 'reportingComponent'],
    ['Deployment', 'metadata.name', 'metadata.name'],
    ['ReplicaSet', 'status.replicas', { error: '"status.replicas" is not a known field selector: only "metadata.name", "metadata.namespace"' }],
  ] as const)('converts %s %s', (kind, label, want) => {
    expect(convertFieldLabel(kind, label)).toEqual(want);
  });
});

describe('fieldFilter', () => {
  const pod = (name: string, phase: string) => ({ kind: 'Pod', metadata: { name, namespace: 'default' }, spec: { nodeName: 'node-1', containers: [] }, status: { phase } }) as unknown as KubeObject;
  it('keeps the objects every requirement matches', () => {
    const reqs = parseFieldSelector('status.phase!=Running,spec.nodeName=node-1');
    if (!Array.isArray(reqs)) throw new Error(reqs.error);
    const keep = fieldFilter('Pod', reqs);
    if (typeof keep !== 'function') throw new Error(keep.error);
    expect([pod('a', 'Running'), pod('b', 'Pending')].filter(keep).map((p) => p.metadata.name)).toEqual(['b']);
  });
});
