/**
 * Validation of `cluster.images` (DESIGN.md §4, §15): per image reference, the simulated pull,
 * start and readiness delays, failures, and the application's request time and capacity; and the
 * delays in virtual seconds the cluster and its images share.
 */
import { checkFields, field, formatCount, has, isFiniteNumber, isRecord, type Issues, report } from './check.ts';
import { type ImageSpec, LIMITS, type SecondsSpec } from './types.ts';
import { MAX_RPS } from './validateTraffic.ts';

const IMAGE_FIELDS = ['pullSeconds', 'startSeconds', 'readySeconds', 'runSeconds', 'pull', 'crash', 'ready', 'preStopSeconds', 'onSigterm', 'requestMs', 'maxRps'] as const;

/** validateImages checks `cluster.images`: per image reference (or "default") its behaviour. */
export function validateImages(issues: Issues, path: string, x: unknown): Record<string, ImageSpec> | undefined {
  if (!isRecord(x)) {
    report(issues, path, 'must be a mapping from image reference (or "default") to its behaviour');
    return undefined;
  }
  const entries: [string, ImageSpec][] = [];
  for (const [ref, spec] of Object.entries(x)) {
    const p = field(path, ref);
    if (ref === '' || /\s/.test(ref)) {
      report(issues, p, 'an image reference must be non-empty and contain no spaces (e.g. "nginx:1.9.3")');
      continue;
    }
    if (!isRecord(spec)) {
      report(issues, p, `must be a mapping with ${IMAGE_FIELDS.join(', ')}`);
      continue;
    }
    checkFields(issues, p, spec, IMAGE_FIELDS);
    const out: ImageSpec = {};
    for (const k of ['pullSeconds', 'startSeconds', 'readySeconds', 'runSeconds', 'preStopSeconds'] as const) {
      if (!has(spec, k)) continue;
      const s = seconds(issues, field(p, k), spec[k], true);
      if (s !== undefined) out[k] = s;
    }
    if (has(spec, 'pull')) {
      if (spec.pull === 'fail') out.pull = 'fail';
      else report(issues, field(p, 'pull'), 'must be "fail"');
    }
    if (has(spec, 'crash')) {
      if (typeof spec.crash === 'boolean') out.crash = spec.crash;
      else report(issues, field(p, 'crash'), 'must be true or false');
    }
    if (has(spec, 'ready')) {
      if (spec.ready === 'never') out.ready = 'never';
      else report(issues, field(p, 'ready'), 'must be "never"');
    }
    validateApplication(issues, p, spec, out);
    entries.push([ref, out]);
  }
  return Object.fromEntries(entries);
}

/** validateApplication checks the application fields of an image (DESIGN.md §15). */
function validateApplication(issues: Issues, p: string, spec: Record<string, unknown>, out: ImageSpec): void {
  if (has(spec, 'onSigterm')) {
    if (spec.onSigterm === 'exit' || spec.onSigterm === 'drain') out.onSigterm = spec.onSigterm;
    else report(issues, field(p, 'onSigterm'), `Unsupported value: ${JSON.stringify(spec.onSigterm)}: supported values: "exit", "drain"`);
  }
  if (has(spec, 'requestMs')) {
    const v = spec.requestMs;
    if (isFiniteNumber(v) && v > 0 && v <= 60_000) out.requestMs = v;
    else report(issues, field(p, 'requestMs'), 'must be a number of milliseconds above 0, at most 60,000');
  }
  if (has(spec, 'maxRps')) {
    const v = spec.maxRps;
    if (isFiniteNumber(v) && v > 0 && v <= MAX_RPS) out.maxRps = v;
    else report(issues, field(p, 'maxRps'), `must be a number of requests per second above 0, at most ${formatCount(MAX_RPS)}`);
  }
}

/**
 * seconds checks a delay in virtual seconds: a number from 0 to one day, or (when `range`) a
 * `[min, max]` pair with min ≤ max, drawn uniformly by the engine's PRNG.
 */
export function seconds(issues: Issues, path: string, x: unknown, range: boolean): SecondsSpec | undefined {
  const inRange = (v: unknown): v is number => isFiniteNumber(v) && v >= 0 && v <= LIMITS.seconds;
  if (inRange(x)) return x;
  const what = `a number of seconds from 0 to ${formatCount(LIMITS.seconds)}`;
  if (range && Array.isArray(x)) {
    const [lo, hi] = x as unknown[];
    if (x.length !== 2 || !inRange(lo) || !inRange(hi)) {
      report(issues, path, `must be ${what}, or a [min, max] pair of them`);
      return undefined;
    }
    if (lo > hi) {
      report(issues, path, `[min, max] needs min ≤ max, got [${lo}, ${hi}]`);
      return undefined;
    }
    return [lo, hi];
  }
  report(issues, path, range ? `must be ${what}, or a [min, max] pair of them` : `must be ${what}`);
  return undefined;
}
