// Conformance: client-go util/jsonpath jsonpath_test.go (v0.36.3), TestEmptyRange, TestNestedRanges,
// TestFilterPartialMatchesSometimesMissingAnnotations, TestNegativeIndex,
// TestRunningPodsJSONPathOutput and TestStep: every case, as upstream checks it.
import { describe, expect, it } from 'vitest';
import { type JsonPathTest, outcome, want } from './testJsonPath.ts';

describe('TestEmptyRange (missing keys allowed)', () => {
  const emptyList = { items: [] };
  it.each<JsonPathTest>([
    ['empty range', '{range .items[*]}{.metadata.name}{end}', emptyList, '', false],
    ['empty nested range', '{range .items[*]}{.metadata.name}{":"}{range @.spec.containers[*]}{.name}{","}{end}{"+"}{end}', emptyList, '', false],
  ])('%s %s', (...c) => {
    expect(outcome(c, true)).toBe(want(c));
  });
});

describe('TestNestedRanges', () => {
  const another = [{ name: 'value1' }, { name: 'value2' }];
  const pod = (name: string, containers: string[]) => ({ metadata: { name }, spec: { containers: containers.map((n) => ({ name: n, another })) } });
  const data = { items: [pod('pod1', ['foo', 'bar']), pod('pod2', ['baz'])] };
  it.each<JsonPathTest>([
    ['nested range with a trailing newline', '{range .items[*]}{.metadata.name}{":"}{range @.spec.containers[*]}{.name}{","}{end}{"+"}{end}', data, 'pod1:foo,bar,+pod2:baz,+', false],
    [
      'nested range with a trailing character within another nested range with a trailing newline',
      '{range .items[*]}{.metadata.name}{"~"}{range @.spec.containers[*]}{.name}{":"}{range @.another[*]}{.name}{","}{end}{"+"}{end}{"#"}{end}',
      data,
      'pod1~foo:value1,value2,+bar:value1,value2,+#pod2~baz:value1,value2,+#',
      false,
    ],
    [
      'two nested ranges at the same level with a trailing newline',
      '{range .items[*]}{.metadata.name}{"\\t"}{range @.spec.containers[*]}{.name}{" "}{end}{"\\t"}{range @.spec.containers[*]}{.name}{" "}{end}{"\\n"}{end}',
      data,
      'pod1\tfoo bar \tfoo bar \npod2\tbaz \tbaz \n',
      false,
    ],
  ])('%s', (...c) => {
    expect(outcome(c, false)).toBe(want(c));
  });
});

describe('TestFilterPartialMatchesSometimesMissingAnnotations', () => {
  const pod = (name: string, color?: string) => ({ kind: 'Pod', metadata: { name, ...(color === undefined ? {} : { annotations: { color } }) } });
  const data = { kind: 'List', items: [pod('pod1', 'blue'), pod('pod2'), pod('pod3', 'green'), pod('pod4', 'blue')] };
  const template = '{.items[?(@.metadata.annotations.color=="blue")].metadata.name}';
  it('matches a subset, missing keys allowed', () => {
    const c: JsonPathTest = ['filter, should only match a subset, some items don\'t have annotations, tolerate missing items', template, data, 'pod1 pod4', false];
    expect(outcome(c, true)).toBe(want(c));
  });
  it('errors on the missing key, missing keys not allowed', () => {
    const c: JsonPathTest = ["filter, should only match a subset, some items don't have annotations, error on missing items", template, data, '', true];
    expect(outcome(c, false)).toBe(want(c));
  });
});

const image = 'radial/busyboxplus:curl';
const podOf = (n: number) => ({ apiVersion: 'v1', kind: 'Pod', spec: { containers: Array.from({ length: n }, (_, i) => ({ image, name: `fake${i}` })) } });

