// Port of client-go util/jsonpath parser.go (v1.36): a template's text and `{actions}` read into a
// tree of nodes (node.ts), with upstream's errors and odd corners (a dict key `['a.b']` is two
// fields, `[]` is index 0, a union's members are each parsed as `[member]`).
import { type ListNode, newList, type Node, type ParamsEntry } from './node.ts';
import { atoi, EOF, isAlphaNumeric, isBool, isDigit, isEndOfLine, isTerminator, parseFloat64, runeU, unquoteExtend } from './runes.ts';

const LEFT_DELIM = '{';
const RIGHT_DELIM = '}';

const dictKeyRex = /^'([^']*)'$/;
const sliceOperatorRex = /^(-?\d*)(:-?\d*)?(:-?\d*)?$/;
// Go's `.` is any character but a newline.
const filterRex = /^([^!<>=]+)([!<>=]+)([^\n]+?)$/;

/** A parse error, in the parser's words. */
export class ParseError extends Error {}

function fail(message: string): never {
  throw new ParseError(message);
}

/** The parser over the input's runes (positions count runes, where Go's count the bytes of the same runes). */
class Parser {
  root: ListNode = newList();
  private input: number[] = [];
  private pos = 0;
  private start = 0;
  private width = 0;

  parse(text: string): void {
    this.input = [...text].map((c) => c.codePointAt(0) ?? 0);
    this.root = newList();
    this.pos = 0;
    this.parseText(this.root);
  }

  private rest(): string {
    return String.fromCodePoint(...this.input.slice(this.pos));
  }

