import { describe, expect, it } from 'vitest';
import { isLess, relaxedJSONPathExpression, sortList, sortTable } from './sortBy.ts';

describe('relaxedJSONPathExpression', () => {
  it.each([
    ['.lastTimestamp', '{.lastTimestamp}'],
    ['lastTimestamp', '{.lastTimestamp}'],
    ['{.metadata.name}', '{.metadata.name}'],
    ['{metadata.name}', '{.metadata.name}'],
    ['', ''],
  ])('relaxes %j to %j', (path, want) => {
    expect(relaxedJSONPathExpression(path)).toBe(want);
  });

  it('refuses an unclosed brace in kubectl’s words', () => {
    expect(relaxedJSONPathExpression('{.status.phase')).toEqual({ error: expect.stringMatching(/^unexpected path string, expected a 'name1.name2'/) });
  });
});

describe('isLess', () => {
  it.each([
    ['null before a value', null, 'a', true],
    ['a value after null', 'a', null, false],
    ['two nulls', null, null, false],
    ['integers', 2, 10, true],
    ['quantities by amount', '500m', '1', true],
    ['quantities by amount, reversed', '1Gi', '512Mi', false],
    ['strings byte by byte (not naturally)', 'web-892pd', 'web-9hh2p', true],
    ['times as strings', '2026-01-01T00:00:09Z', '2026-01-01T00:00:10Z', true],
  ])('compares %s', (_, i, j, want) => {
    expect(isLess(i, j)).toBe(want);
  });

  it.each([
    ['a bool', true, false, 'unsortable type: bool'],
    ['a map', { a: 1 }, { a: 2 }, 'unsortable type: map[string]interface {}'],
    ['an integer with a string', 1, 'a', 'unsortable interface: interface'],
  ])('refuses %s as kubectl does', (_, i, j, message) => {
    expect(isLess(i, j)).toEqual({ error: message });
  });
});

const pods = [
  { metadata: { name: 'b' }, status: { containerStatuses: [{ restartCount: 3 }] } },
  { metadata: { name: 'a' }, status: {} },
  { metadata: { name: 'c' }, status: { containerStatuses: [{ restartCount: 1 }] } },
];
const names = (xs: unknown) => (xs as { metadata: { name: string } }[]).map((p) => p.metadata.name);

describe('sortTable', () => {
  it('sorts by an indexed path, a missing value first', () => {
    expect(names(sortTable(pods, '.status.containerStatuses[0].restartCount'))).toEqual(['a', 'c', 'b']);
  });

  it('drops the table when no row has the path or the path does not parse, as get.go does', () => {
    expect(sortTable(pods, '.spec.nothing')).toEqual({ dropped: true });
    expect(sortTable(pods, '{.metadata.name')).toEqual({ dropped: true });
  });

  it('prints one row as it is, whatever the path', () => {
    expect(sortTable([pods[0]], '.nothing')).toEqual([pods[0]]);
  });

  it('sorts by the first value a wildcard path finds', () => {
    expect(names(sortTable(pods, '{.status.containerStatuses[*].restartCount}'))).toEqual(['a', 'c', 'b']);
  });

  it('sorts by the first value recursive descent finds', () => {
    expect(names(sortTable(pods, '{..restartCount}'))).toEqual(['a', 'c', 'b']);
  });
});

describe('sortList', () => {
  it('sorts by name', () => {
    expect(names(sortList(pods, '{.metadata.name}'))).toEqual(['a', 'b', 'c']);
  });

  it.each([
    ['a path no object has', '.foo', 'error: couldn\'t find any field with path "{.foo}" in the list of objects'],
    ['an unclosed brace', '{.foo', "error: unexpected path string, expected a 'name1.name2' or '.name1.name2' or '{name1.name2}' or '{.name1.name2}'"],
  ])('refuses %s in kubectl’s words', (_, path, message) => {
    expect(sortList(pods, path)).toEqual({ error: message });
  });
});
