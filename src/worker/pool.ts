/**
 * WorkerPool: a few workers that run a list of tasks, each task going to whichever worker is free
 * (a sweep's cells take from 10 ms to seconds each, so a fixed split would leave a worker idle).
 * Results come back by task index as they finish; `cancel` drops the tasks not yet started and
 * terminates the busy workers (a cell of a 1,000-replica run can take a second; waiting for it is
 * not a cancel), and the pool makes fresh ones for the next run.
 *
 * Messages (pool → worker): `{type: 'init', job, payload}` once per run and worker, then
 * `{type: 'task', job, index, payload}`; (worker → pool): `{type: 'done', job, index, result}`.
 * `job` numbers runs, so a late answer of a cancelled run is ignored.
 */

/** The part of Worker the pool uses (tests hand in in-thread ones). */
export interface PoolWorkerLike {
  postMessage(message: PoolRequest): void;
  addEventListener(type: 'message' | 'error', listener: (event: Event) => void): void;
  terminate(): void;
}

export type PoolRequest =
  | { type: 'init'; job: number; payload: unknown }
  | { type: 'task'; job: number; index: number; payload: unknown };

export interface PoolReply {
  type: 'done';
  job: number;
  index: number;
  result: unknown;
}

/** How a run ended. */
export type PoolOutcome = 'done' | 'cancelled' | 'failed';

/** poolSize is one worker per core the browser reports (at least 1, at most 8). */
export function poolSize(cores: number | undefined = globalThis.navigator?.hardwareConcurrency): number {
  return Math.max(1, Math.min(8, Math.floor(cores ?? 1) || 1));
}

interface Slot {
  worker: PoolWorkerLike;
  busy: number | null;
}

/** The run going on. */
interface Active<Task, Result> {
  job: number;
  tasks: readonly Task[];
  next: number;
  done: number;
  onResult: (index: number, result: Result) => void;
  resolve: (outcome: PoolOutcome) => void;
}

export class WorkerPool<Task, Result> {
  private slots: Slot[] = [];
  private job = 0;
  private active: Active<Task, Result> | null = null;

  constructor(
    private readonly create: () => PoolWorkerLike,
    readonly size: number = poolSize(),
  ) {}

  /**
   * run hands `tasks` out (after `init` to each worker) and calls `onResult` for each as it
   * finishes; resolves once all are done, or with 'cancelled' / 'failed' (a worker error). One run
   * at a time: a new run cancels the one going on.
   */
  run(
    init: unknown,
    tasks: readonly Task[],
    onResult: (index: number, result: Result) => void,
  ): Promise<PoolOutcome> {
    this.cancel();
    if (tasks.length === 0) return Promise.resolve('done');
    const job = ++this.job;
    return new Promise<PoolOutcome>((resolve) => {
      this.active = { job, tasks, next: 0, done: 0, onResult, resolve };
      const want = Math.min(this.size, tasks.length);
      while (this.slots.length < want) this.slots.push(this.spawn());
      for (const slot of this.slots.slice(0, want)) {
        slot.worker.postMessage({ type: 'init', job, payload: init });
        this.feed(slot);
      }
    });
  }

  /**
   * prestart starts the workers before the first run (a worker loads and compiles the engine in
   * ~0.2 s; a page starts them when the sweep view opens, while the reader sets the grid up).
   */
  prestart(): void {
    while (this.slots.length < this.size) this.slots.push(this.spawn());
  }

  /** cancel stops the run going on: queued tasks are dropped, busy workers terminated. */
  cancel(): void {
    this.end('cancelled');
  }

  /** dispose terminates every worker. */
  dispose(): void {
    this.cancel();
    for (const s of this.slots) s.worker.terminate();
    this.slots = [];
  }

  /** end finishes the active run; busy workers cannot be interrupted, so they are terminated. */
  private end(outcome: PoolOutcome): void {
    const a = this.active;
    this.active = null;
    this.job++;
    for (const s of this.slots) if (s.busy !== null) s.worker.terminate();
    this.slots = this.slots.filter((s) => s.busy === null);
    a?.resolve(outcome);
  }

  private feed(slot: Slot): void {
    const a = this.active;
    if (!a || a.next >= a.tasks.length) {
      slot.busy = null;
      return;
    }
    const index = a.next++;
    slot.busy = index;
    slot.worker.postMessage({ type: 'task', job: a.job, index, payload: a.tasks[index] });
  }

  private spawn(): Slot {
    const slot: Slot = { worker: this.create(), busy: null };
    slot.worker.addEventListener('message', (event) => {
      const m = ('data' in event ? event.data : null) as PoolReply | null;
      const a = this.active;
      if (m?.type !== 'done' || !a || m.job !== a.job || slot.busy !== m.index) return;
      slot.busy = null;
      a.onResult(m.index, m.result as Result);
      a.done++;
      if (a.done === a.tasks.length) {
        this.active = null;
        a.resolve('done');
      } else this.feed(slot);
    });
    slot.worker.addEventListener('error', () => {
      if (this.active && slot.busy !== null) this.end('failed');
    });
    return slot;
  }
}
