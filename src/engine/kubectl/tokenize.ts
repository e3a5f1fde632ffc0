/**
 * tokenize does shell-like splitting of a console line, as a POSIX shell would hand the words to kubectl:
 * blanks separate words; '…' keeps everything literally; "…" keeps blanks and lets a backslash
 * escape " \ $ and `; a backslash outside quotes escapes the next character.
 * Example: `patch deploy web -p '{"spec":{"paused":true}}'` → 5 words, the last one the JSON.
 */
export function tokenize(line: string): { tokens: string[] } | { error: string } {
  const tokens: string[] = [];
  let cur = '';
  let inWord = false;
  let i = 0;
  while (i < line.length) {
    const ch = line[i] ?? '';
    if (ch === ' ' || ch === '\t' || ch === '\n') {
      if (inWord) tokens.push(cur);
      cur = '';
      inWord = false;
      i++;
      continue;
    }
    inWord = true;
    if (ch === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) return { error: 'error: unterminated quote (\') in the command line' };
      cur += line.slice(i + 1, end);
      i = end + 1;
      continue;
    }
    if (ch === '"') {
      i++;
      let closed = false;
      while (i < line.length) {
        const c = line[i] ?? '';
        if (c === '"') {
          closed = true;
          i++;
          break;
        }
        if (c === '\\' && i + 1 < line.length && '"\\$`'.includes(line[i + 1] ?? '')) {
          cur += line[i + 1];
          i += 2;
          continue;
        }
        cur += c;
        i++;
      }
      if (!closed) return { error: 'error: unterminated quote (") in the command line' };
      continue;
    }
    if (ch === '\\' && i + 1 < line.length) {
      cur += line[i + 1];
      i += 2;
      continue;
    }
    cur += ch;
    i++;
  }
  if (inWord) tokens.push(cur);
  return { tokens };
}
