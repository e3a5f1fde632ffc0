// Port of go-yaml v2 (the goyaml.v2 sigs.k8s.io/yaml vendors, which kubectl's -o yaml goes through:
// JSON, then yaml.Marshal of the decoded map): encode.go's stringv/floatv, resolve.go's resolve,
// sorter.go's keyList.Less and the block-style parts of emitterc.go (scalar analysis, style choice,
// the plain, single-quoted, double-quoted and literal writers, indentation). Apache-2.0 / MIT, see NOTICE.
/**
 * What kubectl prints for `-o yaml` is go-yaml's choice for every string: plain when it reads
 * back as the same string, single-quoted when it cannot be plain (`': '` inside, a leading `*`),
 * double-quoted when it would read back as something else (`"1"`, `"true"`, a timestamp) or holds
 * characters a single-quoted scalar cannot, a `|` block when it has a line break. A flow scalar
 * is folded at a space once its line is past column 80 (`message: '0/2 nodes … selector.` and
 * the rest on the next line, two columns in). Keys are sorted with digits compared as numbers
 * (`a2` before `a10`).
 */

import { analyzeScalar, formatFloat, isBreak, isPrintable, isSpace, keyLess, selectStyle, type Style } from './goYamlScalar.ts';

const BEST_WIDTH = 80;
const BEST_INDENT = 2;

/** The emitter's output and the few flags its writers read (yaml_emitter_t). */
class Emitter {
  out = '';
  column = 0;
  whitespace = true;
  indention = true;
  indent = -1;

  put(s: string): void {
    this.out += s;
    this.column += [...s].length;
  }

  putBreak(): void {
    this.out += '\n';
    this.column = 0;
  }

  /** writeIndent is yaml_emitter_write_indent: a new line unless at the indentation already, then spaces up to it. */
  writeIndent(): void {
    const indent = Math.max(this.indent, 0);
    if (!this.indention || this.column > indent || (this.column === indent && !this.whitespace)) this.putBreak();
    while (this.column < indent) this.put(' ');
    this.whitespace = true;
    this.indention = true;
  }

  /** writeIndicator is yaml_emitter_write_indicator. */
  writeIndicator(indicator: string, needWhitespace: boolean, isWhitespace: boolean, isIndention: boolean): void {
    if (needWhitespace && !this.whitespace) this.put(' ');
    this.put(indicator);
    this.whitespace = isWhitespace;
    this.indention = this.indention && isIndention;
  }
}

/** writePlain is yaml_emitter_write_plain_scalar (a plain scalar has no line break: analyzeScalar). */
function writePlain(e: Emitter, chars: readonly string[], allowBreaks: boolean): void {
  if (!e.whitespace) e.put(' ');
  let spaces = false;
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i] as string;
    if (isSpace(c)) {
      // Past column 80, the first space of a run that is followed by a non-space becomes the fold.
      if (allowBreaks && !spaces && e.column > BEST_WIDTH && !isSpace(chars[i + 1])) e.writeIndent();
      else e.put(c);
      spaces = true;
    } else {
      e.put(c);
      e.indention = false;
      spaces = false;
    }
  }
  e.whitespace = false;
  e.indention = false;
}

/** writeBreak is write_break: a line feed starts a new line; another break character is written as it is, and the column starts again. */
function writeBreak(e: Emitter, c: string): void {
  if (c === '\n') e.putBreak();
  else {
    e.put(c);
    e.column = 0;
  }
}

/** writeSingleQuoted is yaml_emitter_write_single_quoted_scalar (`'` doubled; a break character then the indentation). */
function writeSingleQuoted(e: Emitter, chars: readonly string[], allowBreaks: boolean): void {
  e.writeIndicator("'", true, false, false);
  let spaces = false;
  let breaks = false;
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i] as string;
    if (isSpace(c)) {
      if (allowBreaks && !spaces && e.column > BEST_WIDTH && i > 0 && i < chars.length - 1 && !isSpace(chars[i + 1])) e.writeIndent();
      else e.put(c);
      spaces = true;
    } else if (isBreak(c)) {
      if (!breaks && c === '\n') e.putBreak();
      writeBreak(e, c);
      e.indention = true;
      breaks = true;
    } else {
      if (breaks) e.writeIndent();
      if (c === "'") e.put("'");
      e.put(c);
      e.indention = false;
      spaces = false;
      breaks = false;
    }
  }
  e.writeIndicator("'", false, false, false);
  e.whitespace = false;
  e.indention = false;
}

const ESCAPES: Record<number, string> = { 0: '0', 7: 'a', 8: 'b', 9: 't', 10: 'n', 11: 'v', 12: 'f', 13: 'r', 27: 'e', 0x22: '"', 0x5c: '\\', 0x85: 'N', 0xa0: '_', 0x2028: 'L', 0x2029: 'P' };

