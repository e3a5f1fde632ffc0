/**
 * The sweep view's actions: run a grid of variants of the working scenario on the worker pool
 * (worker/pool.ts, one worker per core), cancel it, and take a cell to the run or to Compare.
 * Lines land in the store at most every SWEEP_STORE_MS, so a sweep of quick cells does not
 * re-render the heatmaps a hundred times a second.
 */
import type { Variant } from '../scenario/variantFields.ts';
import type { SweepLine } from '../timeline/sweep.ts';
import { type PoolWorkerLike, WorkerPool } from '../worker/pool.ts';
import type { SweepInit, SweepTask } from '../worker/sweepHost.ts';
import { loadScenarioText } from './actions.ts';
import { addVariant, openCompare } from './compareActions.ts';
import { readSetup, type SweepForm, sweepTasks } from './sweepGrid.ts';
import { type AppStore, appStore } from './store.ts';

/** Shortest time between two store updates while a sweep runs. */
export const SWEEP_STORE_MS = 100;

let makeWorker: () => PoolWorkerLike = () =>
  new Worker(new URL('../worker/sweep.worker.ts', import.meta.url), {
    type: 'module',
    name: 'rollout-lab-sweep',
  });
let pool: WorkerPool<SweepTask, SweepLine> | null = null;

/** setSweepWorkerFactory sets how pool workers are made (tests run them in-thread) and the pool size. */
export function setSweepWorkerFactory(create: () => PoolWorkerLike, size?: number): void {
  pool?.dispose();
  makeWorker = create;
  pool = new WorkerPool(create, size);
}

function thePool(): WorkerPool<SweepTask, SweepLine> {
  pool ??= new WorkerPool(makeWorker);
  return pool;
}

/** warmSweep starts the pool's workers ahead of the first run. */
export function warmSweep(): void {
  thePool().prestart();
}

/** setSweepForm changes the form (a run already shown stays until the next Run). */
export function setSweepForm(patch: Partial<SweepForm>, store: AppStore = appStore): void {
  const s = store.getState();
  s.sweepUpdate({ sweepForm: { ...s.sweepForm, ...patch }, sweepMessage: null });
}

/** seedOf reads the scenario's seed from its YAML (the first seeds of a multi-seed sweep start there). */
function seedOf(yaml: string): number {
  const m = /^seed:\s*(\d+)\s*$/m.exec(yaml);
  return m ? Number(m[1]) : 1;
}

/** runSweep runs the form's grid over the working scenario; resolves when it ends. */
export async function runSweep(store: AppStore = appStore): Promise<void> {
  const s = store.getState();
  const base = s.scenarioText;
  const read = readSetup(s.sweepForm, seedOf(base));
  if (!read.ok) {
    s.sweepUpdate({ sweepMessage: read.message });
    return;
  }
  const tasks = sweepTasks(read.setup);
  const lines: (SweepLine | null)[] = tasks.map(() => null);
  let done = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    timer = null;
    store.getState().sweepUpdate({ sweepLines: lines.slice(), sweepDone: done });
  };
  s.sweepUpdate({
    sweepRun: { setup: read.setup, base, tasks: tasks.length },
    sweepLines: lines.slice(),
    sweepDone: 0,
    sweepStatus: 'running',
    sweepMessage: null,
    sweepSelected: null,
    sweepElapsedMs: null,
  });
  const t0 = performance.now();
  const init: SweepInit = { scenario: base, workload: null };
  const outcome = await thePool().run(init, tasks, (i, line) => {
    lines[i] = line;
    done++;
    timer ??= setTimeout(flush, SWEEP_STORE_MS);
  });
  if (timer !== null) clearTimeout(timer);
  flush();
  store.getState().sweepUpdate({
    sweepStatus: outcome,
    sweepElapsedMs: outcome === 'done' ? Math.round(performance.now() - t0) : null,
    ...(outcome === 'failed'
      ? { sweepMessage: 'A sweep worker failed; the cells run so far are shown.' }
      : {}),
  });
}

/** cancelSweep stops the sweep going on (the cells done so far stay). */
export function cancelSweep(): void {
  pool?.cancel();
}

/** selectCell picks a heatmap cell (null: none). */
export function selectCell(cell: { xi: number; yi: number } | null, store: AppStore = appStore): void {
  store.getState().sweepUpdate({ sweepSelected: cell });
}

/** openVariant loads the sweep's scenario with a cell's values as the working scenario. */
export async function openVariant(variant: Variant, store: AppStore = appStore): Promise<string | null> {
  const run = store.getState().sweepRun;
  if (!run) return null;
  const { parseScenarioText } = await import('../scenario/parse.ts');
  const { applyVariant, targetWorkload } = await import('../scenario/variants.ts');
  const parsed = parseScenarioText(run.base);
  if (!parsed.ok) return parsed.errors[0] ?? '';
  const ref = targetWorkload(parsed.value);
  if (!ref.ok) return ref.errors[0] ?? '';
  const v = applyVariant(parsed.value, ref.value, variant);
  if (!v.ok) return v.errors[0] ?? '';
  const r = await loadScenarioText(JSON.stringify(v.value));
  if (!r.ok) return r.message ?? '';
  store.getState().setView('run');
  return null;
}

/** compareVariant adds a cell's variant to Compare (a new compare when it varies another scenario). */
export function compareVariant(variant: Variant, store: AppStore = appStore): Promise<string | null> {
  const s = store.getState();
  const base = s.sweepRun?.base ?? s.scenarioText;
  if (s.compareBase !== base) {
    return openCompare([], { base, store }).then(() => addVariant(variant, store));
  }
  return addVariant(variant, store);
}
