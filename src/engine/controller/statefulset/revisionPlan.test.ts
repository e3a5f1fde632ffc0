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

  // Upstream's CreateControllerRevision on AlreadyExists: GET the revision of that name, use it
  // when its Data equals ours (whoever owns it), else collisionCount+1 and a new name. `taken`
  // lists what the API server holds by collision count; the set's list (informer) is empty, so
  // FindEqualRevisions finds nothing and the create path runs.
  const set = web(3);
  const ours = newRevision(set, 1, 0);
  const other = newRevision(withImage(set, 'other'), 7, 0);
  const at = (n: number) => `web-${hashControllerRevision(ours, n)}`;
  const elsewhere = (r: ControllerRevision, n: number): ControllerRevision => ({
    ...r,
    metadata: { ...r.metadata, name: at(n), labels: { app: 'other' }, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'db', uid: 'db-uid', controller: true }] },
  });
  it.each([
    ['uses the stored revision and raises nothing when the name holds our data (another set owns it)', [elsewhere(ours, 0)], 0, 0, 'none'],
    ['raises collisionCount to 1 and creates under the new name when the name holds other data', [elsewhere(other, 0)], 0, 1, 'create'],
    ['raises it twice when the names at counts 0 and 1 both hold other data', [elsewhere(other, 0), elsewhere(other, 1)], 0, 2, 'create'],
    ['uses the revision found after a collision when it holds our data', [elsewhere(other, 0), elsewhere(ours, 1)], 0, 1, 'none'],
    ['starts from status.collisionCount: the name at count 0 is not asked', [elsewhere(other, 0)], 1, 1, 'create'],
  ] as const)('%s', (_, taken, fromCount, wantCount, wantWrite) => {
    const asked: string[] = [];
    const lookup = (name: string) => {
      asked.push(name);
      return taken.find((r) => r.metadata.name === name);
    };
    const log: DecisionLog = [];
    const got = getStatefulSetRevisions({ ...set, status: { replicas: 0, collisionCount: fromCount } }, [], lookup, log);
    // The Explain line says which: a revision found under the name is used, not "new".
    expect(log[log.length - 1]?.key).toBe(wantWrite === 'none' ? 'existingRevision' : 'newRevision');
    expect(got.collisionCount).toBe(wantCount);
    expect(got.update.metadata.name).toBe(at(wantCount));
    expect(got.write.kind).toBe(wantWrite);
    expect(asked).toEqual(Array.from({ length: wantCount - fromCount + 1 }, (_x, i) => at(fromCount + i)));
    if (wantWrite === 'none') expect(got.update).toBe(taken.find((r) => r.metadata.name === at(wantCount)));
    // Only the name moves: the hash label stays the one the revision was built with.
    else expect(got.update.metadata.labels?.['controller.kubernetes.io/hash']).toBe(hashControllerRevision(ours, fromCount));
  });

  // FindEqualRevisions over the set's list comes first: an equal listed revision is never created.
  it.each([
    ['keeps the latest revision when it is the equal one', 2, 'none', 2],
    ['renumbers an older equal revision to max+1 (a rollback) without creating one', 1, 'renumber', 3],
  ] as const)('%s', (_, equalAt, wantWrite, wantNumber) => {
    const v1 = newRevision(withImage(set, 'nginx:1'), 1, 0);
    const v2 = newRevision(withImage(set, 'nginx:2'), 2, 0);
    const target = equalAt === 1 ? v1 : v2;
    const got = getStatefulSetRevisions(withImage(set, equalAt === 1 ? 'nginx:1' : 'nginx:2'), [v1, v2], () => {
      throw new Error('no GET: the equal revision is in the list');
    });
    expect(got.write.kind).toBe(wantWrite);
    expect([got.update.metadata.name, got.update.revision, got.collisionCount]).toEqual([target.metadata.name, wantNumber, 0]);
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