describe('TestNegativeIndex', () => {
  const data = podOf(4);
  const t = (name: string, template: string, expect: string, expectError = false): JsonPathTest => [name, template, data, expect, expectError];
  it.each<JsonPathTest>([
    t('test containers[0], it equals containers[0]', '{.spec.containers[0].name}', 'fake0'),
    t('test containers[0:0], it equals the empty set', '{.spec.containers[0:0].name}', ''),
    t('test containers[0:-1], it equals containers[0:3]', '{.spec.containers[0:-1].name}', 'fake0 fake1 fake2'),
    t('test containers[-1:0], expect error', '{.spec.containers[-1:0].name}', '', true),
    t('test containers[-1], it equals containers[3]', '{.spec.containers[-1].name}', 'fake3'),
    t('test containers[-1:], it equals containers[3:]', '{.spec.containers[-1:].name}', 'fake3'),
    t('test containers[-2], it equals containers[2]', '{.spec.containers[-2].name}', 'fake2'),
    t('test containers[-2:], it equals containers[2:]', '{.spec.containers[-2:].name}', 'fake2 fake3'),
    t('test containers[-3], it equals containers[1]', '{.spec.containers[-3].name}', 'fake1'),
    t('test containers[-4], it equals containers[0]', '{.spec.containers[-4].name}', 'fake0'),
    t('test containers[-4:], it equals containers[0:]', '{.spec.containers[-4:].name}', 'fake0 fake1 fake2 fake3'),
    t('test containers[-5], expect a error cause it out of bounds', '{.spec.containers[-5].name}', '', true),
    t('test containers[5:5], expect empty set', '{.spec.containers[5:5].name}', ''),
    t('test containers[-5:-5], expect empty set', '{.spec.containers[-5:-5].name}', ''),
    t('test containers[3:1], expect a error cause start index is greater than end index', '{.spec.containers[3:1].name}', '', true),
    t('test containers[-1:-2], it equals containers[3:2], expect a error cause start index is greater than end index', '{.spec.containers[-1:-2].name}', '', true),
  ])('%s', (...c) => {
    expect(outcome(c, false)).toBe(want(c));
  });
});

describe('TestRunningPodsJSONPathOutput (missing keys allowed)', () => {
  const pod = (name: string) => ({ kind: 'Pod', metadata: { name }, status: { phase: 'Running' } });
  const data = { kind: 'List', items: [pod('pod1'), pod('pod2'), pod('pod3'), { resourceVersion: '' }] };
  it('ranges over pods without selecting the last one', () => {
    const c: JsonPathTest = [
      'range over pods without selecting the last one',
      '{range .items[?(.status.phase=="Running")]}{.metadata.name}{" is Running\\n"}{end}',
      data,
      'pod1 is Running\npod2 is Running\npod3 is Running\n',
      false,
    ];
    expect(outcome(c, true)).toBe(want(c));
  });
});

describe('TestStep', () => {
  const data = podOf(6);
  const t = (name: string, template: string, expect: string, expectError = false): JsonPathTest => [name, template, data, expect, expectError];
  it.each<JsonPathTest>([
    t('test containers[0:], it equals containers[0:6:1]', '{.spec.containers[0:].name}', 'fake0 fake1 fake2 fake3 fake4 fake5'),
    t('test containers[0:6:], it equals containers[0:6:1]', '{.spec.containers[0:6:].name}', 'fake0 fake1 fake2 fake3 fake4 fake5'),
    t('test containers[0:6:1]', '{.spec.containers[0:6:1].name}', 'fake0 fake1 fake2 fake3 fake4 fake5'),
    t('test containers[0:6:0], it errors', '{.spec.containers[0:6:0].name}', '', true),
    t('test containers[0:6:-1], it errors', '{.spec.containers[0:6:-1].name}', '', true),
    t('test containers[1:4:2]', '{.spec.containers[1:4:2].name}', 'fake1 fake3'),
    t('test containers[1:4:3]', '{.spec.containers[1:4:3].name}', 'fake1'),
    t('test containers[1:4:4]', '{.spec.containers[1:4:4].name}', 'fake1'),
    t('test containers[0:6:2]', '{.spec.containers[0:6:2].name}', 'fake0 fake2 fake4'),
    t('test containers[0:6:3]', '{.spec.containers[0:6:3].name}', 'fake0 fake3'),
    t('test containers[0:6:5]', '{.spec.containers[0:6:5].name}', 'fake0 fake5'),
    t('test containers[0:6:6]', '{.spec.containers[0:6:6].name}', 'fake0'),
  ])('%s', (...c) => {
    expect(outcome(c, false)).toBe(want(c));
  });
});
