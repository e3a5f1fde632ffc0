import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Pod } from '../engine/api/types.ts';
import { decodeShareHash } from '../scenario/shareUrl.ts';
import { Timeline } from '../timeline/timeline.ts';
import { preset } from '../timeline/testScenarios.ts';
import { FRAME_MS, PLAYING_FRAME_MS, WorkerHost } from './host.ts';
import { POD_VIEW_LIMIT } from './protocol.ts';
import { isWorkerMessage } from './protocolChecks.ts';
import type { RequestBody } from './simClient.ts';
import { FakeEnv } from './testEnv.ts';
import { ownerIndex, podView } from './viewModel.ts';
import { VIEW_KINDS } from '../timeline/objectCursor.ts';

let env: FakeEnv;
let host: WorkerHost;
let nextId = 1;

function send(body: RequestBody): number {
  const id = nextId++;
  host.handle({ ...body, id });
  return id;
}

function ok(body: RequestBody) {
  const r = env.reply(send(body));
  if (!r.ok) throw new Error(r.error);
  return r.result;
}

function start(presetId = 'seed'): void {
  env = new FakeEnv();
  host = new WorkerHost(env);
  ok({ type: 'loadPreset', presetId });
  env.advance(20);
}

afterEach(() => host?.dispose());

describe('WorkerHost requests', () => {
  it('answers hello with the versions and the presets', () => {
    env = new FakeEnv();
    host = new WorkerHost(env);
    const r = ok({ type: 'hello' });
    expect(r).toMatchObject({ kind: 'hello', kubernetesVersion: 'v1.36.3' });
    if (r.kind !== 'hello') return;
    expect(r.presets.map((p) => p.id)).toContain('seed');
    expect(r.presets[0]?.name).toMatch(/Seed/);
  });

  it('posts only messages of the protocol', () => {
    start();
    ok({ type: 'play' });
    env.advance(500);
    ok({ type: 'kubectl', line: 'scale deployment/nginx-deployment-roll01 --replicas=5' });
    env.advance(100);
    expect(env.posted.every((p) => isWorkerMessage(p.message))).toBe(true);
  });

  it.each<[string, unknown, RegExp]>([
    ['an unknown type', { type: 'launch', id: 7 }, /unknown request type/],
    ['a missing field', { type: 'seek', id: 7 }, /missing field tick/],
    ['an extra field', { type: 'play', id: 7, now: true }, /unexpected field now/],
    ['a negative tick', { type: 'seek', id: 7, tick: -1 }, /bad value for tick/],
    ['a speed out of range', { type: 'setSpeed', id: 7, speed: 1e9 }, /bad value for speed/],
    [
      'an unknown field name',
      { type: 'setField', id: 7, workload: 'w', field: 'labels', value: 1 },
      /bad value for field/,
    ],
  ])('answers %s with an error reply of the same id', (_name, message, error) => {
    env = new FakeEnv();
    host = new WorkerHost(env);
    host.handle(message);
    expect(env.reply(7)).toEqual({ type: 'reply', id: 7, ok: false, error: expect.stringMatching(error) });
  });

  it.each([[null], ['hello'], [{ type: 'hello' }], [{ type: 'hello', id: 0 }]])(
    'reports a request %j without an id as a fault',
    (m) => {
      env = new FakeEnv();
      host = new WorkerHost(env);
      host.handle(m);
      expect(env.posted.map((p) => p.message)).toEqual([
        { type: 'fault', message: expect.stringMatching(/^malformed request/), tick: null },
      ]);
    },
  );

  it('refuses an invalid scenario with the field path and keeps the loaded one', () => {
    start();
    const r = env.reply(
      send({ type: 'load', text: 'version: 1\nname: x\nobjects: 3\n', presetId: null, tick: null }),
    );
    expect(r).toMatchObject({ ok: false, error: expect.stringMatching(/objects/) });
    expect(env.scenarios()).toHaveLength(1);
  });

  it('opens a scenario at the tick asked for', () => {
    env = new FakeEnv();
    host = new WorkerHost(env);
    ok({ type: 'load', text: JSON.stringify(preset('seed')), presetId: null, tick: 123 });
    env.advance(20);
    expect(env.lastFrame().tick).toBe(123);
  });

  it('starts the playhead and its clock over when another scenario loads', () => {
    start();
    ok({ type: 'seek', tick: 500 });
    env.advance(20);
    expect(env.lastFrame().time).toBeGreaterThan(10);
    ok({ type: 'loadPreset', presetId: 'recreate' });
    env.advance(20);
    expect(env.lastFrame()).toMatchObject({ tick: 0, time: 0 });
  });
});

