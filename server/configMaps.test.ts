// ConfigMaps and Secrets (core/v1) through the real kubectl and in the page's console (kubectl
// v1.36.3), on one state (describe's data keys: sorted by the console, as by kubectl since 1.34;
// in Go's random map order by 1.33: the objects described have one key each): get, describe, create configmap|secret (protobuf bodies), the validation messages, and a
// Deployment whose new template reads a ConfigMap that does not exist yet: its pods wait in
// CreateContainerConfigError until the ConfigMap is applied. The real kubectl is kubectl.1.33
// (the server reports v1.33.0), which prints the pods' projected token volume as 1.36 does; what
// 1.34–1.36 changed since in describe is evened out (describeSkew.ts).
import { describe, expect, it } from 'vitest';
import { eventFieldPathsDropped, eventsOfManyDropped } from './describeSkew.ts';
import { describeNormalised, rolledOut, servedObjects, servedRead } from './kubectlHarness.ts';
import { expectAnswersAsPage, expectPrintsAsPage, servedScenario } from './printsAsPage.ts';

const SCENARIO = `version: 1
name: configmaps and secrets
cluster:
  nodes: 2
objects:
  - apiVersion: v1
    kind: ConfigMap
    metadata: { name: web-v1, labels: { app: web } }
    data: { MODE: blue }
    binaryData: { logo: "iVBORw0KGgo=" }
  - apiVersion: v1
    kind: ConfigMap
    metadata: { name: files }
    data: { "config.yaml": "port: 8080\\nlog: info\\n" }
  - apiVersion: v1
    kind: Secret
    metadata: { name: token }
    type: kubernetes.io/basic-auth
    stringData: { username: ci }
  - apiVersion: v1
    kind: Secret
    metadata: { name: db }
    stringData: { password: s3cr3t }
    data: { user: YWRtaW4= }
  - apiVersion: apps/v1
    kind: Deployment
    metadata: { name: web, labels: { app: web } }
    spec:
      replicas: 2
      selector: { matchLabels: { app: web } }
      template:
        metadata: { labels: { app: web } }
        spec:
          containers:
            - name: web
              image: "web:1"
              envFrom: [{ configMapRef: { name: web-v1 } }, { prefix: DB_, secretRef: { name: db, optional: true } }]
              env:
                - { name: MODE, valueFrom: { configMapKeyRef: { name: web-v1, key: MODE } } }
                - { name: PASSWORD, valueFrom: { secretKeyRef: { name: db, key: password } } }
  - apiVersion: apps/v1
    kind: Deployment
    metadata: { name: api, labels: { app: api } }
    spec:
      replicas: 1
      selector: { matchLabels: { app: api } }
      template:
        metadata: { labels: { app: api } }
        spec:
          containers:
            - name: api
              image: "api:1"
              env: [{ name: FLAGS, valueFrom: { configMapKeyRef: { name: api-flags, key: FLAGS } } }]
`;

const normalise = (t: string) => describeNormalised(eventFieldPathsDropped(t));
/** The web pods, described together: kubectl 1.36 prints no Events for several objects. */
const normaliseMany = (t: string) => normalise(eventsOfManyDropped(t));

