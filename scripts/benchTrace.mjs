// What bench-browser.mjs and benchModes.mjs read out of Chromium's own measurements: percentiles of
// frame intervals, the busiest functions of a CDP CPU profile, and the main thread's tasks in a
// trace (CPU time per second, top-level events by name).

/** percentile of a sorted list of ms, to 0.1 ms (p in 0–1; the last element past the end). */
export function percentile(sorted, p) {
  return Math.round((sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0) * 10) / 10;
}

/** printProfile lists the functions with the most self time (ms) in a CDP CPU profile. */
export function printProfile(profile) {
  const self = new Map();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const dts = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i++) {
    const n = byId.get(profile.samples[i]);
    const f = n.callFrame;
    const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (dts[i + 1] ?? 0) / 1000);
  }
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 40);
  for (const [k, ms] of top) console.error(`${ms.toFixed(1).padStart(8)} ms  ${k}`);
}

/** mainThreadCpu: the main thread's CPU time in its tasks (trace `tdur`), per second and per task. */
export function mainThreadCpu(trace, seconds) {
  const events = trace.traceEvents ?? trace;
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const tasks = events
    .filter((e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.name === 'RunTask')
    .map((e) => (e.tdur ?? e.dur) / 1000)
    .sort((a, b) => a - b);
  const busy = tasks.reduce((a, b) => a + b, 0);
  return {
    cpuBusyMsPerS: Math.round(busy / seconds),
    cpuTaskP99: percentile(tasks, 0.99),
    cpuLongTasks: tasks.filter((ms) => ms > 50).length,
    cpuLongestTaskMs: Math.round(tasks.at(-1) ?? 0),
  };
}

/** printTrace sums the main thread's top-level trace events by name (ms). */
export function printTrace(trace) {
  const events = trace.traceEvents ?? trace;
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const sum = new Map();
  for (const e of events) {
    if (!main || e.pid !== main.pid || e.tid !== main.tid || e.ph !== 'X' || !e.dur) continue;
    const v = sum.get(e.name) ?? { ms: 0, n: 0 };
    v.ms += e.dur / 1000;
    v.n++;
    sum.set(e.name, v);
  }
  const top = [...sum].sort((a, b) => b[1].ms - a[1].ms).slice(0, 30);
  for (const [k, v] of top)
    console.error(`${v.ms.toFixed(1).padStart(8)} ms ${String(v.n).padStart(6)}x  ${k}`);
}
