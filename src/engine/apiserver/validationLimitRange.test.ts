import { describe, expect, it } from 'vitest';
import type { LimitRange, LimitRangeItem, ResourceList } from '../api/policyTypes.ts';
import type { ObjectMeta } from '../api/types.ts';
import { fieldErrorString } from '../apimachinery/fieldErrors.ts';
import { validateLimitRange } from './validationLimitRange.ts';

/** getResourceList / getStorageResourceList of upstream's validation_test.go: an empty string leaves the key out. */
function res(cpu: string, memory: string): ResourceList {
  const out: ResourceList = {};
  if (cpu) out.cpu = cpu;
  if (memory) out.memory = memory;
  return out;
}
const storage = (v: string): ResourceList => (v ? { storage: v } : {});

/** An item whose type may be anything a manifest carries, not just the three standard ones. */
type Item = Omit<LimitRangeItem, 'type'> & { type: string };

function lr(limits: Item[], metadata: ObjectMeta = { name: 'abc', namespace: 'foo' }): LimitRange {
  return { apiVersion: 'v1', kind: 'LimitRange', metadata, spec: { limits: limits as LimitRangeItem[] } };
}

const UPSTREAM = 'TestValidateLimitRange, pkg/apis/core/validation/validation_test.go';
const SUBDOMAIN_MSG = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
const LABEL_MSG = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character";

interface Case {
  does: string;
  when: string;
  from: string;
  input: LimitRange;
  want: string[];
}

