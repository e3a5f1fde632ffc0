import { describe, expect, it } from 'vitest';
import type { LimitRange, LimitRangeItem } from '../api/policyTypes.ts';
import { setDefaultsLimitRange } from './defaultsLimitRange.ts';

const lr = (...limits: LimitRangeItem[]): LimitRange => ({ apiVersion: 'v1', kind: 'LimitRange', metadata: { name: 'test-defaults' }, spec: { limits } });

interface Case {
  does: string;
  when: string;
  from: string;
  item: LimitRangeItem;
  want: LimitRangeItem;
}

const cases: Case[] = [
  {
    does: 'defaults the limit to the max, the request to that limit, and the request to the min',
    when: 'a Container item has max cpu and min memory and empty defaults',
    from: 'TestSetDefaultLimitRangeItem, pkg/apis/core/v1/defaults_test.go',
    item: { type: 'Container', max: { cpu: '100m' }, min: { memory: '100Mi' }, default: {}, defaultRequest: {} },
    want: { type: 'Container', max: { cpu: '100m' }, min: { memory: '100Mi' }, default: { cpu: '100m' }, defaultRequest: { cpu: '100m', memory: '100Mi' } },
  },
  {
    does: 'keeps the given default and request',
    when: 'a Container item already sets them',
    from: 'SetDefaults_LimitRangeItem (only missing keys are filled)',
    item: { type: 'Container', max: { cpu: '2' }, min: { cpu: '100m' }, default: { cpu: '1' }, defaultRequest: { cpu: '500m' } },
    want: { type: 'Container', max: { cpu: '2' }, min: { cpu: '100m' }, default: { cpu: '1' }, defaultRequest: { cpu: '500m' } },
  },
  {
    does: 'takes the request from the default limit, not the min',
    when: 'a Container item has a max and a min for the same resource',
    from: 'SetDefaults_LimitRangeItem (default is copied into defaultRequest before min)',
    item: { type: 'Container', max: { cpu: '1' }, min: { cpu: '100m' } },
    want: { type: 'Container', max: { cpu: '1' }, min: { cpu: '100m' }, default: { cpu: '1' }, defaultRequest: { cpu: '1' } },
  },
  {
    does: 'takes the request from an explicit default rather than the max',
    when: 'a Container item sets a default below its max',
    from: 'SetDefaults_LimitRangeItem',
    item: { type: 'Container', max: { memory: '1Gi' }, default: { memory: '512Mi' } },
    want: { type: 'Container', max: { memory: '1Gi' }, default: { memory: '512Mi' }, defaultRequest: { memory: '512Mi' } },
  },
  {
    does: 'defaults only the request',
    when: 'a Container item has a min and no max',
    from: 'SetDefaults_LimitRangeItem',
    item: { type: 'Container', min: { cpu: '50m' } },
    want: { type: 'Container', min: { cpu: '50m' }, defaultRequest: { cpu: '50m' } },
  },
  {
    does: 'leaves default and defaultRequest out (omitempty)',
    when: 'a Container item has only a ratio',
    from: 'SetDefaults_LimitRangeItem makes empty maps; omitempty drops them',
    item: { type: 'Container', maxLimitRequestRatio: { cpu: '4' }, default: {} },
    want: { type: 'Container', maxLimitRequestRatio: { cpu: '4' } },
  },
  {
    does: 'changes nothing',
    when: 'the item is of type Pod',
    from: 'SetDefaults_LimitRangeItem (Container only)',
    item: { type: 'Pod', max: { cpu: '2' }, min: { cpu: '100m' } },
    want: { type: 'Pod', max: { cpu: '2' }, min: { cpu: '100m' } },
  },
  {
    does: 'changes nothing',
    when: 'the item is of type PersistentVolumeClaim',
    from: 'SetDefaults_LimitRangeItem (Container only)',
    item: { type: 'PersistentVolumeClaim', max: { storage: '10Gi' }, min: { storage: '1Gi' } },
    want: { type: 'PersistentVolumeClaim', max: { storage: '10Gi' }, min: { storage: '1Gi' } },
  },
  {
    does: 'adds the missing keys in sorted order after the given ones',
    when: 'a Container item has several maxes',
    from: 'SetDefaults_LimitRangeItem (Go map order is random; sorted here)',
    item: { type: 'Container', max: { memory: '1Gi', cpu: '1', 'ephemeral-storage': '2Gi' }, default: { memory: '256Mi' } },
    want: {
      type: 'Container',
      max: { memory: '1Gi', cpu: '1', 'ephemeral-storage': '2Gi' },
      default: { memory: '256Mi', cpu: '1', 'ephemeral-storage': '2Gi' },
      defaultRequest: { cpu: '1', 'ephemeral-storage': '2Gi', memory: '256Mi' },
    },
  },
];

describe('setDefaultsLimitRange', () => {
  it.each(cases)('$does when $when — $from', ({ item, want }) => {
    const out = setDefaultsLimitRange(lr(item));
    expect(out.spec?.limits?.[0]).toStrictEqual(want);
    expect(Object.keys(out.spec?.limits?.[0]?.default ?? {})).toEqual(Object.keys(want.default ?? {}));
    expect(Object.keys(out.spec?.limits?.[0]?.defaultRequest ?? {})).toEqual(Object.keys(want.defaultRequest ?? {}));
  });

  it('defaults each item on its own when a range mixes types', () => {
    const out = setDefaultsLimitRange(lr({ type: 'Pod', max: { cpu: '4' } }, { type: 'Container', max: { cpu: '1' } }));
    expect(out.spec?.limits).toStrictEqual([
      { type: 'Pod', max: { cpu: '4' } },
      { type: 'Container', max: { cpu: '1' }, default: { cpu: '1' }, defaultRequest: { cpu: '1' } },
    ]);
  });

  it('returns a new object and leaves the input untouched when it fills defaults', () => {
    const input = lr({ type: 'Container', max: { cpu: '1' }, min: { memory: '64Mi' }, default: {} });
    const before = JSON.stringify(input);
    const out = setDefaultsLimitRange(input);
    expect(JSON.stringify(input)).toBe(before);
    expect(out).not.toBe(input);
    expect(out.spec).not.toBe(input.spec);
    expect(out.spec?.limits?.[0]).not.toBe(input.spec?.limits?.[0]);
  });

  it('returns a copy when there is no spec', () => {
    const input: LimitRange = { apiVersion: 'v1', kind: 'LimitRange', metadata: { name: 'empty' } };
    const out = setDefaultsLimitRange(input);
    expect(out).toStrictEqual(input);
    expect(out).not.toBe(input);
  });

  it('is idempotent when applied twice', () => {
    const once = setDefaultsLimitRange(lr({ type: 'Container', max: { cpu: '1' }, min: { memory: '64Mi' } }));
    expect(setDefaultsLimitRange(once)).toStrictEqual(once);
  });
});
