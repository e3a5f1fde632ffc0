/**
 * `--sweep` (DESIGN.md §11): the cross product of the given values, each variant run headless on
 * a Node worker thread (--threads N, default one per core), printed as one JSON line per variant in
 * the cross product's order — the same lines whatever the number of threads, since each variant is
 * its own deterministic run and lines are printed in order, not as they finish. A reader that
 * is behind holds the next variants back (the threads wait); one that is gone ends the sweep and
 * its threads at once.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { parseScenarioText } from '../src/scenario/parse.ts';
import type { Scenario } from '../src/scenario/types.ts';
import { crossProduct, targetWorkload, type Variant, type WorkloadRef } from '../src/scenario/variants.ts';
import { runVariant, type SweepLine } from '../src/timeline/sweep.ts';
import { type LineSink, sinkOf } from './pipe.ts';
import type { CliArgs } from './run.ts';
import type { ToWorker } from './sweepWorker.ts';

/** What a sweep prints: its exit code and the lines for stderr (stdout lines go to `write`). */
export interface SweepOutcome {
  code: 0 | 1 | 2;
  stderr: string[];
}

/** runSweepText runs the sweep of `args` over a scenario's text, writing each line as soon as the ones before it are done. */
export async function runSweepText(text: string, args: CliArgs, write: ((line: string) => void) | LineSink): Promise<SweepOutcome> {
  const parsed = parseScenarioText(text);
  if (!parsed.ok) return { code: 1, stderr: parsed.errors.slice(0, 1).map((e) => `error: ${e}`) };
  const ref = targetWorkload(parsed.value, args.workload);
  if (!ref.ok) return { code: 2, stderr: [`error: ${ref.errors[0]}`] };
  const variants = crossProduct(args.sweep);
  if (!variants.ok) return { code: 2, stderr: [`error: --sweep: ${variants.errors[0]}`] };
  const untilMs = args.until === null ? null : Math.round(args.until * 1000);
  const threads = Math.max(1, Math.min(args.threads ?? availableParallelism(), variants.value.length));
  const sink = sinkOf(write);
  if (threads === 1) {
    for (const v of variants.value) {
      if (sink.closed) break;
      await sink.write([JSON.stringify(runVariant(parsed.value, ref.value, v, untilMs ?? undefined))]);
    }
  } else {
    await onThreads(threads, { scenario: parsed.value, ref: ref.value, untilMs }, variants.value, sink);
  }
  return { code: 0, stderr: [] };
}

/**
 * onThreads hands variants to `threads` worker threads, the next one to whichever finishes first
 * once the reader took the lines printed so far, and prints the lines in variant order. A closed
 * reader terminates every thread and resolves.
 */
function onThreads(
  threads: number,
  init: { scenario: Scenario; ref: WorkloadRef; untilMs: number | null },
  variants: readonly Variant[],
  sink: LineSink,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = new Map<number, SweepLine>();
    let next = 0;
    let printed = 0;
    const workers: Worker[] = [];
    const stopAll = () => {
      for (const w of workers) void w.terminate();
    };
    const feed = (w: Worker) => {
      if (next >= variants.length) return;
      const index = next++;
      w.postMessage({ type: 'run', index, variant: variants[index] as Variant } satisfies ToWorker);
    };
    for (let k = 0; k < threads; k++) {
      const w = new Worker(new URL('./sweepWorker.mjs', import.meta.url));
      workers.push(w);
      w.on('message', (m: { index: number; line: SweepLine }) => {
        done.set(m.index, m.line);
        const ready: string[] = [];
        while (done.has(printed)) {
          ready.push(JSON.stringify(done.get(printed)));
          done.delete(printed);
          printed++;
        }
        const drained = sink.write(ready);
        const next = () => {
          if (printed === variants.length || sink.closed) {
            stopAll();
            resolve();
          } else feed(w);
        };
        if (drained) void drained.then(next);
        else next();
      });
      w.on('error', (e) => {
        stopAll();
        reject(e);
      });
      w.postMessage({ type: 'init', ...init } satisfies ToWorker);
      feed(w);
    }
  });
}
