// Port of client-go util/jsonpath parser.go (v1.36): the parser kubectl explain splits its
// `RESOURCE.field.path` argument with. Explain reads only the node types and the fields' names, so
// the nodes here carry no more than that; the parse itself, its errors and its odd corners (a
// dict key `['spec']` is a field, `..` a recursive-descent node) are upstream's.

/** A parse node: its NodeType, and a field's name or a list's nodes. */
export type JsonPathNode =
  | { type: 'list'; nodes: JsonPathNode[] }
  | { type: 'field'; value: string }
  | { type: 'text' }
  | { type: 'identifier' }
  | { type: 'recursive' }
  | { type: 'array' }
  | { type: 'filter' }
  | { type: 'union' }
  | { type: 'wildcard' }
  | { type: 'int' }
  | { type: 'float' }
  | { type: 'bool' };

type ListNode = Extract<JsonPathNode, { type: 'list' }>;

const EOF = -1;
const LEFT_DELIM = '{';
const RIGHT_DELIM = '}';

class ParseError extends Error {}

function fail(message: string): never {
  throw new ParseError(message);
}

/** isPrint is strconv.IsPrint, near enough: letters, marks, numbers, punctuation, symbols and the ASCII space. */
function isPrint(c: number): boolean {
  if (c === 0x20) return true;
  return /[\p{L}\p{M}\p{N}\p{P}\p{S}]/u.test(String.fromCodePoint(c));
}

/** runeU is fmt's %#U: `U+0023 '#'`. */
function runeU(c: number): string {
  const hex = `U+${c.toString(16).toUpperCase().padStart(4, '0')}`;
  return isPrint(c) ? `${hex} '${String.fromCodePoint(c)}'` : hex;
}

const isSpace = (r: number) => r === 0x20 || r === 0x09;
const isEndOfLine = (r: number) => r === 0x0d || r === 0x0a;
const isDigit = (r: number) => r >= 0 && /\p{Nd}/u.test(String.fromCodePoint(r));
const isAlphaNumeric = (r: number) => r === 0x5f || (r >= 0 && /[\p{L}\p{Nd}]/u.test(String.fromCodePoint(r)));

function isTerminator(r: number): boolean {
  if (isSpace(r) || isEndOfLine(r)) return true;
  return r === EOF || '.,[]$@{}'.includes(String.fromCodePoint(r));
}

/** unquoteExtend is UnquoteExtend: strconv.Unquote that also takes single quotes. */
function unquoteExtend(s: string): string {
  const chars = [...s];
  const quote = chars[0];
  if (chars.length < 2 || quote !== chars[chars.length - 1] || (quote !== '"' && quote !== "'")) fail('invalid syntax');
  const inner = chars.slice(1, -1);
  if (!inner.includes('\\') && !inner.includes(quote as string)) return inner.join('');
  const escapes: Record<string, string> = { a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\' };
  let out = '';
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i] as string;
    if (c === quote) fail('invalid syntax');
    if (c !== '\\') {
      out += c;
      continue;
    }
    const e = inner[++i];
    if (e === undefined) fail('invalid syntax');
    else if (e === quote) out += e;
    else if (escapes[e] !== undefined) out += escapes[e];
    else fail('invalid syntax');
  }
  return out;
}

/** The parser over the input's runes (positions count runes, as Go's count bytes of the same runes). */
class Parser {
  root: ListNode = { type: 'list', nodes: [] };
  private input: number[] = [];
  private pos = 0;
  private start = 0;
  private width = 0;

  parse(text: string): void {
    this.input = [...text].map((c) => c.codePointAt(0) ?? 0);
    this.root = { type: 'list', nodes: [] };
    this.pos = 0;
    this.parseText(this.root);
  }

  private rest(): string {
    return String.fromCodePoint(...this.input.slice(this.pos));
  }

  private consumeText(): string {
    const value = String.fromCodePoint(...this.input.slice(this.start, this.pos));
    this.start = this.pos;
    return value;
  }

