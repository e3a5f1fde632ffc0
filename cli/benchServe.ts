/**
 * `npm run bench:serve [-- --json]`: the served API under load (DESIGN.md §13; not timed tests).
 * - get-pods: 1,000 running pods and 100 open watches; the request `kubectl get pods` sends (a
 *   Table list) 300 times in a row: p50 / p95 / p99 ms, and the real kubectl's wall time
 *   (process start included) when one is on PATH.
 * - list-10k: 10,000 pods listed as JSON and as a Table: ms per list (min and median of 5).
 * - apply-1k: server-side apply (`application/apply-patch+yaml`, fieldManager kubectl) of a settled
 *   1,000-pod Deployment, 200 times, each changing an annotation (a write and its tick): p50 / p99 ms.
 */
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findKubectl } from '../scripts/kubectl.mjs';
import type { Scenario } from '../src/scenario/types.ts';
import { scenarioToYaml } from '../src/scenario/yamlIo.ts';
import { type RunningServer, startServer } from '../server/serve.ts';

const json = process.argv.includes('--json');
const TABLE = 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json';

function report(row: Record<string, number | string>): void {
  if (json) console.log(JSON.stringify(row));
  else console.log(Object.entries(row).map(([k, v]) => `${k}=${v}`).join('  '));
}

/** scenario: `replicas` pods in Deployments of at most 5,000 (the scenario limit per workload). */
function scenario(replicas: number, nodes: number): Scenario {
  const count = Math.ceil(replicas / 5000);
  return {
    version: 1,
    name: `bench ${replicas}`,
    cluster: { nodes: Array.from({ length: nodes }, (_, i) => ({ name: `node-${i + 1}`, maxPods: 250 })) },
    objects: Array.from({ length: count }, (_, i) => {
      const app = i === 0 ? 'web' : `web-${i + 1}`;
      return {
        apiVersion: 'apps/v1' as const,
        kind: 'Deployment' as const,
        metadata: { name: app, labels: { app } },
        spec: {
          replicas: Math.min(5000, replicas - i * 5000),
          selector: { matchLabels: { app } },
          template: { metadata: { labels: { app } }, spec: { containers: [{ name: 'web', image: 'web:1' }] } },
        },
      };
    }),
  };
}

/** serve starts a server whose clock stands at `seconds` of virtual time: the rollout has settled. */
async function serve(replicas: number, nodes: number, seconds: number): Promise<RunningServer> {
  let t = 0;
  const s = await startServer({
    text: scenarioToYaml(scenario(replicas, nodes)),
    port: 0,
    host: '127.0.0.1',
    speed: 1,
    record: null,
    gitVersion: 'v1.36.3',
    log: () => {},
    clock: () => t,
  });
  if ('error' in s) throw new Error(s.error);
  t = seconds * 1000;
  s.live.advance();
  return s;
}

function timedPatch(url: string, contentType: string, body: string): Promise<{ ms: number; code: number }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = request(url, { method: 'PATCH', headers: { 'Content-Type': contentType, 'User-Agent': 'kubectl/v1.32.4' } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ ms: performance.now() - t0, code: res.statusCode ?? 0 }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

function timedGet(url: string, accept: string): Promise<{ ms: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = request(url, { headers: { Accept: accept } }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => {
        bytes += c.length;
      });
      res.on('end', () => resolve({ ms: performance.now() - t0, bytes }));
    });
    req.on('error', reject);
    req.end();
  });
}

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round((s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number) * 10) / 10;
}

