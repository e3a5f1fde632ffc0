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
  ])('reads %s', (_name, args, targets) => {
    expect(parseTargets(args, { allowEmptySelector: true, hasSelector: false })).toEqual({ targets });
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
