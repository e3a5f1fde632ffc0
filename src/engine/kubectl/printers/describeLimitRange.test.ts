// `kubectl describe limitrange` and `kubectl get limitrange` for core/v1 LimitRange. The fixtures of
// the first table are those of kubectl's TestDescribeLimitRange (staging/src/k8s.io/kubectl/pkg/describe/
// describe_test.go: getResourceList(cpu, memory), getStorageResourceList(storage)); upstream only checks
// that the output contains each value, so the exact text here is worked out from describeLimitRange and
// describe's tabwriter (minwidth 0, padding 2, the last cell of a line never padded).
import { describe, expect, it } from 'vitest';
import type { LimitRange, LimitRangeItem } from '../../api/policyTypes.ts';
import { describeLimitRange, LIMIT_RANGE_COLUMNS, limitRangeRow } from './describeLimitRange.ts';

function lr(name: string, namespace: string, limits?: LimitRangeItem[], creationTimestamp?: string): LimitRange {
  return { apiVersion: 'v1', kind: 'LimitRange', metadata: { name, namespace, creationTimestamp }, spec: limits ? { limits } : {} };
}

const text = (...lines: string[]): string => lines.map((l) => `${l}\n`).join('');

// TestDescribeLimitRange's three items.
const UPSTREAM_POD: LimitRangeItem = {
  type: 'Pod',
  max: { cpu: '100m', memory: '10000Mi' },
  min: { cpu: '5m', memory: '100Mi' },
  maxLimitRequestRatio: { cpu: '10' },
};
const UPSTREAM_CONTAINER: LimitRangeItem = {
  type: 'Container',
  max: { cpu: '100m', memory: '10000Mi' },
  min: { cpu: '5m', memory: '100Mi' },
  default: { cpu: '50m', memory: '500Mi' },
  defaultRequest: { cpu: '10m', memory: '200Mi' },
  maxLimitRequestRatio: { cpu: '10' },
};
const UPSTREAM_PVC: LimitRangeItem = { type: 'PersistentVolumeClaim', max: { storage: '10Gi' }, min: { storage: '5Gi' } };

