// Port of go-yaml v2 (the goyaml.v2 sigs.k8s.io/yaml vendors): what goYaml.ts's emitter asks of a
// scalar. emitterc.go's yaml_emitter_analyze_scalar and select_scalar_style, encode.go's stringv and
// floatv, resolve.go's resolve and sorter.go's keyList.Less. Apache-2.0 / MIT, see NOTICE.
/**
 * A string's style is decided before it is written: plain if it reads back as the same string
 * (resolvesToString) and nothing in it stops a plain scalar (analyzeScalar), else single-quoted,
 * else double-quoted; a `|` block when it has a line feed and may be one.
 */

export const isSpace = (c: string | undefined) => c === ' ';
export const isBreak = (c: string | undefined) => c === '\r' || c === '\n' || c === '\u0085' || c === '\u2028' || c === '\u2029';
const isBlank = (c: string | undefined) => c === ' ' || c === '\t';
const isBlankz = (c: string | undefined) => c === undefined || c === '\0' || isBlank(c) || isBreak(c);

/** isPrintable is is_printable over a code point (tab is not; neither is anything past U+FFFD). */
export function isPrintable(c: string): boolean {
  const cp = c.codePointAt(0) as number;
  return cp === 0x0a || (cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd && cp !== 0xfeff);
}

interface Analysis {
  multiline: boolean;
  blockPlainAllowed: boolean;
  singleQuotedAllowed: boolean;
  blockAllowed: boolean;
}

/** analyzeScalar is yaml_emitter_analyze_scalar (block context: flow plain is never asked for here). */
export function analyzeScalar(chars: readonly string[]): Analysis {
  if (chars.length === 0) return { multiline: false, blockPlainAllowed: true, singleQuotedAllowed: true, blockAllowed: false };
  let blockIndicators = false;
  let lineBreaks = false;
  let special = false;
  let leadingSpace = false;
  let leadingBreak = false;
  let trailingSpace = false;
  let trailingBreak = false;
  let breakSpace = false;
  let spaceBreak = false;
  let previousSpace = false;
  let previousBreak = false;
  const head = chars.slice(0, 3).join('');
  if (head === '---' || head === '...') blockIndicators = true;
  let precededByWhitespace = true;
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i] as string;
    const followedByWhitespace = i + 1 >= chars.length || isBlank(chars[i + 1]) || isBreak(chars[i + 1]);
    if (i === 0) {
      if ('#,[]{}&*!|>\'"%@`'.includes(c)) blockIndicators = true;
      else if ((c === '?' || c === ':' || c === '-') && followedByWhitespace) blockIndicators = true;
    } else if ((c === ':' && followedByWhitespace) || (c === '#' && precededByWhitespace)) blockIndicators = true;
    if (!isPrintable(c)) special = true;
    if (isSpace(c)) {
      if (i === 0) leadingSpace = true;
      if (i === chars.length - 1) trailingSpace = true;
      if (previousBreak) breakSpace = true;
      previousSpace = true;
      previousBreak = false;
    } else if (isBreak(c)) {
      lineBreaks = true;
      if (i === 0) leadingBreak = true;
      if (i === chars.length - 1) trailingBreak = true;
      if (previousSpace) spaceBreak = true;
      previousSpace = false;
      previousBreak = true;
    } else {
      previousSpace = false;
      previousBreak = false;
    }
    precededByWhitespace = isBlankz(c);
  }
  const a: Analysis = { multiline: lineBreaks, blockPlainAllowed: true, singleQuotedAllowed: true, blockAllowed: true };
  if (leadingSpace || leadingBreak || trailingSpace || trailingBreak) a.blockPlainAllowed = false;
  if (trailingSpace) a.blockAllowed = false;
  if (breakSpace) {
    a.blockPlainAllowed = false;
    a.singleQuotedAllowed = false;
  }
  if (spaceBreak || special) {
    a.blockPlainAllowed = false;
    a.singleQuotedAllowed = false;
    a.blockAllowed = false;
  }
  if (lineBreaks || blockIndicators) a.blockPlainAllowed = false;
  return a;
}

const RESOLVE_MAP = new Set(
  ['y', 'Y', 'yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'on', 'On', 'ON', 'n', 'N', 'no', 'No', 'NO', 'false', 'False', 'FALSE', 'off', 'Off', 'OFF']
    .concat(['', '~', 'null', 'Null', 'NULL', '.nan', '.NaN', '.NAN', '.inf', '.Inf', '.INF', '+.inf', '+.Inf', '+.INF', '-.inf', '-.Inf', '-.INF', '<<']),
);
const YAML_STYLE_FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
const BASE60_FLOAT = /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$/;
/** Go's strconv.ParseInt/ParseUint with base 0 (after resolve drops the underscores). */
const GO_INT = /^[-+]?(0[xX][0-9a-fA-F]+|0[oO]?[0-7]*|0[bB][01]+|[1-9][0-9]*)$/;
/** resolve's allowedTimestampFormats (time.Parse, its ranges not checked): `2006-1-2T15:4:5.999999999Z07:00`, `2006-1-2 15:4:5.999999999`, `2006-1-2`. */
const TIMESTAMP = /^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:[Tt][0-9]{1,2}:[0-9]{1,2}:[0-9]{1,2}(?:\.[0-9]+)?(?:Z|[+-][0-9]{2}:[0-9]{2})| [0-9]{1,2}:[0-9]{1,2}:[0-9]{1,2}(?:\.[0-9]+)?)?$/;

