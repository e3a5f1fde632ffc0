// metrics.k8s.io as metrics-server serves it, from the HPA's own figures, and the real kubectl's
// `top` on it across the bundled versions (the dispatcher picks one by what /version reports).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getResourceMetric } from '../src/engine/controller/podautoscaler/metrics.ts';
import type { Pod } from '../src/engine/api/types.ts';
import { type Harness, startHarness } from './kubectlHarness.ts';
import { cpuQuantity, goDuration, scrape } from './metrics.ts';
import { memoryQuantity, memoryWorkingSet, podMemory } from '../src/engine/kubectl/metricsServer.ts';
import { parseQuantity, value } from '../src/engine/lib/quantity.ts';

/** What kubectl top prints for bytes sent as whole Ki: whole MiB, rounded down. */
const mi = (bytes: number) => `${Math.floor((Math.round(bytes / 1024) * 1024) / 1048576)}Mi`;
/** kubectl top node's MEMORY(%): usage over the node's allocatable memory, rounded down. */
const memPercent = (bytes: number, node: { status?: { allocatable?: Record<string, string | number> } }) => {
  const q = parseQuantity(String(node.status?.allocatable?.memory ?? '0'));
  return `${Math.floor(((Math.round(bytes / 1024) * 1024) / (q.ok ? value(q.value) : 1)) * 100)}%`;
};

const AUTOSCALER = readFileSync(join(import.meta.dirname, '..', 'src', 'scenario', 'presets', 'autoscaler-during-rollout.yaml'), 'utf8');

describe('goDuration', () => {
  it.each([
    [0, '0s'],
    [500, '500ms'],
    [1500, '1.5s'],
    [3000, '3s'],
    [15_000, '15s'],
    [12_250, '12.25s'],
    [60_000, '1m0s'],
    [75_500, '1m15.5s'],
  ])('writes %i ms as Go does: %s', (ms, text) => {
    expect(goDuration(ms)).toBe(text);
  });
});

describe('cpuQuantity', () => {
  it.each([
    [0, '0'],
    [90, '90m'],
    [1000, '1'],
    [2500, '2500m'],
  ])('writes %i millicores as %s', (milli, text) => {
    expect(cpuQuantity(milli)).toBe(text);
  });
});

/** rows splits kubectl's columns (it pads them with trailing spaces). */
const rows = (out: string) =>
  out
    .trim()
    .split('\n')
    .map((l) => l.trim().split(/\s+/));

/** errors drops the klog line kubectl 1.27 writes first when there is no kubeconfig. */
const errors = (stderr: string) => stderr.replace(/^W\d{4} .*\n/gm, '');

