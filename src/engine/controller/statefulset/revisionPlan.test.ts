import { describe, expect, it } from 'vitest';
import type { ControllerRevision } from '../../api/types.ts';
import { hashControllerRevision } from '../history/controllerHistory.ts';
import { createControllerRevision } from '../history/createControllerRevision.ts';
import { getStatefulSetRevisions, truncateHistoryPlan } from './revisionPlan.ts';
import { newRevision } from './revisions.ts';
import { pod, web, withImage } from './testObjects.ts';

describe('newRevision', () => {
  it('names the revision <set>-<hash>, labels it with the hash and hashes the collision count too', () => {
    const set = web(1);
    const r0 = newRevision(set, 1, 0);
    const hash = r0.metadata.labels?.['controller.kubernetes.io/hash'] ?? '';
    expect(r0.metadata.name).toBe(`web-${hash}`);
    expect(hash).toMatch(/^[bcdfghjklmnpqrstvwxz2456789]+$/);
    expect(hashControllerRevision(r0, 1)).not.toBe(hash);
    expect(r0.metadata.ownerReferences?.[0]).toMatchObject({ kind: 'StatefulSet', name: 'web', controller: true });
  });
});

describe('getStatefulSetRevisions', () => {
  it('renumbers the old revision on undo: history 1,2 becomes 2,3', () => {
    const a = web(3);
    const b = withImage(a, 'nginx:2');
    const r1 = newRevision(a, 1, 0);
    const r2 = newRevision(b, 2, 0);
    const undo = getStatefulSetRevisions({ ...a, status: { replicas: 3, currentRevision: r2.metadata.name } }, [r1, r2]);
    expect(undo.write).toMatchObject({ kind: 'renumber', from: 1, to: 3 });
    expect([undo.update.metadata.name, undo.update.revision, undo.current.metadata.name]).toEqual([r1.metadata.name, 3, r2.metadata.name]);
  });

  it('raises collisionCount when the name is taken by another template', () => {
    const set = web(3);
    const wanted = newRevision(set, 1, 0);
    const squatter: ControllerRevision = { ...newRevision(withImage(set, 'other'), 1, 0), metadata: { ...wanted.metadata } };
    const got = createControllerRevision(set, wanted, 0, (n) => (n === wanted.metadata.name ? squatter : undefined));
    expect(got.collisionCount).toBe(1);
    expect(got.revision.metadata.name).not.toBe(wanted.metadata.name);
    expect(got.exists).toBe(false);
  });
});

describe('truncateHistoryPlan', () => {
  it('keeps current, update and pod revisions and deletes the oldest others beyond the limit', () => {
    const set = web(1, { revisionHistoryLimit: 1 });
    const revs = [1, 2, 3, 4].map((n) => newRevision(withImage(set, `nginx:${n}`), n, 0));
    const [r1, r2, r3, r4] = revs as [ControllerRevision, ControllerRevision, ControllerRevision, ControllerRevision];
    const pods = [pod(set, 0, r2, 'Ready')];
    expect(truncateHistoryPlan(set, pods, revs, r4, r4).deletes).toEqual([r1.metadata.name]);
    expect(truncateHistoryPlan(web(1, { revisionHistoryLimit: -1 }), pods, revs, r4, r4).deletes).toEqual([]);
    expect(r3.revision).toBe(3);
  });
});