/** The first characters resolve looks further at (resolveTable's hints); any other string is a !!str. */
const HINTED = /^[-+0-9yYnNtTfFoO~.]/;

/** validDate: time.Parse accepts the date and the time (month 1–12, a day of that month, 24 h, 60 min, 60 s). */
function validDate(s: string): boolean {
  const [y = 0, mo = 0, d = 0, h = 0, mi = 0, se = 0] = (s.match(/[0-9]+/g) ?? []).slice(0, 6).map(Number);
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1] ?? 0;
  return d >= 1 && d <= days && h < 24 && mi < 60 && se < 60;
}

/** resolvesToString is `resolve("", s)` giving !!str, and not a base-60 float: encode.go's canUsePlain. */
function resolvesToString(s: string): boolean {
  if (s === '') return false;
  if (!HINTED.test(s)) return true;
  if (RESOLVE_MAP.has(s)) return false;
  const c = s[0] ?? '';
  // strconv.ParseFloat of `.5`, `.5e3`.
  if (c === '.') return !/^\.[0-9]+([eE][-+]?[0-9]+)?$/.test(s);
  if ((c >= '0' && c <= '9') || c === '+' || c === '-') {
    if (TIMESTAMP.test(s) && validDate(s)) return false;
    const plain = s.replaceAll('_', '');
    if (GO_INT.test(plain) || YAML_STYLE_FLOAT.test(plain) || /^-?0b[01]+$/.test(plain)) return false;
  }
  return !BASE60_FLOAT.test(s);
}

export type Style = 'plain' | 'single' | 'double' | 'literal';

/** selectScalarStyle is stringv's request then yaml_emitter_select_scalar_style. */
export function selectStyle(s: string, a: Analysis, simpleKey: boolean): Style {
  let style: Style = s.includes('\n') ? 'literal' : resolvesToString(s) ? 'plain' : 'double';
  if (simpleKey && a.multiline) style = 'double';
  if (style === 'plain' && (!a.blockPlainAllowed || (s === '' && simpleKey))) style = 'single';
  if (style === 'single' && !a.singleQuotedAllowed) style = 'double';
  if (style === 'literal' && (!a.blockAllowed || simpleKey)) style = 'double';
  return style;
}

/** formatFloat is strconv.FormatFloat(f, 'g', -1, 64) and floatv's names for the infinities and NaN. */
export function formatFloat(f: number): string {
  if (Number.isNaN(f)) return '.nan';
  if (!Number.isFinite(f)) return f > 0 ? '.inf' : '-.inf';
  const [mant = '', expText = '0'] = f.toExponential().split('e');
  const exp = Number(expText);
  if (exp < -4 || exp >= 21 || (exp >= 6 && !Number.isInteger(f))) return `${mant}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  return String(f);
}

/** keyLess is keyList.Less for string keys: runs of digits compared as numbers, a letter after a non-letter. */
export function keyLess(a: string, b: string): boolean {
  const ar = [...a];
  const br = [...b];
  const isLetter = (c: string) => /\p{L}/u.test(c);
  const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
  for (let i = 0; i < ar.length && i < br.length; i++) {
    const x = ar[i] as string;
    const y = br[i] as string;
    if (x === y) continue;
    const al = isLetter(x);
    const bl = isLetter(y);
    if (al && bl) return (x.codePointAt(0) as number) < (y.codePointAt(0) as number);
    if (al || bl) return bl;
    let an = 0n;
    let bn = 0n;
    if (x === '0' || y === '0') {
      for (let j = i - 1; j >= 0 && isDigit(ar[j]); j--) {
        if (ar[j] !== '0') {
          an = 1n;
          bn = 1n;
          break;
        }
      }
    }
    let ai = i;
    for (; ai < ar.length && isDigit(ar[ai]); ai++) an = an * 10n + BigInt(Number(ar[ai]));
    let bi = i;
    for (; bi < br.length && isDigit(br[bi]); bi++) bn = bn * 10n + BigInt(Number(br[bi]));
    if (an !== bn) return an < bn;
    if (ai !== bi) return ai < bi;
    return (x.codePointAt(0) as number) < (y.codePointAt(0) as number);
  }
  return ar.length < br.length;
}
