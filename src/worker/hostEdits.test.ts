// WorkerHost: kubectl lines, queries, Controls edits and imports at the playhead (forks).
import { afterEach, describe, expect, it } from 'vitest';
import { TestHost } from './testHost.ts';
import { decodeShareHash } from '../scenario/shareUrl.ts';
import type { RequestBody } from './simClient.ts';

const h = new TestHost();

afterEach(() => h.dispose());

describe('WorkerHost edits', () => {
  it('answers a reading kubectl line at the current tick without forking', () => {
    h.start();
    h.ok({ type: 'seekTime', seconds: 20 });
    const r = h.ok({ type: 'kubectl', line: 'get rs' });
    expect(r).toEqual({ kind: 'text', text: expect.stringMatching(/^NAME\s+DESIRED/) });
    expect(h.env.scenarios()).toHaveLength(1);
  });

  it('answers kubectl logs and top in place, and a pod’s log at the playhead', () => {
    // The autoscaler's run ticks every 15 s, so at 60 s its first pods have run through a scrape.
    h.start('autoscaler-during-rollout');
    h.ok({ type: 'seekTime', seconds: 60 });
    h.env.advance(20);
    const pod = h.env.lastView().pods.find((p) => p.phase === 'Ready' || p.phase === 'Available');
    if (!pod) throw new Error('no running pod at 60 s');
    const logs = h.ok({ type: 'kubectl', line: `logs ${pod.name}` });
    expect(logs).toEqual({ kind: 'text', text: expect.stringMatching(/^\/docker-entrypoint\.sh: /) });
    expect(h.ok({ type: 'kubectl', line: 'top pods' })).toEqual({
      kind: 'text',
      text: expect.stringMatching(/^NAME\s+CPU\(cores\)\s+MEMORY\(bytes\)/),
    });
    expect(h.env.scenarios()).toHaveLength(1);
    const query = h.ok({ type: 'query', what: 'logs', kind: null, name: `default/${pod.name}`, from: null });
    expect(query).toEqual(logs);
    const previous = h.ok({
      type: 'query',
      what: 'logs',
      kind: 'previous',
      name: `default/${pod.name}`,
      from: null,
    });
    expect(previous).toEqual({
      kind: 'text',
      text: `Error from server (BadRequest): previous terminated container "nginx" in pod "${pod.name}" not found`,
    });
    // Back before the pod's container started, its log is not there yet.
    h.ok({ type: 'seekTime', seconds: 0 });
    const early = h.ok({ type: 'query', what: 'logs', kind: null, name: `default/${pod.name}`, from: null });
    expect(early).not.toEqual(logs);
  });

  it('forks on a writing kubectl line: the hash holds the action, the playhead its tick', () => {
    h.start();
    h.ok({ type: 'seekTime', seconds: 31 });
    const at = h.env.lastFrame();
    const r = h.ok({
      type: 'kubectl',
      line: 'kubectl scale deployment/nginx-deployment-roll01 --replicas=4',
    });
    expect(r).toEqual({ kind: 'text', text: 'deployment.apps/nginx-deployment-roll01 scaled' });
    h.env.advance(20);
    const s = h.env.scenarios().at(-1);
    expect(s?.cause).toBe('fork');
    const decoded = decodeShareHash(s?.shareHash ?? '');
    if (!decoded.ok) throw new Error(decoded.errors[0]);
    expect(decoded.value.scenario.actions?.at(-1)).toEqual({
      at: 31,
      kubectl: 'scale deployment/nginx-deployment-roll01 --replicas=4',
    });
    const f = h.env.lastView();
    expect(f.tickView?.actor).toBe('user');
    expect(f.tickView?.time).toBe(31);
    expect(f.tick).toBeGreaterThan(at.tick);
    const d = h.env
      .frames()
      .filter((x) => x.derived?.reset)
      .at(-1);
    expect(d?.derived?.markers.at(-1)?.label).toContain('--replicas=4');
  });

  it.each<[string, RequestBody, RegExp]>([
    [
      'maxUnavailable 0 with maxSurge 0',
      { type: 'setField', workload: 'nginx-deployment-roll01', field: 'maxSurge', value: 0 },
      /invalid/,
    ],
    [
      'a Deployment that is not there',
      { type: 'setField', workload: 'nope', field: 'replicas', value: 3 },
      /not found/,
    ],
    [
      'negative replicas',
      { type: 'setField', workload: 'nginx-deployment-roll01', field: 'replicas', value: -2 },
      /replicas/,
    ],
    ['a node that is not there', { type: 'node', op: 'fault', name: 'node-9' }, /node-9/],
  ])('refuses %s with the message and changes nothing', (_name, body, error) => {
    h.start();
    h.ok({ type: 'seekTime', seconds: 35 });
    if (body.type === 'setField' && body.field === 'maxSurge') {
      h.ok({ type: 'setField', workload: 'nginx-deployment-roll01', field: 'maxUnavailable', value: 0 });
    }
    const scenarios = h.env.scenarios().length;
    const r = h.env.reply(h.send(body));
    expect(r).toMatchObject({ ok: false, error: expect.stringMatching(error) });
    expect(h.env.scenarios()).toHaveLength(scenarios);
  });

  it('changes maxSurge at the current tick as a merge patch', () => {
    h.start();
    h.ok({ type: 'seekTime', seconds: 33 });
    h.ok({ type: 'setField', workload: 'nginx-deployment-roll01', field: 'maxSurge', value: '50%' });
    h.env.advance(20);
    expect(h.env.lastView().workloads[0]).toMatchObject({ maxSurge: '50%', resolvedSurge: 5 });
    expect(h.env.scenarios().at(-1)?.text).toContain(`"maxSurge":"50%"`);
  });

  it('adds a node and makes one NotReady', () => {
    h.start();
    h.ok({ type: 'seekTime', seconds: 5 });
    h.ok({ type: 'node', op: 'add', name: null });
    h.ok({ type: 'node', op: 'fault', name: 'node-1' });
    h.env.advance(20);
    const nodes = h.env.lastView().nodes;
    expect(nodes.map((n) => [n.name, n.ready])).toEqual([
      ['node-1', false],
      ['node-2', true],
      ['node-3', true],
      ['node-4', true],
    ]);
  });

  it('answers queries from the current tick', () => {
    h.start();
    h.ok({ type: 'seekTime', seconds: 45 });
    const yaml = h.ok({
      type: 'query',
      what: 'yaml',
      kind: 'deployment',
      name: 'nginx-deployment-roll01',
      from: null,
    });
    expect(yaml).toEqual({ kind: 'text', text: expect.stringContaining('kind: Deployment') });
    const status = h.ok({ type: 'query', what: 'rolloutStatus', kind: null, name: null, from: null });
    expect(status).toEqual({ kind: 'text', text: expect.stringContaining('successfully rolled out') });
    const history = h.ok({ type: 'query', what: 'rolloutHistory', kind: null, name: null, from: null });
    expect(history).toEqual({ kind: 'text', text: expect.stringMatching(/REVISION\s+CHANGE-CAUSE/) });
    const describe = h.ok({
      type: 'query',
      what: 'describe',
      kind: 'deployment',
      name: 'nginx-deployment-roll01',
      from: null,
    });
    expect(describe).toEqual({ kind: 'text', text: expect.stringContaining('ScalingReplicaSet') });
    const quota = h.ok({ type: 'query', what: 'get', kind: 'quota', name: null, from: null });
    expect(quota).toEqual({ kind: 'text', text: 'No resources found in default namespace.' });
    // A whole kind described (the terminal's limits block): every object, or kubectl's no-resources line.
    const limits = h.ok({ type: 'query', what: 'describe', kind: 'limits', name: null, from: null });
    expect(limits).toEqual({ kind: 'text', text: 'No resources found in default namespace.' });
    const deployments = h.ok({ type: 'query', what: 'describe', kind: 'deployment', name: null, from: null });
    expect(deployments).toEqual({
      kind: 'text',
      text: expect.stringContaining('Name:                   nginx-deployment-roll01'),
    });
    const ticks = h.ok({ type: 'query', what: 'ticks', kind: null, name: null, from: 10 });
    expect(ticks.kind === 'ticks' && ticks.ticks.map((t) => t.tick).slice(0, 2)).toEqual([10, 11]);
    expect(h.ok({ type: 'completions', prefix: 'rollout st' })).toEqual({
      kind: 'list',
      items: ['rollout status'],
    });
  });

  it('answers a pod query with its kubectl status, labels and conditions, which frames leave out', () => {
    h.start();
    h.ok({ type: 'seekTime', seconds: 45 });
    h.env.advance(20);
    const first = h.env.lastView().pods[0];
    if (!first) throw new Error('no pods at 45 s');
    expect(Object.keys(first)).not.toContain('labels');
    expect(Object.keys(first)).not.toContain('conditions');
    const detail = h.ok({ type: 'query', what: 'pod', kind: 'pod', name: first.name, from: null });
    expect(detail).toEqual({
      kind: 'pod',
      pod: {
        ...first,
        status: 'Running',
        labels: { app: 'nginx-001', 'pod-template-hash': first.hash },
        conditions: expect.arrayContaining([{ type: 'Ready', status: 'True', since: expect.any(Number) }]),
      },
    });
    expect(h.ok({ type: 'query', what: 'pod', kind: 'pod', name: 'no-such-pod', from: null })).toEqual({
      kind: 'pod',
      pod: null,
    });
  });

  it('adds imported manifests as apply actions at the current tick after the run started', () => {
    h.start();
    h.ok({ type: 'seekTime', seconds: 10 });
    const manifest = [
      'apiVersion: apps/v1',
      'kind: Deployment',
      'metadata: { name: api }',
      'spec:',
      '  replicas: 2',
      '  selector: { matchLabels: { app: api } }',
      '  template:',
      '    metadata: { labels: { app: api } }',
      '    spec: { containers: [{ name: api, image: "api:1" }] }',
      '---',
      'apiVersion: networking.k8s.io/v1',
      'kind: Ingress',
      'metadata: { name: api }',
    ].join('\n');
    const r = h.ok({ type: 'import', text: manifest, mode: 'add', fileName: null });
    expect(r).toEqual({
      kind: 'text',
      text: expect.stringMatching(/api created[\s\S]*Ignored 1 document: Ingress "api"/),
    });
    h.env.advance(20);
    expect(h.env.lastView().workloads.map((w) => w.name)).toEqual(['api', 'nginx-deployment-roll01']);
  });
});
