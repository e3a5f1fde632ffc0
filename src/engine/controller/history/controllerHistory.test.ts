// Tables ported from kubernetes pkg/controller/history/controller_history_test.go (the source of
// each row is named in it), plus the two controllers' revision-number rules.
import { describe, expect, it } from 'vitest';
import type { ControllerRevision, OwnerReference, PodTemplateSpec } from '../../api/types.ts';
import {
  controllerRevisionName,
  equalRevision,
  findEqualRevisions,
  getPatch,
  hashControllerRevision,
  listControllerRevisions,
  maxRevision,
  newControllerRevision,
  nextRevision,
  sortControllerRevisions,
  updateControllerRevision,
} from './controllerHistory.ts';
import { createControllerRevision } from './createControllerRevision.ts';

/** newStatefulSet(3, name, uid, labels) of the upstream test: a template with those labels. */
function parent(name: string, labels: Record<string, string>) {
  const template: PodTemplateSpec = { metadata: { labels }, spec: { containers: [{ name: 'nginx', image: 'nginx' }] } };
  const ref: OwnerReference = { apiVersion: 'apps/v1', kind: 'StatefulSet', name, uid: name, controller: true, blockOwnerDeletion: true };
  return { metadata: { name, namespace: 'default' }, spec: { template }, ref };
}
const ss1 = parent('ss1', { foo: 'bar' });
const ss2 = parent('ss2', { goo: 'car' });
const rev = (p: typeof ss1, n: number, collisionCount: number | null = 0, extra: Partial<ControllerRevision['metadata']> = {}): ControllerRevision => {
  const r = newControllerRevision(p, p.ref, p.spec.template.metadata?.labels, getPatch(p), n, collisionCount);
  return { ...r, metadata: { ...r.metadata, ...extra } };
};

describe('findEqualRevisions', () => {
  const ss1Rev1 = rev(ss1, 1);
  const ss2Rev1 = rev(ss2, 1);
  const ss2Rev2 = rev(ss2, 2);
  it.each<[string, string, ControllerRevision[], number]>([
    ['finds equivalent', 'TestFindEqualRevisions', [ss1Rev1, ss2Rev1, ss2Rev2], 1],
    ['finds nothing when empty', 'TestFindEqualRevisions', [], 0],
    ['finds nothing with no matches', 'TestFindEqualRevisions', [ss2Rev2, ss2Rev1], 0],
  ])('%s (%s)', (_name, _source, revisions, want) => {
    const found = findEqualRevisions(revisions, ss1Rev1);
    expect(found).toHaveLength(want);
    for (const f of found) expect(f.metadata.name).toBe(ss1Rev1.metadata.name);
  });
});

describe('sortControllerRevisions', () => {
  const r1 = rev(ss1, 1, 0, { name: 'r1' });
  const r2 = rev(ss1, 2, 0, { name: 'r2' });
  const r3 = rev(ss1, 3, 0, { name: 'r3', creationTimestamp: '2026-01-01T00:00:00Z' });
  const r3t2 = rev(ss1, 3, 0, { name: 'r3t2', creationTimestamp: '2026-01-01T00:00:01Z' });
  const r3t2n2 = rev(ss1, 3, 0, { name: 'r3t2n2', creationTimestamp: '2026-01-01T00:00:01Z' });
  // Upstream's "with ties" row sorts four revisions against five names; the fifth is added here.
  it.each<[string, string, ControllerRevision[], string[]]>([
    ['out of order', 'TestSortControllerRevisions', [r2, r1, r3], ['r1', 'r2', 'r3']],
    ['sorted', 'TestSortControllerRevisions', [r1, r2, r3], ['r1', 'r2', 'r3']],
    ['reversed', 'TestSortControllerRevisions', [r3, r2, r1], ['r1', 'r2', 'r3']],
    ['with ties', 'TestSortControllerRevisions', [r3t2n2, r3, r3t2, r2, r1], ['r1', 'r2', 'r3', 'r3t2', 'r3t2n2']],
    ['empty', 'TestSortControllerRevisions', [], []],
  ])('%s (%s)', (_name, _source, revisions, want) => {
    expect(sortControllerRevisions(revisions).map((r) => r.metadata.name)).toEqual(want);
  });
});

