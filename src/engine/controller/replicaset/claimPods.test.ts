// claimPods against the ReplicaSet's whole selector (LabelSelectorAsSelector), not only its
// template's labels: a pod that keeps every template label yet fails a NotIn or DoesNotExist term
// is released and replaced; an orphan that fails such a term is not adopted.
import { describe, expect, it } from 'vitest';
import type { LabelSelector } from '../../api/types.ts';
import { advance, kubectl, objects, runTicks, settledCluster, testConfig, webDeployment } from '../../sim/executeTestEngine.ts';
import { createEngine, runUntil } from '../../sim/simulation.ts';

/** A ReplicaSet of 3 pods labelled tier=frontend, selected by tier=frontend plus `expressions`. */
const frontend = (expressions: LabelSelector['matchExpressions'], labels: Record<string, string> = {}) => ({
  apiVersion: 'apps/v1',
  kind: 'ReplicaSet',
  metadata: { name: 'frontend' },
  spec: {
    replicas: 3,
    selector: { matchLabels: { tier: 'frontend' }, matchExpressions: expressions },
    template: { metadata: { labels: { tier: 'frontend', ...labels } }, spec: { containers: [{ name: 'php-redis', image: 'gb-frontend:v5' }] } },
  },
});

const barePod = (name: string, labels: Record<string, string>) => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, labels },
  spec: { containers: [{ name: 'hello', image: 'hello-app:2.0' }] },
});

const doesNotExist = [{ key: 'track', operator: 'DoesNotExist' as const }];
const notInCanary = [{ key: 'track', operator: 'NotIn' as const, values: ['canary'] }];

function frontendCluster(expressions: LabelSelector['matchExpressions'], labels: Record<string, string> = {}) {
  const st = settledCluster([], 0);
  expect(kubectl(st, 'apply -f -', frontend(expressions, labels)).ok).toBe(true);
  advance(st, 20);
  return st;
}

describe('claimPods', () => {
  it.each<[string, LabelSelector['matchExpressions'], Record<string, string>, string, string[][]]>([
    ['releases a pod labelled track=canary when the selector has !track', doesNotExist, {}, 'track=canary', [['released', 'tier=frontend,track=canary']]],
    ['releases a pod labelled track=canary when the selector has track notin (canary)', notInCanary, {}, 'track=canary', [['released', 'tier=frontend,track=canary']]],
    ['keeps a pod labelled track=stable when the selector has track notin (canary)', notInCanary, {}, 'track=stable', []],
    ['releases a pod relabelled track=canary when the template has track=stable', notInCanary, { track: 'stable' }, 'track=canary --overwrite', [['released', 'tier=frontend,track=canary']]],
  ])('%s', (_name, expressions, templateLabels, label, want) => {
    const st = frontendCluster(expressions, templateLabels);
    const name = objects(st, 'Pod')[0]?.metadata.name ?? '';
    expect(kubectl(st, `label pod ${name} ${label}`).ok).toBe(true);
    const ticks = runTicks(st, 30);
    const claims = ticks.flatMap((t) => t.decisions).filter((d) => d.fn === 'claimPods');
    expect(claims.map((d) => [d.key, d.values.labels])).toEqual(want);
    const owned = objects(st, 'Pod').filter((p) => p.metadata.ownerReferences !== undefined);
    // Released or not, the ReplicaSet ends with 3 pods of its own.
    expect(owned).toHaveLength(3);
    expect(owned.some((p) => p.metadata.name === name)).toBe(want.length === 0);
  });

  it.each<[string, LabelSelector['matchExpressions'], Record<string, string>, string[]]>([
    ['does not adopt an orphan with track=canary when the selector has !track', doesNotExist, { tier: 'frontend', track: 'canary' }, []],
    ['does not adopt an orphan with track=canary when the selector has track notin (canary)', notInCanary, { tier: 'frontend', track: 'canary' }, []],
    ['adopts an orphan with track=stable when the selector has track notin (canary)', notInCanary, { tier: 'frontend', track: 'stable' }, ['pod1']],
  ])('%s', (_name, expressions, podLabels, want) => {
    const st = frontendCluster(expressions);
    expect(kubectl(st, 'apply -f -', barePod('pod1', podLabels)).ok).toBe(true);
    const ticks = runTicks(st, 5);
    // A scale to 4 syncs the ReplicaSet whatever the orphan's labels (only a matching orphan's
    // own event queues it): it has adopted the orphan (then deleted it as a fourth pod of 3), or
    // now creates its fourth.
    expect(kubectl(st, 'scale rs frontend --replicas=4').ok).toBe(true);
    ticks.push(...runTicks(st, 30));
    const adopted = ticks.flatMap((t) => t.decisions).filter((d) => d.fn === 'claimPods' && d.key === 'adopted');
    expect(adopted.map((d) => d.values.pod)).toEqual(want);
    const pods = objects(st, 'Pod');
    expect(pods.filter((p) => p.metadata.ownerReferences !== undefined)).toHaveLength(4);
    const pod1 = pods.find((p) => p.metadata.name === 'pod1');
    if (want.length) expect(pod1).toBeUndefined();
    else expect(pod1?.metadata.ownerReferences).toBeUndefined();
  });
});

describe('claimPods in a Deployment’s run', () => {
  it('releases and replaces a pod labelled track=canary when the Deployment selects !track', () => {
    const d = webDeployment(4, { selector: { matchLabels: { app: 'web' }, matchExpressions: doesNotExist } });
    const st = createEngine(testConfig([d]));
    runUntil(st, 30_000);
    st.now = 30_000;
    const rs = objects(st, 'ReplicaSet')[0];
    const name = objects(st, 'Pod')[0]?.metadata.name ?? '';
    expect(kubectl(st, `label pod ${name} track=canary`).ok).toBe(true);
    const released: string[] = [];
    runUntil(st, 60_000, (t) => {
      for (const x of t.decisions) if (x.fn === 'claimPods' && x.key === 'released') released.push(String(x.values.pod));
    });
    expect(released).toEqual([name]);
    const pods = objects(st, 'Pod');
    expect(pods.find((p) => p.metadata.name === name)?.metadata.ownerReferences).toBeUndefined();
    const owned = pods.filter((p) => p.metadata.ownerReferences?.[0]?.uid === rs?.metadata.uid);
    expect(owned.filter((p) => p.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True'))).toHaveLength(4);
  });
});
