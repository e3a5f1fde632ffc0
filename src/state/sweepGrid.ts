/**
 * A sweep grid as plain data: the tasks a sweep runs (every cell × every seed) and its cells'
 * figures once the lines come back — min / median / max over the seeds of the duration, the least
 * available and the most pods; a cell the API server refuses keeps its message.
 */
import {
  crossProduct,
  parseAxis,
  type SweepAxis,
  type SweepField,
  type Variant,
  type VariantValue,
} from '../scenario/variantFields.ts';
import type { SweepLine } from '../timeline/sweep.ts';

/** Most seeds per cell. */
export const MAX_SEEDS = 10;

/** A sweep's setup: two axes and how many seeds each cell runs. */
export interface SweepSetup {
  x: SweepAxis;
  y: SweepAxis;
  seeds: number;
  /** The first seed (the scenario's); cells run seeds baseSeed … baseSeed + seeds − 1. */
  baseSeed: number;
}

/** The form as typed: fields and comma-separated values. */
export interface SweepForm {
  xField: SweepField;
  xValues: string;
  yField: SweepField;
  yValues: string;
  seeds: number;
}

/** percentValues lists 0% … 100% in steps of `step` percent: 25 → 0%, 25%, 50%, 75%, 100%. */
export function percentValues(step: number): string {
  const out: string[] = [];
  for (let p = 0; p <= 100; p += step) out.push(`${p}%`);
  return out.join(', ');
}

/** readSetup checks a form: one message for the first problem, or the setup. */
export function readSetup(
  form: SweepForm,
  baseSeed: number,
): { ok: true; setup: SweepSetup } | { ok: false; message: string } {
  const x = parseAxis(`${form.xField}=${form.xValues.replace(/\s+/g, '')}`);
  if (!x.ok) return { ok: false, message: x.errors[0] ?? '' };
  const y = parseAxis(`${form.yField}=${form.yValues.replace(/\s+/g, '')}`);
  if (!y.ok) return { ok: false, message: y.errors[0] ?? '' };
  const cells = crossProduct([x.value, y.value]);
  if (!cells.ok) return { ok: false, message: cells.errors[0] ?? '' };
  if (!Number.isInteger(form.seeds) || form.seeds < 1 || form.seeds > MAX_SEEDS) {
    return { ok: false, message: `seeds: must be a whole number from 1 to ${MAX_SEEDS}` };
  }
  if (form.seeds > 1 && (form.xField === 'seed' || form.yField === 'seed')) {
    return { ok: false, message: 'seeds: a sweep over seed runs one seed per cell' };
  }
  return { ok: true, setup: { x: x.value, y: y.value, seeds: form.seeds, baseSeed } };
}

/** cellVariant is the variant of cell (xi, yi), without a seed. */
export function cellVariant(setup: SweepSetup, xi: number, yi: number): Variant {
  return {
    [setup.x.field]: setup.x.values[xi] as VariantValue,
    [setup.y.field]: setup.y.values[yi] as VariantValue,
  };
}

/** sweepTasks lists every run: cells column by column (x slowest), each cell's seeds together. */
export function sweepTasks(setup: SweepSetup): { variant: Variant }[] {
  const out: { variant: Variant }[] = [];
  for (let xi = 0; xi < setup.x.values.length; xi++) {
    for (let yi = 0; yi < setup.y.values.length; yi++) {
      for (let k = 0; k < setup.seeds; k++) {
        const v = cellVariant(setup, xi, yi);
        out.push({ variant: setup.seeds > 1 ? { ...v, seed: setup.baseSeed + k } : v });
      }
    }
  }
  return out;
}

/** Min, median and max of a cell's values over its seeds. */
export interface Spread {
  min: number;
  median: number;
  max: number;
}

/** spread of a list of numbers (null when empty); the median of an even count is the mean of the middle two. */
export function spread(values: readonly number[]): Spread | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = (s.length - 1) / 2;
  const median = ((s[Math.floor(mid)] as number) + (s[Math.ceil(mid)] as number)) / 2;
  return { min: s[0] as number, median, max: s[s.length - 1] as number };
}

export interface SweepCell {
  xi: number;
  yi: number;
  variant: Variant;
  /** Seeds finished / asked. */
  done: number;
  seeds: number;
  /** The API server's refusal (the same for every seed), or null. */
  error: string | null;
  /** Over the seeds whose rollout completed. */
  duration: Spread | null;
  /** Seeds whose rollout did not complete (stalled, or the progress deadline exceeded). */
  incomplete: number;
  deadlineExceeded: number;
  minAvailable: Spread | null;
  maxPods: Spread | null;
  replicas: number | null;
}

/** sweepCells folds the lines returned so far (by task index) into the grid's cells. */
export function sweepCells(setup: SweepSetup, lines: readonly (SweepLine | null | undefined)[]): SweepCell[] {
  const out: SweepCell[] = [];
  let t = 0;
  for (let xi = 0; xi < setup.x.values.length; xi++) {
    for (let yi = 0; yi < setup.y.values.length; yi++) {
      const mine = lines.slice(t, t + setup.seeds).filter((l): l is SweepLine => !!l);
      t += setup.seeds;
      const ok = mine.flatMap((l) => ('error' in l ? [] : [l]));
      const err = mine.find((l) => 'error' in l);
      out.push({
        xi,
        yi,
        variant: cellVariant(setup, xi, yi),
        done: mine.length,
        seeds: setup.seeds,
        error: err && 'error' in err ? err.error : null,
        duration: spread(ok.flatMap((l) => (l.durationSeconds === null ? [] : [l.durationSeconds]))),
        incomplete: ok.filter((l) => !l.complete).length,
        deadlineExceeded: ok.filter((l) => l.progressDeadlineExceeded).length,
        minAvailable: spread(ok.map((l) => l.minAvailable)),
        maxPods: spread(ok.map((l) => l.maxPods)),
        replicas: ok[0]?.replicas ?? null,
      });
    }
  }
  return out;
}
