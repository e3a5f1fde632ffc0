/**
 * `npx tsx scripts/tick-hash-traffic.ts [--big]`: scripts/tick-hash.ts's check for the traffic
 * benchmarks (cli/benchTraffic.ts), whose runs tick-hash does not cover: one SHA-256 per run over
 * every step() record (as JSON) and the final store, for the 1k-replica rollout behind a Service
 * with and without a readinessProbe, with 1,000 rps and without clients (--big adds 3k with 3,000
 * rps). A change to the endpoint controllers, kube-proxy or the clients must leave them identical.
 */
import { trafficBenchConfig } from '../cli/benchTraffic.ts';
import { hashRun } from './tickHashRun.ts';

const runs: [string, number, number, boolean][] = [
  ['traffic probed 1k rps 0', 1000, 0, true],
  ['traffic probed 1k rps 1000', 1000, 1000, true],
  ['traffic no-probe 1k rps 1000', 1000, 1000, false],
];
if (process.argv.includes('--big')) runs.push(['traffic no-probe 3k rps 3000', 3000, 3000, false]);
for (const [name, n, rps, probed] of runs) hashRun(name, trafficBenchConfig(n, 100, rps, probed), 3_600_000);
