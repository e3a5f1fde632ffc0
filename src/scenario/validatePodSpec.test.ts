import { describe, expect, it } from 'vitest';
import { validateScenario } from './parse.ts';

/** web is a Deployment whose container and pod spec take the given fields. */
function web(container: Record<string, unknown> = {}, podSpec: Record<string, unknown> = {}, meta: Record<string, unknown> = {}) {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', ...meta },
    spec: {
      selector: { matchLabels: { app: 'web' } },
      template: {
        metadata: { labels: { app: 'web' } },
        spec: { ...podSpec, containers: [{ name: 'nginx', image: 'nginx:1.8', ...container }] },
      },
    },
  };
}

function firstError(objects: unknown[], extra: Record<string, unknown> = {}): string {
  const r = validateScenario({ version: 1, name: 'pod spec', objects, ...extra });
  return r.ok ? '(valid)' : (r.errors[0] ?? '(no message)');
}

const http = { httpGet: { path: '/healthz', port: 8080 } };
const invalid = (detail: string) => `objects[0]: The Deployment "web" is invalid: ${detail}`;

describe('validateScenario: probes, lifecycle, grace period, namespaces', () => {
  it.each<[string, unknown, string]>([
    [
      'a probe period is negative',
      web({ readinessProbe: { ...http, periodSeconds: -1 } }),
      invalid('spec.template.spec.containers[0].readinessProbe.periodSeconds: Invalid value: -1: must be greater than or equal to 0'),
    ],
    [
      'a probe has no handler',
      web({ livenessProbe: { periodSeconds: 5 } }),
      invalid('spec.template.spec.containers[0].livenessProbe: Required value: must specify a handler type'),
    ],
    [
      'a probe has two handlers',
      web({ readinessProbe: { ...http, tcpSocket: { port: 8080 } } }),
      invalid('spec.template.spec.containers[0].readinessProbe.tcpSocket: Forbidden: may not specify more than 1 handler type'),
    ],
    [
      'a probe names an unknown handler',
      web({ readinessProbe: { sleep: { seconds: 1 } } }),
      'objects[0]: Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: unknown field "spec.template.spec.containers[0].readinessProbe.sleep"',
    ],
    [
      'a probe period is a string',
      web({ readinessProbe: { ...http, periodSeconds: '10' } }),
      'objects[0]: Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal string into Go struct field Probe.spec.template.spec.containers.readinessProbe.periodSeconds of type int32',
    ],
    [
      'a liveness probe asks for two successes',
      web({ livenessProbe: { ...http, successThreshold: 2 } }),
      invalid('spec.template.spec.containers[0].livenessProbe.successThreshold: Invalid value: 2: must be 1'),
    ],
    [
      'a readiness probe has its own grace period',
      web({ readinessProbe: { ...http, terminationGracePeriodSeconds: 5 } }),
      invalid('spec.template.spec.containers[0].readinessProbe.terminationGracePeriodSeconds: Invalid value: 5: must not be set for readinessProbes'),
    ],
    [
      'an httpGet port is out of range',
      web({ readinessProbe: { httpGet: { path: '/', port: 70000 } } }),
      invalid('spec.template.spec.containers[0].readinessProbe.httpGet.port: Invalid value: 70000: must be between 1 and 65535, inclusive'),
    ],
    [
      'a preStop hook has no handler',
      web({ lifecycle: { preStop: {} } }),
      invalid('spec.template.spec.containers[0].lifecycle.preStop: Required value: must specify a handler type'),
    ],
    [
      'a preStop sleep outlasts the grace period',
      web({ lifecycle: { preStop: { sleep: { seconds: 40 } } } }),
      invalid('spec.template.spec.containers[0].lifecycle.preStop.sleep: Invalid value: 40: must be non-negative and less than terminationGracePeriodSeconds (30)'),
    ],
    [
      'the grace period is over a day',
      web({}, { terminationGracePeriodSeconds: 90_000 }),
      "objects[0].spec.template.spec.terminationGracePeriodSeconds: 90,000 is outside Rollout Lab's limit of 0 to 86,400 seconds (one virtual day; Kubernetes itself accepts it)",
    ],
    [
      'a probe waits more than a day',
      web({ readinessProbe: { ...http, initialDelaySeconds: 100_000 } }),
      "objects[0].spec.template.spec.containers[0].readinessProbe.initialDelaySeconds: 100,000 is outside Rollout Lab's limit of 0 to 86,400 seconds (one virtual day; Kubernetes itself accepts it)",
    ],
    [
      'the namespace is not a DNS label',
      web({}, {}, { namespace: 'Pay_ments' }),
      invalid(
        `metadata.namespace: Invalid value: "Pay_ments": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')`,
      ),
    ],
    [
      'a Namespace object has a bad name',
      { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'pay.ments' } },
      `objects[0]: The Namespace "pay.ments" is invalid: metadata.name: Invalid value: "pay.ments": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')`,
    ],
    [
      'a Namespace object has the wrong apiVersion',
      { apiVersion: 'apps/v1', kind: 'Namespace', metadata: { name: 'payments' } },
      'objects[0].apiVersion: no matches for kind "Namespace" in version "apps/v1" (a Namespace is v1)',
    ],
  ])('refuses a manifest when %s, in the API server words with the field path', (_what, object, message) => {
    expect(firstError([object])).toBe(message);
  });

  it('stores a zero probe period as the API server defaults it (10 s), so the manifest is valid', () => {
    expect(firstError([web({ readinessProbe: { ...http, periodSeconds: 0 } })])).toBe('(valid)');
  });

  it('accepts probes, hooks, a Namespace object and a workload in it, and an image preStopSeconds', () => {
    const r = validateScenario({
      version: 1,
      name: 'all of it',
      cluster: { images: { 'nginx:1.8': { preStopSeconds: [1, 3] } } },
      objects: [
        { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'payments', labels: { team: 'pay' } } },
        web(
          {
            readinessProbe: { ...http, initialDelaySeconds: 20 },
            livenessProbe: { tcpSocket: { port: 8080 }, failureThreshold: 5 },
            startupProbe: { exec: { command: ['cat', '/tmp/ok'] } },
            lifecycle: { preStop: { exec: { command: ['drain'] } } },
          },
          { terminationGracePeriodSeconds: 60 },
          { namespace: 'payments' },
        ),
      ],
      actions: [{ at: 5, apply: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'other' } } }],
    });
    expect(r.ok ? '(valid)' : r.errors[0]).toBe('(valid)');
  });

  it('reports a duplicate Namespace with its resource name', () => {
    const ns = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'payments' } };
    expect(firstError([ns, ns])).toBe('objects[1].metadata.name: namespaces "payments" already exists');
  });
});
