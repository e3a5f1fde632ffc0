import { readFileSync } from 'node:fs';
import { cliArgs } from './support.ts';
import { describe, expect, it } from 'vitest';
import { type CliArgs, runScenarioText } from '../../cli/run.ts';
import type { EngineState, TickRecord } from '../../src/engine/sim.ts';
import {
  availableOn,
  configOf,
  convergenceProblems,
  currentHash,
  isLive,
  podsByNode,
  readyOn,
  run,
  shouldRunOn,
  theDaemonSet,
} from './daemonsetRun.ts';

const preset = (name: string): string => readFileSync(new URL(`../../src/scenario/presets/${name}.yaml`, import.meta.url), 'utf8');

function args(extra: string[] = []): CliArgs {
  return cliArgs(['scenario.yaml', ...extra]);
}

const DS_HEADER = /^NAME\s+DESIRED\s+CURRENT\s+READY\s+UP-TO-DATE\s+AVAILABLE\s+NODE SELECTOR\s+AGE$/;
const END_MS = 10 * 60 * 1000;

/** userTicks lists the summaries of the user's actions: what kubectl printed. */
function userTicks(config: ReturnType<typeof configOf>): string[] {
  const out: string[] = [];
  run(config, END_MS, (_st, t) => {
    if (t.actor === 'user') out.push(t.summary);
  });
  return out;
}

describe('DaemonSet presets through the CLI runner', () => {
  it.each(['daemonset-rolling', 'daemonset-surge', 'daemonset-ondelete', 'daemonset-node-pool'])(
    'prints the get ds -w table and ends rolled out for %s',
    (name) => {
      const watch = runScenarioText(preset(name), args(['--watch', 'ds']));
      expect(watch.code).toBe(0);
      expect(watch.stdout[0]).toMatch(DS_HEADER);
      for (const line of watch.stdout.slice(1)) expect(line).toMatch(/^log-agent\s+\d+\s+\d+\s+\d+\s+\d+\s+\d+\s+\S+\s+\S+$/);
      const status = runScenarioText(preset(name), args(['--output', 'status']));
      // kubectl watches only RollingUpdate DaemonSets (DaemonSetStatusViewer).
      const want =
        name === 'daemonset-ondelete'
          ? 'error: rollout status is only available for RollingUpdate strategy type'
          : 'daemon set "log-agent" successfully rolled out';
      expect(status.stdout[0]).toBe(want);
    },
  );

  it.each(['daemonset-rolling', 'daemonset-surge', 'daemonset-ondelete', 'daemonset-node-pool'])(
    'runs every action of %s without an error and converges',
    (name) => {
      const config = configOf(preset(name));
      for (const s of userTicks(config)) expect(s).not.toMatch(/^error|Error from server|not wired/);
      expect(convergenceProblems(run(config, END_MS), 'log-agent')).toEqual([]);
    },
  );

  it('gives byte-identical json output when a DaemonSet scenario runs twice', () => {
    const a = runScenarioText(preset('daemonset-surge'), args(['--output', 'json'])).stdout.join('\n');
    const b = runScenarioText(preset('daemonset-surge'), args(['--output', 'json'])).stdout.join('\n');
    expect(a.length).toBeGreaterThan(1000);
    expect(a).toBe(b);
  });
});

/** After the template change, the per-tick worst case of a node-level measure. */
function worstAfter(config: ReturnType<typeof configOf>, fromMs: number, measure: (st: EngineState, t: TickRecord) => number): number {
  let worst = 0;
  run(config, END_MS, (st, t) => {
    if (t.time >= fromMs) worst = Math.max(worst, measure(st, t));
  });
  return worst;
}

