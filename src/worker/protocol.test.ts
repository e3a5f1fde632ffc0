import { describe, expect, it } from 'vitest';
import { isWorkerRequest, isWorkerResponse } from './protocol.ts';

describe('isWorkerRequest', () => {
  it.each<[string, unknown, boolean]>([
    ['hello', { type: 'hello' }, true],
    ['hello with an extra field', { type: 'hello', extra: 1 }, false],
    ['an unknown type', { type: 'step' }, false],
    ['a missing type', {}, false],
    ['a non-string type', { type: 1 }, false],
    ['null', null, false],
    ['undefined', undefined, false],
    ['a string', 'hello', false],
    ['an array', [{ type: 'hello' }], false],
  ])('returns the right answer for %s', (_name, input, expected) => {
    expect(isWorkerRequest(input)).toBe(expected);
  });
});

describe('isWorkerResponse', () => {
  const hello = { type: 'hello', protocolVersion: 1, kubernetesVersion: 'v1.36.3', engineFormatVersion: 1 };
  it.each<[string, unknown, boolean]>([
    ['hello', hello, true],
    ['hello without kubernetesVersion', { ...hello, kubernetesVersion: undefined }, false],
    ['hello with a numeric kubernetesVersion', { ...hello, kubernetesVersion: 136 }, false],
    ['hello with a fractional protocolVersion', { ...hello, protocolVersion: 1.5 }, false],
    ['hello with a string engineFormatVersion', { ...hello, engineFormatVersion: '1' }, false],
    ['hello with an extra field', { ...hello, extra: true }, false],
    ['error', { type: 'error', message: 'boom' }, true],
    ['error without a message', { type: 'error' }, false],
    ['error with a non-string message', { type: 'error', message: 42 }, false],
    ['an unknown type', { type: 'frame' }, false],
    ['null', null, false],
    ['a number', 7, false],
  ])('returns the right answer for %s', (_name, input, expected) => {
    expect(isWorkerResponse(input)).toBe(expected);
  });
});
