import { describe, expect, it } from 'vitest';
import type { KubeObject, OwnerReference } from '../api/types.ts';
import { adoptedMetadata, type ClaimDecision, claimObject, recheckDeletionTimestamp, releasedMetadata } from './controllerRefManager.ts';

const ref = (uid: string, controller = true): OwnerReference => ({ apiVersion: 'apps/v1', kind: 'StatefulSet', name: uid, uid, controller, blockOwnerDeletion: true });
const obj = (refs: OwnerReference[] | undefined, extra: Partial<KubeObject['metadata']> = {}): Pick<KubeObject, 'metadata'> => ({
  metadata: { name: 'web-0', namespace: 'default', uid: 'pod', ...(refs ? { ownerReferences: refs } : {}), ...extra },
});
const me = { uid: 'ss1', namespace: 'default', deleting: false };

describe('claimObject', () => {
  // ClaimObject's branches (controller_ref_manager.go), one row each.
  it.each<[string, Parameters<typeof claimObject>[0], Pick<KubeObject, 'metadata'>, boolean, ClaimDecision]>([
    ['keeps an owned object that matches', me, obj([ref('ss1')]), true, 'claim'],
    ['ignores an object another controller owns', me, obj([ref('ss2')]), true, 'ignore'],
    ['releases an owned object that no longer matches', me, obj([ref('ss1')]), false, 'release'],
    ['releases an owned object that no longer matches while it is being deleted', me, obj([ref('ss1')], { deletionTimestamp: 't' }), false, 'release'],
    ['keeps an owned object being deleted that matches', me, obj([ref('ss1')], { deletionTimestamp: 't' }), true, 'claim'],
    ['does not release an object being deleted while the controller is being deleted', { ...me, deleting: true }, obj([ref('ss1')], { deletionTimestamp: 't' }), false, 'ignore'],
    ['does not release while the controller is being deleted', { ...me, deleting: true }, obj([ref('ss1')]), false, 'ignore'],
    ['adopts a matching orphan', me, obj(undefined), true, 'adopt'],
    ['adopts an orphan whose only reference is not a controller', me, obj([ref('x', false)]), true, 'adopt'],
    ['ignores an orphan that does not match', me, obj(undefined), false, 'ignore'],
    ['ignores an orphan being deleted', me, obj(undefined, { deletionTimestamp: 't' }), true, 'ignore'],
    ['does not adopt while the controller is being deleted', { ...me, deleting: true }, obj(undefined), true, 'ignore'],
    ['ignores an orphan of another namespace', me, obj(undefined, { namespace: 'other' }), true, 'ignore'],
  ])('%s', (_name, c, o, matches, want) => {
    expect(claimObject(c, o, matches)).toBe(want);
  });
});

describe('adoptedMetadata', () => {
  it('appends the controller reference after the others', () => {
    const m = adoptedMetadata(obj([ref('x', false)]).metadata, ref('ss1'));
    expect(m.ownerReferences?.map((r) => r.uid)).toEqual(['x', 'ss1']);
  });
});

describe('releasedMetadata', () => {
  // TestRealHistory_ReleaseControllerRevision's rows: owned, orphan, owned by another.
  it.each<[string, OwnerReference[] | undefined, string[] | undefined]>([
    ['releasing an owned revision succeeds', [ref('ss1')], undefined],
    ['releasing an orphan succeeds', undefined, undefined],
    ['releasing a revision owned by another controller succeeds', [ref('ss2')], ['ss2']],
  ])('%s', (_name, refs, want) => {
    expect(releasedMetadata(obj(refs).metadata, 'ss1').ownerReferences?.map((r) => r.uid)).toEqual(want);
  });
});

describe('recheckDeletionTimestamp', () => {
  const set = { metadata: { name: 'web', namespace: 'default', uid: 'u1' } };
  it.each<[string, Pick<KubeObject, 'metadata'> | undefined, string | null]>([
    ['allows the same set', set, null],
    ['refuses a set recreated under the name', { metadata: { ...set.metadata, uid: 'u2' } }, "can't recheck DeletionTimestamp: original StatefulSet default/web is gone: got uid u2, wanted u1"],
    ['refuses a set being deleted', { metadata: { ...set.metadata, deletionTimestamp: '2026-01-01T00:00:00Z' } }, 'default/web has just been deleted at 2026-01-01T00:00:00Z'],
    ['refuses a set gone', undefined, `can't recheck DeletionTimestamp: statefulsets.apps "web" not found`],
  ])('%s', (_name, fresh, want) => {
    expect(recheckDeletionTimestamp('StatefulSet', set, fresh)).toBe(want);
  });
});
