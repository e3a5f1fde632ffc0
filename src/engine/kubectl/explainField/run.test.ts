import { describe, expect, it } from 'vitest';
import generated from '../../apiserver/openapi/openapiSchemas.json' with { type: 'json' };
import type { SchemaTable } from '../../apiserver/openapi/document.ts';
import { parseKubectl } from '../parse.ts';
import { runExplain, SCHEMAS_NOT_LOADED } from './run.ts';

const SCHEMAS = generated.schemas as unknown as SchemaTable;

/** explain runs one console line through the parser and runExplain, as executeKubectl does. */
function explain(line: string, loaded = true) {
  const cmd = parseKubectl(line);
  if ('error' in cmd) return { ok: false, output: cmd.error };
  if (cmd.verb !== 'explain') throw new Error(`not an explain line: ${line}`);
  return runExplain(cmd, loaded ? SCHEMAS : undefined).result();
}

// What the real kubectl v1.32.4 prints for it against the served API (server/kubectlExplain.test.ts).
const STRATEGY = `GROUP:      apps
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

`;

describe('runExplain', () => {
  it('explains a field with its type, its descriptions and its fields when given a resource and a path', () => {
    expect(explain('explain deployment.spec.strategy')).toEqual({ ok: true, output: STRATEGY });
  });

  it.each([
    ['marks required fields', 'explain hpa.spec --api-version=autoscaling/v1', '  maxReplicas\t<integer> -required-\n'],
    ['explains the other version of a kind with --api-version', 'explain hpa.spec --api-version=autoscaling/v1', 'VERSION:    v1\n'],
    ['explains the preferred version without it', 'explain hpa.spec', '  metrics\t<[]MetricSpec>\n'],
    ['explains events.k8s.io Events with --api-version', 'explain events --api-version=events.k8s.io/v1', 'GROUP:      events.k8s.io\nKIND:       Event\n'],
    ['names IntOrString fields by their type', 'explain deploy.spec.strategy.rollingUpdate.maxSurge', 'FIELD: maxSurge <IntOrString>\n'],
    ['walks the fields with --recursive', 'explain sts.spec.updateStrategy --recursive', '  rollingUpdate\t<RollingUpdateStatefulSetStrategy>\n    maxUnavailable\t<IntOrString>\n    partition\t<integer>\n  type\t<string>\n  enum: OnDelete, RollingUpdate\n'],
    ['takes -R for --recursive, as kubectl 1.36 does', 'explain sts.spec.updateStrategy -R', '    partition\t<integer>\n'],
    ['explains the core group\'s server-derived kinds', 'explain serviceaccounts', 'KIND:       ServiceAccount\n'],
    ['prints the older layout with -o plaintext-openapiv2', 'explain deploy -o plaintext-openapiv2', 'KIND:     Deployment\nVERSION:  apps/v1\n\nDESCRIPTION:\n     Deployment enables declarative updates for Pods and ReplicaSets.\n'],
  ])('%s', (_name, line, part) => {
    const r = explain(line);
    expect(r.ok, r.output).toBe(true);
    expect(r.output).toContain(part);
  });

  it.each([
    ['prints the header, then names the field, when a field does not exist', 'explain deploy.spec.nope', 'GROUP:      apps\nKIND:       Deployment\nVERSION:    v1\n\nerror: field "nope" does not exist'],
    ['names a resource the server does not have', 'explain nope', 'the server doesn\'t have a resource type "nope"'],
    ['says a group/version has no OpenAPI document', 'explain leases', 'error: couldn\'t find resource for "coordination.k8s.io/v1, Resource=leases"'],
    ['says a resource is not in the group/version --api-version names', 'explain pods --api-version=apps/v1', 'error: GVR (apps/v1, Resource=pods) not found in OpenAPI schema'],
    ['refuses a bad --api-version', 'explain pods --api-version=a/b/c', 'error: unexpected GroupVersion string: a/b/c'],
    ['refuses an output format it has no template for', 'explain pods -o yaml', 'error: unrecognized format: yaml'],
    ['refuses a path that is not fields', 'explain pods.spec.containers[0]', 'error: invalid jsonpath syntax, first node must be field node'],
    ['says no kind has a v2 definition for a wrong --api-version', 'explain pods -o plaintext-openapiv2 --api-version=apps/v1', 'error: couldn\'t find resource for "apps/v1, Kind=Pod"'],
  ])('%s', (_name, line, output) => {
    expect(explain(line)).toEqual({ ok: false, output });
  });

  it('says the schemas are not loaded when it is given none', () => {
    expect(explain('explain pods', false)).toEqual({ ok: false, output: SCHEMAS_NOT_LOADED });
  });

  it('warns of a short name two groups share, before the explanation', () => {
    const r = explain('explain ev');
    expect(r.ok).toBe(true);
    expect(r.output).toMatch(/^Warning: short name "ev" could also match lower priority resource events\.events\.k8s\.io\nKIND: {7}Event\nVERSION: {4}v1\n/);
  });
});
