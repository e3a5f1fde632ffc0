/**
 * The `host` row every `npm run bench` prints first: two fixed pieces of work that do not depend on
 * the engine, so that a row read today can be set beside one read on another day. This shared
 * 2-core VM runs the same commit at very different speeds from day to day (85154a7's 10,000-replica
 * row read 940–1,191 ms when issue 24 was filed and 1,658–2,054 ms two weeks later); a target "on
 * this machine" means little without the machine's speed beside it.
 *
 * - `intMs`: a dependent integer loop (clock speed and steal: no memory, no GC).
 * - `mapMs`: string keys made, hashed and kept in a Map of 40,000 entries, with an object per entry
 *   (what the engine does most: Map probes, young objects, scavenges, fresh pages).
 *
 * Each is the fastest of three runs. Both are deterministic work; only their time varies.
 */
type Report = (row: Record<string, number | string>) => void;

/** intLoop: 100 million steps of an LCG-like recurrence, its result returned so it is not dropped. */
function intLoop(): number {
  let x = 0;
  for (let i = 0; i < 100_000_000; i++) x = (Math.imul(x, 31) + i) | 0;
  return x;
}

/** mapLoop: 300,000 keyed writes and reads over a Map that is started afresh past 40,000 keys. */
function mapLoop(): number {
  let m = new Map<string, { i: number; s: string }>();
  let sum = 0;
  for (let i = 0; i < 300_000; i++) {
    const k = `k${i % 50_000}`;
    m.set(k, { i, s: k + i });
    sum += m.get(k)?.i ?? 0;
    if (m.size > 40_000) m = new Map();
  }
  return sum;
}

function fastest(f: () => number): { ms: number; result: number } {
  let best = Number.POSITIVE_INFINITY;
  let result = 0;
  for (let r = 0; r < 3; r++) {
    const t0 = process.hrtime.bigint();
    result = f();
    best = Math.min(best, Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return { ms: Math.round(best), result };
}

/** benchHost reports the host's speed on the two fixed loops (lower is faster). */
export function benchHost(report: Report): void {
  const int = fastest(intLoop);
  const map = fastest(mapLoop);
  // The results are checked so that neither loop can be optimised away (and the work stays fixed).
  const check = int.result === intLoop() && map.result > 0 ? 'ok' : 'changed';
  report({ name: 'host', intMs: int.ms, mapMs: map.ms, check });
}
