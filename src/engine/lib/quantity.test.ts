// Cases from apimachinery's quantity_test.go (TestQuantityParse, TestQuantityString), kubernetes-1.36.
import { describe, expect, it } from 'vitest';
import { addQuantities, formatQuantity, milliValue, parseQuantity, type QuantityFormat, QuantityErrors, value } from './quantity.ts';

/** decQuantity(m, e, f) of the Go tests: m × 10^e, in nano-units. */
function nanosOf(m: number, e: number): bigint {
  const s = BigInt(m);
  return e + 9 >= 0 ? s * 10n ** BigInt(e + 9) : s / 10n ** BigInt(-(e + 9));
}

const parseTable: [string, number, number, QuantityFormat][] = [
  ['5n', 5, -9, 'DecimalSI'],
  ['3m', 3, -3, 'DecimalSI'],
  ['50k', 5, 4, 'DecimalSI'],
  ['1E', 1, 18, 'DecimalSI'],
  ['1E-3', 1, -3, 'DecimalExponent'],
  ['1e3', 1, 3, 'DecimalExponent'],
  ['100.035k', 100035, 0, 'DecimalSI'],
  ['0.0005k', 5, -1, 'DecimalSI'],
  ['0.5e-2', 5, -3, 'DecimalExponent'],
  ['1.3E+6', 13, 5, 'DecimalExponent'],
  ['6.987654321G', 6987654321, 0, 'DecimalSI'],
  ['3.001n', 4, -9, 'DecimalSI'],
  ['1.1E-9', 2, -9, 'DecimalExponent'],
  ['0.0000000005', 1, -9, 'DecimalSI'],
  ['0.9n', 1, -9, 'DecimalSI'],
  ['0.00000012345', 124, -9, 'DecimalSI'],
  ['7Mi', 7 * 1024 * 1024, 0, 'BinarySI'],
  ['100.035Ki', 10243584, -2, 'BinarySI'],
  ['0.5Mi', 0.5 * 1024 * 1024, 0, 'BinarySI'],
  ['0.000000000001Ki', 2, -9, 'DecimalSI'],
  ['.001', 1, -3, 'DecimalSI'],
  ['1.', 1, 0, 'DecimalSI'],
  ['1.G', 1, 9, 'DecimalSI'],
];

describe('parseQuantity', () => {
  it.each(parseTable)('reads %s as upstream does', (input, m, e, format) => {
    const r = parseQuantity(input);
    expect(r).toEqual({ ok: true, value: { nanos: nanosOf(m, e), format } });
    const neg = parseQuantity(`-${input}`);
    expect(neg.ok && neg.value.nanos).toBe(-nanosOf(m, e));
  });

  it('caps BinarySI at the int64 maximum', () => {
    const r = parseQuantity('9Ei');
    expect(r.ok && r.value.nanos).toBe((2n ** 63n - 1n) * 1_000_000_000n);
  });

  it.each(['1.1.M', '1+1.0M', '0.1mi', '0.1am', 'aoeu', '.5i', '1i', '-3.01i', '-3.01e-', ' 1', '1 ', '', 'lots'])('rejects %j', (input) => {
    expect(parseQuantity(input).ok).toBe(false);
  });

  it('says which part is wrong in apimachinery words', () => {
    expect(parseQuantity('lots')).toEqual({ ok: false, error: QuantityErrors.formatWrong });
    expect(parseQuantity('1i')).toEqual({ ok: false, error: QuantityErrors.suffix });
  });
});

describe('formatQuantity', () => {
  it.each([
    ['1073741824', 'BinarySI', '1Gi'],
    ['1024Mi', 'BinarySI', '1Gi'],
    ['300Mi', 'BinarySI', '300Mi'],
    ['1001Gi', 'BinarySI', '1001Gi'],
    ['5', 'BinarySI', '5'],
    ['1000M', 'DecimalSI', '1G'],
    ['1000u', 'DecimalSI', '1m'],
    ['1.08', 'DecimalSI', '1080m'],
    ['0.5', 'DecimalSI', '500m'],
    ['1000m', 'DecimalSI', '1'],
    ['2000', 'DecimalSI', '2k'],
    ['1.5Gi', 'BinarySI', '1536Mi'],
    ['1e3', 'DecimalExponent', '1e3'],
    ['1.5e3', 'DecimalExponent', '1500'],
    ['0.5Ki', 'BinarySI', '512'],
    ['0', 'DecimalSI', '0'],
  ] as const)('prints %s (%s) as %s', (input, format, out) => {
    const r = parseQuantity(input);
    if (!r.ok) throw new Error(r.error);
    expect(formatQuantity({ nanos: r.value.nanos, format })).toBe(out);
  });

  it('prints -9.01 as -9010m', () => {
    const r = parseQuantity('-9.01');
    expect(r.ok && formatQuantity(r.value)).toBe('-9010m');
  });
});

describe('milliValue', () => {
  it.each([
    ['250m', 250, 1],
    ['1.5', 1500, 2],
    ['0.1m', 1, 1],
    ['1Ki', 1_024_000, 1024],
    ['16Gi', 17_179_869_184_000, 17_179_869_184],
  ])('reads %s as %d milli and %d units, rounding up', (input, milli, units) => {
    const r = parseQuantity(input);
    if (!r.ok) throw new Error(r.error);
    expect(milliValue(r.value)).toBe(milli);
    expect(value(r.value)).toBe(units);
  });
});

describe('addQuantities', () => {
  it('keeps the format of the first non-zero operand', () => {
    const a = parseQuantity('0');
    const b = parseQuantity('512Mi');
    if (!a.ok || !b.ok) throw new Error('parse');
    const sum = addQuantities(addQuantities(a.value, b.value), b.value);
    expect(formatQuantity(sum)).toBe('1Gi');
  });
});
