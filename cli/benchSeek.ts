/**
 * The seek rows of `npm run bench` (--only=seek, seek-traffic; bench.ts runs them): recordings made
 * whole, then frames built at random ticks as the worker builds them when the slider moves, and the
 * recording's bytes per tick weighed part by part. Issue 24 holds seek p95 ≤ 4 ms with ≤ 800 B/tick
 * on the 10,000-replica rollout; issue 22 holds seek p95 ≤ 4 ms with clients. Also gcNow, which the
 * StatefulSet seek rows use.
 */
import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { SimConfig } from '../src/engine/sim.ts';
import { parseScenarioText } from '../src/scenario/parse.ts';
import type { Scenario } from '../src/scenario/types.ts';
import { Recording } from '../src/timeline/recording.ts';
import { frameAt, newFrameCaches } from '../src/worker/frames.ts';
import { trafficBenchScenario } from './benchTraffic.ts';

type Report = (row: Record<string, number | string>) => void;

function percentile(sorted: number[], p: number): number {
  return Math.round((sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0) * 100) / 100;
}

/** gcNow collects garbage so heap figures mean retained memory (the flag is set at run time). */
export function gcNow(): void {
  setFlagsFromString('--expose_gc');
  (runInNewContext('gc') as () => void)();
}

/**
 * settledGc is gcNow twice with a 20 ms sleep between: the contents of the ArrayBuffers a GC
 * frees are given back by a background task, so right after one GC `arrayBuffers` still counts
 * them. Weighed right after a dropped 3,660-tick recording, the next one's ArrayBuffers read
 * 0 B a tick instead of 87; the 10,000-replica row's read 64-75 B a tick in four runs of the same
 * code (its keyframes' packing drops typed arrays), by what one GC had left to give back. Every
 * weighing here uses it.
 */
export function settledGc(): void {
  gcNow();
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
  gcNow();
}

/**
 * collectBeforeTiming is a full collection before a row's timed part, returning the ms it took (the
 * rows report it as gcMs). An engine row times one run's rollout, and without it that part paid to
 * collect what came before it: the setup's garbage, and every engine of the rows before it in the
 * process (the 10,000-replica rollout leaves ~100 MB). Measured on the 5,000-node DaemonSet after
 * the 1,000-node one, three processes each way in turns: 1,829 / 1,976 / 1,519 ms of CPU without,
 * 1,406 / 1,571 / 1,210 with; the seek rows start from a collected heap the same way.
 */
export function collectBeforeTiming(): number {
  const t0 = process.hrtime.bigint();
  gcNow();
  return Math.round(Number(process.hrtime.bigint() - t0) / 1e6);
}

/** seekTicks draws `count` ticks of a `ticks`-tick recording from a fixed LCG (the same each run). */
function seekTicks(ticks: number, count: number): number[] {
  let x = 12345;
  return Array.from({ length: count }, () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x % (ticks + 1);
  });
}

