/**
 * `npx tsx scripts/tick-hash-traffic.ts [--big]`: scripts/tick-hash.ts's check for the traffic
 * benchmarks (cli/benchTraffic.ts), whose runs tick-hash does not cover: one SHA-256 per run over
 * every step() record (as JSON) and the final store, for the 1k-replica rollout behind a Service
 * with and without a readinessProbe, with 1,000 rps and without clients (--big adds 3k with 3,000
 * rps). A change to the endpoint controllers, kube-proxy or the clients must leave them identical.
 */
import { createHash } from 'node:crypto';
import { createEngine, runUntil } from '../src/engine/sim.ts';
import { trafficBenchConfig } from '../cli/benchTraffic.ts';

const runs: [string, number, number, boolean][] = [
  ['traffic probed 1k rps 0', 1000, 0, true],
  ['traffic probed 1k rps 1000', 1000, 1000, true],
  ['traffic no-probe 1k rps 1000', 1000, 1000, false],
];
if (process.argv.includes('--big')) runs.push(['traffic no-probe 3k rps 3000', 3000, 3000, false]);
for (const [name, n, rps, probed] of runs) {
  const t0 = process.hrtime.bigint();
  const h = createHash('sha256');
  const st = createEngine(trafficBenchConfig(n, 100, rps, probed));
  const ticks = runUntil(st, 3_600_000, (rec) => h.update(`${JSON.stringify(rec)}\n`));
  h.update(`now=${st.now} tick=${st.tick} seq=${st.seq} rv=${st.store.rv}\n`);
  for (const kind of Object.keys(st.store.objects).sort()) {
    for (const [key, obj] of st.store.objects[kind as keyof typeof st.store.objects])
      h.update(`${kind} ${key} ${JSON.stringify(obj)}\n`);
  }
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  console.log(`${h.digest('hex').slice(0, 16)}  ${name}  ticks=${ticks}  (${Math.round(ms)} ms)`);
}