// kubectl 1.29 renamed the node columns CPU% and MEMORY% to CPU(%) and MEMORY(%).
describe.each([
  ['v1.27.16', '%'],
  ['v1.28.15', '%'],
  ['v1.32.4', '(%)'],
  ['v1.33.1', '(%)'],
])('kubectl top against a server reporting %s', (gitVersion, pct) => {
  const nodeHeader = ['NAME', 'CPU(cores)', `CPU${pct}`, 'MEMORY(bytes)', `MEMORY${pct}`];
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ text: AUTOSCALER, speed: 1, gitVersion });
    h.clock.pause();
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('says metrics are not available yet before the first scrape', async () => {
    h.clock.skip(10_000 - h.clock.now());
    for (const what of ['nodes', 'pods']) {
      const r = await h.kubectl(['top', what]);
      expect(r.code).toBe(1);
      expect(errors(r.stderr)).toBe('error: metrics not available yet\n');
    }
    const pod = [...h.server.live.st.store.objects.Pod.values()][0]?.metadata.name ?? '';
    const one = await h.kubectl(['top', 'pod', pod]);
    expect(one.code).toBe(1);
    expect(errors(one.stderr)).toBe(`Error from server (NotFound): podmetrics.metrics.k8s.io "default/${pod}" not found\n`);
  });

  it('prints the HPA figures for pods, containers and nodes after it', async () => {
    h.clock.skip(20_000 - h.clock.now());
    h.server.live.advance();
    const st = h.server.live.st;
    const pods = ([...st.store.objects.Pod.values()] as Pod[]).sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : 1));
    const hpa = getResourceMetric(st.cache, st.config.load, pods, h.server.live.virtualNow());
    expect(hpa.size).toBe(4);
    const top = await h.kubectl(['top', 'pods']);
    expect(top.code).toBe(0);
    expect(rows(top.stdout)).toEqual([['NAME', 'CPU(cores)', 'MEMORY(bytes)'], ...pods.map((p) => [p.metadata.name, `${hpa.get(p.metadata.name)?.value}m`, mi(podMemory(p))])]);
    const containers = await h.kubectl(['top', 'pods', '--containers']);
    expect(rows(containers.stdout)).toEqual([['POD', 'NAME', 'CPU(cores)', 'MEMORY(bytes)'], ...pods.map((p) => [p.metadata.name, 'nginx', '90m', mi(memoryWorkingSet(p, 'nginx'))])]);
    const nodes = await h.kubectl(['top', 'nodes']);
    const s = scrape(st, h.server.live.virtualNow());
    expect(rows(nodes.stdout)).toEqual([
      nodeHeader,
      ...[...s.nodes.values()].map((n) => [n.node.metadata.name, `${n.cpuMilli}m`, `${Math.floor(n.cpuMilli / 40)}%`, mi(n.memoryBytes), memPercent(n.memoryBytes, n.node)]),
    ]);
    expect([...s.nodes.values()].reduce((sum, n) => sum + n.cpuMilli, 0)).toBe(360);
  });

  it('serves the shapes metrics-server does, and its discovery', async () => {
    const pod = [...h.server.live.st.store.objects.Pod.values()][0];
    const get = async (path: string) => (await fetch(`${h.server.url}${path}`)).json();
    const TIME = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(await get(`/apis/metrics.k8s.io/v1beta1/namespaces/default/pods/${pod?.metadata.name}`)).toEqual({
      kind: 'PodMetrics',
      apiVersion: 'metrics.k8s.io/v1beta1',
      metadata: { name: pod?.metadata.name, namespace: 'default', creationTimestamp: TIME, labels: pod?.metadata.labels },
      timestamp: TIME,
      window: expect.stringMatching(/^\d+(\.\d+)?s$/),
      containers: [{ name: 'nginx', usage: { cpu: '90m', memory: memoryQuantity(memoryWorkingSet(pod as Pod, 'nginx')) } }],
    });
    expect(await get('/apis/metrics.k8s.io/v1beta1/nodes/node-1')).toEqual({
      kind: 'NodeMetrics',
      apiVersion: 'metrics.k8s.io/v1beta1',
      metadata: expect.objectContaining({ name: 'node-1', creationTimestamp: TIME }),
      timestamp: TIME,
      window: '15s',
      usage: { cpu: '90m', memory: expect.stringMatching(/^[1-9]\d*Ki$/) },
    });
    expect(await get('/apis/metrics.k8s.io/v1beta1')).toMatchObject({
      kind: 'APIResourceList',
      groupVersion: 'metrics.k8s.io/v1beta1',
      resources: [
        { name: 'nodes', singularName: '', namespaced: false, kind: 'NodeMetrics', verbs: ['get', 'list'] },
        { name: 'pods', singularName: '', namespaced: true, kind: 'PodMetrics', verbs: ['get', 'list'] },
      ],
    });
    expect(await get('/apis/metrics.k8s.io/v1beta1/pods?watch=true')).toMatchObject({ kind: 'Status', code: 405, reason: 'MethodNotAllowed' });
  });

  it('selects pods by label and answers one pod or node by name', async () => {
    const firstPod = [...h.server.live.st.store.objects.Pod.values()][0] as Pod;
    const first = firstPod.metadata.name;
    expect(rows((await h.kubectl(['top', 'pod', first])).stdout)).toEqual([['NAME', 'CPU(cores)', 'MEMORY(bytes)'], [first, '90m', mi(podMemory(firstPod))]]);
    expect(errors((await h.kubectl(['top', 'pods', '-l', 'app=nope'])).stderr)).toBe('No resources found in default namespace.\n');
    const s = scrape(h.server.live.st, h.server.live.virtualNow());
    const n1 = s.nodes.get('node-1');
    expect(rows((await h.kubectl(['top', 'node', 'node-1'])).stdout)).toEqual([nodeHeader, ['node-1', '90m', '2%', mi(n1?.memoryBytes ?? 0), memPercent(n1?.memoryBytes ?? 0, n1?.node ?? {})]]);
    expect(rows((await h.kubectl(['get', 'podmetrics'])).stdout)).toEqual([
      ['NAME', 'CPU', 'MEMORY', 'WINDOW'],
      ...[...s.pods.values()].map((m) => [m.pod.metadata.name, '90m', memoryQuantity(podMemory(m.pod)), goDuration(m.metric.window)]).sort((a, b) => ((a[0] ?? '') < (b[0] ?? '') ? -1 : 1)),
    ]);
    expect(rows((await h.kubectl(['get', 'nodemetrics', 'node-1'])).stdout)).toEqual([['NAME', 'CPU', 'MEMORY', 'WINDOW'], ['node-1', '90m', memoryQuantity(n1?.memoryBytes ?? 0), '15s']]);
    const nope = await h.kubectl(['top', 'pod', 'nope']);
    expect(nope.code).toBe(1);
    expect(errors(nope.stderr)).toBe('Error from server (NotFound): pods "default/nope" not found\n');
  });
});
