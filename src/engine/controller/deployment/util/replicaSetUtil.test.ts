import { describe, expect, it } from 'vitest';
import type { PodTemplateSpec } from '../../../api/types.ts';
import { dep, rs } from './fixtures.ts';
import {
  equalIgnoreHash,
  findActiveOrLatest,
  findNewReplicaSet,
  findOldReplicaSets,
  lastRevision,
  maxRevision,
  newReplicaSetForDeployment,
  setFromReplicaSetTemplate,
} from './replicaSetUtil.ts';

const tpl = (labels: Record<string, string>, node = 'n'): PodTemplateSpec => ({
  metadata: { labels },
  spec: { containers: [{ name: 'c', image: 'i' }], nodeName: node },
});

describe('equalIgnoreHash', () => {
  it.each([
    [{ 'pod-template-hash': 'a', x: 'y' }, { 'pod-template-hash': 'b', x: 'y' }, true],
    [{ x: 'y' }, { 'pod-template-hash': 'b', x: 'y' }, true],
    [{ x: 'y' }, { 'pod-template-hash': 'b' }, false],
    [{ 'pod-template-hash': 'a' }, { 'pod-template-hash': 'a', x: 'y' }, false],
  ])('compares %j with %j as %s', (a, b, want) => {
    expect(equalIgnoreHash(tpl(a), tpl(b))).toBe(want);
    expect(equalIgnoreHash(tpl(b), tpl(a))).toBe(want);
  });

  it('reports different specs as different', () => {
    expect(equalIgnoreHash(tpl({ x: 'y' }, 'a'), tpl({ x: 'y' }, 'b'))).toBe(false);
  });

  it('answers the same pair of objects alike when asked again, either way round, and a new copy afresh', () => {
    const a = tpl({ 'pod-template-hash': 'a', x: 'y' }, 'a');
    const b = tpl({ x: 'y' }, 'a');
    const c = tpl({ x: 'y' }, 'b');
    const asked = [equalIgnoreHash(a, b), equalIgnoreHash(a, c), equalIgnoreHash(a, b), equalIgnoreHash(b, a), equalIgnoreHash(a, c)];
    expect(asked).toEqual([true, false, true, true, false]);
    expect(equalIgnoreHash(a, { ...c, spec: b.spec })).toBe(true);
  });
});

const withImage = (name: string, image: string, created: string, replicas = 1) => rs(name, replicas, { image, created });

describe('findNewReplicaSet / findOldReplicaSets', () => {
  const d = dep();
  const newer = withImage('new-b', 'nginx:1.9.3', '2026-01-01T00:02:00Z');
  const older = withImage('new-a', 'nginx:1.9.3', '2026-01-01T00:01:00Z');
  const old = withImage('old', 'nginx:1.8', '2026-01-01T00:00:00Z', 0);

  it('picks the oldest ReplicaSet whose template matches when there are two', () => {
    expect(findNewReplicaSet(d, [newer, old, older])?.metadata.name).toBe('new-a');
  });

  it('lists every other ReplicaSet as old and the non-empty ones as required', () => {
    const { all, required } = findOldReplicaSets(d, [newer, old, older]);
    expect(all.map((r) => r.metadata.name)).toEqual(['old', 'new-b']);
    expect(required.map((r) => r.metadata.name)).toEqual(['new-b']);
  });
});

describe('findActiveOrLatest', () => {
  it('returns the only active ReplicaSet', () => {
    expect(findActiveOrLatest(rs('n', 0), [rs('a', 3), rs('b', 0)])?.metadata.name).toBe('a');
  });

  it('returns the newest old one when none is active and there is no new RS', () => {
    const a = rs('a', 0, { created: '2026-01-01T00:00:01Z' });
    const b = rs('b', 0, { created: '2026-01-01T00:00:02Z' });
    expect(findActiveOrLatest(null, [a, b])?.metadata.name).toBe('b');
  });

  it('returns undefined when several are active', () => {
    expect(findActiveOrLatest(rs('n', 1), [rs('a', 1)])).toBeUndefined();
  });
});

describe('maxRevision / lastRevision', () => {
  const r = (n: string) => rs(`r${n}`, 0, { annotations: { 'deployment.kubernetes.io/revision': n } });
  it('finds the highest and second-highest revision, skipping malformed ones', () => {
    const list = [r('3'), r('1'), r('4'), r('x')];
    expect(maxRevision(list)).toBe(4);
    expect(lastRevision(list)).toBe(3);
  });
});

describe('setFromReplicaSetTemplate', () => {
  it('copies the template without the pod-template-hash label', () => {
    const out = setFromReplicaSetTemplate(dep(), rs('abc', 1).spec.template);
    expect(out.spec.template.metadata?.labels).toEqual({ app: 'web' });
    expect(out.spec.template.spec.containers[0]?.image).toBe('nginx:1.8');
  });
});

describe('newReplicaSetForDeployment', () => {
  it('builds the Seed new ReplicaSet at 3 replicas with hash, owner and annotations', () => {
    const d = dep();
    const out = newReplicaSetForDeployment(d, [rs('old', 10)], '2');
    const hash = out.metadata.labels?.['pod-template-hash'] ?? '';
    expect(hash).toMatch(/^[4-9bcdf]+$/);
    expect(out.metadata.name).toBe(`web-${hash}`);
    expect(out.spec.replicas).toBe(3);
    expect(out.spec.selector.matchLabels).toEqual({ app: 'web', 'pod-template-hash': hash });
    expect(out.spec.template.metadata?.labels).toEqual({ app: 'web', 'pod-template-hash': hash });
    expect(out.metadata.ownerReferences).toEqual([
      { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', uid: 'dep-uid', controller: true, blockOwnerDeletion: true },
    ]);
    expect(out.metadata.annotations).toEqual({
      'deployment.kubernetes.io/revision': '2',
      'deployment.kubernetes.io/desired-replicas': '10',
      'deployment.kubernetes.io/max-replicas': '13',
    });
    expect(equalIgnoreHash(out.spec.template, d.spec.template)).toBe(true);
  });
});
