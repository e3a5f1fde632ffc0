// Golden runs of the presets whose lessons go through kubectl lines: each is run headless
// (cli/run.ts) and, where the lesson is what kubectl prints, through the engine itself.
import { cliArgs, desiredSequences } from './support.ts';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type CliArgs, runScenarioText } from '../../cli/run.ts';
import type { Deployment, KubeObject, Pod, ReplicaSet } from '../../src/engine/api/types.ts';
import { createEngine, lastActionTime, runUntil } from '../../src/engine/sim.ts';
import { parseScenarioText } from '../../src/scenario/parse.ts';
import { toSimConfig } from '../../src/scenario/toSimConfig.ts';

const preset = (id: string) => readFileSync(new URL(`../../src/scenario/presets/${id}.yaml`, import.meta.url), 'utf8');

function args(extra: string[]): CliArgs {
  return cliArgs(['preset.yaml', ...extra]);
}

interface JsonLine {
  tick: number;
  time: number;
  type: 'ADDED' | 'MODIFIED' | 'DELETED';
  object: KubeObject;
}

/** writes runs the preset with `--output json` and parses every line. */
function writes(text: string): JsonLine[] {
  const res = runScenarioText(text, args(['--output', 'json']));
  expect(res.code).toBe(0);
  return res.stdout.map((l) => JSON.parse(l) as JsonLine);
}

/** byTick groups the writes of each tick, in order. */
function byTick(lines: JsonLine[]): JsonLine[][] {
  const out: JsonLine[][] = [];
  for (const l of lines) {
    const last = out[out.length - 1];
    if (last && last[0]?.tick === l.tick) last.push(l);
    else out.push([l]);
  }
  return out;
}

/** finalObjects replays the writes into the last version of each object of a kind. */
function finalObjects<K extends KubeObject['kind']>(lines: JsonLine[], kind: K): Extract<KubeObject, { kind: K }>[] {
  const m = new Map<string, KubeObject>();
  for (const l of lines) {
    if (l.object.kind !== kind) continue;
    if (l.type === 'DELETED') m.delete(l.object.metadata.name);
    else m.set(l.object.metadata.name, l.object);
  }
  return [...m.values()] as Extract<KubeObject, { kind: K }>[];
}

/** userLines runs the engine and returns what each user action printed, with its virtual second. */
function userLines(text: string): { time: number; output: string }[] {
  const parsed = parseScenarioText(text);
  if (!parsed.ok) throw new Error(parsed.errors[0]);
  const config = toSimConfig(parsed.value);
  const st = createEngine(config);
  const out: { time: number; output: string }[] = [];
  runUntil(st, lastActionTime(config) + 600_000, (t) => {
    if (t.actor === 'user') out.push({ time: t.time / 1000, output: t.summary });
  });
  return out;
}

const image = (o: { spec: { template: { spec: { containers: { image?: string }[] } } } }) => o.spec.template.spec.containers[0]?.image;
const ann = (o: KubeObject, k: string) => o.metadata.annotations?.[k];
const hashOf = (o: KubeObject) => o.metadata.labels?.['pod-template-hash'];
const isReady = (p: Pod) => p.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') === true;

/** Deployment complete: every replica updated and available, and no old one left (DeploymentComplete). */
function complete(d: Deployment): boolean {
  const s = d.status;
  const n = d.spec.replicas ?? 1;
  return s?.updatedReplicas === n && s.replicas === n && s.availableReplicas === n && (s.observedGeneration ?? 0) >= (d.metadata.generation ?? 0);
}

describe('rollback preset', () => {
  it('prints the history, rolls back, and reuses the first ReplicaSet as revision 3', () => {
    expect(userLines(preset('rollback'))).toEqual([
      { time: 0, output: 'deployment.apps/web created' },
      { time: 30, output: 'deployment.apps/web image updated' },
      { time: 80, output: 'deployment.apps/web \nREVISION  CHANGE-CAUSE\n1         <none>\n2         <none>\n' },
      { time: 90, output: 'deployment.apps/web rolled back' },
    ]);
    const rss = finalObjects(writes(preset('rollback')), 'ReplicaSet').sort((a, b) => a.metadata.creationTimestamp?.localeCompare(b.metadata.creationTimestamp ?? '') ?? 0);
    expect(rss.map((rs) => [image(rs), rs.spec.replicas, ann(rs, 'deployment.kubernetes.io/revision'), ann(rs, 'deployment.kubernetes.io/revision-history')])).toEqual([
      ['nginx:1.8', 6, '3', '1'],
      ['nginx:1.9.3', 0, '2', undefined],
    ]);
  });
});