/** timed runs `f` on each tick and reports (and returns) p50 and p95 of the ms each took. */
function timed(
  report: Report,
  name: string,
  n: number,
  ticks: number,
  at: number[],
  f: (tick: number) => void,
): { p50: number; p95: number } {
  const times = at.map((tick) => {
    const a = process.hrtime.bigint();
    f(tick);
    return Number(process.hrtime.bigint() - a) / 1e6;
  });
  times.sort((a, b) => a - b);
  const p = { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
  report({ name, n, ticks, ...p });
  return p;
}

/**
 * memoryBreakdown weighs a recording's parts by dropping them one by one (it spoils the recording:
 * call it last): the keyframes, the tracks the views read (object cursor, internals, watch lines,
 * chart and markers), the tick log; what is left (rest) is the engine state at the end (packed,
 * as a keyframe is, once recording stopped: Timeline.stop), the first keyframe, a state kept to
 * follow the playhead (Timeline.engineAt), the frame caches and the Event codec's table
 * (eventCodec.ts). A part weighs what only it holds: the API objects the tick log and the cursor
 * share go with the tick log, dropped last; the Events, as text, are shared by the log, the
 * keyframes and the end.
 */
function memoryBreakdown(recs: Recording[], heap0: number, buffers0: number): Record<string, number> {
  const ticks = Math.max(1, recs.reduce((n, r) => n + r.timeline.length, 0));
  const perTick = (bytes: number) => Math.round(bytes / ticks);
  settledGc();
  const total = process.memoryUsage().heapUsed;
  const buffers = process.memoryUsage().arrayBuffers;
  let last = total;
  const drop = (f: (rec: Recording) => void): number => {
    for (const rec of recs) f(rec);
    settledGc();
    const h = process.memoryUsage().heapUsed;
    const freed = last - h;
    last = h;
    return perTick(freed);
  };
  const keyframes = drop((rec) => rec.timeline.keyframes.list.splice(1));
  const internals = drop((rec) => rec.internals.truncate(0));
  const watch = drop((rec) => rec.watch.truncate(0));
  const series = drop((rec) => {
    rec.series.truncate(0);
    rec.markers.truncate(0);
  });
  const cursor = drop((rec) => {
    rec.cursor.truncate(0);
    rec.cursor.reset(rec.timeline.engineAt(0));
  });
  // Any other track (none yet) counts with the tracks.
  const others = drop((rec) => {
    for (const t of rec.timeline.tracks) t.truncate(0);
  });
  const tickLog = drop((rec) => rec.timeline.records.truncate(0));
  return {
    bytesPerTick: perTick(total - heap0),
    // Typed arrays' contents live outside the heap (tick log columns, the cursor's write log and
    // pod columns, keyframes' pod numbers).
    arrayBufferBytesPerTick: perTick(buffers - buffers0),
    tickLogBytesPerTick: tickLog,
    keyframeBytesPerTick: keyframes,
    trackBytesPerTick: internals + watch + series + cursor + others,
    objectCursorBytesPerTick: cursor,
    internalsBytesPerTick: internals,
    watchBytesPerTick: watch,
    seriesBytesPerTick: series,
    restBytesPerTick: perTick(last - heap0),
  };
}

/** scenarioOf turns a bench cluster into a scenario (validation is skipped: it allows 5,000 replicas). */
export function scenarioOf(n: number, config: SimConfig): Scenario {
  return {
    version: 1,
    name: `bench ${n}`,
    seed: 1,
    cluster: { nodes: config.nodes.map((x) => ({ name: x.name, maxPods: x.maxPods })) },
    objects: config.objects,
    actions: [{ at: 60, kubectl: 'set image deployment/web web=web:2' }],
  };
}

/** Issue 24's targets for the 10,000-replica recording, held together. */
const SEEK_P95_MS = 4;
const BYTES_PER_TICK = 800;

/**
 * benchSeek records a whole `n`-replica rollout (the same cluster as benchRollout) and times 1,000
 * seeks to random ticks: the object cursor moved there and the full frame built (packed pods, nodes,
 * workloads, Explain), which is what the worker does when the slider moves; `seek-cursor` is the
 * cursor's part alone. `seek-engine` is the full engine state at 20 random ticks (what a fork or a
 * kubectl query starts from), `seek-engine-follow` at 20 ticks 25 apart (a panel following the
 * playhead). `recording-memory` weighs the recording per tick. `seek-and-memory` puts the two
 * figures issue 24 holds together on one line: seek p95 ≤ 4 ms with ≤ 800 bytes a tick (a lighter
 * recording that seeks slower, or the reverse, shows there at once).
 */
export function benchSeek(report: Report, n: number, config: SimConfig): void {
  settledGc();
  const { heapUsed: heap0, arrayBuffers: buffers0 } = process.memoryUsage();
  const rec = new Recording(scenarioOf(n, config));
  const t0 = process.hrtime.bigint();
  rec.timeline.record();
  const recordMs = Number(process.hrtime.bigint() - t0) / 1e6;
  const tl = rec.timeline;
  const ticks = tl.length;
  const caches = newFrameCaches();
  const seek = timed(report, 'seek', n, ticks, seekTicks(ticks, 1000), (tick) => frameAt(rec, tick, true, caches));
  timed(report, 'seek-cursor', n, ticks, seekTicks(ticks, 1000).reverse(), (tick) => rec.cursor.moveTo(tick));
  timed(report, 'seek-engine', 20, ticks, seekTicks(ticks, 20), (tick) => tl.engineAt(tick));
  const from = Math.floor(ticks * 0.6);
  timed(report, 'seek-engine-follow', 20, ticks, Array.from({ length: 20 }, (_, k) => from + 25 * k), (tick) => tl.engineAt(tick));
  const kf = tl.keyframes.list;
  const facts = {
    end: tl.end ?? 'recording',
    recordMs: Math.round(recordMs),
    keyframes: kf.length,
    keyframeSpacingTicks: Math.round(ticks / kf.length),
    keyframeEntries: tl.keyframes.totalEntries(),
    internalsSnapshots: rec.internals.distinct(),
    objectSnapshots: rec.cursor.snapshotCount(),
  };
  const memory = memoryBreakdown([rec], heap0, buffers0);
  report({ name: 'recording-memory', n, ticks, ...facts, ...memory });
  const bytesPerTick = memory.bytesPerTick ?? Number.NaN;
  // The target weighs the heap and the typed arrays together: a recording that moves its bytes
  // into ArrayBuffers (column stores, packed keyframes) holds them all the same.
  const totalBytesPerTick = bytesPerTick + (memory.arrayBufferBytesPerTick ?? Number.NaN);
  const met = seek.p95 <= SEEK_P95_MS && totalBytesPerTick <= BYTES_PER_TICK;
  report({
    name: 'seek-and-memory',
    n,
    ticks,
    seekP50: seek.p50,
    seekP95: seek.p95,
    bytesPerTick,
    totalBytesPerTick,
    target: `p95 <= ${SEEK_P95_MS} ms and <= ${BYTES_PER_TICK} B/tick (heap + ArrayBuffers)`,
    met: met ? 'yes' : 'no',
  });
}

/**
 * benchSeedMemory weighs the recording of the Seed preset per tick, as benchSeek does; 20 copies
 * are recorded and weighed together, since one (622 ticks, ~2 MB) is within the heap's noise.
 */
export function benchSeedMemory(report: Report): void {
  const text = readFileSync(new URL('../src/scenario/presets/seed.yaml', import.meta.url), 'utf8');
  const parsed = parseScenarioText(text);
  if (!parsed.ok) throw new Error(parsed.errors[0]);
  settledGc();
  const { heapUsed: heap0, arrayBuffers: buffers0 } = process.memoryUsage();
  const recs = Array.from({ length: 20 }, () => new Recording(parsed.value));
  for (const rec of recs) rec.timeline.record();
  const tl = (recs[0] as Recording).timeline;
  const facts = { end: tl.end ?? 'recording', keyframes: tl.keyframes.list.length };
  report({ name: 'recording-memory', n: 'seed', ticks: tl.length, ...facts, ...memoryBreakdown(recs, heap0, buffers0) });
}


/**
 * benchSeekTraffic is benchSeek on the traffic rows' run (traffic-rollout): the `n`-replica
 * rollout behind a Service with a readinessProbe, recorded without clients and with `rps` requests
 * a second from node-1 (50 s–240 s), then 1,000 frames built at random ticks of each (after an
 * untimed warm-up on a 100-replica recording of the same run). Issue 22
 * holds seeking to p95 ≤ 4 ms with traffic; the row without clients is the same rollout, so the
 * two lines show what the clients add to a seek and to a tick's bytes.
 */
export function benchSeekTraffic(report: Report, n: number, nodes: number, rps: number): void {
  // A small run recorded and sought first, untimed: without it the first row carries the JIT's
  // warm-up in its seeks and one-time allocations in its heap, and the two rows do not compare.
  const warm = new Recording(trafficBenchScenario(100, 10, 100));
  warm.timeline.record();
  const warmCaches = newFrameCaches();
  for (const tick of seekTicks(warm.timeline.length, 300)) frameAt(warm, tick, true, warmCaches);
  for (const r of [0, rps]) {
    settledGc();
    const { heapUsed: heap0, arrayBuffers: buffers0 } = process.memoryUsage();
    const rec = new Recording(trafficBenchScenario(n, nodes, r));
    const t0 = process.hrtime.bigint();
    rec.timeline.record();
    const recordMs = Math.round(Number(process.hrtime.bigint() - t0) / 1e6);
    const ticks = rec.timeline.length;
    const caches = newFrameCaches();
    // Wall and CPU time of each seek: on a shared machine the CPU figure is the steadier one.
    const wall: number[] = [];
    const cpu: number[] = [];
    for (const tick of seekTicks(ticks, 1000)) {
      const c0 = process.cpuUsage();
      const a = process.hrtime.bigint();
      frameAt(rec, tick, true, caches);
      wall.push(Number(process.hrtime.bigint() - a) / 1e6);
      const c = process.cpuUsage(c0);
      cpu.push((c.user + c.system) / 1000);
    }
    wall.sort((a, b) => a - b);
    cpu.sort((a, b) => a - b);
    const seek = { p50: percentile(wall, 0.5), p95: percentile(wall, 0.95) };
    const seekCpu = { p50: percentile(cpu, 0.5), p95: percentile(cpu, 0.95) };
    const memory = memoryBreakdown([rec], heap0, buffers0);
    const bytesPerTick = memory.bytesPerTick ?? Number.NaN;
    report({
      name: 'seek-traffic-and-memory',
      n,
      rps: r,
      ticks,
      recordMs,
      seekP50: seek.p50,
      seekP95: seek.p95,
      seekCpuP50: seekCpu.p50,
      seekCpuP95: seekCpu.p95,
      bytesPerTick,
      tickLogBytesPerTick: memory.tickLogBytesPerTick ?? Number.NaN,
      target: `p95 <= ${SEEK_P95_MS} ms`,
      met: seek.p95 <= SEEK_P95_MS ? 'yes' : 'no',
      metOnCpu: seekCpu.p95 <= SEEK_P95_MS ? 'yes' : 'no',
    });
  }
}
