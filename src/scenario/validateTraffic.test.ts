import { describe, expect, it } from 'vitest';
import { validateScenario } from './parse.ts';
import { toSimConfig } from './toSimConfig.ts';
import type { Scenario } from './types.ts';

const deployment = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', labels: { app: 'web' } },
  spec: {
    replicas: 3,
    selector: { matchLabels: { app: 'web' } },
    template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.8' }] } },
  },
};
const service = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web' }, spec: { selector: { app: 'web' }, ports: [{ name: 'http', port: 80, targetPort: 8080 }] } };

function scenario(cluster: Record<string, unknown>): Record<string, unknown> {
  return { version: 1, name: 't', cluster: { nodes: 3, ...cluster }, objects: [deployment, service] };
}

function errors(x: unknown): string[] {
  const r = validateScenario(x);
  return r.ok ? [] : r.errors;
}

describe('validateTraffic', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['traffic is a mapping', { traffic: {} }, 'cluster.traffic: must be a list of { at, service, rps } steps, e.g. [{ at: 0, service: "web", rps: 100 }]'],
    ['a step names a missing Service', { traffic: [{ at: 0, service: 'api', rps: 10 }] }, 'cluster.traffic[0].service: services "api" not found (no Service of that name in objects or in an apply action)'],
    ['a step names a Service of another namespace', { traffic: [{ at: 0, service: 'shop/web', rps: 10 }] }, 'cluster.traffic[0].service: services "web" not found in namespace "shop" (no Service of that name in objects or in an apply action)'],
    ['rps is negative', { traffic: [{ at: 0, service: 'web', rps: -5 }] }, 'cluster.traffic[0].rps: Invalid value: -5: must be a number of requests per second from 0 to 100,000'],
    ['the port is not the Service’s', { traffic: [{ at: 0, service: 'web', rps: 5, port: 443 }] }, 'cluster.traffic[0].port: the Service "web" has no port 443 (its ports: http 80)'],
    ['the node does not exist', { traffic: [{ at: 0, service: 'web', rps: 5, node: 'node-9' }] }, 'cluster.traffic[0].node: nodes "node-9" not found (the cluster\'s nodes: node-1, node-2, node-3)'],
    ['keepAlive is a string', { traffic: [{ at: 0, service: 'web', rps: 5, keepAlive: 'yes' }] }, 'cluster.traffic[0].keepAlive: must be true or false'],
    ['rps is missing', { traffic: [{ at: 0, service: 'web' }] }, 'cluster.traffic[0].rps: required'],
    ['onSigterm is maybe', { images: { 'nginx:1.8': { onSigterm: 'maybe' } } }, 'cluster.images["nginx:1.8"].onSigterm: Unsupported value: "maybe": supported values: "exit", "drain"'],
    ['requestMs is 0', { images: { default: { requestMs: 0 } } }, 'cluster.images.default.requestMs: must be a number of milliseconds above 0, at most 60,000'],
    ['maxRps is negative', { images: { default: { maxRps: -1 } } }, 'cluster.images.default.maxRps: must be a number of requests per second above 0, at most 100,000'],
  ])('says one thing when %s', (_why, cluster, message) => {
    expect(errors(scenario(cluster))).toEqual([message]);
  });

  it('accepts a step by port name and fills the engine defaults', () => {
    const r = validateScenario(scenario({ traffic: [{ at: 5, service: 'web', rps: 100, port: 'http' }], images: { default: { onSigterm: 'drain', requestMs: 50, maxRps: 30 } } }));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const c = toSimConfig(r.value as Scenario);
    expect(c.traffic).toEqual([{ at: 5, service: 'default/web', rps: 100, node: 'node-1', keepAlive: false, port: 'http' }]);
    expect(c.images.default).toMatchObject({ onSigterm: 'drain', requestMs: 50, maxRps: 30 });
  });

  it('leaves the engine config without traffic when the scenario has none', () => {
    const r = validateScenario(scenario({}));
    if (!r.ok) throw new Error(r.errors[0]);
    expect('traffic' in toSimConfig(r.value as Scenario)).toBe(false);
  });
});
