import { describe, expect, it } from 'vitest';
import { execute, goValue, parseTemplate } from './jsonpath.ts';

const LIST = {
  kind: 'List',
  items: [
    { metadata: { name: 'a', labels: { app: 'x', tier: 'y' } }, status: { phase: 'Running' }, spec: { containers: [{ image: 'i:1' }, { image: 'j:2' }] } },
    { metadata: { name: 'b' }, status: { phase: 'Pending' }, spec: { containers: [{ image: 'k:3' }] } },
  ],
};

/** run parses and executes a template over LIST. */
function run(template: string): string {
  const t = parseTemplate(template);
  if ('error' in t) return `parse: ${t.error}`;
  const out = execute(t, LIST);
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
  ])('reads %s', (template, want) => {
    expect(run(template)).toBe(want);
  });

  it.each([
    ['{.items[*].metadata.name', 'parse: unclosed action'],
    ['{range .items[*]}{.metadata.name}', 'parse: unclosed range'],
    ['{..metadata.name}', expect.stringMatching(/^parse: \.\. is not part of Rollout Lab's kubectl subset/)],
    ['{.items[5].metadata.name}', 'exec: array index out of bounds: index 5, length 2'],
  ])('refuses %s', (template, want) => {
    expect(run(template)).toEqual(want);
  });
});

describe('goValue', () => {
  it.each([
    [{ b: 1, a: 'x' }, 'map[a:x b:1]'],
    [['a', 'b'], '[a b]'],
    [null, '<nil>'],
    [250, '250'],
  ])('prints %j as %s', (v, want) => {
    expect(goValue(v)).toBe(want);
  });
});
