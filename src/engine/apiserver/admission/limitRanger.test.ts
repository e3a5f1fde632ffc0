import { describe, expect, it } from 'vitest';
import type { LimitRange, LimitRangeItem } from '../../api/policyTypes.ts';
import type { PersistentVolumeClaimObject } from '../../api/statefulTypes.ts';
import type { Container, Pod } from '../../api/types.ts';
import { parseQuantity } from '../../lib/quantity.ts';
import { admitClaimLimits, admitPodLimits, limitRangesIn, podMutateLimitFunc, podValidateLimitFunc, ratioString } from './limitRanger.ts';

const range = (name: string, ...limits: LimitRangeItem[]): LimitRange => ({ apiVersion: 'v1', kind: 'LimitRange', metadata: { name, namespace: 'default' }, spec: { limits } });
const pod = (containers: Container[], initContainers?: Container[]): Pod =>
  ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: { containers, ...(initContainers ? { initContainers } : {}) } }) as Pod;
const c = (name: string, requests?: Record<string, string>, limits?: Record<string, string>, restartPolicy?: 'Always'): Container =>
  ({ name, image: 'x', ...(requests || limits ? { resources: { ...(requests ? { requests } : {}), ...(limits ? { limits } : {}) } } : {}), ...(restartPolicy ? { restartPolicy } : {}) }) as Container;

describe('podMutateLimitFunc', () => {
  const defaults = range('d', { type: 'Container', default: { cpu: '500m', memory: '256Mi' }, defaultRequest: { cpu: '100m' } });

  it('fills what each container lacks and annotates the pod, requests before limits, resources by name', () => {
    const r = podMutateLimitFunc(defaults, pod([c('web'), c('side', { cpu: '50m' }, { memory: '1Gi' })], [c('setup')]));
    expect(r.pod.spec.containers.map((x) => x.resources)).toEqual([
      { limits: { cpu: '500m', memory: '256Mi' }, requests: { cpu: '100m' } },
      { limits: { memory: '1Gi', cpu: '500m' }, requests: { cpu: '50m' } },
    ]);
    expect(r.pod.spec.initContainers?.[0]?.resources).toEqual({ limits: { cpu: '500m', memory: '256Mi' }, requests: { cpu: '100m' } });
    expect(r.annotation).toBe(
      'LimitRanger plugin set: cpu request for container web; cpu, memory limit for container web; cpu limit for container side; cpu request for init container setup; cpu, memory limit for init container setup',
    );
  });

  it('returns the pod as it came, without an annotation, when nothing is missing', () => {
    const p = pod([c('web', { cpu: '1' }, { cpu: '1', memory: '1Gi' })]);
    expect(podMutateLimitFunc(defaults, p)).toEqual({ pod: p });
  });

  it('takes nothing from a Pod item (it has no defaults)', () => {
    const p = pod([c('web')]);
    expect(podMutateLimitFunc(range('p', { type: 'Pod', max: { cpu: '2' } }), p)).toEqual({ pod: p });
  });
});

describe('podValidateLimitFunc', () => {
  const cases: [string, LimitRangeItem, Pod, string[]][] = [
    ['a limit over the max', { type: 'Container', max: { cpu: '500m' } }, pod([c('web', { cpu: '100m' }, { cpu: '1' })]), ['maximum cpu usage per Container is 500m, but limit is 1']],
    ['no limit under a max (two spaces, as upstream)', { type: 'Container', max: { cpu: '500m' } }, pod([c('web', { cpu: '100m' })]), ['maximum cpu usage per Container is 500m.  No limit is specified']],
    ['a request over the max with the limit at it', { type: 'Container', max: { cpu: '500m' } }, pod([c('web', { cpu: '600m' }, { cpu: '500m' })]), ['maximum cpu usage per Container is 500m, but request is 600m']],
    ['a request under the min', { type: 'Container', min: { memory: '64Mi' } }, pod([c('web', { memory: '32Mi' })]), ['minimum memory usage per Container is 64Mi, but request is 32Mi']],
    ['no request over a min', { type: 'Container', min: { memory: '64Mi' } }, pod([c('web')]), ['minimum memory usage per Container is 64Mi.  No request is specified']],
    ['a limit under the min', { type: 'Container', min: { cpu: '100m' } }, pod([c('web', { cpu: '100m' }, { cpu: '50m' })]), ['minimum cpu usage per Container is 100m, but limit is 50m']],
    // Kubernetes' docs (limit-range-pod-3.yaml): memory 300Mi over 100Mi against a ratio of 2.
    ['a ratio over the max', { type: 'Pod', maxLimitRequestRatio: { memory: '2' } }, pod([c('busybox', { memory: '100Mi' }, { memory: '300Mi' })]), ['memory max limit to request ratio per Pod is 2, but provided ratio is 3.000000']],
    ['a ratio at the max', { type: 'Container', maxLimitRequestRatio: { cpu: '2' } }, pod([c('web', { cpu: '250m' }, { cpu: '500m' })]), []],
    ['a ratio without a request', { type: 'Container', maxLimitRequestRatio: { cpu: '2' } }, pod([c('web', undefined, { cpu: '1' })]), ['cpu max limit to request ratio per Container is 2, but no request is specified or request is 0']],
    ['a ratio without a limit', { type: 'Container', maxLimitRequestRatio: { cpu: '2' } }, pod([c('web', { cpu: '1' })]), ['cpu max limit to request ratio per Container is 2, but no limit is specified or limit is 0']],
    [
      'two bounds broken, in resource order',
      { type: 'Container', max: { memory: '1Gi', cpu: '1' } },
      pod([c('web', {}, { cpu: '2', memory: '2Gi' })]),
      ['maximum cpu usage per Container is 1, but limit is 2', 'maximum memory usage per Container is 1Gi, but limit is 2Gi'],
    ],
    [
      'the pod’s sum over a Pod max (200m + 400m sidecar; the 500m init container needs less with it)',
      { type: 'Pod', max: { cpu: '500m' } },
      pod([c('web', {}, { cpu: '200m' })], [c('proxy', {}, { cpu: '400m' }, 'Always'), c('setup', {}, { cpu: '100m' })]),
      ['maximum cpu usage per Pod is 500m, but limit is 600m'],
    ],
    [
      'an init container larger than the sum',
      { type: 'Pod', max: { memory: '1Gi' } },
      pod([c('web', {}, { memory: '256Mi' })], [c('migrate', {}, { memory: '2Gi' })]),
      ['maximum memory usage per Pod is 1Gi, but limit is 2Gi'],
    ],
    ['every container of a Container item, init containers after', { type: 'Container', max: { cpu: '1' } }, pod([c('a', {}, { cpu: '1' })], [c('b', {}, { cpu: '3' })]), ['maximum cpu usage per Container is 1, but limit is 3']],
  ];
  for (const [name, item, p, want] of cases) {
    it(`reports ${name}`, () => {
      expect(podValidateLimitFunc(range('r', item), p)).toEqual(want);
    });
  }
});

