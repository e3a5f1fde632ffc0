import { describe, expect, it } from 'vitest';
import type { Pod } from '../api/types.ts';
import { MISSING_RESOURCE_ERROR, parseTargets, selectObjects } from './targets.ts';

const pod = (name: string, labels: Record<string, string> = {}): Pod => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, labels },
  spec: { containers: [] },
});

describe('parseTargets', () => {
  it.each([
    ['TYPE NAME', ['deploy', 'a', 'b'], [{ kind: 'Deployment', name: 'a' }, { kind: 'Deployment', name: 'b' }]],
    ['TYPE/NAME', ['rs/a', 'ds/b'], [{ kind: 'ReplicaSet', name: 'a' }, { kind: 'DaemonSet', name: 'b' }]],
    ['TYPE alone', ['po'], [{ kind: 'Pod' }]],
    ['the events.k8s.io Events', ['events.events.k8s.io'], [{ kind: 'Event', group: 'events.k8s.io' }]],
    ['a versioned group', ['events.v1.events.k8s.io/x'], [{ kind: 'Event', group: 'events.k8s.io', name: 'x' }]],
  ])('reads %s', (_name, args, targets) => {
    expect(parseTargets(args, { allowEmptySelector: true, hasSelector: false })).toEqual({ targets, warnings: [] });
  });

  it('passes on the shortcut expander’s warning when a short name matches two resources', () => {
    expect(parseTargets(['ev', 'a'], { allowEmptySelector: true, hasSelector: false })).toEqual({
      targets: [{ kind: 'Event', name: 'a' }],
      warnings: ['Warning: short name "ev" could also match lower priority resource events.events.k8s.io'],
    });
  });

  it('warns once for a short name listed twice', () => {
    const r = parseTargets(['ev,ev,po'], { allowEmptySelector: true, hasSelector: false, manyTypes: true });
    expect('warnings' in r ? r.warnings : r).toHaveLength(1);
  });

  it('asks for a resource when there is none', () => {
    expect(parseTargets([], { allowEmptySelector: true, hasSelector: false })).toEqual({ error: MISSING_RESOURCE_ERROR });
  });
});

describe('selectObjects', () => {
  const pods = [pod('b', { app: 'x' }), pod('a', { app: 'y' }), pod('ab', { app: 'x' })];
  it('lists a kind by name when no name is given', () => {
    expect(selectObjects({ kind: 'Pod' }, undefined, pods).objects.map((p) => p.metadata.name)).toEqual(['a', 'ab', 'b']);
  });
  it('filters a kind by the selector', () => {
    const sel = { matchLabels: { app: 'x' } };
    expect(selectObjects({ kind: 'Pod' }, sel, pods).objects.map((p) => p.metadata.name)).toEqual(['ab', 'b']);
  });
  it('reports a missing name', () => {
    expect(selectObjects({ kind: 'Pod', name: 'zz' }, undefined, pods)).toEqual({ objects: [], missing: 'zz' });
  });
  it('falls back to a name prefix when describe asks for it', () => {
    expect(selectObjects({ kind: 'Pod', name: 'a' }, undefined, pods, { prefixMatch: true }).objects.map((p) => p.metadata.name)).toEqual(['a']);
    expect(selectObjects({ kind: 'Pod', name: 'x' }, undefined, [pod('xa'), pod('xb')], { prefixMatch: true }).objects).toHaveLength(2);
  });
});
