import { afterEach, describe, expect, it } from 'vitest';
import { WorkerHost } from './host.ts';
import type { PodDetailView, TrafficSecond } from './protocol.ts';
import { isWorkerMessage } from './messageChecks.ts';
import type { RequestBody } from './simClient.ts';
import { FakeEnv } from './testEnv.ts';

/** web:1 → web:2 at 30 s behind Service web, 50 rps from 10 s, no readinessProbe: new pods get requests before they listen. */
const TRAFFIC = `version: 1
name: traffic
seed: 1
cluster:
  nodes: 2
  images:
    default: { readySeconds: 2 }
  traffic:
    - { at: 10, service: web, rps: 50, node: node-1 }
objects:
  - apiVersion: apps/v1
    kind: Deployment
    metadata: { name: web, labels: { app: web } }
    spec:
      replicas: 3
      selector: { matchLabels: { app: web } }
      template:
        metadata: { labels: { app: web } }
        spec:
          containers:
            - name: web
              image: "web:1"
              ports: [{ containerPort: 8080 }]
  - apiVersion: v1
    kind: Service
    metadata: { name: web }
    spec:
      selector: { app: web }
      ports: [{ port: 80, targetPort: 8080 }]
actions:
  - at: 30
    kubectl: set image deployment/web web=web:2
`;

let env: FakeEnv;
let host: WorkerHost;
let nextId = 1;

function ok(body: RequestBody) {
  const id = nextId++;
  host.handle({ ...body, id });
  const r = env.reply(id);
  if (!r.ok) throw new Error(r.error);
  return r.result;
}

afterEach(() => host?.dispose());

describe('WorkerHost with traffic', () => {
  it('sends every recorded traffic second once, in order, as the §15 lines', () => {
    env = new FakeEnv();
    host = new WorkerHost(env);
    ok({ type: 'load', text: TRAFFIC, presetId: null, tick: null });
    env.settle();
    expect(env.posted.every((p) => isWorkerMessage(p.message))).toBe(true);
    const lines: TrafficSecond[] = env.frames().flatMap((f) => f.derived?.traffic ?? []);
    expect(lines.length).toBeGreaterThan(30);
    expect(lines[0]).toMatchObject({ second: 10, service: 'default/web' });
    expect(Object.keys(lines[0] ?? {})).toEqual([
      'second',
      'service',
      'ok',
      'refused',
      'reset',
      'timeout',
      'http503',
      'byRevision',
      'endpoints',
    ]);
    expect(lines.map((l) => l.second)).toEqual(lines.map((_, i) => 10 + i));
    const total = (l: TrafficSecond) => l.ok + l.refused + l.reset + l.timeout + l.http503;
    expect(lines.every((l) => total(l) === 50)).toBe(true);
    // the rollout from 30 s: revision 2 serves, and without a probe some requests fail
    expect(lines.some((l) => (l.byRevision['2'] ?? 0) > 0)).toBe(true);
    expect(lines.some((l) => l.refused + l.reset + l.timeout > 0)).toBe(true);
    const rollouts = env.frames().flatMap((f) => f.derived?.rollouts ?? []);
    expect(rollouts.at(-1)?.traffic).toMatchObject({ service: 'default/web' });
  });

  it('sends no traffic key for a run without clients', () => {
    env = new FakeEnv();
    host = new WorkerHost(env);
    ok({ type: 'loadPreset', presetId: 'seed' });
    env.settle();
    expect(env.frames().some((f) => f.derived && 'traffic' in f.derived)).toBe(false);
  });

  it('says in a pod’s details where it stands as an endpoint, and why', () => {
    env = new FakeEnv();
    host = new WorkerHost(env);
    ok({ type: 'load', text: TRAFFIC, presetId: null, tick: null });
    env.settle();
    ok({ type: 'seekTime', seconds: 20 });
    env.advance(50);
    const pods = env.lastView().pods;
    const r = ok({ type: 'query', what: 'pod', kind: null, name: `default/${pods[0]?.name}`, from: null });
    const pod = (r as { pod: PodDetailView }).pod;
    expect(pod.endpoint).toMatchObject({
      state: 'ready',
      service: 'default/web',
      why: { fn: 'podToEndpoint', key: 'ready' },
    });
  });
});
