import { describe, expect, it } from 'vitest';
import { scenarioInput } from './manifestsScenario.ts';
import { parseScenarioText } from './parse.ts';

const statefulSet = `apiVersion: v1
kind: Service
metadata: { name: nginx, labels: { app: nginx } }
spec: { clusterIP: None, selector: { app: nginx }, ports: [{ port: 80, name: web }] }
---
apiVersion: apps/v1
kind: StatefulSet
metadata: { name: web, uid: 0b9a, resourceVersion: "812", creationTimestamp: "2026-01-02T03:04:05Z" }
spec:
  serviceName: nginx
  replicas: 3
  selector: { matchLabels: { app: nginx } }
  template:
    metadata: { labels: { app: nginx } }
    spec: { containers: [{ name: nginx, image: "registry.k8s.io/nginx-slim:0.24" }] }
status: { replicas: 3 }
`;

describe('scenarioInput', () => {
  it('runs manifests as the scenario an Import makes of them, named after the file', () => {
    const r = scenarioInput(statefulSet, 'manifests/web.yaml');
    if (!r.ok) throw new Error(r.errors.join('\n'));
    expect(r.value.applied).toEqual(['service/nginx created', 'statefulset.apps/web created']);
    const s = parseScenarioText(r.value.text);
    if (!s.ok) throw new Error(s.errors.join('\n'));
    expect(s.value.name).toBe('web');
    expect(s.value.actions ?? []).toEqual([]);
    expect(s.value.objects.map((o) => `${o.kind}/${o.metadata.name}`)).toEqual(['Service/nginx', 'StatefulSet/web']);
    // What a cluster filled in (kubectl get -o yaml) is left out, as the page's Import leaves it.
    const sts = s.value.objects[1] as unknown as { metadata: Record<string, unknown>; status?: unknown };
    expect(Object.keys(sts.metadata)).toEqual(['name']);
    expect(sts.status).toBeUndefined();
  });

  it('names a run from standard input after its first workload', () => {
    const r = scenarioInput(statefulSet, '-');
    expect(r.ok && parseScenarioText(r.value.text)).toMatchObject({ ok: true, value: { name: 'web' } });
  });

  it('unpacks a kind: List as kubectl get -o yaml prints several objects', () => {
    const list = `apiVersion: v1\nkind: List\nitems:\n${statefulSet
      .split('---\n')
      .map((d) => `- ${d.trim().split('\n').join('\n  ')}`)
      .join('\n')}\n`;
    const r = scenarioInput(list, '-');
    expect(r.ok && r.value.applied).toEqual(['service/nginx created', 'statefulset.apps/web created']);
  });

  it.each([
    ['a scenario file', 'version: 1\nname: x\nobjects: []\n'],
    ['a scenario without its version', 'name: x\nobjects: []\n'],
    ['text that is not YAML', 'a: [1\n'],
    ['a list of numbers', '- 1\n- 2\n'],
  ])('leaves %s to the scenario parser', (_, text) => {
    expect(scenarioInput(text, 'x.yaml')).toEqual({ ok: true, value: { text, applied: [], note: null } });
  });

  it('answers a bad manifest with the API server’s message, per document', () => {
    const bad = statefulSet.replace('replicas: 3', 'replicas: -1');
    expect(scenarioInput(bad, 'web.yaml')).toEqual({
      ok: false,
      errors: [expect.stringMatching(/^Document 2: The StatefulSet "web" is invalid: spec\.replicas: Invalid value: -1: must be greater than or equal to 0/)],
    });
  });

  it('says which documents it left out', () => {
    const ingress = 'apiVersion: networking.k8s.io/v1\nkind: Ingress\nmetadata: { name: web }\n---\n';
    const r = scenarioInput(ingress + statefulSet, 'web.yaml');
    expect(r.ok && r.value.note).toMatch(/^Ignored 1 document: Ingress "web"/);
  });
});
