import { describe, expect, it } from 'vitest';
import { ld, suggestionsFor, unknownCommandError, unknownSubcommandError } from './suggest.ts';

describe('ld', () => {
  it.each([
    ['rollot', 'rollout', 1],
    ['GET', 'get', 0],
    ['kitten', 'sitting', 3],
  ])('measures %s → %s as %i', (a, b, d) => {
    expect(ld(a, b, true)).toBe(d);
  });
});

describe('suggestionsFor', () => {
  it('suggests by distance and by prefix', () => {
    expect(suggestionsFor('des')).toEqual(['describe', 'get', 'set']);
    expect(suggestionsFor('lable')).toEqual(['label']);
  });
});

describe('unknownCommandError', () => {
  it('lists suggestions when a command is close', () => {
    expect(unknownCommandError('scael')).toBe('error: unknown command "scael" for "kubectl"\n\nDid you mean this?\n\tscale');
  });
  it('prints only the error when nothing is close', () => {
    expect(unknownCommandError('zzzzzz')).toBe('error: unknown command "zzzzzz" for "kubectl"');
  });
});

describe('unknownSubcommandError', () => {
  it('points at the parent command help', () => {
    expect(unknownSubcommandError('rollout', ['foo'])).toBe("error: unknown command \"foo\"\nSee 'kubectl rollout -h' for help and examples");
  });
});
