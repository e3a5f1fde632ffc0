// Port of kubectl pkg/cmd/autoscale/autoscale.go (v1.36): its flags, Validate and parseResourceInput.
/**
 * `kubectl autoscale (TYPE NAME | TYPE/NAME) [--min=MINPODS] --max=MAXPODS [--cpu=CPU]
 * [--memory=MEMORY]`: the flags as cobra reads them, kubectl's own checks before any request,
 * and the targets a resource of the v1.36 command takes (--cpu-percent still works, with
 * cobra's deprecation line on stderr).
 */
import type { KubectlCommand, KubectlError } from './commands.ts';
import { parseQuantity, formatQuantity } from '../lib/quantity.ts';
import { namespaceOf, type VerbContext } from './verbContext.ts';
import { parseTargets } from './targets.ts';

/** What a --cpu or --memory value asks for: a utilization percentage or an average value. */
export type ResourceTarget = { type: 'Utilization'; averageUtilization: number } | { type: 'AverageValue'; averageValue: string };

const CPU_PERCENT_DEPRECATED =
  "Flag --cpu-percent has been deprecated, Use --cpu with percentage or resource quantity format (e.g., '70%' for utilization or '500m' for milliCPU).";

/**
 * parseResourceInput reads `70%` (utilization), `500m` or `2Gi` (a quantity), or a bare number
 * in the resource's default unit (`500` is 500m of cpu, `200` is 200Mi of memory). Errors are
 * kubectl's: `empty input`, `invalid percentage value: x`, `invalid resource cpu value: x`.
 */
export function parseResourceInput(input: string, resource: 'cpu' | 'memory'): ResourceTarget | { error: string } {
  const s = input.trim();
  if (s === '') return { error: 'empty input' };
  if (s.endsWith('%')) {
    const trimmed = s.slice(0, -1);
    // strconv.ParseInt(trimmed, 10, 32): an optional sign and decimal digits within int32.
    const n = /^[-+]?[0-9]+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
    if (!Number.isInteger(n) || n < 0 || n > 2 ** 31 - 1) return { error: `invalid percentage value: ${trimmed}` };
    return { type: 'Utilization', averageUtilization: n };
  }
  // A bare number takes the default unit, printed as Go's %g prints it (500 → "500m", 1.5 → "1.5m").
  const bare = goParseFloat(s);
  const text = bare === null ? s : `${formatG(bare)}${resource === 'cpu' ? 'm' : 'Mi'}`;
  const q = parseQuantity(text);
  if (!q.ok) return { error: bare === null ? `invalid resource ${resource} value: ${input.trim()}` : q.error };
  return { type: 'AverageValue', averageValue: formatQuantity(q.value) };
}

/** goParseFloat: strconv.ParseFloat's decimal forms (no hex floats, no underscores), or null. */
function goParseFloat(s: string): number | null {
  if (/^[-+]?(?:inf|infinity|nan)$/i.test(s)) return null;
  return /^[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?$/.test(s) ? Number(s) : null;
}

/** formatG: Go's %g for the numbers a flag holds (shortest form, exponent past 21 digits). */
function formatG(x: number): string {
  const t = String(x);
  return t.includes('e') ? t.replace(/e([+-])(\d)$/, 'e$10$2') : t;
}

/** parseAutoscale reads the line (autoscale.go NewCmdAutoscale, Validate). */
export function parseAutoscale(ctx: VerbContext): KubectlCommand | KubectlError {
  const f = ctx.flags(
    [
      { name: 'min', type: 'int' },
      { name: 'max', type: 'int' },
      { name: 'cpu-percent', type: 'int' },
      { name: 'cpu', type: 'string' },
      { name: 'memory', type: 'string' },
      { name: 'name', type: 'string' },
    ],
    'kubectl autoscale',
  );
  if ('error' in f) return f;
  // cobra's MarkFlagRequired, checked before Run.
  if (f.flags.max === undefined) return { error: 'error: required flag(s) "max" not set' };
  const min = (f.flags.min as number | undefined) ?? -1;
  const max = f.flags.max as number;
  const cpuPercent = (f.flags['cpu-percent'] as number | undefined) ?? -1;
  const cpu = (f.flags.cpu as string | undefined) ?? '';
  const memory = (f.flags.memory as string | undefined) ?? '';
  const warnings = f.flags['cpu-percent'] === undefined ? [] : [CPU_PERCENT_DEPRECATED];
  const fail = (message: string): KubectlError => ({ error: [...warnings, `error: ${message}`].join('\n') });
  if (max < 1) return fail(`--max=MAXPODS is required and must be at least 1, max: ${max}`);
  if (max < min) return fail(`--max=MAXPODS must be larger or equal to --min=MINPODS, max: ${max}, min: ${min}`);
  if (cpuPercent > 0 && cpu !== '') return fail('--cpu-percent and --cpu are mutually exclusive');
  for (const [value, resource] of [
    [cpu, 'cpu'],
    [memory, 'memory'],
  ] as const) {
    if (value === '') continue;
    const r = parseResourceInput(value, resource);
    if ('error' in r) return fail(r.error);
  }
  const t = parseTargets(f.args, { allowEmptySelector: false, hasSelector: false });
  if ('error' in t) return { error: [...warnings, t.error].join('\n') };
  const name = (f.flags.name as string | undefined) ?? '';
  return { verb: 'autoscale', namespace: namespaceOf(f.flags), targets: t.targets, min, max, cpuPercent, cpu, memory, name, warnings };
}