describe('WorkerHost frames', () => {
  it('shows at a seeked tick exactly the pods of the engine at that tick', () => {
    start();
    for (const tick of [250, 40, 400]) {
      ok({ type: 'seek', tick });
      env.advance(20);
      const view = env.lastView();
      expect(view.tick).toBe(tick);
      const t = new Timeline(preset('seed'));
      const st = t.engineAt(tick);
      const objs = Object.fromEntries(VIEW_KINDS.map((k) => [k, st.store.objects[k]])) as never;
      const idx = ownerIndex(objs);
      const expected = ([...st.store.objects.Pod.values()] as Pod[])
        .sort((a, b) => a.metadata.name.localeCompare(b.metadata.name))
        .map((p) => podView(p, idx, st.now));
      expect(view.pods).toEqual(expected);
      expect(view.tickView?.tick).toBe(tick);
      expect(view.recentTicks.at(-1)?.tick).toBe(tick);
    }
  });

  it('steps one tick back and forward', () => {
    start();
    ok({ type: 'seek', tick: 100 });
    ok({ type: 'step', delta: 1 });
    env.advance(20);
    expect(env.lastFrame().tick).toBe(101);
    ok({ type: 'step', delta: -1 });
    env.advance(20);
    expect(env.lastView().tick).toBe(100);
  });

  it('plays at virtual time × speed, light frames at most every PLAYING_FRAME_MS, full ones a few times a second', () => {
    start();
    ok({ type: 'seekTime', seconds: 29 });
    ok({ type: 'setSpeed', speed: 2 });
    env.advance(20);
    const from = env.posted.length;
    ok({ type: 'play' });
    env.advance(1000);
    const frames = env.posted.slice(from).filter((p) => p.message.type === 'frame');
    const f = env.lastFrame();
    expect(f.playing).toBe(true);
    expect(f.time).toBeGreaterThan(30);
    expect(f.time).toBeLessThanOrEqual(31.05);
    const isFull = (p: (typeof frames)[number]) => p.message.type === 'frame' && p.message.view !== null;
    for (let k = 1; k < frames.length; k++) {
      const gap = (frames[k]?.at ?? 0) - (frames[k - 1]?.at ?? 0);
      expect(gap).toBeGreaterThanOrEqual(FRAME_MS);
      if (!isFull(frames[k] as (typeof frames)[number])) expect(gap).toBeGreaterThanOrEqual(PLAYING_FRAME_MS);
    }
    expect(frames.filter(isFull).length).toBeLessThanOrEqual(7);
    expect(frames.length).toBeGreaterThanOrEqual(1000 / PLAYING_FRAME_MS - 2);
  });

  it('pauses where it is and stops at the end of the run', () => {
    start();
    ok({ type: 'setSpeed', speed: 0 });
    ok({ type: 'play' });
    env.advance(200);
    ok({ type: 'pause' });
    env.advance(20);
    const paused = env.lastFrame();
    expect(paused.playing).toBe(false);
    env.advance(200);
    expect(env.lastView().tick).toBe(paused.tick);
    ok({ type: 'play' });
    env.settle();
    const end = env.lastFrame();
    expect(end.playing).toBe(false);
    expect(end.recording).toBe('until');
    expect(end.tick).toBe(end.totalTicks);
  });

  it('records the whole run in the background and sends the chart as increments', () => {
    start();
    env.settle();
    const frames = env.frames();
    const series = frames.flatMap((f) => f.derived?.series ?? []);
    const t = new Timeline(preset('seed'));
    t.record();
    expect(env.lastFrame().totalTicks).toBe(t.length);
    expect(series.at(-1)?.tick).toBeLessThanOrEqual(t.length);
    expect(new Set(series.map((p) => p.tick)).size).toBe(series.length);
    const rs = frames.flatMap((f) => f.derived?.watch.rs ?? []);
    expect(rs[0]?.text).toMatch(/^NAME\s+DESIRED\s+CURRENT\s+READY\s+AGE$/);
  });

  it('packs the pods of a big cluster into transferred typed arrays', () => {
    env = new FakeEnv();
    host = new WorkerHost(env);
    const s = preset('seed');
    const big = { ...s, objects: s.objects.map((o) => ({ ...o, spec: { ...o.spec, replicas: 1500 } })) };
    ok({ type: 'load', text: JSON.stringify(big), presetId: null, tick: 6000 });
    env.advance(20);
    const first = env.posted.find((p) => p.message.type === 'frame' && p.message.packed !== null);
    const f = first?.message;
    if (f?.type !== 'frame') throw new Error('no packed frame');
    expect(f.podCount).toBeGreaterThan(POD_VIEW_LIMIT);
    expect(f.view?.pods).toEqual([]);
    expect(f.packed?.count).toBe(f.podCount);
    expect(f.packed?.names?.split('\n')).toHaveLength(f.podCount);
    expect(first?.transfer).toHaveLength(4);
    ok({ type: 'seek', tick: f.tick });
    env.advance(20);
    expect(env.lastFrame().packed?.names).toBeNull();
  });
});

