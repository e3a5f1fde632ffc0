import { describe, expect, it } from 'vitest';
import { wrapString } from './wordWrap.ts';

describe('wrapString (go-wordwrap)', () => {
  // go-wordwrap v1.0.1's own table (wordwrap_test.go), as the port must agree with it.
  it.each([
    ['passes a word that fits through', 'foo', 4, 'foo'],
    ['keeps a word longer than the limit whole', 'foobarbaz', 4, 'foobarbaz'],
    ['breaks lines at white space', 'foo bar baz', 4, 'foo\nbar\nbaz'],
    ['breaks at white space even when words are too long', 'foo bars bazzes', 4, 'foo\nbars\nbazzes'],
    ['wraps a word that would run past the width', 'fo sop', 4, 'fo\nsop'],
    ['does not break at a non-breaking space', 'foo bar\u00a0baz', 10, 'foo\nbar\u00a0baz'],
    ['keeps white space that fits before a line break, a tab counting one', 'foo\nb\t r\n baz', 4, 'foo\nb\t r\n baz'],
    ['drops white space that does not fit, and the runs it breaks at', 'foo    \nb   ar   ', 4, 'foo\nb\nar'],
    ['keeps a line break at the end', 'foo bar baz\n', 4, 'foo\nbar\nbaz\n'],
    ['keeps every explicit line break', '\nfoo bar\n\n\nbaz\n', 4, '\nfoo\nbar\n\n\nbaz\n'],
    ['wraps a list with tabs and blank lines', ' This is a list: \n\n\t* foo\n\t* bar\n\n\n\t* baz  \nBAM    ', 6, ' This\nis a\nlist: \n\n\t* foo\n\t* bar\n\n\n\t* baz\nBAM'],
    ['counts characters, not bytes', '\u2584 '.repeat(4), 4, `\u2584 \u2584\n${'\u2584 '.repeat(2)}`],
  ])('%s', (_name, input, lim, want) => {
    expect(wrapString(input, lim)).toBe(want);
  });

  it('wraps a description at 76 columns as explain does', () => {
    const text = 'Number of desired pods. This is a pointer to distinguish between explicit zero and not specified. Defaults to 1.';
    expect(wrapString(text, 76)).toBe('Number of desired pods. This is a pointer to distinguish between explicit\nzero and not specified. Defaults to 1.');
  });
});
