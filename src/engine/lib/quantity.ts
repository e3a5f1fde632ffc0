/**
 * Resource quantities as apimachinery reads and prints them (k8s.io/apimachinery/pkg/api/resource,
 * quantity.go and suffix.go): `250m`, `1.5`, `16Gi`, `1e3`. A quantity is kept as an exact count of
 * nano-units (a bigint) plus the format its suffix chose, so `1.5Gi` prints back as `1536Mi` and
 * `0.5` as `500m`, exactly as the API server stores them. Hot paths (the scheduler's fit, quota
 * sums) read `milliValue` / `value` once per object and work in plain numbers.
 */

/** The three formats a suffix chooses: `Mi` → BinarySI, `M` or none → DecimalSI, `e6` → DecimalExponent. */
export type QuantityFormat = 'BinarySI' | 'DecimalSI' | 'DecimalExponent';

export interface Quantity {
  /** The amount in units of 10⁻⁹, rounded away from zero at parse time (upstream rounds to Nano). */
  readonly nanos: bigint;
  readonly format: QuantityFormat;
}

/** The regular expression apimachinery names in ErrFormatWrong. */
export const QUANTITY_SPLIT_RE = '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$';

/** ErrFormatWrong, ErrNumeric and ErrSuffix, in apimachinery's words. */
export const QuantityErrors = {
  formatWrong: `quantities must match the regular expression '${QUANTITY_SPLIT_RE}'`,
  numeric: 'unable to parse numeric part of quantity',
  suffix: "unable to parse quantity's suffix",
} as const;

export type QuantityResult = { ok: true; value: Quantity } | { ok: false; error: string };

const NANO = 1_000_000_000n;
/** BinarySI amounts are capped at the int64 maximum (maxAllowed in quantity.go). */
const MAX_ALLOWED_NANOS = (2n ** 63n - 1n) * NANO;

const DECIMAL_SUFFIXES: Readonly<Record<string, number>> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const BINARY_SUFFIXES: Readonly<Record<string, number>> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };
const DECIMAL_BY_EXPONENT = new Map(Object.entries(DECIMAL_SUFFIXES).map(([s, e]) => [e, s]));
const BINARY_BY_EXPONENT = new Map(Object.entries(BINARY_SUFFIXES).map(([s, e]) => [e, s]));

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
const SUFFIX_CHARS = 'eEinumkKMGTP';

/** scanQuantity splits `1.5Gi` into sign, whole digits, fraction digits and suffix (parseQuantityString). */
function scanQuantity(s: string): { negative: boolean; num: string; denom: string; suffix: string } | null {
  let pos = 0;
  let negative = false;
  if (s[0] === '-' || s[0] === '+') {
    negative = s[0] === '-';
    pos++;
  }
  const numStart = pos;
  while (isDigit(s[pos])) pos++;
  const num = s.slice(numStart, pos);
  let denom = '';
  if (s[pos] === '.') {
    const d0 = ++pos;
    while (isDigit(s[pos])) pos++;
    denom = s.slice(d0, pos);
  }
  const suffixStart = pos;
  while (pos < s.length && SUFFIX_CHARS.includes(s[pos] as string)) pos++;
  if (s[pos] === '-' || s[pos] === '+') pos++;
  while (isDigit(s[pos])) pos++;
  // A character outside the pattern after the suffix: upstream's ErrFormatWrong.
  if (pos < s.length) return null;
  return { negative, num, denom, suffix: s.slice(suffixStart) };
}

/** interpretSuffix is quantitySuffixer.interpret: the base, exponent and format a suffix means. */
function interpretSuffix(suffix: string): { base: 2 | 10; exponent: number; format: QuantityFormat } | null {
  const dec = DECIMAL_SUFFIXES[suffix];
  if (Object.hasOwn(DECIMAL_SUFFIXES, suffix) && dec !== undefined) return { base: 10, exponent: dec, format: 'DecimalSI' };
  const bin = BINARY_SUFFIXES[suffix];
  if (Object.hasOwn(BINARY_SUFFIXES, suffix) && bin !== undefined) return { base: 2, exponent: bin, format: 'BinarySI' };
  if (/^[eE][-+]?[0-9]+$/.test(suffix)) return { base: 10, exponent: Number(suffix.slice(1)), format: 'DecimalExponent' };
  return null;
}

/** ceilDiv divides rounding away from zero (inf.RoundUp), as parsing rounds to Nano. */
function ceilDivAway(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b === 0n ? q : a < 0n ? q - 1n : q + 1n;
}