describe('describeLimitRange', () => {
  it.each<[string, LimitRange, string]>([
    [
      'a Container row per resource with min, max, default request, default limit and ratio when all five are set',
      lr('mylr', 'foo', [UPSTREAM_CONTAINER]),
      text(
        'Name:       mylr',
        'Namespace:  foo',
        'Type        Resource  Min    Max      Default Request  Default Limit  Max Limit/Request Ratio',
        '----        --------  ---    ---      ---------------  -------------  -----------------------',
        'Container   cpu       5m     100m     10m              50m            10',
        'Container   memory    100Mi  10000Mi  200Mi            500Mi          -',
      ),
    ],
    [
      'a Pod row with only Max filled when the Pod item sets max',
      lr('pod-max', 'default', [{ type: 'Pod', max: { cpu: '2', memory: '1Gi' } }]),
      text(
        'Name:       pod-max',
        'Namespace:  default',
        'Type        Resource  Min  Max  Default Request  Default Limit  Max Limit/Request Ratio',
        '----        --------  ---  ---  ---------------  -------------  -----------------------',
        'Pod         cpu       -    2    -                -              -',
        'Pod         memory    -    1Gi  -                -              -',
      ),
    ],
    [
      'a PersistentVolumeClaim storage row when the claim item sets min and max',
      lr('storage-limits', 'apps', [{ type: 'PersistentVolumeClaim', min: { storage: '1Gi' }, max: { storage: '10Gi' } }]),
      text(
        'Name:                  storage-limits',
        'Namespace:             apps',
        'Type                   Resource  Min  Max   Default Request  Default Limit  Max Limit/Request Ratio',
        '----                   --------  ---  ---   ---------------  -------------  -----------------------',
        'PersistentVolumeClaim  storage   1Gi  10Gi  -                -              -',
      ),
    ],
    [
      'only the header and dash line when the LimitRange has no items',
      lr('empty', 'default'),
      text(
        'Name:       empty',
        'Namespace:  default',
        'Type        Resource  Min  Max  Default Request  Default Limit  Max Limit/Request Ratio',
        '----        --------  ---  ---  ---------------  -------------  -----------------------',
      ),
    ],
    [
      'the items in spec order, each with its own rows, when given TestDescribeLimitRange’s Pod, Container and PVC items',
      lr('mylr', 'foo', [UPSTREAM_POD, UPSTREAM_CONTAINER, UPSTREAM_PVC]),
      text(
        'Name:                  mylr',
        'Namespace:             foo',
        'Type                   Resource  Min    Max      Default Request  Default Limit  Max Limit/Request Ratio',
        '----                   --------  ---    ---      ---------------  -------------  -----------------------',
        'Pod                    cpu       5m     100m     -                -              10',
        'Pod                    memory    100Mi  10000Mi  -                -              -',
        'Container              cpu       5m     100m     10m              50m            10',
        'Container              memory    100Mi  10000Mi  200Mi            500Mi          -',
        'PersistentVolumeClaim  storage   5Gi    10Gi     -                -              -',
      ),
    ],
    [
      'resources sorted by name (upstream ranges over a Go map) when the lists name them out of order',
      lr('sorted', 'default', [{ type: 'Container', max: { memory: '1Gi', 'ephemeral-storage': '2Gi' }, min: { cpu: '100m' } }]),
      text(
        'Name:       sorted',
        'Namespace:  default',
        'Type        Resource           Min   Max  Default Request  Default Limit  Max Limit/Request Ratio',
        '----        --------           ---   ---  ---------------  -------------  -----------------------',
        'Container   cpu                100m  -    -                -              -',
        'Container   ephemeral-storage  -     2Gi  -                -              -',
        'Container   memory             -     1Gi  -                -              -',
      ),
    ],
    [
      'quantities in canonical form (Quantity.String) when the spec spells them otherwise',
      lr('canon', 'default', [{ type: 'Container', default: { cpu: '0.5', memory: '1.5Gi' } }]),
      text(
        'Name:       canon',
        'Namespace:  default',
        'Type        Resource  Min  Max  Default Request  Default Limit  Max Limit/Request Ratio',
        '----        --------  ---  ---  ---------------  -------------  -----------------------',
        'Container   cpu       -    -    -                500m           -',
        'Container   memory    -    -    -                1536Mi         -',
      ),
    ],
  ])('prints %s', (_name, obj, want) => {
    expect(describeLimitRange(obj)).toBe(want);
  });

  it('prints no Labels, Annotations or Events lines when the object has labels and annotations', () => {
    const obj = lr('labelled', 'default', [UPSTREAM_PVC]);
    obj.metadata.labels = { team: 'a' };
    obj.metadata.annotations = { note: 'b' };
    const out = describeLimitRange(obj);
    expect(out).not.toMatch(/Labels:|Annotations:|Events:/);
    // TestDescribeLimitRange's checks: every name and value appears.
    const full = describeLimitRange(lr('mylr', 'foo', [UPSTREAM_POD, UPSTREAM_CONTAINER, UPSTREAM_PVC]));
    for (const s of ['foo', 'mylr', 'Pod', 'cpu', '5m', '100m', 'memory', '100Mi', '10000Mi', '10', 'Container', '10m', '50m', '200Mi', '500Mi', 'PersistentVolumeClaim', 'storage', '5Gi', '10Gi']) {
      expect(full).toContain(s);
    }
  });
});

describe('limitRangeRow', () => {
  it.each<[string, LimitRange, string[]]>([
    ['the name and the creation timestamp in RFC 3339 UTC when it is set', lr('limits', 'default', [], '2026-12-01T01:19:00Z'), ['limits', '2026-12-01T01:19:00Z']],
    ['Go’s zero time when creationTimestamp is missing', lr('limits', 'default'), ['limits', '0001-01-01T00:00:00Z']],
  ])('prints %s', (_name, obj, want) => {
    expect(limitRangeRow(obj, 400 * 86_400_000)).toEqual(want);
  });

  it('prints the columns NAME and CREATED AT, none wide-only, when listing the headers', () => {
    expect(LIMIT_RANGE_COLUMNS.LimitRange.map((c) => [c.name.toUpperCase(), c.wide])).toEqual([
      ['NAME', false],
      ['CREATED AT', false],
    ]);
  });
});
