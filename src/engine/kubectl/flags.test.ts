import { describe, expect, it } from 'vitest';
import { type FlagSpec, parseFlags, parseGoBool, parseGoInt } from './flags.ts';

const SPECS: FlagSpec[] = [
  { name: 'replicas', type: 'int' },
  { name: 'watch', short: 'w', type: 'bool' },
  { name: 'output', short: 'o', type: 'string' },
  { name: 'label-columns', short: 'L', type: 'strings' },
];

describe('parseFlags', () => {
  it.each([
    // `seen`: each flag by its long name with the value given (`true` for a bare bool), in the order typed.
    [
      'reads --name=value and --name value',
      ['--replicas=3', 'a', '--output', 'yaml'],
      { flags: { replicas: 3, output: 'yaml' }, args: ['a'], seen: [['replicas', '3'], ['output', 'yaml']] },
    ],
    [
      'reads shorthands joined, separate and with =',
      ['-oyaml', '-w', '-o=json'],
      { flags: { output: 'json', watch: true }, args: [], seen: [['output', 'yaml'], ['watch', 'true'], ['output', 'json']] },
    ],
    ['reads a bool given =false', ['--watch=false'], { flags: { watch: false }, args: [], seen: [['watch', 'false']] }],
    ['reads -n as the namespace', ['-n', 'kube-system'], { flags: { namespace: 'kube-system' }, args: [], seen: [['namespace', 'kube-system']] }],
    ['stops at --', ['--', '--replicas=3'], { flags: {}, args: ['--replicas=3'], seen: [] }],
    ['keeps a lone - as an argument', ['-'], { flags: {}, args: ['-'], seen: [] }],
    [
      'adds a repeated list flag to the list',
      ['-L', 'app', '--label-columns=tier,zone', '-Lx'],
      { flags: { 'label-columns': 'app,tier,zone,x' }, args: [], seen: [['label-columns', 'app'], ['label-columns', 'tier,zone'], ['label-columns', 'x']] },
    ],
  ])('%s', (_name, tokens, want) => {
    expect(parseFlags(tokens, SPECS, 'kubectl x')).toEqual(want);
  });

  it.each([
    [['--nope'], "error: unknown flag: --nope\nSee 'kubectl x --help' for usage."],
    [['-q'], "error: unknown shorthand flag: 'q' in -q\nSee 'kubectl x --help' for usage."],
    [['--replicas'], "error: flag needs an argument: --replicas\nSee 'kubectl x --help' for usage."],
    [['-o'], "error: flag needs an argument: 'o' in -o\nSee 'kubectl x --help' for usage."],
    [['--watch=maybe'], 'error: invalid argument "maybe" for "-w, --watch" flag: strconv.ParseBool: parsing "maybe": invalid syntax\nSee \'kubectl x --help\' for usage.'],
  ])('returns pflag\'s error for %j', (tokens, error) => {
    expect(parseFlags(tokens, SPECS, 'kubectl x')).toEqual({ error });
  });
});

describe('parseGoInt', () => {
  it.each([
    ['10', 10],
    ['-3', -3],
    ['0x1f', 31],
    ['010', 8],
    ['0', 0],
    ['1_000', 1000],
    ['1.5', undefined],
    ['', undefined],
  ])('parses %j as %j', (s, want) => {
    expect(parseGoInt(s)).toBe(want);
  });
});

describe('parseGoBool', () => {
  it.each([
    ['t', true],
    ['FALSE', false],
    ['yes', undefined],
  ])('parses %j as %j', (s, want) => {
    expect(parseGoBool(s)).toBe(want);
  });
});