describe('createControllerRevision', () => {
  const ss1Rev1 = rev(ss1, 1);
  // ss1Rev2: another template under ss1Rev1's name and hash label (a forced hash collision).
  const modified = { ...ss1, spec: { template: { ...ss1.spec.template, metadata: { labels: { foo: 'not_bar' } } } } };
  const ss1Rev2 = { ...rev(modified, 2), metadata: { ...rev(modified, 2).metadata, name: ss1Rev1.metadata.name, labels: ss1Rev1.metadata.labels } };
  const ss2Rev1 = rev(ss2, 1);
  it.each<[string, string, typeof ss1, ControllerRevision, ControllerRevision[], boolean]>([
    ['creates new', 'TestRealHistory_CreateControllerRevision', ss1, ss1Rev1, [], false],
    ["create doesn't conflict when parents differ", 'TestRealHistory_CreateControllerRevision', ss2, ss2Rev1, [ss1Rev1], false],
    ['create renames on conflict', 'TestRealHistory_CreateControllerRevision', ss1, ss1Rev1, [ss1Rev2], true],
  ])('%s (%s)', (_name, _source, p, revision, existing, rename) => {
    const lookup = (name: string) => existing.find((r) => r.metadata.name === name);
    const created = createControllerRevision(p, revision, 0, lookup);
    if (rename) {
      expect(created.revision.metadata.name).toBe(controllerRevisionName(p.metadata.name, hashControllerRevision(revision, created.collisionCount)));
      expect(created.collisionCount).toBe(1);
      // The second attempt finds its own revision under the new name: nothing to create, count 1.
      const again = createControllerRevision(p, revision, created.collisionCount, (n) => lookup(n) ?? (n === created.revision.metadata.name ? created.revision : undefined));
      expect([again.exists, again.collisionCount]).toEqual([true, 1]);
    } else {
      expect([created.revision.metadata.name, created.collisionCount, created.exists]).toEqual([revision.metadata.name, 0, false]);
    }
  });
});

describe('hashControllerRevision', () => {
  it('hashes the collision count too, and "0" differs from none', () => {
    const r = rev(ss1, 1, null);
    const hashes = new Set([hashControllerRevision(r), hashControllerRevision(r, 0), hashControllerRevision(r, 1)]);
    expect(hashes.size).toBe(3);
    for (const h of hashes) expect(h).toMatch(/^[bcdfghjklmnpqrstvwxz2456789]+$/);
  });

  it('names the revision <parent>-<hash> with the prefix cut to 223 characters', () => {
    expect(controllerRevisionName('a'.repeat(300), 'xyz')).toBe(`${'a'.repeat(223)}-xyz`);
    const r = rev(ss1, 1);
    expect(r.metadata.name).toBe(`ss1-${r.metadata.labels?.['controller.kubernetes.io/hash']}`);
  });
});

describe('equalRevision', () => {
  it.each<[string, ControllerRevision | null, ControllerRevision | null, boolean]>([
    ['equal data and hash', rev(ss1, 1), rev(ss1, 2), true],
    ['different data', rev(ss1, 1), rev(ss2, 1), false],
    ['both nil', null, null, true],
    ['one nil', rev(ss1, 1), null, false],
  ])('is %s → %s', (_name, a, b, want) => {
    expect(equalRevision(a, b)).toBe(want);
  });
});

describe('nextRevision', () => {
  it.each<[string, number[], number]>([
    ['is 1 for no revisions', [], 1],
    ['is one above the highest, in any order', [2, 7, 3], 8],
  ])('%s', (_name, numbers, want) => {
    const revisions = numbers.map((n) => rev(ss1, n));
    expect(nextRevision(revisions)).toBe(want);
    expect(maxRevision(revisions)).toBe(want - 1);
  });

  it('renumbers a rolled-back revision: history 1, 2 becomes 2, 3', () => {
    const [r1, r2] = [rev(ss1, 1), rev(ss2, 2)];
    const undone = updateControllerRevision(r1, nextRevision([r1, r2]));
    expect(sortControllerRevisions([undone, r2]).map((r) => r.revision)).toEqual([2, 3]);
    expect(undone.metadata).toBe(r1.metadata);
  });
});

describe('listControllerRevisions', () => {
  const selector = { matchLabels: { foo: 'bar' } };
  const ss1Parent = { metadata: { ...ss1.metadata, uid: 'ss1' } };
  const orphan = (r: ControllerRevision): ControllerRevision => {
    const { ownerReferences: _o, ...metadata } = r.metadata;
    return { ...r, metadata };
  };
  it.each<[string, ControllerRevision[], string[]]>([
    ['lists the revisions the parent controls and its selector matches', [rev(ss1, 1), rev(ss1, 2)], ['ss1-1', 'ss1-2']],
    ['lists an orphan its selector matches (to be adopted)', [orphan(rev(ss1, 1))], ['ss1-1']],
    ['does not list a revision another parent controls, even one its selector matches', [rev(ss2, 1), { ...rev(ss2, 2), metadata: { ...rev(ss2, 2).metadata, labels: { foo: 'bar' } } }], []],
    ['does not list a revision it controls relabelled out of its selector (no release either)', [rev(ss1, 1, 0, { labels: { foo: 'moved' } }), rev(ss1, 2)], ['ss1-2']],
    ['does not list an orphan of another namespace', [orphan(rev(ss1, 1, 0, { namespace: 'other' }))], []],
  ])('%s', (_name, revisions, want) => {
    const got = listControllerRevisions(revisions, ss1Parent, selector);
    expect(got.map((r) => `${r.metadata.ownerReferences?.[0]?.name ?? 'ss1'}-${r.revision}`)).toEqual(want);
  });
});
