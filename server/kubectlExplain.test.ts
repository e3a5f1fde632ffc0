// kubectl explain through the real kubectl (v1.32.4): it reads the OpenAPI v3 document of the
// kind's group/version, finds the kind by x-kubernetes-group-version-kind and renders the
// schemas generated from k8s.io/api (scripts/gen-openapi-schemas.mjs, src/engine/apiserver/openapi/openapiSchemas.json).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './kubectlHarness.ts';
import { reachable, SCHEMAS, schemaOfKind } from './openapi.ts';

describe('kubectl explain against npm run serve', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ speed: 10 });
  });
  afterAll(async () => {
    await h.stop();
  });

  it('explains a field with its type, the field and type descriptions, and its fields', async () => {
    const r = await h.kubectl(['explain', 'deployment.spec.strategy']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`GROUP:      apps
KIND:       Deployment
VERSION:    v1

FIELD: strategy <DeploymentStrategy>


DESCRIPTION:
    The deployment strategy to use to replace existing pods with new ones.
    DeploymentStrategy describes how to replace existing pods with new ones.
    
FIELDS:
  rollingUpdate	<RollingUpdateDeployment>
    Rolling update config params. Present only if DeploymentStrategyType =
    RollingUpdate.

  type	<string>
  enum: Recreate, RollingUpdate
    Type of deployment. Can be "Recreate" or "RollingUpdate". Default is
    RollingUpdate.
    
    Possible enum values:
     - \`"Recreate"\` Kill all existing pods before creating new ones.
     - \`"RollingUpdate"\` Replace the old ReplicaSets by new one using rolling
    update i.e gradually scale down the old ReplicaSets and scale up the new
    one.


`);
  });

  it('names IntOrString fields by their type', async () => {
    const r = await h.kubectl(['explain', 'deploy.spec.strategy.rollingUpdate.maxSurge']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('FIELD: maxSurge <IntOrString>');
    expect(r.stdout).toContain('    The maximum number of pods that can be scheduled above the desired number of\n    pods.');
  });

  it('walks the fields with --recursive', async () => {
    const r = await h.kubectl(['explain', 'sts.spec.updateStrategy', '--recursive']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`FIELDS:
  rollingUpdate	<RollingUpdateStatefulSetStrategy>
    maxUnavailable	<IntOrString>
    partition	<integer>
  type	<string>
  enum: OnDelete, RollingUpdate
`);
  });

  it('explains the events.k8s.io/v1 Event beside the core one', async () => {
    const r = await h.kubectl(['explain', 'events', '--api-version=events.k8s.io/v1']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^GROUP: {6}events\.k8s\.io\nKIND: {7}Event\nVERSION: {4}v1\n/);
    expect(r.stdout).toContain('  regarding\t<ObjectReference>\n');
    expect(r.stdout).toContain('  deprecatedCount\t<integer>\n');
    const core = await h.kubectl(['explain', 'events']);
    expect(core.stdout).toMatch(/^KIND: {7}Event\nVERSION: {4}v1\n/);
    expect(core.stdout).toContain('  involvedObject\t<ObjectReference> -required-\n');
  });

  it('explains the autoscaling/v1 HorizontalPodAutoscaler with --api-version, required fields marked', async () => {
    const r = await h.kubectl(['explain', 'hpa.spec', '--api-version=autoscaling/v1']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^GROUP: {6}autoscaling\nKIND: {7}HorizontalPodAutoscaler\nVERSION: {4}v1\n/);
    expect(r.stdout).toContain('  maxReplicas\t<integer> -required-\n');
    expect(r.stdout).toContain('  targetCPUUtilizationPercentage\t<integer>\n');
    const v2 = await h.kubectl(['explain', 'hpa.spec']);
    expect(v2.stdout).toContain('VERSION:    v2');
    expect(v2.stdout).toContain('  metrics\t<[]MetricSpec>\n');
  });

  it('explains core kinds, the server-derived ones too, and refuses an unknown field', async () => {
    const probe = await h.kubectl(['explain', 'pods.spec.containers.readinessProbe']);
    expect(probe.code, probe.stderr).toBe(0);
    expect(probe.stdout).toMatch(/^KIND: {7}Pod\nVERSION: {4}v1\n\nFIELD: readinessProbe <Probe>\n/);
    expect(probe.stdout).toContain('  httpGet\t<HTTPGetAction>\n    HTTPGet specifies an HTTP GET request to perform.\n');
    const sa = await h.kubectl(['explain', 'serviceaccounts']);
    expect(sa.code, sa.stderr).toBe(0);
    expect(sa.stdout).toContain('KIND:       ServiceAccount');
    const bad = await h.kubectl(['explain', 'deploy.spec.nope']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe('error: field "nope" does not exist\n');
  });
});

describe('the generated schemas', () => {
  it('hold a kind as kube-openapi publishes it', () => {
    const name = schemaOfKind('apps', 'v1', 'Deployment');
    expect(name).toBe('io.k8s.api.apps.v1.Deployment');
    const spec = SCHEMAS['io.k8s.api.apps.v1.DeploymentSpec'] as { properties: Record<string, unknown>; required: string[] };
    expect(spec.required).toEqual(['selector', 'template']);
    expect(spec.properties.strategy).toEqual({
      allOf: [{ $ref: '#/components/schemas/io.k8s.api.apps.v1.DeploymentStrategy' }],
      default: {},
      description: 'The deployment strategy to use to replace existing pods with new ones.',
      'x-kubernetes-patch-strategy': 'retainKeys',
    });
    expect(spec.properties.replicas).toEqual({
      description: 'Number of desired pods. This is a pointer to distinguish between explicit zero and not specified. Defaults to 1.',
      format: 'int32',
      type: 'integer',
    });
    const containers = (SCHEMAS['io.k8s.api.core.v1.PodSpec'] as { properties: Record<string, Record<string, unknown>> }).properties.containers;
    expect(containers).toMatchObject({
      type: 'array',
      items: { allOf: [{ $ref: '#/components/schemas/io.k8s.api.core.v1.Container' }], default: {} },
      'x-kubernetes-list-map-keys': ['name'],
      'x-kubernetes-list-type': 'map',
      'x-kubernetes-patch-merge-key': 'name',
      'x-kubernetes-patch-strategy': 'merge',
    });
    expect(SCHEMAS['io.k8s.apimachinery.pkg.apis.meta.v1.Time']).toMatchObject({ type: 'string', format: 'date-time' });
    expect(SCHEMAS['io.k8s.apimachinery.pkg.util.intstr.IntOrString']).toMatchObject({ format: 'int-or-string', oneOf: [{ type: 'integer' }, { type: 'string' }] });
  });

  it('keep every $ref resolvable', () => {
    const all = reachable(Object.keys(SCHEMAS));
    const text = JSON.stringify(all);
    for (const m of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) expect(SCHEMAS[m[1] as string], m[1]).toBeDefined();
  });
});