  private next(): number {
    if (this.pos >= this.input.length) {
      this.width = 0;
      return EOF;
    }
    this.width = 1;
    this.pos += 1;
    return this.input[this.pos - 1] ?? EOF;
  }

  private peek(): number {
    const r = this.next();
    this.backup();
    return r;
  }

  private backup(): void {
    this.pos -= this.width;
  }

  private parseText(cur: ListNode): undefined {
    for (;;) {
      if (this.rest().startsWith(LEFT_DELIM)) {
        if (this.pos > this.start) {
          this.consumeText();
          cur.nodes.push({ type: 'text' });
        }
        this.parseLeftDelim(cur);
        return;
      }
      if (this.next() === EOF) break;
    }
    if (this.pos > this.start) {
      this.consumeText();
      cur.nodes.push({ type: 'text' });
    }
  }

  private parseLeftDelim(cur: ListNode): undefined {
    this.pos += LEFT_DELIM.length;
    this.consumeText();
    const node: ListNode = { type: 'list', nodes: [] };
    cur.nodes.push(node);
    this.parseInsideAction(node);
  }

  private parseInsideAction(cur: ListNode): undefined {
    const rest = this.rest();
    if (rest.startsWith(RIGHT_DELIM)) return this.parseRightDelim();
    if (rest.startsWith('[?(')) return this.parseFilter(cur);
    if (rest.startsWith('..')) return this.parseRecursive(cur);
    const r = this.next();
    if (r === EOF || isEndOfLine(r)) fail('unclosed action');
    if (r === 0x20 || r === 0x40 || r === 0x24) {
      // A space, and `@` or `$` (the current object), are passed over.
      this.consumeText();
      return this.parseInsideAction(cur);
    }
    if (r === 0x5b) return this.parseArray(cur);
    if (r === 0x22 || r === 0x27) return this.parseQuote(cur, r);
    if (r === 0x2e) return this.parseField(cur);
    if (r === 0x2b || r === 0x2d || isDigit(r)) {
      this.backup();
      return this.parseNumber(cur);
    }
    if (isAlphaNumeric(r)) {
      this.backup();
      return this.parseIdentifier(cur);
    }
    fail(`unrecognized character in action: ${runeU(r)}`);
  }

  private parseRightDelim(): undefined {
    this.pos += RIGHT_DELIM.length;
    this.consumeText();
    this.parseText(this.root);
  }

  private parseIdentifier(cur: ListNode): undefined {
    for (;;) {
      const r = this.next();
      if (isTerminator(r)) {
        this.backup();
        break;
      }
    }
    const value = this.consumeText();
    cur.nodes.push(value === 'true' || value === 'false' ? { type: 'bool' } : { type: 'identifier' });
    this.parseInsideAction(cur);
  }

  private parseRecursive(cur: ListNode): undefined {
    if (cur.nodes[cur.nodes.length - 1]?.type === 'recursive') fail('invalid multiple recursive descent');
    this.pos += 2;
    this.consumeText();
    cur.nodes.push({ type: 'recursive' });
    if (isAlphaNumeric(this.peek())) {
      this.parseField(cur);
      return;
    }
    this.parseInsideAction(cur);
  }

