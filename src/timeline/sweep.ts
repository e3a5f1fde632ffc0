/**
 * One sweep cell (DESIGN.md §11): a variant of a scenario run headless, reported as the §10
 * figures of its workload's first rollout after t = 0, or as the reason it could not run (the
 * API server's refusal of the variant). The CLI's worker threads and the page's sweep workers
 * both call runVariant, so a cell has the same figures everywhere.
 */
import type { Scenario } from '../scenario/types.ts';
import { applyVariant, summaryWorkload, type Variant, type WorkloadRef } from '../scenario/variants.ts';
import { runHeadless } from './headless.ts';
import { firstRolloutAfterStart, type RolloutSummary, summaryFields } from './summary.ts';

/** A sweep line: the variant and its figures, or the variant and why it did not run. */
export type SweepLine = ({ variant: Variant } & RolloutSummary) | { variant: Variant; error: string };

/** isSweepError tells an error line from a figures line. */
export function isSweepError(line: SweepLine): line is { variant: Variant; error: string } {
  return 'error' in line;
}

/**
 * runVariant runs `base` with the variant's values on workload `ref` until that workload's first
 * rollout after t = 0 is over (or the run's end, `untilMs`), and reports it.
 */
export function runVariant(base: Scenario, ref: WorkloadRef, variant: Variant, untilMs?: number): SweepLine {
  const s = applyVariant(base, ref, variant);
  if (!s.ok) return { variant, error: s.errors[0] ?? 'the variant is invalid' };
  const workload = summaryWorkload(s.value, ref);
  try {
    const run = runHeadless(s.value, { stopAfterFirstRolloutOf: workload, ...(untilMs !== undefined ? { untilMs } : {}) });
    const r = firstRolloutAfterStart(run.rollouts, workload);
    if (r === null) return { variant, error: `${workload} has no rollout after t = 0` };
    return { variant, ...summaryFields(r) };
  } catch (e) {
    return { variant, error: `the simulation stopped: ${e instanceof Error ? e.message : String(e)}` };
  }
}