  private at(i: number): number {
    return this.input[i] ?? EOF;
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
    return this.at(this.pos - 1);
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
        if (this.pos > this.start) cur.nodes.push({ type: 'text', text: this.consumeText() });
        this.parseLeftDelim(cur);
        return;
      }
      if (this.next() === EOF) break;
    }
    if (this.pos > this.start) cur.nodes.push({ type: 'text', text: this.consumeText() });
  }

  private parseLeftDelim(cur: ListNode): undefined {
    this.pos += LEFT_DELIM.length;
    this.consumeText();
    const node = newList();
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
    // A space, and `@` or `$` (the current object), are passed over.
    if (r === 0x20 || r === 0x40 || r === 0x24) this.consumeText();
    else if (r === 0x5b) return this.parseArray(cur);
    else if (r === 0x22 || r === 0x27) return this.parseQuote(cur, r);
    else if (r === 0x2e) return this.parseField(cur);
    else if (r === 0x2b || r === 0x2d || isDigit(r)) {
      this.backup();
      return this.parseNumber(cur);
    } else if (isAlphaNumeric(r)) {
      this.backup();
      return this.parseIdentifier(cur);
    } else fail(`unrecognized character in action: ${runeU(r)}`);
    this.parseInsideAction(cur);
  }

  private parseRightDelim(): undefined {
    this.pos += RIGHT_DELIM.length;
    this.consumeText();
    this.parseText(this.root);
  }

  /** parseIdentifier reads a keyword (`range`, `end`) or a bool. */
  private parseIdentifier(cur: ListNode): undefined {
    for (;;) {
      if (isTerminator(this.next())) {
        this.backup();
        break;
      }
    }
    const value = this.consumeText();
    cur.nodes.push(isBool(value) ? { type: 'bool', value: value === 'true' } : { type: 'identifier', name: value });
    this.parseInsideAction(cur);
  }

  private parseRecursive(cur: ListNode): undefined {
    if (cur.nodes[cur.nodes.length - 1]?.type === 'recursive') fail('invalid multiple recursive descent');
    this.pos += 2;
    this.consumeText();
    cur.nodes.push({ type: 'recursive' });
    if (isAlphaNumeric(this.peek())) return this.parseField(cur);
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
    const i = atoi(value);
    if (i !== null) cur.nodes.push({ type: 'int', value: i });
    else {
      const d = parseFloat64(value);
      if (d === null) fail(`cannot parse number ${value}`);
      cur.nodes.push({ type: 'float', value: d });
    }
    this.parseInsideAction(cur);
  }

  /** parseArray reads `[…]`: a union (`[0,2]`), a dict key (`['name']`), or an index or slice (`[1]`, `[1:3]`, `[::2]`, `[*]`). */
  private parseArray(cur: ListNode): undefined {
    for (;;) {
      const r = this.next();
      if (r === EOF || r === 0x0a) fail('unterminated array');
      if (r === 0x5d) break;
    }
    let text = this.consumeText().slice(1, -1);
    if (text === '*') text = ':';
    const strs = text.split(',');
    if (strs.length > 1) {
      const union = strs.map((str) => parseAction(`[${str.replace(/^ +| +$/g, '')}]`));
      cur.nodes.push({ type: 'union', nodes: union });
      return this.parseInsideAction(cur);
    }
    const dictKey = dictKeyRex.exec(text);
    if (dictKey) {
      cur.nodes.push(...parseAction(`.${dictKey[1] ?? ''}`).nodes);
      return this.parseInsideAction(cur);
    }
    const m = sliceOperatorRex.exec(text);
    if (m === null) fail(`invalid array index ${text}`);
    const params: ParamsEntry[] = [];
    for (let i = 0; i < 3; i++) {
      let v = m[i + 1] ?? '';
      const p: ParamsEntry = { value: 0, known: false, derived: false };
      if (v !== '') {
        if (i > 0) v = v.slice(1);
        if (i === 0 || v !== '') {
          const n = atoi(v);
          if (n === null) fail(`array index ${v} is not a number`);
          p.known = true;
          p.value = n;
        }
      } else if (i === 1) {
        p.known = true;
        p.value = (params[0]?.value ?? 0) + 1;
        p.derived = true;
      }
      params.push(p);
    }
    cur.nodes.push({ type: 'array', params: params as [ParamsEntry, ParamsEntry, ParamsEntry] });
    this.parseInsideAction(cur);
  }

  /** parseFilter reads `[?(left op right)]` (or `[?(path)]`, which is `exists`), past parentheses inside one quoted string. */
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
        if (this.at(this.pos - 2) !== 0x5c && r === pair) end = true;
      } else if (r === 0x29 && begin === end) break;
    }
    if (this.next() !== 0x5d) fail('unclosed array expect ]');
    const text = this.consumeText().slice(0, -2);
    const m = filterRex.exec(text);
    if (m === null) cur.nodes.push({ type: 'filter', left: parseAction(text), right: newList(), operator: 'exists' });
    else cur.nodes.push({ type: 'filter', left: parseAction(m[1] ?? ''), right: parseAction(m[3] ?? ''), operator: m[2] ?? '' });
    this.parseInsideAction(cur);
  }

  private parseQuote(cur: ListNode, end: number): undefined {
    for (;;) {
      const r = this.next();
      if (r === EOF || r === 0x0a) fail('unterminated quoted string');
      if (r === end && this.at(this.pos - 2) !== 0x5c) break;
    }
    const value = this.consumeText();
    let s: string;
    try {
      s = unquoteExtend(value);
    } catch (e) {
      fail(`unquote string ${value} error ${e instanceof Error ? e.message : String(e)}`);
    }
    cur.nodes.push({ type: 'text', text: s });
    this.parseInsideAction(cur);
  }

  private parseField(cur: ListNode): undefined {
    this.consumeText();
    while (this.advance()) {
      // up to the next terminator that is not escaped
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

/** parseAction parses `{text}` and returns its action's list. */
function parseAction(text: string): ListNode {
  const p = new Parser();
  p.parse(`${LEFT_DELIM}${text}${RIGHT_DELIM}`);
  return p.root.nodes[0] as ListNode;
}

/**
 * parse is jsonpath.Parse: the template's root list (texts and one list an action), or the
 * parser's error. `parse('{.pods.spec}')` → list [list [field pods, field spec]].
 */
export function parse(text: string): ListNode | { error: string } {
  const p = new Parser();
  try {
    p.parse(text);
  } catch (e) {
    if (e instanceof ParseError) return { error: e.message };
    throw e;
  }
  return p.root;
}

export type { ListNode, Node };
