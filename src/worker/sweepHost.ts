/**
 * What a sweep worker does (pool.ts's protocol): told the scenario once per run, then runs one
 * variant per task headless (timeline/sweep.ts, the same code as the CLI's --sweep) and answers
 * with its line. A scenario or workload it cannot read makes every task's line an error.
 */
import { parseScenarioText } from '../scenario/parse.ts';
import type { Scenario } from '../scenario/types.ts';
import { targetWorkload, type Variant, type WorkloadRef } from '../scenario/variants.ts';
import { runVariant, type SweepLine } from '../timeline/sweep.ts';
import type { PoolReply, PoolRequest } from './pool.ts';

/** What a sweep run tells each worker first. */
export interface SweepInit {
  /** The scenario (YAML or JSON). */
  scenario: string;
  /** `KIND/NAME` or `KIND/NAMESPACE/NAME`, or null for the scenario's first workload. */
  workload: string | null;
}

/** One task: a variant. */
export interface SweepTask {
  variant: Variant;
}

/** SweepHost answers pool requests with sweep lines. */
export class SweepHost {
  private base: { scenario: Scenario; ref: WorkloadRef } | { error: string } | null = null;

  constructor(private readonly post: (reply: PoolReply) => void) {}

  handle(m: PoolRequest): void {
    if (m.type === 'init') {
      const init = m.payload as SweepInit;
      const parsed = parseScenarioText(init.scenario);
      if (!parsed.ok) {
        this.base = { error: parsed.errors[0] ?? 'the scenario is invalid' };
        return;
      }
      const ref = targetWorkload(parsed.value, init.workload);
      this.base = ref.ok
        ? { scenario: parsed.value, ref: ref.value }
        : { error: ref.errors[0] ?? 'no workload' };
      return;
    }
    const { variant } = m.payload as SweepTask;
    const b = this.base;
    const line: SweepLine =
      b === null || 'error' in b
        ? { variant, error: b?.error ?? 'the sweep sent a variant before its scenario' }
        : runVariant(b.scenario, b.ref, variant);
    this.post({ type: 'done', job: m.job, index: m.index, result: line });
  }
}
