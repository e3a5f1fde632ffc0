import { describe, expect, it } from 'vitest';
import { isReadingLine, Refusal } from './hostQueries.ts';

describe('isReadingLine', () => {
  it.each([
    ['get pods', true],
    ['version', true],
    ['cluster-info', true],
    ['api-resources -o wide', true],
    ['api-versions', true],
    ['explain deploy.spec', true],
    ['set env deploy/web --list', true],
    ['set env deploy/web FOO=bar', false],
    ['set resources deploy/web --limits=cpu=200m', false],
    ['scale deploy/web --replicas=3', false],
  ])('says whether %s only reads (it runs in place; a write forks the run)', (line, reading) => {
    expect(isReadingLine(line)).toBe(reading);
  });

  it('refuses a line kubectl refuses, in its words', () => {
    expect(() => isReadingLine('version extra')).toThrow(Refusal);
  });
});
