/**
 * A sweep worker thread (cli/sweep.ts): told the scenario once, then runs the variants it is sent,
 * one message each way per variant, with the same runVariant the page's sweep workers use.
 */
import { parentPort } from 'node:worker_threads';
import type { Scenario } from '../src/scenario/types.ts';
import type { Variant, WorkloadRef } from '../src/scenario/variants.ts';
import { runVariant } from '../src/timeline/sweep.ts';

/** What the main thread sends: the scenario first, then one variant at a time. */
export type ToWorker =
  | { type: 'init'; scenario: Scenario; ref: WorkloadRef; untilMs: number | null }
  | { type: 'run'; index: number; variant: Variant };

let init: Extract<ToWorker, { type: 'init' }> | null = null;

parentPort?.on('message', (m: ToWorker) => {
  if (m.type === 'init') {
    init = m;
    return;
  }
  if (!init) throw new Error('sweep worker: a variant came before the scenario');
  const line = runVariant(init.scenario, init.ref, m.variant, init.untilMs ?? undefined);
  parentPort?.postMessage({ index: m.index, line });
});