describe('ConfigMaps and Secrets against npm run serve', () => {
  const h = servedScenario(SCENARIO, ['deployment/web'], { gitVersion: 'v1.33.0' });

  it('lists and describes them as kubectl does', async () => {
    await expectPrintsAsPage(h, ['get configmaps', 'get cm web-v1 -o wide', 'get secrets', 'get cm,secret', 'describe cm web-v1', 'describe cm files', 'describe secret token'], normalise);
    await expectPrintsAsPage(h, ['describe pods -l app=web'], normaliseMany);
    // stringData is folded into data as base64 and never stored (read on the served state: servedRead).
    expect(servedRead(h, "get secret db -o jsonpath='{.type} {.data.password} {.data.user}'").output).toBe('Opaque czNjcjN0 YWRtaW4=');
    // Both kinds are in the served OpenAPI schemas (scripts/gen-openapi-schemas.mjs roots).
    expect((await h.kubectl(['explain', 'secret.stringData'])).stdout).toContain('stringData allows specifying non-binary secret data in string form.');
  });

  it('keeps a pod whose ConfigMap is missing in CreateContainerConfigError, with the kubelet Event', async () => {
    await expectPrintsAsPage(h, ['get pods -l app=api', 'describe pods -l app=api'], normalise);
    // The pod's and the Event's words, read on the served state (servedRead).
    expect(servedRead(h, 'get pods -l app=api -o jsonpath={.items[0].status.containerStatuses[0].state.waiting.message}').output).toBe('configmap "api-flags" not found');
    expect(servedRead(h, 'get events --field-selector reason=Failed -o jsonpath={.items[0].message}').output).toBe('Error: configmap "api-flags" not found');
  });

  it('creates them from kubectl create, which posts protobuf, and refuses what the API server refuses', async () => {
    expect(await h.kubectl(['create', 'configmap', 'api-flags', '--from-literal=FLAGS=fast'])).toMatchObject({ code: 0, stdout: 'configmap/api-flags created\n' });
    expect(await h.kubectl(['create', 'secret', 'generic', 'tls-ish', '--from-literal=key=v'])).toMatchObject({ code: 0, stdout: 'secret/tls-ish created\n' });
    await expectAnswersAsPage(h, [
      'get cm api-flags',
      'get secret tls-ish',
      'describe cm api-flags',
      // What the console's create answers where it changes nothing: exists, invalid, a server dry run.
      'create configmap web-v1 --from-literal=a=1',
      'create secret generic db --from-literal=a=1',
      'create configmap Bad_Name --from-literal=a=1',
      'create secret generic Bad_Name --from-literal=a=1',
      'create configmap fresh --from-literal=a=1 --dry-run=server',
    ]);
    // A server dry run answers what a create would store, less its resourceVersion: a uid and a
    // creationTimestamp (the served API's times follow the wall clock, the console's the run's).
    await expectAnswersAsPage(h, ['create secret generic fresh --from-literal=a=1 --dry-run=server -o yaml', 'create deployment fresh --image=nginx --dry-run=server -o yaml'], (t) =>
      t.replace(/creationTimestamp: "[^"]+"/, 'creationTimestamp: -').replace(/uid: [0-9a-f-]{36}/, 'uid: -'),
    );
    const dry = await h.kubectl(['create', 'configmap', 'fresh', '--from-literal=a=1', '--dry-run=server', '-o', 'json']);
    const made = JSON.parse(dry.stdout) as { metadata: Record<string, unknown> };
    expect(made.metadata.uid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(made.metadata.creationTimestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(made.metadata).not.toHaveProperty('resourceVersion');
    expect(servedObjects(h, 'ConfigMap').map((c) => c.metadata.name)).not.toContain('fresh');
    const bad = await h.kubectl(['create', 'configmap', 'bad', '--from-literal=a b=1']);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain("a valid config key must consist of alphanumeric characters, '-', '_' or '.'");
  });

  it('decodes them as the API server does: base64 data, string values', async () => {
    const secret = 'apiVersion: v1\nkind: Secret\nmetadata: { name: raw }\ndata: { p: abc }\n';
    expect((await h.kubectl(['create', '-f', '-'], secret)).stderr).toBe(
      'Error from server (BadRequest): error when creating "STDIN": Secret in version "v1" cannot be handled as a Secret: illegal base64 data at input byte 0\n',
    );
    const cm = 'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: num }\ndata: { p: 1 }\n';
    expect((await h.kubectl(['create', '-f', '-'], cm)).stderr).toBe(
      'Error from server (BadRequest): error when creating "STDIN": ConfigMap in version "v1" cannot be handled as a ConfigMap: json: cannot unmarshal number into Go struct field ConfigMap.data of type string\n',
    );
    const immutable = 'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: frozen }\nimmutable: true\ndata: { a: "1" }\n';
    expect((await h.kubectl(['apply', '-f', '-'], immutable)).code).toBe(0);
    expect((await h.kubectl(['apply', '-f', '-'], immutable.replace('"1"', '"2"'))).stderr).toContain(
      'The ConfigMap "frozen" is invalid: data: Forbidden: field is immutable when `immutable` is set',
    );
  });

  it('starts the waiting pod once its ConfigMap exists', async () => {
    await rolledOut(h, 'deployment/api');
  });
});
