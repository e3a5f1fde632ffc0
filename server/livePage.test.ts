// The page following a served session: its worker takes each scenario the session stream sends
// (hostLive.ts) and must end with exactly the recording a fresh run of the server's scenario gives,
// keeping the ticks it had recorded before each write.
import { afterEach, describe, expect, it } from 'vitest';
import { webDeployment } from '../src/engine/sim/executeTestEngine.ts';
import type { Action, Scenario } from '../src/scenario/types.ts';
import { firstRecordDiff } from '../src/timeline/testScenarios.ts';
import { Timeline } from '../src/timeline/timeline.ts';
import { WorkerHost } from '../src/worker/host.ts';
import { planLive } from '../src/worker/hostLive.ts';
import { isWorkerMessage } from '../src/worker/messageChecks.ts';
import { FakeEnv } from '../src/worker/testEnv.ts';
import { LiveCluster } from './live.ts';

const D = '/apis/apps/v1/namespaces/default/deployments';

const base: Scenario = {
  version: 1,
  name: 'live',
  cluster: { nodes: 3 },
  objects: [webDeployment(6)],
  actions: [{ at: 40, kubectl: 'scale deployment/web --replicas=4' }],
};

let host: WorkerHost | null = null;
afterEach(() => host?.dispose());

function follower() {
  const env = new FakeEnv();
  const h = new WorkerHost(env);
  host = h;
  let id = 1;
  const live = (s: Scenario) => {
    const n = id++;
    h.handle({ type: 'live', id: n, text: JSON.stringify(s) });
    const r = env.reply(n);
    if (!r.ok) throw new Error(r.error);
    env.advance(50);
  };
  return { env, h, live };
}

describe('a page following a served session', () => {
  it('forks at each write and ends with the recording of the server’s scenario', () => {
    let t = 0;
    const server = new LiveCluster(base, { speed: 2, clock: () => t });
    const { env, h, live } = follower();
    live(server.scenario);
    const recording = h.recording;
    const writes: [number, () => void][] = [
      [5_000, () => server.write({ method: 'PATCH', path: `${D}/web`, contentType: 'application/strategic-merge-patch+json', body: { spec: { template: { spec: { containers: [{ name: 'nginx', image: 'nginx:1.9' }] } } } } })],
      [5_000, () => server.write({ method: 'PATCH', path: `${D}/web/scale`, contentType: 'application/merge-patch+json', body: { spec: { replicas: 9 } } })],
      [30_000, () => server.write({ method: 'PATCH', path: '/api/v1/nodes/node-2', contentType: 'application/strategic-merge-patch+json', body: { spec: { unschedulable: true } } })],
    ];
    for (const [at, write] of writes) {
      t = at;
      write();
      live(server.scenario);
      // A fork, not a reload: the same recording, its earlier ticks kept.
      expect(h.recording).toBe(recording);
    }
    const tl = h.recording?.timeline;
    if (!tl) throw new Error('no recording');
    expect(tl.scenario.actions).toEqual(server.scenario.actions);
    // Every message is one the page accepts (a scenario changed by the session says cause 'live').
    expect(env.posted.filter((p) => p.message.type === 'scenario').map((p) => (p.message as { cause: string }).cause)).toContain('live');
    expect(env.posted.every((p) => isWorkerMessage(p.message))).toBe(true);
    const fresh = new Timeline(server.scenario);
    fresh.record({ untilTimeMs: 90_000 });
    tl.record({ untilTimeMs: 90_000 });
    const n = Math.min(tl.length, fresh.length);
    expect(firstRecordDiff(tl.records.slice(0, n), fresh.records.slice(0, n))).toBeNull();
  });

  it('reopens the server’s scenario when the page’s own differs in more than new writes', () => {
    const { h, live } = follower();
    live(base);
    const first = h.recording;
    live({ ...base, name: 'another' });
    expect(h.recording).not.toBe(first);
    expect(h.recording?.timeline.scenario.name).toBe('another');
  });
});

describe('planLive', () => {
  const at = (s: number): Action => ({ at: s, request: { method: 'PATCH', path: `${D}/web` } });
  const tl = (actions: Scenario['actions']) => new Timeline({ ...base, actions });

  it.each<[string, Scenario['actions'], Scenario['actions'], string]>([
    ['the same actions', [at(1)], [at(1)], 'same'],
    ['one new write after the others', [at(1)], [at(1), at(2.001)], 'fork'],
    ['a new write before a scripted action', [at(1), { at: 40, kubectl: 'get pods' }], [at(1), at(2.001), { at: 40, kubectl: 'get pods' }], 'fork'],
    ['a write the server never made', [at(1), at(2)], [at(1), at(3)], 'reopen'],
    ['two writes at different times at once', [], [at(1), at(2)], 'reopen'],
  ])('says %s', (_, mine, theirs, kind) => {
    expect(planLive(tl(mine), { ...base, actions: theirs }).kind).toBe(kind);
  });

  it('reopens when nothing is loaded', () => {
    expect(planLive(null, base)).toEqual({ kind: 'reopen' });
  });
});
