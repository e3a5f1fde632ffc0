import { describe, expect, it } from 'vitest';
import { tokenize } from './tokenize.ts';

describe('tokenize', () => {
  it.each([
    ['splits on blanks when unquoted', 'get   pods\t-w', ['get', 'pods', '-w']],
    ['keeps single-quoted text literally', `patch -p '{"a": "b c"}'`, ['patch', '-p', '{"a": "b c"}']],
    ['unescapes \\" inside double quotes', 'patch -p "{\\"a\\":1}"', ['patch', '-p', '{"a":1}']],
    ['keeps other backslashes inside double quotes', '"a\\nb"', ['a\\nb']],
    ['joins adjacent quoted and bare parts into one word', `a'b c'd`, ['ab cd']],
    ['escapes a blank with a backslash outside quotes', 'a\\ b', ['a b']],
    ['keeps an empty quoted word', `label x ''`, ['label', 'x', '']],
  ])('%s', (_name, line, want) => {
    expect(tokenize(line)).toEqual({ tokens: want });
  });

  it('reports an unterminated double quote', () => {
    expect(tokenize('get "pods')).toEqual({ error: 'error: unterminated quote (") in the command line' });
  });
});