  private parseNumber(cur: ListNode): undefined {
    let r = this.peek();
    if (r === 0x2b || r === 0x2d) this.next();
    for (;;) {
      r = this.next();
      if (r !== 0x2e && !isDigit(r)) {
        this.backup();
        break;
      }
    }
    const value = this.consumeText();
    if (/^[+-]?\d+$/.test(value)) cur.nodes.push({ type: 'int' });
    else if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(value)) cur.nodes.push({ type: 'float' });
    else fail(`cannot parse number ${value}`);
    this.parseInsideAction(cur);
  }

  private parseArray(cur: ListNode): undefined {
    for (;;) {
      const r = this.next();
      if (r === EOF || r === 0x0a) fail('unterminated array');
      if (r === 0x5d) break;
    }
    let text = this.consumeText();
    text = text.slice(1, -1);
    if (text === '*') text = ':';
    const strs = text.split(',');
    if (strs.length > 1) {
      for (const str of strs) parseAction(`[${str.trim()}]`);
      cur.nodes.push({ type: 'union' });
      this.parseInsideAction(cur);
      return;
    }
    const dictKey = /^'([^']*)'$/.exec(text);
    if (dictKey) {
      for (const node of parseAction(`.${dictKey[1] ?? ''}`).nodes) cur.nodes.push(node);
      this.parseInsideAction(cur);
      return;
    }
    const slice = /^(-?\d*)(:-?\d*)?(:-?\d*)?$/.exec(text);
    if (!slice) fail(`invalid array index ${text}`);
    const parts = (slice as RegExpExecArray).slice(1);
    for (let i = 0; i < 3; i++) {
      let v = parts[i] ?? '';
      if (v === '') continue;
      if (i > 0) v = v.slice(1);
      if (i > 0 && v === '') continue;
      if (!/^[+-]?\d+$/.test(v)) fail(`array index ${v} is not a number`);
    }
    cur.nodes.push({ type: 'array' });
    this.parseInsideAction(cur);
  }

  private parseFilter(cur: ListNode): undefined {
    this.pos += 3;
    this.consumeText();
    let begin = false;
    let end = false;
    let pair = 0;
    for (;;) {
      const r = this.next();
      if (r === EOF || r === 0x0a) fail('unterminated filter');
      if (r === 0x22 || r === 0x27) {
        if (!begin) {
          begin = true;
          pair = r;
          continue;
        }
        if (this.input[this.pos - 2] !== 0x5c && r === pair) end = true;
      } else if (r === 0x29) {
        if (begin === end) break;
      }
    }
    if (this.next() !== 0x5d) fail('unclosed array expect ]');
    let text = this.consumeText();
    text = text.slice(0, -2);
    const m = /^([^!<>=]+)([!<>=]+)(.+)$/.exec(text);
    if (m === null) parseAction(text);
    else {
      parseAction(m[1] ?? '');
      parseAction(m[3] ?? '');
    }
    cur.nodes.push({ type: 'filter' });
    this.parseInsideAction(cur);
  }

  private parseQuote(cur: ListNode, end: number): undefined {
    for (;;) {
      const r = this.next();
      if (r === EOF || r === 0x0a) fail('unterminated quoted string');
      if (r === end && this.input[this.pos - 2] !== 0x5c) break;
    }
    const value = this.consumeText();
    try {
      unquoteExtend(value);
    } catch (e) {
      fail(`unquote string ${value} error ${e instanceof Error ? e.message : String(e)}`);
    }
    cur.nodes.push({ type: 'text' });
    this.parseInsideAction(cur);
  }

  private parseField(cur: ListNode): undefined {
    this.consumeText();
    while (this.advance()) {
      // scan to the next unescaped terminator
    }
    const value = this.consumeText();
    cur.nodes.push(value === '*' ? { type: 'wildcard' } : { type: 'field', value: value.replaceAll('\\', '') });
    this.parseInsideAction(cur);
  }

  private advance(): boolean {
    const r = this.next();
    if (r === 0x5c) this.next();
    else if (isTerminator(r)) {
      this.backup();
      return false;
    }
    return true;
  }
}

/** parseAction parses `{text}` and returns its action's list node. */
function parseAction(text: string): ListNode {
  const p = new Parser();
  p.parse(`${LEFT_DELIM}${text}${RIGHT_DELIM}`);
  return p.root.nodes[0] as ListNode;
}

/**
 * parseJsonPath is jsonpath.Parse: the template's top-level nodes (texts and action lists), or
 * the parser's error. `parseJsonPath('{.pods.spec}')` → [list [field pods, field spec]].
 */
export function parseJsonPath(text: string): JsonPathNode[] | { error: string } {
  const p = new Parser();
  try {
    p.parse(text);
  } catch (e) {
    if (e instanceof ParseError) return { error: e.message };
    throw e;
  }
  return p.root.nodes;
}
