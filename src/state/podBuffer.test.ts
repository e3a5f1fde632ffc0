import { describe, expect, it } from 'vitest';
import { namesText, type PackedPods, podName } from './podBuffer.ts';

/** A packed snapshot of `names` (the columns do not matter to the names). */
function packed(names: string | Uint8Array, count: number): PackedPods {
  return {
    count,
    node: new Int32Array(count),
    phase: new Uint8Array(count),
    revision: new Int32Array(count),
    workload: new Int32Array(count),
    names,
    nodeNames: [],
    workloadNames: [],
  };
}

describe('podName', () => {
  it.each([
    ['a string', 'web-1\nweb-2\ndb-0'],
    ['ASCII bytes', new TextEncoder().encode('web-1\nweb-2\ndb-0')],
  ])('names pod i of a snapshot whose names came as %s, null past the end', (_as, names) => {
    const p = packed(names, 3);
    expect([podName(p, 0), podName(p, 2), podName(p, 3)]).toEqual(['web-1', 'db-0', null]);
  });

  it('splits each snapshot anew, not the last one’s names', () => {
    expect(podName(packed(new TextEncoder().encode('a\nb'), 2), 1)).toBe('b');
    expect(podName(packed(new TextEncoder().encode('c\nd'), 2), 1)).toBe('d');
  });
});

describe('namesText', () => {
  it('is the text itself, or the bytes decoded', () => {
    expect([namesText('x\ny'), namesText(new Uint8Array([0x78, 0x0a, 0x79]))]).toEqual(['x\ny', 'x\ny']);
  });
});
