import { describe, expect, it } from 'vitest';
import { facesFor, monoLatin, parseUnicodeRange } from './cjkFont.ts';

describe('parseUnicodeRange', () => {
  it.each([
    ['U+4e00-4e0f', [[0x4e00, 0x4e0f]]],
    [
      'U+ff01, U+1f300-1f302',
      [
        [0xff01, 0xff01],
        [0x1f300, 0x1f302],
      ],
    ],
    ['U+4??', [[0x400, 0x4ff]]],
    ['garbage, U+20', [[0x20, 0x20]]],
  ])('reads %s', (range, want) => {
    expect(parseUnicodeRange(range)).toEqual(want);
  });
});

describe('facesFor', () => {
  const faces = [
    { name: 'han', unicodeRange: 'U+4e00-9fff' },
    { name: 'punct', unicodeRange: 'U+3000-303f, U+ff01-ff5e' },
    { name: 'latin', unicodeRange: 'U+0-ff' },
  ];

  it('picks the subsets holding the text’s Chinese characters and punctuation', () => {
    expect(facesFor(faces, '集群，Pod').map((f) => f.name)).toEqual(['han', 'punct']);
  });

  it('picks the subset of a symbol a Latin font may lack (the summary strip’s ✓)', () => {
    expect(
      facesFor([...faces, { name: 'dingbats', unicodeRange: 'U+2700-27bf' }], '✓ 完成').map((f) => f.name),
    ).toEqual(['han', 'dingbats']);
  });

  it('leaves Latin text to the Latin fonts', () => {
    expect(facesFor(faces, 'Cluster 10 pods')).toEqual([]);
  });

  it('picks the symbol subset of a check mark the Latin fonts lack', () => {
    expect(
      facesFor([...faces, { name: 'dingbats', unicodeRange: 'U+2702, U+2712-2718' }], '✓ complete').map(
        (f) => f.name,
      ),
    ).toEqual(['dingbats']);
  });
});

describe('monoLatin', () => {
  it('picks the mono font’s Latin subset, not its Cyrillic, Greek or Vietnamese ones', () => {
    const faces = [
      { name: 'cyrillic', unicodeRange: 'U+0301,U+0400-045F' },
      { name: 'vietnamese', unicodeRange: 'U+0102-0103,U+1EA0-1EF9' },
      { name: 'latin', unicodeRange: 'U+0000-00FF,U+2000-206F' },
    ];
    expect(monoLatin(faces).map((f) => f.name)).toEqual(['latin']);
  });
});
