// A ReplicaSet of its own in a scenario (objects and apply) and in an import: validated as the API
// server takes a client's, run by the ReplicaSet controller alone; a Deployment's ReplicaSet in
// `kubectl get all -o yaml` is left to its Deployment.
import { describe, expect, it } from 'vitest';
import { createEngine, runUntil } from '../engine/sim.ts';
import { parseScenarioText } from './parse.ts';
import { toSimConfig } from './toSimConfig.ts';
import { importManifests } from './yamlIo.ts';

const rs = (replicas: number | string, apiVersion = 'apps/v1') => `
  - apiVersion: ${apiVersion}
    kind: ReplicaSet
    metadata: { name: frontend }
    spec:
      replicas: ${replicas}
      selector: { matchLabels: { tier: frontend } }
      template:
        metadata: { labels: { tier: frontend } }
        spec: { containers: [{ name: php-redis, image: "gb-frontend:v5" }] }`;

const scenario = (objects: string) => `version: 1
name: frontend
seed: 1
cluster: { nodes: 3 }
objects:${objects}
`;

describe('a scenario with a ReplicaSet of its own', () => {
  it('runs it: three pods it owns', () => {
    const parsed = parseScenarioText(scenario(rs(3)));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const st = createEngine(toSimConfig(parsed.value));
    runUntil(st, 30_000);
    const pods = [...st.store.objects.Pod.values()];
    expect(pods).toHaveLength(3);
    expect(pods.every((p) => p.metadata.ownerReferences?.[0]?.kind === 'ReplicaSet')).toBe(true);
  });

  it.each([
    [rs(-2), 'objects[0]: The ReplicaSet "frontend" is invalid: spec.replicas: Invalid value: -2: must be greater than or equal to 0'],
    [rs(3, 'extensions/v1beta1'), 'objects[0].apiVersion: no matches for kind "ReplicaSet" in version "extensions/v1beta1" (Rollout Lab simulates apps/v1)'],
    [rs('"3"'), 'objects[0]: ReplicaSet in version "v1" cannot be handled as a ReplicaSet: json: cannot unmarshal string into Go struct field ReplicaSetSpec.spec.replicas of type int32'],
  ])('refuses it with the API server’s words: %#', (objects, want) => {
    const parsed = parseScenarioText(scenario(objects));
    expect(parsed.ok ? [] : parsed.errors).toEqual([want]);
  });
});

describe('importManifests of ReplicaSets', () => {
  it('keeps a ReplicaSet of its own and leaves a Deployment’s to it', () => {
    const own = 'apiVersion: apps/v1\nkind: ReplicaSet\nmetadata: { name: frontend }\nspec:\n  selector: { matchLabels: { tier: frontend } }\n  template:\n    metadata: { labels: { tier: frontend } }\n    spec: { containers: [{ name: a, image: a }] }\n';
    const owned =
      'apiVersion: apps/v1\nkind: ReplicaSet\nmetadata:\n  name: web-5d8f7c9b4\n  ownerReferences: [{ apiVersion: apps/v1, kind: Deployment, name: web, uid: u1, controller: true }]\nspec:\n  selector: { matchLabels: { app: web } }\n  template:\n    metadata: { labels: { app: web } }\n    spec: { containers: [{ name: a, image: a }] }\n';
    const r = importManifests([own, owned].join('---\n'));
    expect(r.ok).toBe(true);
    if (!r.ok || r.value.type !== 'objects') return;
    expect(r.value.objects.map((o) => `${o.kind}/${o.metadata.name}`)).toEqual(['ReplicaSet/frontend']);
    expect(r.value.ignored).toEqual(['ReplicaSet "web-5d8f7c9b4" (its owner\'s to make)']);
  });
});

describe('encodeShareHash of a scenario with a ReplicaSet', () => {
  it('gives the scenario back', async () => {
    const { decodeShareHash, encodeShareHash } = await import('./shareUrl.ts');
    const parsed = parseScenarioText(scenario(rs(2)));
    if (!parsed.ok) throw new Error(parsed.errors.join('; '));
    const back = decodeShareHash(encodeShareHash(parsed.value));
    expect(back.ok && back.value.scenario.objects).toEqual(parsed.value.objects);
  });
});