/** parseQuantity is ParseQuantity: `250m` → 0.25; errors in apimachinery's words. */
export function parseQuantity(s: string): QuantityResult {
  if (s.length === 0) return { ok: false, error: QuantityErrors.formatWrong };
  if (s === '0') return { ok: true, value: { nanos: 0n, format: 'DecimalSI' } };
  const parts = scanQuantity(s);
  if (!parts) return { ok: false, error: QuantityErrors.formatWrong };
  const sfx = interpretSuffix(parts.suffix);
  if (!sfx) return { ok: false, error: QuantityErrors.suffix };
  // An exponent far outside any real quantity would make a bigint of millions of digits.
  if (Math.abs(sfx.exponent) > 1000) return { ok: false, error: QuantityErrors.numeric };
  const digits = BigInt((parts.num || '0') + parts.denom);
  // amount = digits × 10^-len(denom) × base^exponent, in nano-units: × 10^9.
  let numer = digits * NANO;
  let denom = 10n ** BigInt(parts.denom.length);
  if (sfx.base === 2) numer *= 2n ** BigInt(sfx.exponent);
  else if (sfx.exponent >= 0) numer *= 10n ** BigInt(sfx.exponent);
  else denom *= 10n ** BigInt(-sfx.exponent);
  let nanos = ceilDivAway(numer, denom);
  let format = sfx.format;
  if (format === 'BinarySI' && nanos > MAX_ALLOWED_NANOS) nanos = MAX_ALLOWED_NANOS;
  // 0.5Ki is 512: fine; but 0.0001Ki is below 1 and prints as DecimalSI (quantity.go does the same).
  if (format === 'BinarySI' && nanos > 0n && nanos < NANO) format = 'DecimalSI';
  return { ok: true, value: { nanos: parts.negative ? -nanos : nanos, format } };
}

/** formatQuantity is Quantity.String: the canonical form, `1.5Gi` → `1536Mi`, `0.5` → `500m`, `2000` → `2k`. */
export function formatQuantity(q: Quantity): string {
  if (q.nanos === 0n) return '0';
  let format = q.format;
  const abs = q.nanos < 0n ? -q.nanos : q.nanos;
  const sign = q.nanos < 0n ? '-' : '';
  // Between -1024 and 1024, or not a whole number: BinarySI would round, so it prints as DecimalSI.
  if (format === 'BinarySI' && (abs < 1024n * NANO || abs % NANO !== 0n)) format = 'DecimalSI';
  if (format === 'BinarySI') {
    let m = abs / NANO;
    let e = 0;
    while (e < 60 && m % 1024n === 0n) {
      m /= 1024n;
      e += 10;
    }
    return `${sign}${m}${BINARY_BY_EXPONENT.get(e) ?? ''}`;
  }
  // AsCanonicalBytes: strip factors of ten, then lower the exponent to a multiple of three.
  let m = abs;
  let e = -9;
  while (m % 10n === 0n) {
    m /= 10n;
    e++;
  }
  const r = ((e % 3) + 3) % 3;
  m *= 10n ** BigInt(r);
  e -= r;
  if (format === 'DecimalExponent') return `${sign}${m}${e === 0 ? '' : `e${e}`}`;
  const suffix = DECIMAL_BY_EXPONENT.get(e);
  return `${sign}${m}${suffix ?? `e${e}`}`;
}

/**
 * canonicalQuantity is a quantity string as the API server prints it back, Quantity.String() of
 * its parse (`1.5Gi` → `1536Mi`, `0.5` → `500m`); a string that does not parse comes back as it is.
 */
export function canonicalQuantity(s: string): string {
  const r = parseQuantity(s);
  return r.ok ? formatQuantity(r.value) : s;
}

/** milliValue is Quantity.MilliValue: the amount in thousandths, rounded up (`0.1m` → 1). */
export function milliValue(q: Quantity): number {
  return Number(ceilDivAway(q.nanos, 1_000_000n));
}

/** value is Quantity.Value: the amount in units, rounded up (`1500m` → 2, `1Ki` → 1024). */
export function value(q: Quantity): number {
  return Number(ceilDivAway(q.nanos, NANO));
}

/** addQuantities is Quantity.Add: the sum keeps the first non-zero operand's format. */
export function addQuantities(a: Quantity, b: Quantity): Quantity {
  return { nanos: a.nanos + b.nanos, format: a.nanos === 0n ? b.format : a.format };
}

/** subQuantities is Quantity.Sub. */
export function subQuantities(a: Quantity, b: Quantity): Quantity {
  return { nanos: a.nanos - b.nanos, format: a.nanos === 0n ? b.format : a.format };
}

/** cmpQuantities is Quantity.Cmp: −1, 0 or 1. */
export function cmpQuantities(a: Quantity, b: Quantity): -1 | 0 | 1 {
  return a.nanos < b.nanos ? -1 : a.nanos > b.nanos ? 1 : 0;
}

/** quantityFromMilli makes a quantity of `milli` thousandths: NewMilliQuantity. */
export function quantityFromMilli(milli: number, format: QuantityFormat = 'DecimalSI'): Quantity {
  return { nanos: BigInt(Math.round(milli)) * 1_000_000n, format };
}

/** quantityFromValue makes a quantity of whole units: NewQuantity. */
export function quantityFromValue(units: number, format: QuantityFormat = 'DecimalSI'): Quantity {
  return { nanos: BigInt(Math.round(units)) * NANO, format };
}