async function benchGetPods(): Promise<void> {
  const s = await serve(1000, 10, 120);
  const pods = s.live.st.store.objects.Pod.size;
  // 100 open watches, as many `kubectl get -w` / rollout status sessions would hold.
  const watches = Array.from({ length: 100 }, (_, i) => {
    const path = i % 2 ? '/api/v1/namespaces/default/pods?watch=true' : '/apis/apps/v1/namespaces/default/replicasets?watch=true&resourceVersion=0';
    const req = request(`${s.url}${path}`, { headers: { Accept: i % 4 === 1 ? TABLE : 'application/json' } }, (res) => res.resume());
    req.end();
    return req;
  });
  await new Promise((r) => setTimeout(r, 1000));
  const url = `${s.url}/api/v1/namespaces/default/pods?limit=500`;
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 300; i++) {
    const r = await timedGet(url, TABLE);
    times.push(r.ms);
    bytes = r.bytes;
  }
  report({ name: 'serve-get-pods', pods, watches: watches.length, requests: times.length, p50: pct(times, 50), p95: pct(times, 95), p99: pct(times, 99), bytes });
  const kubectl = findKubectl();
  if (kubectl) {
    const dir = mkdtempSync(join(tmpdir(), 'rollout-lab-bench-'));
    const env = { ...process.env, KUBECONFIG: join(dir, 'none'), HOME: dir };
    const wall: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      // Spawned, not spawnSync: the server runs in this process and must answer meanwhile.
      await new Promise<void>((resolve) => {
        const c = spawn(kubectl, ['--server', s.url, '--cache-dir', join(dir, 'cache'), 'get', 'pods'], { env, stdio: 'ignore' });
        c.on('close', () => resolve());
      });
      wall.push(performance.now() - t0);
    }
    report({ name: 'serve-kubectl-get-pods', pods, runs: wall.length, p50: pct(wall, 50), p99: pct(wall, 99), note: 'process start included' });
  }
  for (const w of watches) w.destroy();
  await s.stop();
}

async function benchList10k(): Promise<void> {
  const s = await serve(10_000, 50, 300);
  const pods = s.live.st.store.objects.Pod.size;
  for (const [format, accept] of [
    ['json', 'application/json'],
    ['table', TABLE],
  ] as const) {
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < 5; i++) {
      const r = await timedGet(`${s.url}/api/v1/namespaces/default/pods`, accept);
      times.push(r.ms);
      bytes = r.bytes;
    }
    report({ name: 'serve-list', format, pods, minMs: Math.round(Math.min(...times)), medianMs: Math.round(pct(times, 50)), bytes });
  }
  await s.stop();
}

async function benchApply(): Promise<void> {
  const s = await serve(1000, 10, 120);
  const pods = s.live.st.store.objects.Pod.size;
  const config = scenario(1000, 10).objects?.[0] as unknown as { metadata: Record<string, unknown> };
  const url = `${s.url}/apis/apps/v1/namespaces/default/deployments/web?fieldManager=kubectl&force=false`;
  const times: number[] = [];
  for (let i = 0; i < 200; i++) {
    const body = JSON.stringify({ ...config, metadata: { ...config.metadata, annotations: { bench: String(i) } } });
    const r = await timedPatch(url, 'application/apply-patch+yaml', body);
    if (r.code !== 200) throw new Error(`apply answered ${r.code}`);
    times.push(r.ms);
  }
  report({ name: 'serve-apply-1k', pods, requests: times.length, p50: pct(times, 50), p95: pct(times, 95), p99: pct(times, 99) });
  // The same writes as merge patches: what any write costs here, apply or not.
  const merge: number[] = [];
  for (let i = 0; i < 200; i++) {
    const r = await timedPatch(url.replace('&force=false', ''), 'application/merge-patch+json', JSON.stringify({ metadata: { annotations: { bench: `m${i}` } } }));
    if (r.code !== 200) throw new Error(`merge patch answered ${r.code}`);
    merge.push(r.ms);
  }
  report({ name: 'serve-merge-patch-1k', pods, requests: merge.length, p50: pct(merge, 50), p95: pct(merge, 95), p99: pct(merge, 99) });
  await s.stop();
}

const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
if (!only || only === 'get-pods') await benchGetPods();
if (!only || only === 'list-10k') await benchList10k();
if (!only || only === 'apply-1k') await benchApply();
