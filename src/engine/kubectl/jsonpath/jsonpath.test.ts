import { describe, expect, it } from 'vitest';
import { JSONPath } from './jsonpath.ts';
import { goValue } from './values.ts';

const LIST = {
  kind: 'List',
  items: [
    { metadata: { name: 'a', labels: { app: 'x', tier: 'y' } }, status: { phase: 'Running' }, spec: { containers: [{ image: 'i:1' }, { image: 'j:2' }] } },
    { metadata: { name: 'b' }, status: { phase: 'Pending' }, spec: { containers: [{ image: 'k:3' }] } },
  ],
};

/** run parses and executes a template over `data` as kubectl's -o jsonpath does (missing keys allowed unless said). */
function run(template: string, data: unknown = LIST, allowMissingKeys = true): string {
  const j = new JSONPath('out').allowMissingKeys(allowMissingKeys);
  const parsed = j.parse(template);
  if (parsed !== undefined) return `parse: ${parsed.error}`;
  const out = j.execute(data);
  return typeof out === 'string' ? out : `exec: ${out.error}`;
}

describe('execute', () => {
  it.each([
    ['{.items[*].metadata.name}', 'a b'],
    ['{range .items[*]}{.metadata.name}={.status.phase}{"\\n"}{end}', 'a=Running\nb=Pending\n'],
    ['{.items[?(@.status.phase=="Pending")].metadata.name}', 'b'],
    ['{.items[?(@.status.phase!="Pending")].spec.containers[*].image}', 'i:1 j:2'],
    ['{.items[-1:].metadata.name}', 'b'],
    ['{.items[0].metadata.labels}', '{"app":"x","tier":"y"}'],
    ["{.items[0].metadata.labels['app']}", 'x'],
    ['{.items[0].metadata.labels.*}', 'x y'],
    ['{.items[1].metadata.labels}', ''],
    ['name: {.items[0].metadata.name}', 'name: a'],
    ['{..metadata.name}', 'a b'],
    ['{..image}', 'i:1 j:2 k:3'],
    ['{.items[*].metadata.name} {.items[0,1].status.phase}', 'a b Running Pending'],
    ["{.items[0].metadata['name','labels']}", 'a {"app":"x","tier":"y"}'],
    ['{.items[?(@.metadata.labels)].metadata.name}', 'a'],
    ['{.items[?(@.metadata.labels.app=="x")].metadata.name}', 'a'],
    ['{.items[?(@.status.phase<"Q")].metadata.name}', 'b'],
    // A range without its end runs its body for each value, then once more over the whole object.
    ['{range .items[*]}{.metadata.name}', 'ab'],
    // A string's `.*` is its bytes, uint8s printed as numbers.
    ['{.items[0].metadata.name.*}', '97'],
    ['{.items[0].metadata.name}{3}{2.50}{true}', 'a32.5true'],
  ])('reads %s', (template, want) => {
    expect(run(template)).toBe(want);
  });

  it.each([
    ['{.items[*].metadata.name', 'parse: unclosed action'],
    ['{.items[5].metadata.name}', 'exec: array index out of bounds: index 5, length 2'],
    ['{.items[0:5].metadata.name}', 'exec: array index out of bounds: index 4, length 2'],
    ['{.items[1:0]}', 'exec: starting index 1 is greater than ending index 0'],
    ['{.items[::0]}', 'exec: step must be > 0'],
    ['{.kind[0]}', 'exec: string is not array or slice'],
    ['{.items[0].metadata[?(@.x)]}', 'exec: map[labels:map[app:x tier:y] name:a] is not array or slice and cannot be filtered'],
    ['{.items[?(@.spec.containers[*].image=="i:1")]}', 'exec: can only compare one element at a time'],
    ['{.items[?(@.metadata.name==1)]}', 'exec: incompatible types for comparison'],
    ['{.items[?(@.spec.containers<1)]}', 'exec: invalid type for comparison'],
    ['{.items[?(@.metadata.name=1)]}', 'exec: unrecognized filter operator ='],
    ['{end}', 'exec: not in range, nothing to end'],
    ['{#}', "parse: unrecognized character in action: U+0023 '#'"],
  ])('refuses %s', (template, want) => {
    expect(run(template)).toEqual(want);
  });

  it('says a key is not found when missing keys are not allowed, but not in an exists filter', () => {
    expect(run('{.items[*].nothing}', LIST, false)).toBe('exec: nothing is not found');
    expect(run('{.items[?(@.metadata.labels)].metadata.name}', LIST, false)).toBe('a');
  });

  it('reads what a failing index returned in an exists filter, as upstream drops its error', () => {
    expect(run('{.items[?(@.spec.containers[1])].metadata.name}')).toBe('a b');
  });

  it('compares a whole number and a float literal as different types, as Go does', () => {
    expect(run('{.items[?(@.n==1.0)].n}', { items: [{ n: 1 }] })).toBe('exec: incompatible types for comparison');
    expect(run('{.items[?(@.n>=1)].n}', { items: [{ n: 1 }, { n: 0 }] })).toBe('1');
    expect(run('{.items[?(@.n<1.0)].n}', { items: [{ n: 0.5 }] })).toBe('0.5');
  });

  it('prints nil as null, and nothing at all as <no value>', () => {
    expect(run('{.a}|{range .b[*]}{@}{end}', { a: null, b: [null, 1] })).toBe('null|<no value>1');
  });

  it('prints floats as Go does and objects as Go encodes them', () => {
    expect(run('{.a} {.b} {.c}', { a: 1e6 + 0.5, b: 0.00001, c: { z: '<&>', y: [1.5] } })).toBe('1.0000005e+06 1e-05 {"y":[1.5],"z":"\\u003c\\u0026\\u003e"}');
  });

  it('runs a range again from its body when the printer is reused, as upstream keeps the re-sliced root', () => {
    const j = new JSONPath('out').allowMissingKeys(true);
    expect(j.parse('{range .items[*]}{.metadata.name}{end}')).toBeUndefined();
    expect(j.execute(LIST)).toBe('ab');
    expect(j.execute(LIST)).toEqual({ error: 'not in range, nothing to end' });
  });

  it('prints each action as an indented JSON array with JSON output on (-o jsonpath-as-json)', () => {
    const j = new JSONPath('out').allowMissingKeys(true);
    j.enableJSONOutput(true);
    j.parse('{.items[*].metadata.name}');
    expect(j.execute(LIST)).toBe('[\n    "a",\n    "b"\n]\n');
  });

  it('finds each action`s values apart', () => {
    const j = new JSONPath('sorting').allowMissingKeys(true);
    j.parse('{.items[*].metadata.name}{3}');
    expect(j.findResults(LIST)).toEqual([['a', 'b'], [3]]);
  });
});

describe('goValue', () => {
  it.each([
    [{ b: 1, a: 'x' }, 'map[a:x b:1]'],
    [['a', 'b'], '[a b]'],
    [null, '<nil>'],
    [250, '250'],
    [0.25, '0.25'],
    [1234567.5, '1.2345675e+06'],
  ])('prints %j as %s', (v, want) => {
    expect(goValue(v)).toBe(want);
  });
});