describe('ratioString', () => {
  const q = (s: string) => {
    const r = parseQuantity(s);
    if (!r.ok) throw new Error(r.error);
    return r.value;
  };
  it.each([
    ['3', '1', '3.000000'],
    ['1', '300m', '3.333333'],
    ['2', '3', '0.666667'],
    // Half to even at the sixth decimal: 1/128 of a unit over 1 is 1.0078125.
    ['129', '128', '1.007812'],
    ['300Mi', '100Mi', '3.000000'],
  ])('prints %s ÷ %s as %s', (lim, req, want) => {
    expect(ratioString(q(lim), q(req))).toBe(want);
  });
});

describe('admitPodLimits', () => {
  it('merges every range’s defaults, then refuses with the first range that is broken, all its violations in one message', () => {
    const ranges = [range('a', { type: 'Container', defaultRequest: { cpu: '100m' } }), range('b', { type: 'Container', max: { cpu: '500m', memory: '1Gi' } })];
    expect(admitPodLimits(ranges, pod([c('web', undefined, { cpu: '1' })]))).toEqual({
      ok: false,
      reason: '[maximum cpu usage per Container is 500m, but limit is 1, maximum memory usage per Container is 1Gi.  No limit is specified]',
    });
  });

  it('admits a pod within every range with the last annotation written', () => {
    const ranges = [range('a', { type: 'Container', defaultRequest: { cpu: '100m' } }), range('b', { type: 'Container', default: { memory: '128Mi' } })];
    const r = admitPodLimits(ranges, pod([c('web')]));
    expect(r).toMatchObject({ ok: true, annotation: 'LimitRanger plugin set: memory limit for container web' });
    expect(r.ok && r.pod.spec.containers[0]?.resources).toEqual({ requests: { cpu: '100m' }, limits: { memory: '128Mi' } });
  });
});

describe('admitClaimLimits', () => {
  const claim = (storage?: string): PersistentVolumeClaimObject =>
    ({ apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'data' }, spec: { resources: storage ? { requests: { storage } } : {} } }) as PersistentVolumeClaimObject;
  const bounds = [range('storage', { type: 'PersistentVolumeClaim', min: { storage: '1Gi' }, max: { storage: '2Gi' } })];
  it.each([
    ['5Gi', 'maximum storage usage per PersistentVolumeClaim is 2Gi, but request is 5Gi'],
    ['500Mi', 'minimum storage usage per PersistentVolumeClaim is 1Gi, but request is 500Mi'],
    ['1Gi', null],
    [undefined, '[minimum storage usage per PersistentVolumeClaim is 1Gi.  No request is specified, maximum storage usage per PersistentVolumeClaim is 2Gi.  No request is specified]'],
  ])('answers a claim of %s with %s', (storage, want) => {
    expect(admitClaimLimits(bounds, claim(storage))).toBe(want);
  });
});

describe('limitRangesIn', () => {
  it('lists one namespace’s ranges by name', () => {
    const other = { ...range('x'), metadata: { name: 'x', namespace: 'team' } };
    expect(limitRangesIn([range('b'), other, range('a')], 'default').map((r) => r.metadata.name)).toEqual(['a', 'b']);
  });
});