describe('pause-resume preset', () => {
  it('creates no ReplicaSet while paused and rolls out only the last template on resume', () => {
    const lines = writes(preset('pause-resume'));
    const added = lines.filter((l) => l.type === 'ADDED' && l.object.kind === 'ReplicaSet');
    expect(added.map((l) => [l.time >= 60, image(l.object as ReplicaSet)])).toEqual([
      [false, 'nginx:1.8'],
      [true, 'nginx:1.10'],
    ]);
    const rss = finalObjects(lines, 'ReplicaSet');
    expect(rss.map((rs) => [image(rs), rs.spec.replicas, ann(rs, 'deployment.kubernetes.io/revision')]).sort()).toEqual([
      ['nginx:1.10', 6, '2'],
      ['nginx:1.8', 0, '1'],
    ]);
    expect(userLines(preset('pause-resume')).map((u) => u.output)).toEqual([
      'deployment.apps/web created',
      'deployment.apps/web paused',
      'deployment.apps/web image updated',
      'deployment.apps/web image updated',
      'deployment.apps/web resumed',
    ]);
  });
});

describe('history-limit preset', () => {
  it('keeps 2 old ReplicaSets and deletes older ones only once a rollout is complete', () => {
    const lines = writes(preset('history-limit'));
    let deployment: Deployment | undefined;
    const deleted: { image: string | undefined; deploymentComplete: boolean }[] = [];
    for (const l of lines) {
      if (l.object.kind === 'Deployment') deployment = l.object;
      if (l.object.kind === 'ReplicaSet' && l.type === 'DELETED') {
        deleted.push({ image: image(l.object), deploymentComplete: deployment !== undefined && complete(deployment) });
      }
    }
    expect(deleted).toEqual([
      { image: 'nginx:1.8', deploymentComplete: true },
      { image: 'nginx:1.9.0', deploymentComplete: true },
    ]);
    const rss = finalObjects(lines, 'ReplicaSet');
    expect(rss.map((rs) => [image(rs), rs.spec.replicas]).sort()).toEqual([
      ['nginx:1.9.1', 0],
      ['nginx:1.9.2', 0],
      ['nginx:1.9.3', 4],
    ]);
  });
});

describe('recreate preset', () => {
  it('never has old and new pods at once, and ends with 6 new pods', () => {
    const lines = writes(preset('recreate'));
    const oldHash = hashOf(lines.find((l) => l.object.kind === 'ReplicaSet')?.object as ReplicaSet);
    const pods = new Map<string, Pod>();
    let overlapTicks = 0;
    let sawGap = false;
    for (const tick of byTick(lines)) {
      for (const l of tick) {
        if (l.object.kind !== 'Pod') continue;
        if (l.type === 'DELETED') pods.delete(l.object.metadata.name);
        else pods.set(l.object.metadata.name, l.object);
      }
      const hashes = new Set([...pods.values()].map(hashOf));
      if (hashes.has(oldHash) && hashes.size > 1) overlapTicks++;
      if (tick[0] && tick[0].time > 30 && pods.size === 0) sawGap = true;
    }
    expect(overlapTicks).toBe(0);
    expect(sawGap).toBe(true);
    const final = [...pods.values()];
    expect(final.map((p) => [p.spec.containers[0]?.image, isReady(p)])).toEqual(Array.from({ length: 6 }, () => ['nginx:1.9.3', true]));
  });
});

describe('proportional-scaling preset', () => {
  it('splits the 5 extra replicas 3 : 2 between the old and the new ReplicaSet', () => {
    const res = runScenarioText(preset('proportional-scaling'), args([]));
    const [oldRS, newRS] = [...desiredSequences(res.stdout).values()];
    // At 35 s the old RS has 8 and the new one 5 (13 of 18 allowed): 8·18/13 = 11.08 → 11 (+3), 5·18/13 = 6.92 → 7 (+2).
    expect(oldRS?.slice(0, 4)).toEqual([10, 8, 11, 10]);
    expect(newRS?.slice(0, 3)).toEqual([3, 5, 7]);
    expect(oldRS?.[oldRS.length - 1]).toBe(0);
    expect(newRS?.[newRS.length - 1]).toBe(15);
  });
});

describe('broken-image preset', () => {
  const withStatusCheck = `${preset('broken-image')}  - at: 85\n    kubectl: rollout status deployment/web\n  - at: 100\n    kubectl: rollout status deployment/web\n`;

  it('keeps every old pod, stalls at 3 new ones and turns Progressing False at the deadline', () => {
    const lines = writes(preset('broken-image'));
    const oldHash = hashOf(lines.find((l) => l.object.kind === 'ReplicaSet')?.object as ReplicaSet);
    const rsReplicas = new Map<string, number[]>();
    for (const l of lines) {
      if (l.object.kind !== 'ReplicaSet') continue;
      const seq = rsReplicas.get(image(l.object) ?? '') ?? [];
      if (seq[seq.length - 1] !== l.object.spec.replicas) seq.push(l.object.spec.replicas ?? 1);
      rsReplicas.set(image(l.object) ?? '', seq);
    }
    expect(Object.fromEntries(rsReplicas)).toEqual({ 'nginx:1.8': [10], 'nginx:broken': [3] });
    expect(lines.filter((l) => l.object.kind === 'Pod' && l.type === 'DELETED' && hashOf(l.object) === oldHash)).toEqual([]);
    const exceeded = lines.find(
      (l) => l.object.kind === 'Deployment' && l.object.status?.conditions?.some((c) => c.type === 'Progressing' && c.reason === 'ProgressDeadlineExceeded'),
    );
    // Last progress at 30.2 s is stored as lastUpdateTime 00:00:30 (seconds), so the deadline is
    // 90 s; requeueStuckDeployment waits 59.8 s plus one more second (AddAfter skew): 91 s.
    expect(exceeded?.time).toBe(91);
    const progressing = (exceeded?.object as Deployment | undefined)?.status?.conditions?.find((c) => c.type === 'Progressing');
    expect([progressing?.status, progressing?.message]).toEqual(['False', 'ReplicaSet "web-5cfdd7c4c7" has timed out progressing.']);
  });

  it('has rollout status wait before the deadline and fail after it', () => {
    expect(userLines(withStatusCheck).slice(2)).toEqual([
      { time: 85, output: 'Waiting for deployment "web" rollout to finish: 3 out of 10 new replicas have been updated...' },
      { time: 100, output: 'error: deployment "web" exceeded its progress deadline' },
    ]);
  });
});

