// Port of kubernetes staging/src/k8s.io/apimachinery/pkg/util/intstr/intstr.go (v1.36).
import type { IntOrString } from '../api/types.ts';

/** Go's strconv range for `int` on a 64-bit platform. */
const MAX_INT64 = 9223372036854775807n;
const MIN_INT64 = -9223372036854775808n;

/**
 * goAtoi mirrors strconv.Atoi: an optional sign and decimal digits, nothing else (no spaces,
 * no underscores, no '0x'). Returns the value or Go's error text, e.g.
 * `strconv.Atoi: parsing "#": invalid syntax`.
 */
export function goAtoi(s: string): { value: number } | { error: string } {
  if (!/^[+-]?[0-9]+$/.test(s)) return { error: `strconv.Atoi: parsing ${goQuote(s)}: invalid syntax` };
  const big = BigInt(s);
  if (big > MAX_INT64 || big < MIN_INT64) return { error: `strconv.Atoi: parsing ${goQuote(s)}: value out of range` };
  return { value: Number(big) };
}

/** goQuote renders a string as Go's %q does for printable ASCII (JSON quoting is the same there). */
export function goQuote(s: string): string {
  return JSON.stringify(s);
}

/** isPercent reports whether an IntOrString is a string value (the only form that may be a percentage). */
export function isPercent(v: IntOrString | undefined | null): v is string {
  return typeof v === 'string';
}

/**
 * getIntOrPercentValueSafely mirrors the unexported helper of intstr: an int is returned as is;
 * a string must end in '%' and be an integer before it ("25%" → 25, percent). "90", "%", "90#"
 * and "#%" are errors.
 */
function getIntOrPercentValueSafely(v: IntOrString): { value: number; percent: boolean } {
  if (typeof v === 'number') return { value: Math.trunc(v), percent: false };
  if (!v.endsWith('%')) throw new Error('invalid type: string is not a percentage');
  const parsed = goAtoi(v.slice(0, -1));
  if ('error' in parsed) throw new Error(`invalid value ${goQuote(v)}: ${parsed.error}`);
  return { value: parsed.value, percent: true };
}

/**
 * getScaledValueFromIntOrPercent resolves an int-or-percent against a total, as
 * intstr.GetScaledValueFromIntOrPercent does: ints pass through (total ignored); "p%" becomes
 * p·total/100 rounded up (ceil) or down (floor). 90% of 95 = 85.5 → 86 up, 85 down.
 * Throws an Error with apimachinery's message for nil ("nil value for IntOrString") or a bad
 * string ("invalid value for IntOrString: invalid type: string is not a percentage").
 */
export function getScaledValueFromIntOrPercent(
  v: IntOrString | undefined | null,
  total: number,
  roundUp: boolean,
): number {
  if (v === undefined || v === null) throw new Error('nil value for IntOrString');
  let parsed: { value: number; percent: boolean };
  try {
    parsed = getIntOrPercentValueSafely(v);
  } catch (e) {
    throw new Error(`invalid value for IntOrString: ${(e as Error).message}`);
  }
  if (!parsed.percent) return parsed.value;
  const scaled = (parsed.value * total) / 100;
  return roundUp ? Math.ceil(scaled) : Math.floor(scaled);
}

/**
 * getIntOrPercentValue mirrors the apps validation helper of the same name: the percent number
 * of a valid percent string ("25%" → 25), otherwise the int value. As IntOrString.IntValue()
 * does, a string that is not a valid percent is read with Atoi and becomes 0 when that fails
 * ("20Percent" → 0).
 */
export function getIntOrPercentValue(v: IntOrString | undefined | null): number {
  if (v === undefined || v === null) return 0;
  if (typeof v === 'number') return Math.trunc(v);
  if (/^[0-9]+%$/.test(v)) {
    const parsed = goAtoi(v.slice(0, -1));
    return 'error' in parsed ? 0 : parsed.value;
  }
  const parsed = goAtoi(v);
  return 'error' in parsed ? 0 : parsed.value;
}
