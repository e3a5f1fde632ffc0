// The OpenAPI v2 document (server/openapiV2.ts) through the kubectl 1.27 and 1.28 the machine's
// kubectl bundles. Their explain reads OpenAPI v3 (1.27 dropped KUBECTL_EXPLAIN_OPENAPIV3) and
// falls back to v2 only for a server without v3 or with --output=plaintext-openapiv2, which renders
// the v2 definitions in the older layout (KIND/VERSION/RESOURCE, <Object>, IntOrString as <string>).
// Their client-side apply builds its strategic merge patch from the kind's v2 definition.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './kubectlHarness.ts';

const V2 = '--output=plaintext-openapiv2';

/** errors is stderr without the warning kubectl 1.27 and 1.28 give for the harness's absent kubeconfig. */
const errors = (stderr: string): string => stderr.replace(/^W\d{4} [^\n]* loader\.go:\d+\] Config not found: [^\n]*\n/m, '');

/** description is the DESCRIPTION section's words, whatever the layout wraps and indents them to. */
const description = (out: string): string => (out.split('\nDESCRIPTION:\n')[1] ?? '').split('\nFIELDS:\n')[0]?.split(/\s+/).join(' ').trim() ?? '';

describe.each(['v1.27.0', 'v1.28.0'])('kubectl explain with the kubectl bundled for %s', (gitVersion) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ speed: 10, gitVersion });
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('reads OpenAPI v3 by default', async () => {
    const r = await h.kubectl(['explain', 'deployment.spec.strategy']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^GROUP: {6}apps\nKIND: {7}Deployment\nVERSION: {4}v1\n\nFIELD: strategy <DeploymentStrategy>\n/);
  });

  it('explains a kind from its v2 definition', async () => {
    const r = await h.kubectl(['explain', 'deployment', V2]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`KIND:     Deployment
VERSION:  apps/v1

DESCRIPTION:
     Deployment enables declarative updates for Pods and ReplicaSets.

FIELDS:
   apiVersion	<string>
     APIVersion defines the versioned schema of this representation of an
     object. Servers should convert recognized schemas to the latest internal
     value, and may reject unrecognized values. More info:
     https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources

   kind	<string>
     Kind is a string value representing the REST resource this object
     represents. Servers may infer this from the endpoint the client submits
     requests to. Cannot be updated. In CamelCase. More info:
     https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds

   metadata	<Object>
     Standard object's metadata. More info:
     https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata

   spec	<Object>
     Specification of the desired behavior of the Deployment.

   status	<Object>
     Most recently observed status of the Deployment.

`);
  });

  it('explains a nested field with the field and type descriptions, the enum values in the text', async () => {
    const r = await h.kubectl(['explain', 'deployment.spec.strategy', V2]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`KIND:     Deployment
VERSION:  apps/v1

RESOURCE: strategy <Object>

DESCRIPTION:
     The deployment strategy to use to replace existing pods with new ones.

     DeploymentStrategy describes how to replace existing pods with new ones.

FIELDS:
   rollingUpdate	<Object>
     Rolling update config params. Present only if DeploymentStrategyType =
     RollingUpdate.

   type	<string>
     Type of deployment. Can be "Recreate" or "RollingUpdate". Default is
     RollingUpdate.

     Possible enum values:
     - \`"Recreate"\` Kill all existing pods before creating new ones.
     - \`"RollingUpdate"\` Replace the old ReplicaSets by new one using rolling
     update i.e gradually scale down the old ReplicaSets and scale up the new
     one.

`);
    // The same words as the v3 rendering (kubectlExplain.test pins that one against v1.32.4).
    const v3 = await h.kubectl(['explain', 'deployment.spec.strategy']);
    expect(description(r.stdout)).toBe(description(v3.stdout));
  });

  it('names an IntOrString field <string>, its v2 type', async () => {
    const r = await h.kubectl(['explain', 'deploy.spec.strategy.rollingUpdate.maxSurge', V2]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^KIND: {5}Deployment\nVERSION: {2}apps\/v1\n\nFIELD: {4}maxSurge <string>\n\nDESCRIPTION:\n {5}The maximum number of pods that can be scheduled above the desired number\n/);
    expect(r.stdout).toMatch(/\n\n {5}IntOrString is a type that can hold an int32 or a string\. When used in JSON\n[\s\S]* name or number\.\n$/);
  });

  it('walks the fields with --recursive', async () => {
    const r = await h.kubectl(['explain', 'sts.spec.updateStrategy', '--recursive', V2]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`KIND:     StatefulSet
VERSION:  apps/v1

RESOURCE: updateStrategy <Object>

DESCRIPTION:
     updateStrategy indicates the StatefulSetUpdateStrategy that will be
     employed to update Pods in the StatefulSet when a revision is made to
     Template.

     StatefulSetUpdateStrategy indicates the strategy that the StatefulSet
     controller will use to perform updates. It includes any additional
     parameters necessary to perform the update for the indicated strategy.

FIELDS:
   rollingUpdate	<Object>
      maxUnavailable	<string>
      partition	<integer>
   type	<string>
`);
  });

  it('marks required fields, follows --api-version, and finds the server-derived core kinds', async () => {
    const hpa = await h.kubectl(['explain', 'hpa.spec', '--api-version=autoscaling/v1', V2]);
    expect(hpa.code, hpa.stderr).toBe(0);
    expect(hpa.stdout).toMatch(/^KIND: {5}HorizontalPodAutoscaler\nVERSION: {2}autoscaling\/v1\n\nRESOURCE: spec <Object>\n/);
    expect(hpa.stdout).toContain('   maxReplicas\t<integer> -required-\n     maxReplicas is the upper limit for the number of pods that can be set by\n');
    expect(hpa.stdout).toContain('   scaleTargetRef\t<Object> -required-\n');
    const sa = await h.kubectl(['explain', 'serviceaccounts', V2]);
    expect(sa.code, sa.stderr).toBe(0);
    expect(sa.stdout).toMatch(/^KIND: {5}ServiceAccount\nVERSION: {2}v1\n\nDESCRIPTION:\n {5}ServiceAccount binds together/);
  });

  it("refuses an unknown field in kubectl's words", async () => {
    const r = await h.kubectl(['explain', 'deploy.spec.nope', V2]);
    expect({ ...r, stderr: errors(r.stderr) }).toEqual({ code: 1, stdout: '', stderr: 'error: field "nope" does not exist\n' });
  });
});