function writeDoubleQuoted(e: Emitter, chars: readonly string[], allowBreaks: boolean): void {
  e.writeIndicator('"', true, false, false);
  let spaces = false;
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i] as string;
    const cp = c.codePointAt(0) as number;
    if (!isPrintable(c) || cp === 0xfeff || isBreak(c) || c === '"' || c === '\\') {
      const named = ESCAPES[cp];
      if (named !== undefined) e.put(`\\${named}`);
      else if (cp <= 0xff) e.put(`\\x${cp.toString(16).toUpperCase().padStart(2, '0')}`);
      else if (cp <= 0xffff) e.put(`\\u${cp.toString(16).toUpperCase().padStart(4, '0')}`);
      else e.put(`\\U${cp.toString(16).toUpperCase().padStart(8, '0')}`);
      spaces = false;
    } else if (isSpace(c)) {
      if (allowBreaks && !spaces && e.column > BEST_WIDTH && i > 0 && i < chars.length - 1) {
        e.writeIndent();
        if (isSpace(chars[i + 1])) e.put('\\');
      } else e.put(c);
      spaces = true;
    } else {
      e.put(c);
      spaces = false;
    }
  }
  e.writeIndicator('"', false, false, false);
  e.whitespace = false;
  e.indention = false;
}

function writeLiteral(e: Emitter, chars: readonly string[]): void {
  e.writeIndicator('|', true, false, false);
  if (isSpace(chars[0]) || isBreak(chars[0])) e.writeIndicator(String(BEST_INDENT), false, false, false);
  const last = chars.length - 1;
  if (!isBreak(chars[last])) e.writeIndicator('-', false, false, false);
  else if (last === 0 || isBreak(chars[last - 1])) e.writeIndicator('+', false, false, false);
  e.putBreak();
  e.indention = true;
  e.whitespace = true;
  let breaks = true;
  for (const c of chars) {
    if (isBreak(c)) {
      writeBreak(e, c);
      e.indention = true;
      breaks = true;
    } else {
      if (breaks) e.writeIndent();
      e.put(c);
      e.indention = false;
      breaks = false;
    }
  }
}

/** scalar emits one scalar's text at the current position (emit_scalar: its indentation one level in). */
function scalar(e: Emitter, text: string, style: Style | 'plainAsIs', simpleKey: boolean): void {
  const saved = e.indent;
  e.indent = e.indent < 0 ? BEST_INDENT : e.indent + BEST_INDENT;
  const chars = [...text];
  if (style === 'plainAsIs') writePlain(e, chars, !simpleKey);
  else {
    const chosen = style === 'plain' ? selectStyle(text, analyzeScalar(chars), simpleKey) : style;
    if (chosen === 'plain') writePlain(e, chars, !simpleKey);
    else if (chosen === 'single') writeSingleQuoted(e, chars, !simpleKey);
    else if (chosen === 'double') writeDoubleQuoted(e, chars, !simpleKey);
    else writeLiteral(e, chars);
  }
  e.indent = saved;
}

/** leaf emits a JSON leaf: null, a bool, a number (an integer as Go's int, else a float64) or a string. */
function leaf(e: Emitter, v: unknown, simpleKey: boolean): void {
  if (v === null || v === undefined) scalar(e, 'null', 'plainAsIs', simpleKey);
  else if (typeof v === 'boolean') scalar(e, String(v), 'plainAsIs', simpleKey);
  else if (typeof v === 'number') scalar(e, Number.isInteger(v) && Math.abs(v) < 2 ** 63 ? BigInt(v).toString() : formatFloat(v), 'plainAsIs', simpleKey);
  else scalar(e, String(v), 'plain', simpleKey);
}

const isMap = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function sortedKeys(m: Record<string, unknown>): string[] {
  // Go's sort.Sort on keyList; the keys of a map are distinct, so any correct sort gives its order.
  return Object.keys(m)
    .filter((k) => m[k] !== undefined)
    .sort((a, b) => (keyLess(a, b) ? -1 : keyLess(b, a) ? 1 : 0));
}

/** Where a node is emitted (emit_node's root, mapping and sequence contexts). */
type Context = 'root' | 'mappingValue' | 'sequenceItem';

/** node emits a value as a mapping's value, a sequence's item or the document (block style; an empty collection in flow style). */
function node(e: Emitter, v: unknown, context: Context): void {
  if (Array.isArray(v)) {
    if (v.length === 0) e.writeIndicator('[]', true, false, false);
    else sequence(e, v, context);
  } else if (isMap(v)) {
    const keys = sortedKeys(v);
    if (keys.length === 0) e.writeIndicator('{}', true, false, false);
    else mapping(e, v, keys);
  } else leaf(e, v, false);
}

function mapping(e: Emitter, m: Record<string, unknown>, keys: readonly string[]): void {
  const saved = e.indent;
  e.indent = e.indent < 0 ? 0 : e.indent + BEST_INDENT;
  for (const k of keys) {
    e.writeIndent();
    leaf(e, k, true);
    e.writeIndicator(':', false, false, false);
    node(e, m[k], 'mappingValue');
  }
  e.indent = saved;
}

/** sequence: a block sequence; as a mapping's value it is not indented under the key (increase_indent's indentless). */
function sequence(e: Emitter, s: readonly unknown[], context: Context): void {
  const saved = e.indent;
  const indentless = context === 'mappingValue' && !e.indention;
  e.indent = e.indent < 0 ? 0 : indentless ? e.indent : e.indent + BEST_INDENT;
  for (const item of s) {
    e.writeIndent();
    e.writeIndicator('-', true, false, true);
    node(e, item, 'sequenceItem');
  }
  e.indent = saved;
}

/** goYamlMarshal is kubectl's -o yaml of a JSON-shaped value: yaml.Marshal of it, ending in a newline. */
export function goYamlMarshal(v: unknown): string {
  const e = new Emitter();
  node(e, v, 'root');
  if (e.column > 0 || e.out === '') e.putBreak();
  return e.out;
}
