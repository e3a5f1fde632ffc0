// WorkerHost: edits and queries of workloads and pods outside the default namespace.
import { afterEach, describe, expect, it } from 'vitest';
import { TestHost } from './testHost.ts';

const h = new TestHost();

afterEach(() => h.dispose());

/** The SRE manifest: 30 replicas of checkout-api in namespace payments, probe-paced. */
const PAYMENTS = `version: 1
name: checkout-api in payments
objects:
  - apiVersion: apps/v1
    kind: Deployment
    metadata: { name: checkout-api, namespace: payments, labels: { app: checkout-api } }
    spec:
      replicas: 30
      minReadySeconds: 10
      selector: { matchLabels: { app: checkout-api } }
      strategy: { type: RollingUpdate, rollingUpdate: { maxSurge: 10%, maxUnavailable: 0 } }
      template:
        metadata: { labels: { app: checkout-api } }
        spec:
          containers:
            - name: api
              image: checkout-api:1.4.0
              readinessProbe: { httpGet: { path: /healthz, port: 8080 }, initialDelaySeconds: 20 }
`;

describe('WorkerHost in a namespace', () => {
  function load(): void {
    h.fresh();
    h.ok({ type: 'load', text: PAYMENTS, presetId: null, tick: null });
    h.env.advance(20);
  }

  it('edits a workload of another namespace by its namespace/name', () => {
    load();
    h.ok({ type: 'seekTime', seconds: 60 });
    h.ok({ type: 'setField', workload: 'payments/checkout-api', field: 'replicas', value: 20 });
    h.ok({ type: 'setField', workload: 'payments/checkout-api', field: 'maxSurge', value: 5 });
    h.env.advance(20);
    expect(h.env.lastView().workloads[0]).toMatchObject({ namespace: 'payments', replicas: 20, maxSurge: 5 });
    const text = h.env.scenarios().at(-1)?.text ?? '';
    expect(text).toContain('scale deployment/checkout-api --replicas=20 -n payments');
    expect(text).toContain(
      `patch deployment/checkout-api --type=merge -p '{"spec":{"strategy":{"rollingUpdate":{"maxSurge":5}}}}' -n payments`,
    );
  });

  it('refuses a bare name that is not in the default namespace with the API server words', () => {
    load();
    const r = h.env.reply(
      h.send({ type: 'setField', workload: 'checkout-api', field: 'replicas', value: 3 }),
    );
    expect(r).toMatchObject({
      ok: false,
      error: 'Error from server (NotFound): deployments.apps "checkout-api" not found',
    });
  });

  it('describes, prints and reports the rollout of the workload in its namespace', () => {
    load();
    h.ok({ type: 'seekTime', seconds: 60 });
    const ask = (what: 'yaml' | 'describe' | 'rolloutStatus' | 'rolloutHistory') =>
      h.ok({ type: 'query', what, kind: 'deployment', name: 'payments/checkout-api', from: null });
    expect(ask('yaml')).toEqual({ kind: 'text', text: expect.stringContaining('namespace: payments') });
    expect(ask('describe')).toEqual({ kind: 'text', text: expect.stringMatching(/Namespace:\s+payments/) });
    expect(ask('rolloutStatus')).toEqual({ kind: 'text', text: expect.stringContaining('"checkout-api"') });
    expect(ask('rolloutHistory')).toEqual({
      kind: 'text',
      text: expect.stringMatching(/REVISION\s+CHANGE-CAUSE/),
    });
    for (const what of ['yaml', 'describe', 'rolloutStatus', 'rolloutHistory'] as const) {
      const r = ask(what);
      expect(r.kind === 'text' && r.text).not.toContain('NotFound');
    }
  });

  it("answers a pod query in the pod's namespace", () => {
    load();
    h.ok({ type: 'seekTime', seconds: 40 });
    h.env.advance(20);
    const first = h.env.lastView().pods[0];
    if (!first) throw new Error('no pods at 40 s');
    expect(first.namespace).toBe('payments');
    const detail = h.ok({
      type: 'query',
      what: 'pod',
      kind: 'pod',
      name: `payments/${first.name}`,
      from: null,
    });
    expect(detail).toMatchObject({ kind: 'pod', pod: { name: first.name, namespace: 'payments' } });
    expect(
      h.ok({ type: 'query', what: 'yaml', kind: 'pod', name: `payments/${first.name}`, from: null }),
    ).toEqual({
      kind: 'text',
      text: expect.stringContaining(`name: ${first.name}`),
    });
  });
});
