import { describe, expect, it } from 'vitest';
import { createEngine, runUntil } from '../sim.ts';
import type { TickRecord } from '../client/tick.ts';
import { parseScenarioText } from '../../scenario/parse.ts';
import { toSimConfig } from '../../scenario/toSimConfig.ts';
import { nodeRules } from './nodeRules.ts';
import { podNameOf } from './program.ts';
import { PROXY_DECISION_KEYS } from './explainCatalog.ts';

const text = (replicas: number, policy: string) => `version: 1
name: t
cluster:
  nodes: 3
objects:
  - apiVersion: apps/v1
    kind: Deployment
    metadata: { name: web, labels: { app: web } }
    spec:
      replicas: ${replicas}
      selector: { matchLabels: { app: web } }
      template:
        metadata: { labels: { app: web } }
        spec:
          containers:
            - { name: nginx, image: "nginx:1.8", ports: [{ containerPort: 8080 }] }
  - apiVersion: v1
    kind: Service
    metadata: { name: web }
    spec:
      selector: { app: web }
      internalTrafficPolicy: ${policy}
      ports: [{ port: 80, targetPort: 8080 }]
actions:
  - at: 30
    kubectl: set image deployment/web nginx=nginx:1.9.3
`;

function run(replicas: number, policy = 'Cluster') {
  const r = parseScenarioText(text(replicas, policy));
  if (!r.ok) throw new Error(r.errors.join('\n'));
  const st = createEngine(toSimConfig(r.value));
  const ticks: TickRecord[] = [];
  runUntil(st, 120_000, (t) => ticks.push(t));
  return { st, ticks };
}

describe('kubeProxySync', () => {
  it('syncs at most once per minSyncPeriod (1 s)', () => {
    const syncs = run(10).ticks.filter((t) => t.actor === 'kube-proxy').map((t) => t.time);
    expect(syncs.length).toBeGreaterThan(3);
    for (let i = 1; i < syncs.length; i++) expect((syncs[i] as number) - (syncs[i - 1] as number)).toBeGreaterThanOrEqual(1000);
  });

  it('programs a pod only after its slice write reached the proxy (watch delay)', () => {
    const { ticks, st } = run(3);
    const delay = st.config.watchDelaySeconds * 1000;
    for (const t of ticks.filter((x) => x.actor === 'kube-proxy')) {
      for (const d of t.decisions.filter((x) => x.key === 'ruleChanged')) {
        expect(t.time - Number(d.values.sliceWritten) * 1000).toBeGreaterThanOrEqual(delay);
      }
    }
  });

  it('ends the rollout with every node sending to the 3 new pods', () => {
    const { st } = run(3);
    const ps = st.proxy.rules.get('default/web');
    expect(ps).toBeDefined();
    if (!ps) return;
    const r = nodeRules(ps, 'node-1');
    expect(r.target).toBe('endpoints');
    expect(r.usable).toHaveLength(3);
    expect(new Set(ps.endpoints.map((ep) => podNameOf(ps, ep))).size).toBe(3);
  });

  it('writes syncProxyRules records whose templates name only recorded values', () => {
    const ds = run(10).ticks.filter((t) => t.actor === 'kube-proxy').flatMap((t) => t.decisions.filter((d) => d.fn === 'syncProxyRules'));
    expect(new Set(ds.map((d) => d.key))).toEqual(new Set(['programmed', 'ruleChanged']));
    for (const d of ds) {
      const template = PROXY_DECISION_KEYS.syncProxyRules?.[d.key] ?? '';
      for (const m of template.matchAll(/\{(\w+)\}/g)) expect(Object.keys(d.values)).toContain(m[1]);
    }
  });

  it('drops, with Local policy, on a node without a local endpoint while others have one', () => {
    const { st } = run(1, 'Local');
    const ps = st.proxy.rules.get('default/web');
    if (!ps) throw new Error('no rules');
    const home = ps.endpoints[0]?.nodeName ?? '';
    const other = ['node-1', 'node-2', 'node-3'].find((n) => n !== home) ?? '';
    expect(nodeRules(ps, home).target).toBe('endpoints');
    expect(nodeRules(ps, other).target).toBe('DROP');
  });
});
