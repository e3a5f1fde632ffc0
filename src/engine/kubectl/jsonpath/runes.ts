// The character classes, number parsing and string unquoting of client-go util/jsonpath
// parser.go (v1.36), over runes as code points.

export const EOF = -1;

/** isPrint is strconv.IsPrint, near enough: letters, marks, numbers, punctuation, symbols and the ASCII space. */
function isPrint(c: number): boolean {
  if (c === 0x20) return true;
  return /[\p{L}\p{M}\p{N}\p{P}\p{S}]/u.test(String.fromCodePoint(c));
}

/** runeU is fmt's %#U: `U+0023 '#'`. */
export function runeU(c: number): string {
  const hex = `U+${c.toString(16).toUpperCase().padStart(4, '0')}`;
  return isPrint(c) ? `${hex} '${String.fromCodePoint(c)}'` : hex;
}

export const isSpace = (r: number) => r === 0x20 || r === 0x09;
export const isEndOfLine = (r: number) => r === 0x0d || r === 0x0a;
export const isDigit = (r: number) => r >= 0 && /\p{Nd}/u.test(String.fromCodePoint(r));
export const isAlphaNumeric = (r: number) => r === 0x5f || (r >= 0 && /[\p{L}\p{Nd}]/u.test(String.fromCodePoint(r)));
export const isBool = (s: string) => s === 'true' || s === 'false';

/** isTerminator: the characters that end a field or an identifier. */
export function isTerminator(r: number): boolean {
  if (isSpace(r) || isEndOfLine(r)) return true;
  return r === EOF || '.,[]$@{}'.includes(String.fromCodePoint(r));
}

/** atoi is strconv.Atoi on a 64-bit int: an optional sign and ASCII digits, in range; else null. */
export function atoi(s: string): number | null {
  if (!/^[+-]?[0-9]+$/.test(s)) return null;
  const n = BigInt(s);
  return n < -(2n ** 63n) || n >= 2n ** 63n ? null : Number(n);
}

/** parseFloat64 is strconv.ParseFloat of what parseNumber scans (digits and dots): a finite decimal, else null. */
export function parseFloat64(s: string): number | null {
  if (!/^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)$/.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** ErrSyntax is strconv.ErrSyntax: a quoted string that does not unquote. */
export class ErrSyntax extends Error {
  constructor() {
    super('invalid syntax');
  }
}

function syntaxError(): never {
  throw new ErrSyntax();
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\' };
const HEX_DIGITS: Readonly<Record<string, number>> = { x: 2, u: 4, U: 8 };

/**
 * unquoteExtend is UnquoteExtend: strconv.Unquote that takes single quotes too, with its escapes
 * (\n, \t, \x41, \u00e9, \101, \' in '…' and \" in "…"); anything else is `invalid syntax`.
 */
export function unquoteExtend(s: string): string {
  const chars = [...s];
  const quote = chars[0] ?? '';
  if (chars.length < 2 || quote !== chars[chars.length - 1] || (quote !== '"' && quote !== "'")) syntaxError();
  const inner = chars.slice(1, -1);
  if (!inner.includes('\\') && !inner.includes(quote)) return inner.join('');
  let out = '';
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i] as string;
    if (c === quote) syntaxError();
    if (c !== '\\') {
      out += c;
      continue;
    }
    const e = inner[++i] ?? syntaxError();
    const simple = SIMPLE_ESCAPES[e];
    const hex = HEX_DIGITS[e];
    if (simple !== undefined) out += simple;
    else if (e === quote) out += e;
    else if (hex !== undefined) {
      const digits = inner.slice(i + 1, i + 1 + hex).join('');
      if (digits.length < hex || !/^[0-9a-fA-F]+$/.test(digits)) syntaxError();
      const v = Number.parseInt(digits, 16);
      if (e !== 'x' && (v > 0x10ffff || (v >= 0xd800 && v < 0xe000))) syntaxError();
      out += String.fromCodePoint(v);
      i += hex;
    } else if (e >= '0' && e <= '7') {
      const digits = inner.slice(i, i + 3).join('');
      if (!/^[0-7]{3}$/.test(digits) || Number.parseInt(digits, 8) > 255) syntaxError();
      out += String.fromCodePoint(Number.parseInt(digits, 8));
      i += 2;
    } else syntaxError();
  }
  return out;
}