const deployment = (image: string, strategy: string, value: string) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: two
spec:
  replicas: 1
  selector: {matchLabels: {app: two}}
  strategy: {type: RollingUpdate, rollingUpdate: {${strategy}: 1}}
  template:
    metadata: {labels: {app: two}}
    spec:
      containers:
      - {name: a, image: "${image}", env: [{name: X, value: "${value}"}]}
      - {name: b, image: busybox, command: [sleep, "3600"]}
`;

describe.each(['v1.27.0', 'v1.28.0'])('client-side apply with the kubectl bundled for %s', (gitVersion) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ speed: 10, gitVersion });
  });
  afterAll(async () => {
    await h?.stop();
  });

  it("builds its strategic merge patch from the v2 definition's patch strategies and merge keys", async () => {
    const a = join(h.dir, 'a.yaml');
    const b = join(h.dir, 'b.yaml');
    writeFileSync(a, deployment('nginx:1.25', 'maxSurge', '1'));
    writeFileSync(b, deployment('nginx:1.26', 'maxUnavailable', '2'));
    expect((await h.kubectl(['apply', '-f', a])).stdout).toBe('deployment.apps/two created\n');
    const r = await h.kubectl(['apply', '-f', b, '-v=8']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/\] GET http:\S+\/openapi\/v2\?timeout=32s\n[\s\S]*?\] Response Status: 200 OK in /);
    expect(r.stderr).not.toContain('error calculating patch from openapi spec');
    const body = r.stderr.match(/Request Body: (\{.*\})\n/)?.[1] ?? '{}';
    const patch = JSON.parse(body) as { metadata: { annotations: Record<string, string> } };
    delete patch.metadata.annotations['kubectl.kubernetes.io/last-applied-configuration'];
    // retainKeys on the strategy, the containers and their env merged by name in their order.
    expect(patch).toEqual({
      metadata: { annotations: {} },
      spec: {
        strategy: { $retainKeys: ['rollingUpdate', 'type'], rollingUpdate: { maxSurge: null, maxUnavailable: 1 } },
        template: {
          spec: {
            '$setElementOrder/containers': [{ name: 'a' }, { name: 'b' }],
            containers: [{ '$setElementOrder/env': [{ name: 'X' }], env: [{ name: 'X', value: '2' }], image: 'nginx:1.26', name: 'a' }],
          },
        },
      },
    });
  });
});
