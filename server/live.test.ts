import { describe, expect, it } from 'vitest';
import { createEngine, runUntil } from '../src/engine/sim.ts';
import { webDeployment } from '../src/engine/sim/executeTestEngine.ts';
import { parseScenarioText } from '../src/scenario/parse.ts';
import { toSimConfig } from '../src/scenario/toSimConfig.ts';
import { scenarioToYaml } from '../src/scenario/yamlIo.ts';
import type { Scenario } from '../src/scenario/types.ts';
import { LiveCluster } from './live.ts';

const D = '/apis/apps/v1/namespaces/default/deployments';

function manualClock() {
  let t = 0;
  return { now: () => t, set: (ms: number) => (t = ms) };
}

const base: Scenario = {
  version: 1,
  name: 'live',
  cluster: { nodes: 3 },
  objects: [webDeployment(6)],
  actions: [{ at: 40, kubectl: 'scale deployment/web --replicas=4' }],
};

/** session drives a LiveCluster through writes at chosen real times (speed 2: virtual = 2 × real). */
function session() {
  const clock = manualClock();
  const live = new LiveCluster(base, { speed: 2, clock: clock.now });
  const steps: [number, () => void][] = [
    [5_000, () => live.write({ method: 'PATCH', path: `${D}/web?fieldManager=kubectl-set`, contentType: 'application/strategic-merge-patch+json', body: { spec: { template: { spec: { containers: [{ name: 'nginx', image: 'nginx:1.9' }] } } } } })],
    [5_000, () => live.write({ method: 'PATCH', path: `${D}/web/scale`, contentType: 'application/merge-patch+json', body: { spec: { replicas: 9 } } })],
    [12_345, () => live.write({ method: 'POST', path: D, body: { ...webDeployment(2), metadata: { name: 'api', labels: { app: 'api' } }, spec: { ...webDeployment(2).spec, selector: { matchLabels: { app: 'api' } }, template: { metadata: { labels: { app: 'api' } }, spec: { containers: [{ name: 'a', image: 'api:1' }] } } } } })],
    [30_000, () => live.write({ method: 'PATCH', path: '/api/v1/nodes/node-2', contentType: 'application/strategic-merge-patch+json', body: { spec: { unschedulable: true } } })],
  ];
  for (const [t, w] of steps) {
    clock.set(t);
    w();
  }
  clock.set(60_000);
  live.advance();
  return live;
}

describe('LiveCluster', () => {
  it('records a session that a fresh run replays to the same store', () => {
    const live = session();
    const text = scenarioToYaml(live.scenario);
    const parsed = parseScenarioText(text);
    if (!parsed.ok) throw new Error(parsed.errors[0]);
    const replay = createEngine(toSimConfig(parsed.value));
    runUntil(replay, live.st.now);
    expect(replay.tick).toBe(live.st.tick);
    expect(replay.store.rv).toBe(live.st.store.rv);
    for (const kind of ['Deployment', 'ReplicaSet', 'Pod', 'Node', 'Event'] as const) {
      expect([...replay.store.objects[kind].entries()]).toEqual([...live.st.store.objects[kind].entries()]);
    }
  });

  it('puts each write one millisecond after the virtual now, between the scripted actions', () => {
    const live = session();
    const times = (live.scenario.actions ?? []).map((a) => [a.at, 'request' in a ? a.request.method : 'kubectl']);
    expect(times).toEqual([
      [10.001, 'PATCH'],
      [10.002, 'PATCH'],
      [24.691, 'POST'],
      [40, 'kubectl'],
      [60.001, 'PATCH'],
    ]);
  });

  it('answers a refused write with its Status and records nothing', () => {
    const clock = manualClock();
    const live = new LiveCluster(base, { speed: 1, clock: clock.now });
    clock.set(1_000);
    const out = live.write({ method: 'POST', path: D, body: webDeployment(3) });
    expect(out.code).toBe(409);
    expect(live.scenario.actions).toEqual(base.actions);
  });

  it('replays watch events after a resourceVersion and says when they are gone', () => {
    const clock = manualClock();
    const live = new LiveCluster(base, { speed: 1, clock: clock.now, historyLimit: 20 });
    clock.set(20_000);
    live.advance();
    const rv = live.resourceVersion();
    expect(live.eventsSince(rv)).toEqual([]);
    expect(live.eventsSince(live.oldestResourceVersion() - 1)).toBeNull();
    const later = live.eventsSince(live.oldestResourceVersion()) ?? [];
    expect(later.length).toBe(20);
    expect(later.every((e, i) => i === 0 || e.rv > (later[i - 1]?.rv ?? 0))).toBe(true);
  });
});
