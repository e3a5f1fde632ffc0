// Port of github.com/mitchellh/go-wordwrap v1.0.1 (WrapString, MIT licence; see NOTICE), the word
// wrapper behind kubectl pkg/util/term's NewWordWrapWriter, which kubectl explain's `wrap`
// template function writes through (v1.36 vendors v1.0.1).

const NBSP = 0xa0;

/** isGoSpace is unicode.IsSpace: Latin-1's spaces and the Unicode White_Space property. */
export function isGoSpace(c: number): boolean {
  switch (c) {
    case 0x09:
    case 0x0a:
    case 0x0b:
    case 0x0c:
    case 0x0d:
    case 0x20:
    case 0x85:
    case 0xa0:
    case 0x1680:
    case 0x2028:
    case 0x2029:
    case 0x202f:
    case 0x205f:
    case 0x3000:
      return true;
  }
  return c >= 0x2000 && c <= 0x200a;
}

/**
 * wrapString wraps `s` at white space so that a line holds at most `lim` characters (runes) where
 * it can: a word longer than the limit stays whole on a line of its own. Existing line breaks are
 * kept; the spaces where a line is broken are dropped. `wrapString("a bb ccc", 4)` → "a bb\nccc".
 */
export function wrapString(s: string, lim: number): string {
  let buf = '';
  let current = 0;
  let wordBuf = '';
  let spaceBuf = '';
  let wordBufLen = 0;
  let spaceBufLen = 0;
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0;
    if (ch === '\n') {
      if (wordBuf === '') {
        if (current + spaceBufLen > lim) current = 0;
        else {
          current += spaceBufLen;
          buf += spaceBuf;
        }
        spaceBuf = '';
        spaceBufLen = 0;
      } else {
        current += spaceBufLen + wordBufLen;
        buf += spaceBuf + wordBuf;
        spaceBuf = '';
        spaceBufLen = 0;
        wordBuf = '';
        wordBufLen = 0;
      }
      buf += ch;
      current = 0;
    } else if (isGoSpace(c) && c !== NBSP) {
      if (spaceBuf === '' || wordBuf !== '') {
        current += spaceBufLen + wordBufLen;
        buf += spaceBuf + wordBuf;
        spaceBuf = '';
        spaceBufLen = 0;
        wordBuf = '';
        wordBufLen = 0;
      }
      spaceBuf += ch;
      spaceBufLen++;
    } else {
      wordBuf += ch;
      wordBufLen++;
      if (current + wordBufLen + spaceBufLen > lim && wordBufLen < lim) {
        buf += '\n';
        current = 0;
        spaceBuf = '';
        spaceBufLen = 0;
      }
    }
  }
  if (wordBuf === '') {
    if (current + spaceBufLen <= lim) buf += spaceBuf;
  } else {
    buf += spaceBuf + wordBuf;
  }
  return buf;
}
