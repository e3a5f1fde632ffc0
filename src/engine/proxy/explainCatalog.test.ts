import { describe, expect, it } from 'vitest';
import type { DecisionLog } from '../api/decision.ts';
import { KubeProxySyncRunner, newRunnerState, run, runDue } from './boundedFrequencyRunner.ts';
import type { ProxyEndpoint } from './endpoint.ts';
import { PROXY_DECISION_KEYS } from './explainCatalog.ts';
import { categorizeEndpoints, serviceRuleTarget } from './topology.ts';

const ep = (n: number, over: Partial<ProxyEndpoint>): ProxyEndpoint => ({
  endpoint: `10.0.0.${n}:80`, ip: `10.0.0.${n}`, port: 80, nodeName: '', zone: '', isLocal: false,
  ready: false, serving: false, terminating: false, zoneHints: [], nodeHints: [], ...over,
});

describe('PROXY_DECISION_KEYS', () => {
  it('has a template for every record the proxy ports write, naming only recorded values', () => {
    const log: DecisionLog = [];
    const local = { internalPolicyLocal: true, externalPolicyLocal: false, externallyAccessible: false };
    const cluster = { ...local, internalPolicyLocal: false };
    for (const [eps, svc] of [
      [[], cluster],
      [[ep(1, { ready: true })], cluster],
      [[ep(1, { serving: true, terminating: true })], cluster],
      [[ep(1, { ready: true })], local],
      [[ep(1, { ready: false })], cluster],
    ] as const) serviceRuleTarget(categorizeEndpoints(eps, svc, 'n1', '', log), svc, log);
    let s = run(newRunnerState(KubeProxySyncRunner, 0), 0, log);
    s = runDue(s, KubeProxySyncRunner, 0, 0, log).state;
    s = run(run(s, 500, log), 600, log);
    runDue(s, KubeProxySyncRunner, 1000, 0, log);
    const seen = new Set(log.map((d) => `${d.fn}.${d.key}`));
    // syncProxyRules' records come from the simulation's kube-proxy (kubeProxy.test.ts checks them).
    const all = Object.entries(PROXY_DECISION_KEYS).filter(([fn]) => fn !== 'syncProxyRules').flatMap(([fn, keys]) => Object.keys(keys).map((k) => `${fn}.${k}`));
    expect([...seen].sort()).toEqual(all.sort());
    for (const d of log) {
      const template = PROXY_DECISION_KEYS[d.fn]?.[d.key];
      expect(template, `${d.fn}.${d.key}`).toBeDefined();
      for (const m of (template ?? '').matchAll(/\{(\w+)\}/g)) expect(Object.keys(d.values)).toContain(m[1]);
    }
  });
});