describe('daemonset-rolling (maxUnavailable 1)', () => {
  const config = configOf(preset('daemonset-rolling'));

  it('never leaves more than one node without an available pod once the update starts', () => {
    const worst = worstAfter(config, 30_000, (st) => {
      const ds = theDaemonSet(st, 'log-agent');
      if (!ds) return 0;
      const byNode = podsByNode(st, ds);
      return [...shouldRunOn(st, ds)].filter((n) => !availableOn(st, ds, byNode.get(n))).length;
    });
    expect(worst).toBe(1);
  });

  it('never runs two live pods on a node', () => {
    const worst = worstAfter(config, 0, (st) => {
      const ds = theDaemonSet(st, 'log-agent');
      return ds ? Math.max(0, ...[...podsByNode(st, ds, isLive).values()].map((p) => p.length)) : 0;
    });
    expect(worst).toBe(1);
  });

  it('moves UP-TO-DATE one node at a time from 0 to 6', () => {
    const lines = runScenarioText(preset('daemonset-rolling'), args()).stdout.slice(1);
    const upToDate = lines.map((l) => Number(l.trim().split(/\s+/)[4]));
    const afterUpdate = upToDate.slice(upToDate.lastIndexOf(0));
    expect([...new Set(afterUpdate)]).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
});

describe('daemonset-surge (maxSurge 1, maxUnavailable 0)', () => {
  const config = configOf(preset('daemonset-surge'));

  it('never leaves a node without a live Ready pod once the update starts', () => {
    let fullyReady = false;
    const worst = worstAfter(config, 30_000, (st) => {
      const ds = theDaemonSet(st, 'log-agent');
      if (!ds) return 0;
      const byNode = podsByNode(st, ds);
      const bare = [...shouldRunOn(st, ds)].filter((n) => !readyOn(byNode.get(n))).length;
      fullyReady ||= bare === 0;
      return fullyReady ? bare : 0;
    });
    expect(fullyReady).toBe(true);
    expect(worst).toBe(0);
  });

  it('runs two live pods on one node at a time, never more', () => {
    const worst = worstAfter(config, 30_000, (st) => {
      const ds = theDaemonSet(st, 'log-agent');
      return ds ? [...podsByNode(st, ds, isLive).values()].filter((p) => p.length === 2).length : 0;
    });
    expect(worst).toBe(1);
  });
});

describe('daemonset-ondelete', () => {
  const config = configOf(preset('daemonset-ondelete'));

  it('changes no pod between the new template (30 s) and the pod deletion (60 s)', () => {
    const writes: string[] = [];
    const st = run(config, 59_999, (_s, t) => {
      if (t.time < 30_000) return;
      for (const w of t.writes) if (w.object.kind === 'Pod' && w.type !== 'MODIFIED') writes.push(`${w.type} ${w.object.metadata.name}`);
    });
    expect(writes).toEqual([]);
    const ds = theDaemonSet(st, 'log-agent');
    if (!ds) throw new Error('no DaemonSet');
    const hash = currentHash(st, ds);
    const live = [...podsByNode(st, ds, isLive).values()].flat();
    expect(live).toHaveLength(4);
    expect(live.filter((p) => p.metadata.labels?.['controller-revision-hash'] === hash)).toEqual([]);
  });

  it('replaces the deleted pods with the new template', () => {
    expect(convergenceProblems(run(config, END_MS), 'log-agent')).toEqual([]);
  });
});

describe('daemonset-node-pool', () => {
  const config = configOf(preset('daemonset-node-pool'));
  const nodesWithPods = (st: EngineState): string[] => {
    const ds = theDaemonSet(st, 'log-agent');
    return ds ? [...podsByNode(st, ds, isLive).keys()].sort() : [];
  };

  it('leaves the batch node and the tainted node empty at first', () => {
    expect(nodesWithPods(run(config, 29_000))).toEqual(['worker-a', 'worker-b', 'worker-e']);
  });

  it('adds a pod to worker-d once it is labelled into the pool', () => {
    expect(nodesWithPods(run(config, 49_000))).toEqual(['worker-a', 'worker-b', 'worker-d', 'worker-e']);
  });

  it('adds a pod to worker-c once its taint is gone', () => {
    expect(nodesWithPods(run(config, END_MS))).toEqual(['worker-a', 'worker-b', 'worker-c', 'worker-d', 'worker-e']);
  });
});

const cluster = (actions: string): string => `version: 1
name: DaemonSet and node events
cluster:
  nodes: 3
objects:
  - apiVersion: apps/v1
    kind: DaemonSet
    metadata: { name: log-agent, labels: { app: log-agent } }
    spec:
      selector: { matchLabels: { app: log-agent } }
      template:
        metadata: { labels: { app: log-agent } }
        spec: { containers: [{ name: fluentd, image: "fluentd:v1.16" }] }
actions:
${actions}`;

describe('DaemonSet pods and node events', () => {
  it('keeps the pod of a NotReady node (it tolerates unreachable:NoExecute for ever) and counts it misscheduled', () => {
    const config = configOf(cluster('  - { at: 30, node: { name: node-2, ready: false } }'));
    const st = run(config, 30_000 + 20 * 60_000);
    const ds = theDaemonSet(st, 'log-agent');
    if (!ds) throw new Error('no DaemonSet');
    expect(podsByNode(st, ds, isLive).get('node-2')).toHaveLength(1);
    // The unreachable:NoSchedule taint is not tolerated: no new pod, but the running one stays.
    expect(ds.status).toMatchObject({ desiredNumberScheduled: 2, currentNumberScheduled: 2, numberMisscheduled: 1, numberReady: 2 });
  });

  it('starts a pod on a node that joins, and forgets a node that leaves', () => {
    const config = configOf(
      cluster(`  - { at: 30, node: { name: node-4, add: { labels: { disk: ssd } } } }
  - { at: 60, node: { name: node-1, remove: true } }`),
    );
    const joined = run(config, 45_000);
    const ds = theDaemonSet(joined, 'log-agent');
    expect(ds?.status).toMatchObject({ desiredNumberScheduled: 4, numberAvailable: 4 });
    const left = run(config, END_MS);
    const after = theDaemonSet(left, 'log-agent');
    if (!after) throw new Error('no DaemonSet');
    expect(after.status).toMatchObject({ desiredNumberScheduled: 3, numberAvailable: 3, numberMisscheduled: 0 });
    expect([...podsByNode(left, after).keys()].sort()).toEqual(['node-2', 'node-3', 'node-4']);
  });

  it('lets the garbage collector delete the pods and ControllerRevisions of a deleted DaemonSet', () => {
    const config = configOf(cluster('  - { at: 30, kubectl: delete daemonset log-agent }'));
    const before = run(config, 29_000);
    expect(before.store.objects.Pod.size).toBe(3);
    expect(before.store.objects.ControllerRevision.size).toBe(1);
    const st = run(config, END_MS);
    expect(st.store.objects.DaemonSet.size).toBe(0);
    expect(st.store.objects.Pod.size).toBe(0);
    expect(st.store.objects.ControllerRevision.size).toBe(0);
  });

  it('keeps and recreates the pod of a cordoned, drained node (daemon pods tolerate unschedulable)', () => {
    const config = configOf(
      cluster(`  - { at: 30, kubectl: drain node-2 --ignore-daemonsets }
  - { at: 40, kubectl: delete pod -l app=log-agent }`),
    );
    const outputs: string[] = [];
    const st = run(config, END_MS, (_s, t) => {
      if (t.actor === 'user') outputs.push(t.summary);
    });
    expect(outputs[1]).toMatch(/node\/node-2 cordoned/);
    expect(convergenceProblems(st, 'log-agent')).toEqual([]);
    const ds = theDaemonSet(st, 'log-agent');
    if (!ds) throw new Error('no DaemonSet');
    expect(podsByNode(st, ds, isLive).get('node-2')).toHaveLength(1);
  });

  it('recreates a pod that is deleted, with the current template', () => {
    const config = configOf(cluster('  - { at: 30, kubectl: delete pod -l app=log-agent }'));
    const created: string[] = [];
    const st = run(config, END_MS, (_s, t) => {
      if (t.time >= 30_000) for (const w of t.writes) if (w.type === 'ADDED' && w.object.kind === 'Pod') created.push(w.object.metadata.name);
    });
    expect(created).toHaveLength(3);
    expect(convergenceProblems(st, 'log-agent')).toEqual([]);
  });
});
