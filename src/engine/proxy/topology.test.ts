import { describe, expect, it } from 'vitest';
import type { DecisionLog } from '../api/decision.ts';
import type { ProxyEndpoint } from './endpoint.ts';
import { categorizeEndpoints, serviceRuleTarget } from './topology.ts';

const ep = (n: number, over: Partial<ProxyEndpoint>): ProxyEndpoint => ({
  endpoint: `10.0.0.${n}:80`,
  ip: `10.0.0.${n}`,
  port: 80,
  nodeName: '',
  zone: '',
  isLocal: false,
  ready: false,
  serving: false,
  terminating: false,
  zoneHints: [],
  nodeHints: [],
  ...over,
});
const cluster = { internalPolicyLocal: false, externalPolicyLocal: false, externallyAccessible: false };
const local = { ...cluster, internalPolicyLocal: true };

describe('serviceRuleTarget', () => {
  it('rejects when no endpoint is usable anywhere', () => {
    const c = categorizeEndpoints([ep(1, { ready: false, serving: false, terminating: true })], cluster, 'n1', '');
    expect(serviceRuleTarget(c, cluster)).toBe('REJECT');
  });
  it('rejects a Service with no endpoints at all', () => {
    expect(serviceRuleTarget(categorizeEndpoints([], cluster, 'n1', ''), cluster)).toBe('REJECT');
  });
  it('drops internal Local traffic on a node without a local endpoint while others exist', () => {
    const c = categorizeEndpoints([ep(1, { ready: true })], local, 'n1', '');
    expect(serviceRuleTarget(c, local)).toBe('DROP');
  });
  it('keeps a lone serving-terminating endpoint as the target (the preStop fallback)', () => {
    const log: DecisionLog = [];
    const c = categorizeEndpoints([ep(1, { serving: true, terminating: true })], cluster, 'n1', '', log);
    expect(serviceRuleTarget(c, cluster)).toBe('endpoints');
    expect(log[0]).toEqual({ fn: 'categorizeEndpoints', key: 'clusterFallback', values: { servingTerminating: 1, total: 1 } });
  });
  it('ignores a serving-terminating endpoint while a ready one exists', () => {
    const c = categorizeEndpoints([ep(1, { serving: true, terminating: true }), ep(2, { ready: true, serving: true })], cluster, 'n1', '');
    expect(c.clusterEndpoints?.map((e) => e.endpoint)).toEqual(['10.0.0.2:80']);
  });
});
