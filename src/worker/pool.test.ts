import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SweepLine } from '../timeline/sweep.ts';
import { type PoolReply, type PoolRequest, type PoolWorkerLike, poolSize, WorkerPool } from './pool.ts';
import { SweepHost } from './sweepHost.ts';

const SEED = readFileSync(new URL('../scenario/presets/seed.yaml', import.meta.url), 'utf8');

/** InThread: a pool worker on this thread (answers a macrotask later, like a worker), counting what it ran. */
class InThread implements PoolWorkerLike {
  static made: InThread[] = [];
  ran: number[] = [];
  terminated = false;
  private listeners: ((e: Event) => void)[] = [];
  private errors: ((e: Event) => void)[] = [];
  constructor(private readonly answer: (m: PoolRequest, reply: (r: PoolReply) => void) => void) {
    InThread.made.push(this);
  }
  postMessage(m: PoolRequest): void {
    if (m.type === 'task') this.ran.push(m.index);
    setTimeout(() => {
      if (this.terminated) return;
      this.answer(m, (r) => {
        for (const l of this.listeners) l(new MessageEvent('message', { data: r }));
      });
    }, 0);
  }
  addEventListener(type: 'message' | 'error', l: (e: Event) => void): void {
    (type === 'message' ? this.listeners : this.errors).push(l);
  }
  fail(): void {
    for (const l of this.errors) l(new Event('error'));
  }
  terminate(): void {
    this.terminated = true;
  }
}

/** echo answers each task with its payload doubled. */
const echo = () =>
  new InThread((m, reply) => {
    if (m.type === 'task')
      reply({ type: 'done', job: m.job, index: m.index, result: (m.payload as number) * 2 });
  });

describe('WorkerPool', () => {
  it('runs every task once, on every worker, and hands results back by index', async () => {
    InThread.made = [];
    const pool = new WorkerPool<number, number>(echo, 3);
    const results: number[] = [];
    const outcome = await pool.run(null, [1, 2, 3, 4, 5, 6, 7], (i, r) => {
      results[i] = r;
    });
    expect(outcome).toBe('done');
    expect(results).toEqual([2, 4, 6, 8, 10, 12, 14]);
    expect(InThread.made).toHaveLength(3);
    expect(InThread.made.flatMap((w) => w.ran).sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(InThread.made.every((w) => w.ran.length >= 2)).toBe(true);
    pool.dispose();
  });

  it('cancels: queued tasks are dropped, busy workers terminated, and the next run gets fresh ones', async () => {
    InThread.made = [];
    const never = () => new InThread(() => {});
    const pool = new WorkerPool<number, number>(never, 2);
    const results: number[] = [];
    const running = pool.run(null, [1, 2, 3, 4], (i, r) => {
      results[i] = r;
    });
    pool.cancel();
    expect(await running).toBe('cancelled');
    expect(results).toEqual([]);
    expect(InThread.made.map((w) => [w.ran, w.terminated])).toEqual([
      [[0], true],
      [[1], true],
    ]);
    const pool2 = new WorkerPool<number, number>(echo, 2);
    expect(await pool2.run(null, [5], () => {})).toBe('done');
  });

  it('reports a worker that fails', async () => {
    InThread.made = [];
    const pool = new WorkerPool<number, number>(() => new InThread(() => {}), 1);
    const running = pool.run(null, [1, 2], () => {});
    InThread.made[0]?.fail();
    expect(await running).toBe('failed');
  });

  it('ignores a late answer of a cancelled run', async () => {
    const replies: ((r: PoolReply) => void)[] = [];
    const pending: PoolRequest[] = [];
    const pool = new WorkerPool<number, number>(
      () =>
        new InThread((m, reply) => {
          if (m.type === 'task') {
            pending.push(m);
            replies.push(reply);
          }
        }),
      1,
    );
    const seen: number[] = [];
    const first = pool.run(null, [1], (i) => seen.push(i));
    await new Promise((r) => setTimeout(r, 5));
    pool.cancel();
    await first;
    const m = pending[0] as Extract<PoolRequest, { type: 'task' }>;
    replies[0]?.({ type: 'done', job: m.job, index: m.index, result: 2 });
    expect(seen).toEqual([]);
  });
});

describe('poolSize', () => {
  it.each([
    [2, 2],
    [undefined, 1],
    [0, 1],
    [64, 8],
  ])('is one worker per core: %s cores → %i', (cores, size) => {
    expect(poolSize(cores)).toBe(size);
  });
});

describe('SweepHost on the pool', () => {
  it('answers each variant with the line the CLI prints for it', async () => {
    // One host per worker keeps the init: a worker that only saw tasks would answer with an error.
    const hosts = new Map<number, SweepHost>();
    const lines: SweepLine[] = [];
    let made = 0;
    const shared = new WorkerPool<{ variant: object }, SweepLine>(() => {
      const k = made++;
      return new InThread((m, reply) => {
        let h = hosts.get(k);
        if (!h) {
          h = new SweepHost(reply);
          hosts.set(k, h);
        }
        h.handle(m);
      });
    }, 2);
    const tasks = [
      { variant: { maxSurge: 0, maxUnavailable: 0 } },
      { variant: { maxSurge: '100%', maxUnavailable: 1 } },
    ];
    expect(await shared.run({ scenario: SEED, workload: null }, tasks, (i, l) => (lines[i] = l))).toBe(
      'done',
    );
    expect(lines[0]).toMatchObject({ error: expect.stringContaining('may not be 0 when `maxSurge` is 0') });
    expect(lines[1]).toMatchObject({
      variant: { maxSurge: '100%', maxUnavailable: 1 },
      revision: '2',
      maxPods: 20,
    });
    shared.dispose();
  });

  it('gives the same lines on one worker as on two, whichever finishes first', async () => {
    /** sweep runs a maxSurge × maxUnavailable grid on a pool of `size` sweep hosts. */
    const sweep = async (size: number): Promise<SweepLine[]> => {
      const hosts: SweepHost[] = [];
      let made = 0;
      const pool = new WorkerPool<{ variant: object }, SweepLine>(() => {
        const k = made++;
        return new InThread((m, reply) => {
          hosts[k] ??= new SweepHost(reply);
          hosts[k].handle(m);
        });
      }, size);
      const tasks = [0, '50%', '100%'].flatMap((maxSurge) =>
        [0, 1].map((maxUnavailable) => ({ variant: { maxSurge, maxUnavailable } })),
      );
      const lines: SweepLine[] = [];
      expect(await pool.run({ scenario: SEED, workload: null }, tasks, (i, l) => (lines[i] = l))).toBe(
        'done',
      );
      expect(hosts).toHaveLength(size);
      pool.dispose();
      return lines;
    };
    const one = await sweep(1);
    expect(one).toHaveLength(6);
    expect(await sweep(2)).toEqual(one);
  });

  it('answers every variant with the reason when the scenario does not read', () => {
    const out: PoolReply[] = [];
    const h = new SweepHost((r) => out.push(r));
    h.handle({
      type: 'init',
      job: 1,
      payload: { scenario: 'version: 1\nname: x\nobjects: []\n', workload: null },
    });
    h.handle({ type: 'task', job: 1, index: 0, payload: { variant: { seed: 2 } } });
    expect(out).toEqual([
      {
        type: 'done',
        job: 1,
        index: 0,
        result: { variant: { seed: 2 }, error: 'the scenario has no workload to vary' },
      },
    ]);
  });
});