describe('WorkerHost edits', () => {
  it('answers a reading kubectl line at the current tick without forking', () => {
    start();
    ok({ type: 'seekTime', seconds: 20 });
    const r = ok({ type: 'kubectl', line: 'get rs' });
    expect(r).toEqual({ kind: 'text', text: expect.stringMatching(/^NAME\s+DESIRED/) });
    expect(env.scenarios()).toHaveLength(1);
  });

  it('answers kubectl logs and top in place, and a pod’s log at the playhead', () => {
    // The autoscaler's run ticks every 15 s, so at 60 s its first pods have run through a scrape.
    start('autoscaler-during-rollout');
    ok({ type: 'seekTime', seconds: 60 });
    env.advance(20);
    const pod = env.lastView().pods.find((p) => p.phase === 'Ready' || p.phase === 'Available');
    if (!pod) throw new Error('no running pod at 60 s');
    const logs = ok({ type: 'kubectl', line: `logs ${pod.name}` });
    expect(logs).toEqual({ kind: 'text', text: expect.stringMatching(/^\/docker-entrypoint\.sh: /) });
    expect(ok({ type: 'kubectl', line: 'top pods' })).toEqual({
      kind: 'text',
      text: expect.stringMatching(/^NAME\s+CPU\(cores\)\s+MEMORY\(bytes\)/),
    });
    expect(env.scenarios()).toHaveLength(1);
    const query = ok({ type: 'query', what: 'logs', kind: null, name: `default/${pod.name}`, from: null });
    expect(query).toEqual(logs);
    const previous = ok({
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
    ok({ type: 'seekTime', seconds: 0 });
    const early = ok({ type: 'query', what: 'logs', kind: null, name: `default/${pod.name}`, from: null });
    expect(early).not.toEqual(logs);
  });

  it('forks on a writing kubectl line: the hash holds the action, the playhead its tick', () => {
    start();
    ok({ type: 'seekTime', seconds: 31 });
    const at = env.lastFrame();
    const r = ok({ type: 'kubectl', line: 'kubectl scale deployment/nginx-deployment-roll01 --replicas=4' });
    expect(r).toEqual({ kind: 'text', text: 'deployment.apps/nginx-deployment-roll01 scaled' });
    env.advance(20);
    const s = env.scenarios().at(-1);
    expect(s?.cause).toBe('fork');
    const decoded = decodeShareHash(s?.shareHash ?? '');
    if (!decoded.ok) throw new Error(decoded.errors[0]);
    expect(decoded.value.scenario.actions?.at(-1)).toEqual({
      at: 31,
      kubectl: 'scale deployment/nginx-deployment-roll01 --replicas=4',
    });
    const f = env.lastView();
    expect(f.tickView?.actor).toBe('user');
    expect(f.tickView?.time).toBe(31);
    expect(f.tick).toBeGreaterThan(at.tick);
    const d = env
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
    start();
    ok({ type: 'seekTime', seconds: 35 });
    if (body.type === 'setField' && body.field === 'maxSurge') {
      ok({ type: 'setField', workload: 'nginx-deployment-roll01', field: 'maxUnavailable', value: 0 });
    }
    const scenarios = env.scenarios().length;
    const r = env.reply(send(body));
    expect(r).toMatchObject({ ok: false, error: expect.stringMatching(error) });
    expect(env.scenarios()).toHaveLength(scenarios);
  });

  it('changes maxSurge at the current tick as a merge patch', () => {
    start();
    ok({ type: 'seekTime', seconds: 33 });
    ok({ type: 'setField', workload: 'nginx-deployment-roll01', field: 'maxSurge', value: '50%' });
    env.advance(20);
    expect(env.lastView().workloads[0]).toMatchObject({ maxSurge: '50%', resolvedSurge: 5 });
    expect(env.scenarios().at(-1)?.text).toContain(`"maxSurge":"50%"`);
  });

  it('adds a node and makes one NotReady', () => {
    start();
    ok({ type: 'seekTime', seconds: 5 });
    ok({ type: 'node', op: 'add', name: null });
    ok({ type: 'node', op: 'fault', name: 'node-1' });
    env.advance(20);
    const nodes = env.lastView().nodes;
    expect(nodes.map((n) => [n.name, n.ready])).toEqual([
      ['node-1', false],
      ['node-2', true],
      ['node-3', true],
      ['node-4', true],
    ]);
  });

  it('answers queries from the current tick', () => {
    start();
    ok({ type: 'seekTime', seconds: 45 });
    const yaml = ok({
      type: 'query',
      what: 'yaml',
      kind: 'deployment',
      name: 'nginx-deployment-roll01',
      from: null,
    });
    expect(yaml).toEqual({ kind: 'text', text: expect.stringContaining('kind: Deployment') });
    const status = ok({ type: 'query', what: 'rolloutStatus', kind: null, name: null, from: null });
    expect(status).toEqual({ kind: 'text', text: expect.stringContaining('successfully rolled out') });
    const history = ok({ type: 'query', what: 'rolloutHistory', kind: null, name: null, from: null });
    expect(history).toEqual({ kind: 'text', text: expect.stringMatching(/REVISION\s+CHANGE-CAUSE/) });
    const describe = ok({
      type: 'query',
      what: 'describe',
      kind: 'deployment',
      name: 'nginx-deployment-roll01',
      from: null,
    });
    expect(describe).toEqual({ kind: 'text', text: expect.stringContaining('ScalingReplicaSet') });
    const quota = ok({ type: 'query', what: 'get', kind: 'quota', name: null, from: null });
    expect(quota).toEqual({ kind: 'text', text: 'No resources found in default namespace.' });
    const ticks = ok({ type: 'query', what: 'ticks', kind: null, name: null, from: 10 });
    expect(ticks.kind === 'ticks' && ticks.ticks.map((t) => t.tick).slice(0, 2)).toEqual([10, 11]);
    expect(ok({ type: 'completions', prefix: 'rollout st' })).toEqual({
      kind: 'list',
      items: ['rollout status'],
    });
  });

  it('answers a pod query with its labels and conditions, which frames leave out', () => {
    start();
    ok({ type: 'seekTime', seconds: 45 });
    env.advance(20);
    const first = env.lastView().pods[0];
    if (!first) throw new Error('no pods at 45 s');
    expect(Object.keys(first)).not.toContain('labels');
    expect(Object.keys(first)).not.toContain('conditions');
    const detail = ok({ type: 'query', what: 'pod', kind: 'pod', name: first.name, from: null });
    expect(detail).toEqual({
      kind: 'pod',
      pod: {
        ...first,
        labels: { app: 'nginx-001', 'pod-template-hash': first.hash },
        conditions: expect.arrayContaining([{ type: 'Ready', status: 'True', since: expect.any(Number) }]),
      },
    });
    expect(ok({ type: 'query', what: 'pod', kind: 'pod', name: 'no-such-pod', from: null })).toEqual({
      kind: 'pod',
      pod: null,
    });
  });

  it('adds imported manifests as apply actions at the current tick after the run started', () => {
    start();
    ok({ type: 'seekTime', seconds: 10 });
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
      'apiVersion: v1',
      'kind: Secret',
      'metadata: { name: api }',
    ].join('\n');
    const r = ok({ type: 'import', text: manifest, mode: 'add', fileName: null });
    expect(r).toEqual({
      kind: 'text',
      text: expect.stringMatching(/api created[\s\S]*Ignored 1 document: Secret "api"/),
    });
    env.advance(20);
    expect(env.lastView().workloads.map((w) => w.name)).toEqual(['api', 'nginx-deployment-roll01']);
  });
});

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
    env = new FakeEnv();
    host = new WorkerHost(env);
    ok({ type: 'load', text: PAYMENTS, presetId: null, tick: null });
    env.advance(20);
  }

  it('edits a workload of another namespace by its namespace/name', () => {
    load();
    ok({ type: 'seekTime', seconds: 60 });
    ok({ type: 'setField', workload: 'payments/checkout-api', field: 'replicas', value: 20 });
    ok({ type: 'setField', workload: 'payments/checkout-api', field: 'maxSurge', value: 5 });
    env.advance(20);
    expect(env.lastView().workloads[0]).toMatchObject({ namespace: 'payments', replicas: 20, maxSurge: 5 });
    const text = env.scenarios().at(-1)?.text ?? '';
    expect(text).toContain('scale deployment/checkout-api --replicas=20 -n payments');
    expect(text).toContain(
      `patch deployment/checkout-api --type=merge -p '{"spec":{"strategy":{"rollingUpdate":{"maxSurge":5}}}}' -n payments`,
    );
  });

  it('refuses a bare name that is not in the default namespace with the API server words', () => {
    load();
    const r = env.reply(send({ type: 'setField', workload: 'checkout-api', field: 'replicas', value: 3 }));
    expect(r).toMatchObject({
      ok: false,
      error: 'Error from server (NotFound): deployments.apps "checkout-api" not found',
    });
  });

  it('describes, prints and reports the rollout of the workload in its namespace', () => {
    load();
    ok({ type: 'seekTime', seconds: 60 });
    const ask = (what: 'yaml' | 'describe' | 'rolloutStatus' | 'rolloutHistory') =>
      ok({ type: 'query', what, kind: 'deployment', name: 'payments/checkout-api', from: null });
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
    ok({ type: 'seekTime', seconds: 40 });
    env.advance(20);
    const first = env.lastView().pods[0];
    if (!first) throw new Error('no pods at 40 s');
    expect(first.namespace).toBe('payments');
    const detail = ok({
      type: 'query',
      what: 'pod',
      kind: 'pod',
      name: `payments/${first.name}`,
      from: null,
    });
    expect(detail).toMatchObject({ kind: 'pod', pod: { name: first.name, namespace: 'payments' } });
    expect(
      ok({ type: 'query', what: 'yaml', kind: 'pod', name: `payments/${first.name}`, from: null }),
    ).toEqual({
      kind: 'text',
      text: expect.stringContaining(`name: ${first.name}`),
    });
  });
});

describe('WorkerHost faults', () => {
  it('reports an engine exception with its tick and keeps what was recorded', () => {
    env = new FakeEnv();
    host = new WorkerHost(env);
    ok({ type: 'load', text: JSON.stringify(preset('seed')), presetId: null, tick: 50 });
    const rec = host.recording;
    if (!rec) throw new Error('no recording');
    const spy = vi.spyOn(rec.timeline, 'record').mockImplementationOnce(() => {
      throw new Error('boom');
    });
    env.advance(50);
    spy.mockRestore();
    const fault = env.posted.map((p) => p.message).find((m) => m.type === 'fault');
    expect(fault).toEqual({ type: 'fault', message: 'boom', tick: rec.timeline.length + 1 });
    env.advance(50);
    expect(env.lastFrame()).toMatchObject({
      recording: 'error',
      recordingNote: expect.stringContaining('boom'),
    });
    ok({ type: 'seek', tick: 5 });
    env.advance(20);
    expect(env.lastView().tick).toBe(5);
  });
});
