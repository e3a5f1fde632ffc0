import { describe, expect, it } from 'vitest';
import type { DecisionLog } from '../../api/decision.ts';
import type { StatefulSet } from '../../api/statefulTypes.ts';
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

  // The memo of the "unchanged" outcome (by patch data, collision count and listed revisions):
  // a second call answers as the first, and any change of its inputs is looked at afresh.
  it.each([
    ['the same inputs again', (s: StatefulSet, l: ControllerRevision[]) => [s, l] as const, 'unchanged'],
    ['another currentRevision', (s: StatefulSet, l: ControllerRevision[]) => [{ ...s, status: { replicas: 3, currentRevision: l[0]?.metadata.name ?? '' } }, l] as const, 'unchanged'],
    ['a changed template', (s: StatefulSet, l: ControllerRevision[]) => [withImage(s, 'nginx:3'), l] as const, 'newRevision'],
    // Safe-encoded hash labels never parse as numbers: only the data is compared, still equal.
    ['another collision count', (s: StatefulSet, l: ControllerRevision[]) => [{ ...s, status: { replicas: 3, collisionCount: 1 } }, l] as const, 'unchanged'],
    ['a revision gone from the list', (s: StatefulSet, l: ControllerRevision[]) => [s, l.slice(0, 1)] as const, 'newRevision'],
  ])('answers %s as a fresh call does', (_, change, key) => {
    const a = web(3);
    const b = withImage(a, 'nginx:2');
    const listed = [newRevision(a, 1, 0), newRevision(b, 2, 0)];
    const first = getStatefulSetRevisions(b, listed);
    const [set, list] = change(b, listed);
    const log: DecisionLog = [];
    const again = getStatefulSetRevisions(set, list, undefined, log);
    expect(first.update).toBe(listed[1]);
    expect(log.map((d) => d.key)).toEqual([key]);
    // A fresh call: the same set and list, copied, so no memo entry can match them.
    const fresh = getStatefulSetRevisions(structuredClone(set), structuredClone(list));
    expect(JSON.stringify(again)).toBe(JSON.stringify(fresh));
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