describe('max-surge-0 preset', () => {
  it('never runs more than 10 pods and never fewer than 9 ready ones during the rollout', () => {
    const lines = writes(preset('max-surge-0'));
    const pods = new Map<string, Pod>();
    let maxLive = 0;
    let minReady = Number.POSITIVE_INFINITY;
    for (const tick of byTick(lines)) {
      for (const l of tick) {
        if (l.object.kind !== 'Pod') continue;
        if (l.type === 'DELETED') pods.delete(l.object.metadata.name);
        else pods.set(l.object.metadata.name, l.object);
      }
      const live = [...pods.values()].filter((p) => !p.metadata.deletionTimestamp);
      maxLive = Math.max(maxLive, live.length);
      if ((tick[0]?.time ?? 0) >= 30) minReady = Math.min(minReady, live.filter(isReady).length);
    }
    expect([maxLive, minReady]).toEqual([10, 9]);
    const rss = finalObjects(lines, 'ReplicaSet');
    expect(rss.map((rs) => [image(rs), rs.spec.replicas]).sort()).toEqual([
      ['nginx:1.8', 0],
      ['nginx:1.9.3', 10],
    ]);
  });
});

describe('nodes-coming-and-going preset', () => {
  const lines = writes(preset('nodes-coming-and-going'));
  /** podsAt replays the pod writes up to a virtual second. */
  const podsAt = (seconds: number): Pod[] => finalObjects(lines.filter((l) => l.time <= seconds), 'Pod');
  const onNode = (pods: Pod[], node: string, app: string) => pods.filter((p) => p.spec.nodeName === node && p.metadata.labels?.app === app);

  it('prints the drain of node-1 and moves its Deployment pods while its DaemonSet pod stays', () => {
    const outs = userLines(preset('nodes-coming-and-going'));
    // kubectl drain prints as it goes: the action tick, then one tick per poll that sees a pod gone.
    const drain = outs.filter((o) => o.time >= 110 && o.time < 140 && o.output !== '').flatMap((o) => o.output.split('\n'));
    expect(drain[0]).toBe('node/node-1 already cordoned');
    expect(drain[1]).toMatch(/^Warning: ignoring DaemonSet-managed Pods: default\/log-agent-[a-z0-9]{5}$/);
    expect(drain[drain.length - 1]).toBe('node/node-1 drained');
    const before = podsAt(109);
    const evicted = onNode(before, 'node-1', 'web').map((p) => p.metadata.name);
    expect(drain.filter((l) => l.startsWith('pod/'))).toEqual(evicted.map((n) => `pod/${n} evicted`));
    const after = podsAt(139);
    expect(onNode(after, 'node-1', 'web')).toEqual([]);
    expect(onNode(after, 'node-1', 'log-agent').map((p) => p.metadata.name)).toEqual(onNode(before, 'node-1', 'log-agent').map((p) => p.metadata.name));
    expect(after.filter((p) => p.metadata.labels?.app === 'web' && isReady(p))).toHaveLength(6);
  });

  it('gives the new node-4 its DaemonSet pod', () => {
    expect(onNode(podsAt(100), 'node-4', 'log-agent').filter(isReady)).toHaveLength(1);
  });

  // Kubernetes' taint manager cancels the eviction when the NoExecute taint is removed.
  it('keeps the pods of node-2 after it recovers', () => {
    const deletedOnNode2 = lines.filter(
      (l) => l.time > 60 && l.object.kind === 'Pod' && l.object.spec.nodeName === 'node-2' && l.object.metadata.deletionTimestamp !== undefined,
    );
    expect(deletedOnNode2.map((l) => l.object.metadata.name)).toEqual([]);
  });

  // The pod garbage collector (podgc gcOrphaned) deletes them 40 s after the node is removed,
  // and the ReplicaSet recreates them elsewhere.
  it('leaves no pod bound to the removed node-3', () => {
    expect(podsAt(700).filter((p) => p.spec.nodeName === 'node-3')).toEqual([]);
  });
});