const cases: Case[] = [
  // successCases of upstream's TestValidateLimitRange.
  {
    does: 'accepts',
    when: 'Pod, Container and PersistentVolumeClaim items all hold together',
    from: `${UPSTREAM} successCases "all-fields-valid"`,
    input: lr([
      { type: 'Pod', max: res('100m', '10000Mi'), min: res('5m', '100Mi'), maxLimitRequestRatio: res('10', '') },
      { type: 'Container', max: res('100m', '10000Mi'), min: res('5m', '100Mi'), default: res('50m', '500Mi'), defaultRequest: res('10m', '200Mi'), maxLimitRequestRatio: res('10', '') },
      { type: 'PersistentVolumeClaim', max: storage('10Gi'), min: storage('5Gi') },
    ]),
    want: [],
  },
  { does: 'accepts', when: 'a PersistentVolumeClaim item has only a min', from: `${UPSTREAM} successCases "pvc-min-only"`, input: lr([{ type: 'PersistentVolumeClaim', min: storage('5Gi') }]), want: [] },
  { does: 'accepts', when: 'a PersistentVolumeClaim item has only a max', from: `${UPSTREAM} successCases "pvc-max-only"`, input: lr([{ type: 'PersistentVolumeClaim', max: storage('10Gi') }]), want: [] },
  {
    does: 'accepts',
    when: 'the max is 10000T',
    from: `${UPSTREAM} successCases "all-fields-valid-big-numbers"`,
    input: lr([{ type: 'Container', max: res('100m', '10000T'), min: res('5m', '100Mi'), default: res('50m', '500Mi'), defaultRequest: res('10m', '200Mi'), maxLimitRequestRatio: res('10', '') }]),
    want: [],
  },
  {
    does: 'accepts',
    when: 'a fully qualified type bounds cpu and memory',
    from: `${UPSTREAM} successCases "thirdparty-fields-all-valid-standard-container-resources"`,
    input: lr([{ type: 'thirdparty.com/foo', max: res('100m', '10000T'), min: res('5m', '100Mi'), default: res('50m', '500Mi'), defaultRequest: res('10m', '200Mi'), maxLimitRequestRatio: res('10', '') }]),
    want: [],
  },
  {
    does: 'accepts',
    when: 'a fully qualified type bounds storage',
    from: `${UPSTREAM} successCases "thirdparty-fields-all-valid-storage-resources"`,
    input: lr([{ type: 'thirdparty.com/foo', max: storage('10000T'), min: storage('100Mi'), default: storage('500Mi'), defaultRequest: storage('200Mi') }]),
    want: [],
  },
  {
    does: 'accepts',
    when: 'Pod and Container items bound ephemeral-storage',
    from: 'TestValidateLimitRangeForLocalStorage "all-fields-valid", pkg/apis/core/validation (gate on, as it always is now)',
    input: lr([
      { type: 'Pod', max: { 'ephemeral-storage': '10000Mi' }, min: { 'ephemeral-storage': '100Mi' } },
      { type: 'Container', max: { 'ephemeral-storage': '10000Mi' }, min: { 'ephemeral-storage': '100Mi' }, default: { 'ephemeral-storage': '500Mi' }, defaultRequest: { 'ephemeral-storage': '200Mi' } },
    ]),
    want: [],
  },
  // errorCases of upstream's TestValidateLimitRange, with the full message upstream's detail is part of.
  { does: 'requires a name', when: 'the name is empty', from: `${UPSTREAM} errorCases "zero-length-name"`, input: lr([], { name: '', namespace: 'foo' }), want: ['metadata.name: Required value: name or generateName is required'] },
  {
    does: 'rejects the name',
    when: 'it is not a DNS subdomain',
    from: `${UPSTREAM} errorCases "invalid-name"`,
    input: lr([], { name: '^Invalid', namespace: 'foo' }),
    want: [`metadata.name: Invalid value: "^Invalid": ${SUBDOMAIN_MSG} (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`],
  },
  {
    does: 'rejects the namespace',
    when: 'it is not a DNS label',
    from: `${UPSTREAM} errorCases "invalid-namespace"`,
    input: lr([], { name: 'abc', namespace: '^Invalid' }),
    want: [`metadata.namespace: Invalid value: "^Invalid": ${LABEL_MSG} (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')`],
  },
  {
    does: 'accepts an empty namespace (upstream: Required; the store puts the object in "default" before this runs)',
    when: 'the namespace is empty',
    from: `${UPSTREAM} errorCases "zero-length-namespace" (deliberately not ported)`,
    input: lr([], { name: 'abc', namespace: '' }),
    want: [],
  },
  {
    does: 'reports Duplicate on the second item',
    when: 'two items share a type',
    from: `${UPSTREAM} errorCases "duplicate-limit-type"`,
    input: lr([
      { type: 'Pod', max: res('100m', '10000m'), min: res('0m', '100m') },
      { type: 'Pod', min: res('0m', '100m') },
    ]),
    want: ['spec.limits[1].type: Duplicate value: "Pod"'],
  },
  {
    does: 'forbids default',
    when: 'the type is Pod',
    from: `${UPSTREAM} errorCases "default-limit-type-pod"`,
    input: lr([{ type: 'Pod', max: res('100m', '10000m'), min: res('0m', '100m'), default: res('10m', '100m') }]),
    want: ["spec.limits[0].default: Forbidden: may not be specified when `type` is 'Pod'"],
  },
  {
    does: 'forbids defaultRequest',
    when: 'the type is Pod',
    from: `${UPSTREAM} errorCases "default-request-limit-type-pod"`,
    input: lr([{ type: 'Pod', max: res('100m', '10000m'), min: res('0m', '100m'), defaultRequest: res('10m', '100m') }]),
    want: ["spec.limits[0].defaultRequest: Forbidden: may not be specified when `type` is 'Pod'"],
  },
  {
    does: 'rejects the min',
    when: 'it is above the max',
    from: `${UPSTREAM} errorCases "min value 100m is greater than max value 10m"`,
    input: lr([{ type: 'Pod', max: res('10m', ''), min: res('100m', '') }]),
    want: ['spec.limits[0].min[cpu]: Invalid value: "100m": min value 100m is greater than max value 10m'],
  },
  {
    does: 'rejects the default, naming the max as the bad value',
    when: 'the default is above the max (2000m prints as 2)',
    from: `${UPSTREAM} errorCases "invalid spec default outside range"`,
    input: lr([{ type: 'Container', max: res('1', ''), min: res('100m', ''), default: res('2000m', '') }]),
    want: ['spec.limits[0].default[cpu]: Invalid value: "1": default value 2 is greater than max value 1'],
  },
  {
    does: 'rejects the default request',
    when: 'it is above the max',
    from: `${UPSTREAM} errorCases "invalid spec default request outside range"`,
    input: lr([{ type: 'Container', max: res('1', ''), min: res('100m', ''), defaultRequest: res('2000m', '') }]),
    want: ['spec.limits[0].defaultRequest[cpu]: Invalid value: "2": default request value 2 is greater than max value 1'],
  },
  {
    does: 'rejects the default request',
    when: 'it is above the default limit',
    from: `${UPSTREAM} errorCases "invalid spec default request more than default"`,
    input: lr([{ type: 'Container', max: res('2', ''), min: res('100m', ''), default: res('500m', ''), defaultRequest: res('800m', '') }]),
    want: ['spec.limits[0].defaultRequest[cpu]: Invalid value: "800m": default request value 800m is greater than default limit value 500m'],
  },
  {
    does: 'rejects the ratio',
    when: 'it is below 1',
    from: `${UPSTREAM} errorCases "invalid spec maxLimitRequestRatio less than 1"`,
    input: lr([{ type: 'Pod', maxLimitRequestRatio: res('800m', '') }]),
    want: ['spec.limits[0].maxLimitRequestRatio[cpu]: Invalid value: "800m": ratio 800m is less than 1'],
  },
  {
    does: 'rejects the ratio with a six-decimal max/min',
    when: 'it is above max/min (2Gi / 512Mi = 4)',
    from: `${UPSTREAM} errorCases "invalid spec maxLimitRequestRatio greater than max/min"`,
    input: lr([{ type: 'Container', max: res('', '2Gi'), min: res('', '512Mi'), maxLimitRequestRatio: res('', '10') }]),
    want: ['spec.limits[0].maxLimitRequestRatio[memory]: Invalid value: "10": ratio 10 is greater than max/min = 4.000000'],
  },
  {
    does: 'rejects the type',
    when: 'it is neither standard nor fully qualified',
    from: `${UPSTREAM} errorCases "invalid non standard limit type"`,
    input: lr([{ type: 'foo', max: storage('10000T'), min: storage('100Mi'), default: storage('500Mi'), defaultRequest: storage('200Mi') }]),
    want: ['spec.limits[0].type: Invalid value: "foo": must be a standard limit type or fully qualified'],
  },
  {
    does: 'requires a storage bound',
    when: 'a PersistentVolumeClaim item has neither min nor max',
    from: `${UPSTREAM} errorCases "min and max values missing, one required"`,
    input: lr([{ type: 'PersistentVolumeClaim' }]),
    want: ['spec.limits[0].limits: Required value: either minimum or maximum storage value is required, but neither was provided'],
  },
  {
    does: 'rejects the min',
    when: 'a claim min of 10Gi is above a max of 1Gi',
    from: `${UPSTREAM} errorCases "invalid min greater than max"`,
    input: lr([{ type: 'PersistentVolumeClaim', min: storage('10Gi'), max: storage('1Gi') }]),
    want: ['spec.limits[0].min[storage]: Invalid value: "10Gi": min value 10Gi is greater than max value 1Gi'],
  },
  // Cases of our own, each on a branch of ValidateLimitRange upstream's table leaves out.
  {
    does: 'rejects the default request',
    when: 'it is below the min',
    from: 'ValidateLimitRange, min > defaultRequest',
    input: lr([{ type: 'Container', min: res('100m', ''), defaultRequest: res('50m', '') }]),
    want: ['spec.limits[0].defaultRequest[cpu]: Invalid value: "50m": min value 100m is greater than default request value 50m'],
  },
  {
    does: 'rejects the default, naming the min as the bad value',
    when: 'the default is below the min',
    from: 'ValidateLimitRange, min > default',
    input: lr([{ type: 'Container', min: res('100m', ''), default: res('50m', '') }]),
    want: ['spec.limits[0].default[cpu]: Invalid value: "100m": min value 100m is greater than default value 50m'],
  },
  {
    does: 'requires default = defaultRequest',
    when: 'the resource is an extended one (no overcommit)',
    from: 'ValidateLimitRange, helper.IsOvercommitAllowed',
    input: lr([{ type: 'Container', default: { 'example.com/gpu': '2' }, defaultRequest: { 'example.com/gpu': '1' } }]),
    want: ['spec.limits[0].defaultRequest[example.com/gpu]: Invalid value: "1": default value 2 must equal to defaultRequest value 1 in example.com/gpu'],
  },
  {
    does: 'requires default = defaultRequest',
    when: 'the resource is hugepages',
    from: 'ValidateLimitRange, helper.IsOvercommitAllowed',
    input: lr([{ type: 'Container', default: { 'hugepages-2Mi': '4Mi' }, defaultRequest: { 'hugepages-2Mi': '2Mi' } }]),
    want: ['spec.limits[0].defaultRequest[hugepages-2Mi]: Invalid value: "2Mi": default value 4Mi must equal to defaultRequest value 2Mi in hugepages-2Mi'],
  },
  {
    does: 'accepts a request below the limit',
    when: 'the resource is native (cpu, kubernetes.io/*)',
    from: 'ValidateLimitRange, helper.IsOvercommitAllowed',
    input: lr([{ type: 'Container', default: { cpu: '1', 'kubernetes.io/widget': '4' }, defaultRequest: { cpu: '500m', 'kubernetes.io/widget': '2' } }]),
    want: [],
  },
  {
    does: 'reports both name errors',
    when: 'a Container item bounds an unknown unqualified resource',
    from: 'validateContainerResourceName after validateResourceName',
    input: lr([{ type: 'Container', max: { foo: '1' } }]),
    want: ['spec.limits[0].max[foo]: Invalid value: "foo": must be a standard resource type or fully qualified', 'spec.limits[0].max[foo]: Invalid value: "foo": must be a standard resource for containers'],
  },
  {
    does: 'rejects the name',
    when: 'an extended resource takes quota\'s requests. prefix',
    from: 'validateContainerResourceName, helper.IsExtendedResourceName',
    input: lr([{ type: 'Container', max: { 'requests.example.com/gpu': '1' } }]),
    want: ['spec.limits[0].max[requests.example.com/gpu]: Invalid value: "requests.example.com/gpu": doesn\'t follow extended resource name standard'],
  },
  {
    does: 'rejects only the general name rule',
    when: 'a PersistentVolumeClaim item bounds an unknown unqualified resource',
    from: 'validateLimitRangeResourceName → validateResourceName',
    input: lr([{ type: 'PersistentVolumeClaim', max: { storage: '10Gi', foo: '1' } }]),
    want: ['spec.limits[0].max[foo]: Invalid value: "foo": must be a standard resource type or fully qualified'],
  },
  {
    does: 'prints max/min as Go %f does, ties to even',
    when: 'max/min is 129/128 = 1.0078125',
    from: 'ValidateLimitRange, fmt %f',
    input: lr([{ type: 'Container', min: res('128', ''), max: res('129', ''), maxLimitRequestRatio: res('2', '') }]),
    want: ['spec.limits[0].maxLimitRequestRatio[cpu]: Invalid value: "2": ratio 2 is greater than max/min = 1.007812'],
  },
  {
    does: 'compares whole units, so 2100m counts as 3',
    when: 'a quantity is past MaxMilliValue (25E / 10E = 2.5)',
    from: 'ValidateLimitRange, resource.MaxMilliValue branch',
    input: lr([{ type: 'Container', min: res('10E', ''), max: res('25E', ''), maxLimitRequestRatio: res('2100m', '') }]),
    want: ['spec.limits[0].maxLimitRequestRatio[cpu]: Invalid value: "2100m": ratio 2100m is greater than max/min = 2.500000'],
  },
  {
    does: 'reports resources in sorted order',
    when: 'several resources are out of bounds',
    from: 'ValidateLimitRange (Go map order is random; sorted here)',
    input: lr([{ type: 'Container', max: { memory: '1Mi', cpu: '1' }, min: { memory: '2Mi', cpu: '2' } }]),
    want: ['spec.limits[0].min[cpu]: Invalid value: "2": min value 2 is greater than max value 1', 'spec.limits[0].min[memory]: Invalid value: "2Mi": min value 2Mi is greater than max value 1Mi'],
  },
  {
    does: 'leaves a Pod item\'s defaults out of the comparisons',
    when: 'a Pod default is above its max',
    from: 'ValidateLimitRange, Pod branch',
    input: lr([{ type: 'Pod', max: res('1', ''), default: res('2', '') }]),
    want: ["spec.limits[0].default: Forbidden: may not be specified when `type` is 'Pod'"],
  },
  {
    does: 'skips the comparison of a quantity that does not parse',
    when: 'the max is "lots" (decoding refuses it before validation)',
    from: 'decoding step, as validationPolicy.ts does',
    input: lr([{ type: 'Container', max: res('lots', ''), min: res('2', '') }]),
    want: [],
  },
];

describe('validateLimitRange', () => {
  it.each(cases)('$does when $when — $from', ({ input, want }) => {
    expect(validateLimitRange(input).map(fieldErrorString)).toEqual(want);
  });

  it('rejects a type that is not a qualified name when it has two slashes', () => {
    const errs = validateLimitRange(lr([{ type: 'a/b/c' }])).map(fieldErrorString);
    expect(errs).toHaveLength(1);
    expect(errs[0]).toMatch(/^spec\.limits\[0\]\.type: Invalid value: "a\/b\/c": a qualified name must consist of alphanumeric characters/);
  });

  it('does not mutate its input when it validates', () => {
    const input = lr([{ type: 'Container', max: res('1', '1Gi') }]);
    const before = JSON.stringify(input);
    validateLimitRange(input);
    expect(JSON.stringify(input)).toBe(before);
  });
});
