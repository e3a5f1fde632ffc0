import { describe, expect, it } from 'vitest';
import { getControllerOf } from './ownerRefs.ts';
import type { OwnerReference } from './types.ts';

const ref = (name: string, controller?: boolean): OwnerReference => ({ apiVersion: 'apps/v1', kind: 'ReplicaSet', name, uid: `u-${name}`, ...(controller === undefined ? {} : { controller }) });

describe('getControllerOf', () => {
  it.each([
    ['no ownerReferences', undefined, undefined],
    ['an empty list', [], undefined],
    ['owners none of which is the controller', [ref('a'), ref('b', false)], undefined],
    ['the controller after another owner', [ref('a', false), ref('b', true)], 'b'],
    ['two marked controller (the first, as find gives)', [ref('a', true), ref('b', true)], 'a'],
  ])('returns the controller reference for %s', (_what, ownerReferences, want) => {
    const got = getControllerOf({ metadata: { name: 'p', ...(ownerReferences === undefined ? {} : { ownerReferences }) } });
    expect(got?.name).toBe(want);
    if (want !== undefined) expect(got).toBe(ownerReferences?.find((r) => r.name === want));
  });
});
