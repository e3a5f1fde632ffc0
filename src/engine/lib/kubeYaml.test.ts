import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { KUBE_YAML } from './kubeYaml.ts';

describe('KUBE_YAML', () => {
  // Each row: a plain scalar, what go-yaml v2 (sigs.k8s.io/yaml) makes of it, what YAML 1.2 would.
  const cases: [string, unknown, unknown][] = [
    ['y', true, 'y'],
    ['Yes', true, 'Yes'],
    ['on', true, 'on'],
    ['OFF', false, 'OFF'],
    ['n', false, 'n'],
    ['NO', false, 'NO'],
    ['true', true, true],
    ['0644', 420, 644],
    ['-017', -15, -17],
    ['0o17', 15, 15],
    ['0O17', 15, '0O17'],
    ['0x1f', 31, 31],
    ['0X1F', 31, '0X1F'],
    ['0b101', 5, '0b101'],
    ['0B101', 5, '0B101'],
    ['1_000', 1000, '1_000'],
    ['1e3', 1000, 1000],
    ['.5', 0.5, 0.5],
    ['1.10', 1.1, 1.1],
    ['09', 9, 9],
    ['~', null, null],
    ['1:20', '1:20', '1:20'],
    ['2026-11-30', '2026-11-30', '2026-11-30'],
    ['2026-11-30T10:00:00Z', '2026-11-30T10:00:00Z', '2026-11-30T10:00:00Z'],
    ['"yes"', 'yes', 'yes'],
    ["'0644'", '0644', '0644'],
    ['nginx:1.9', 'nginx:1.9', 'nginx:1.9'],
    ['e0', 'e0', 'e0'],
    ['.', '.', '.'],
    ['1.', 1, 1],
    ['-.5', -0.5, -0.5],
    ['1_000.5', 1000.5, '1_000.5'],
    ['.5e3', 500, 500],
    ['.inf', Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY],
  ];
  it.each(cases)('reads %s as kubectl does (%j), where YAML 1.2 reads %j', (text, kube, yaml12) => {
    expect(parse(`v: ${text}`, KUBE_YAML)).toEqual({ v: kube });
    expect(parse(`v: ${text}`)).toEqual({ v: yaml12 });
  });

  it('reads a key the way it reads a value: `on:` is the key "true"', () => {
    expect(parse('on: push\nn: 1\n', KUBE_YAML)).toEqual({ true: 'push', false: 1 });
  });

  it('keeps merge keys, as go-yaml v2 does', () => {
    expect(parse('base: &b { a: 1 }\nx: { <<: *b, c: 2 }\n', KUBE_YAML)).toEqual({ base: { a: 1 }, x: { a: 1, c: 2 } });
  });
});
