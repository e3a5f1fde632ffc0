// Go's time.ParseDuration and Duration.String (go/src/time/format.go, time.go), for kubectl
// flags such as `drain --timeout=2m` and the messages that print a duration (`1m0s`).

const UNITS: Readonly<Record<string, number>> = {
  ns: 1e-6,
  us: 1e-3,
  'µs': 1e-3,
  'μs': 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

/**
 * parseGoDuration is time.ParseDuration, in milliseconds: `90s` → 90000, `1m30s` → 90000,
 * `1.5h` → 5400000; errors in Go's words (`time: invalid duration "soon"`, `time: missing unit in
 * duration "5"`, `time: unknown unit "d" in duration "5d"`).
 */
export function parseGoDuration(s: string): { ms: number } | { error: string } {
  const quoted = JSON.stringify(s);
  let rest = s;
  let neg = false;
  if (rest[0] === '-' || rest[0] === '+') {
    neg = rest[0] === '-';
    rest = rest.slice(1);
  }
  if (rest === '0') return { ms: 0 };
  if (rest === '') return { error: `time: invalid duration ${quoted}` };
  let total = 0;
  while (rest !== '') {
    const num = /^([0-9]*)(\.([0-9]*))?/.exec(rest);
    const whole = num?.[1] ?? '';
    const frac = num?.[3] ?? '';
    if (whole === '' && frac === '') return { error: `time: invalid duration ${quoted}` };
    rest = rest.slice(num?.[0].length ?? 0);
    const unit = /^[^0-9.]*/.exec(rest)?.[0] ?? '';
    if (unit === '') return { error: `time: missing unit in duration ${quoted}` };
    const scale = UNITS[unit];
    if (scale === undefined) return { error: `time: unknown unit ${JSON.stringify(unit)} in duration ${quoted}` };
    rest = rest.slice(unit.length);
    total += Number(`${whole || '0'}.${frac || '0'}`) * scale;
  }
  return { ms: neg ? -total : total };
}

function fmtFrac(v: number, prec: number): string {
  // v is a whole count of units of 10^-prec; print it with trailing zeros dropped.
  const s = String(v).padStart(prec + 1, '0');
  const int = s.slice(0, s.length - prec);
  const frac = s.slice(s.length - prec).replace(/0+$/, '');
  return frac ? `${int}.${frac}` : int;
}

/**
 * formatGoDuration is Duration.String of a whole number of milliseconds: `0s`, `500ms`, `30s`,
 * `1m0s`, `1m30.5s`, `2h0m0s`.
 */
export function formatGoDuration(ms: number): string {
  const neg = ms < 0;
  let n = Math.round(Math.abs(ms));
  if (n === 0) return '0s';
  let out: string;
  if (n < 1000) out = `${n}ms`;
  else {
    const h = Math.floor(n / 3_600_000);
    n -= h * 3_600_000;
    const m = Math.floor(n / 60_000);
    n -= m * 60_000;
    const secs = `${fmtFrac(n, 3)}s`;
    out = h > 0 ? `${h}h${m}m${secs}` : m > 0 ? `${m}m${secs}` : secs;
  }
  return neg ? `-${out}` : out;
}
