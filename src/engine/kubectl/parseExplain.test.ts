import { describe, expect, it } from 'vitest';
import { parseKubectl } from './parse.ts';

describe('parseExplain', () => {
  it.each([
    ['reads the resource and the defaults when given no flag', 'explain pods', { verb: 'explain', resource: 'pods', recursive: false, apiVersion: '', output: 'plaintext' }],
    [
      'reads --recursive, --api-version and -o when given',
      'explain hpa.spec --recursive --api-version=autoscaling/v1 -o plaintext-openapiv2',
      { verb: 'explain', resource: 'hpa.spec', recursive: true, apiVersion: 'autoscaling/v1', output: 'plaintext-openapiv2' },
    ],
    ['reads -R as --recursive (kubectl 1.36)', 'kubectl explain -R pods', { verb: 'explain', resource: 'pods', recursive: true, apiVersion: '', output: 'plaintext' }],
    ['keeps an empty --api-version as none', 'explain pods --api-version=', { verb: 'explain', resource: 'pods', recursive: false, apiVersion: '', output: 'plaintext' }],
    ['wants a resource when given none', 'explain --recursive', { error: 'error: You must specify the type of resource to explain. Use "kubectl api-resources" for a complete list of supported resources.' }],
    ['takes one resource only when given two', 'explain pods nodes', { error: 'error: We accept only this format: explain RESOURCE' }],
    ['refuses a flag it does not have', 'explain pods --foo', { error: "error: unknown flag: --foo\nSee 'kubectl explain --help' for usage." }],
    ['names the flag with its shorthand when its value is bad', 'explain pods --recursive=maybe', { error: 'error: invalid argument "maybe" for "-R, --recursive" flag: strconv.ParseBool: parsing "maybe": invalid syntax\nSee \'kubectl explain --help\' for usage.' }],
  ])('%s', (_name, line, want) => {
    expect(parseKubectl(line)).toEqual(want);
  });
});
