/**
 * utf8Length is len() of a Go string: the UTF-8 bytes of a JavaScript string, counted without
 * making them (a 1 MiB ConfigMap value would be a million pushes otherwise). A lone surrogate counts
 * 3, as the U+FFFD that encoding it makes.
 */
export function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}
