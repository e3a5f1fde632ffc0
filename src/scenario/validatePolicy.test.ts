// Bad input for the policy kinds and cluster.load (issue #13): the API server's messages with
// their field paths, one per mistake, and a scenario that refers to a missing target still loads.
import { describe, expect, it } from 'vitest';
import { parseScenarioText } from './parse.ts';

function scenario(objects: string, clusterExtra = ''): string {
  return `version: 1\nname: bad\ncluster:\n  nodes: 1\n${clusterExtra}objects:\n${objects}\n`;
}

const web = `  - apiVersion: apps/v1
    kind: Deployment
    metadata: { name: web }
    spec:
      replicas: 1
      selector: { matchLabels: { app: web } }
      template:
        metadata: { labels: { app: web } }
        spec: { containers: [{ name: nginx, image: "nginx:1.8" }] }`;

const errors = (text: string) => {
  const r = parseScenarioText(text);
  return r.ok ? [] : r.errors;
};

describe('policy objects in a scenario', () => {
  it.each([
    [
      'a PodDisruptionBudget with both minAvailable and maxUnavailable',
      `  - apiVersion: policy/v1
    kind: PodDisruptionBudget
    metadata: { name: web }
    spec: { minAvailable: 1, maxUnavailable: 1, selector: { matchLabels: { app: web } } }`,
      'objects[0]: The PodDisruptionBudget "web" is invalid: spec: Invalid value: {"MinAvailable":1,"Selector":{"matchLabels":{"app":"web"}},"MaxUnavailable":1,"UnhealthyPodEvictionPolicy":null}: minAvailable and maxUnavailable cannot be both set',
    ],
    [
      'a ResourceQuota with a quantity that does not parse',
      `  - apiVersion: v1
    kind: ResourceQuota
    metadata: { name: compute }
    spec: { hard: { cpu: lots } }`,
      `objects[0]: ResourceQuota in version "v1" cannot be handled as a ResourceQuota: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'`,
    ],
    [
      'an HPA with maxReplicas 0',
      `  - apiVersion: autoscaling/v2
    kind: HorizontalPodAutoscaler
    metadata: { name: web }
    spec: { scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: web }, maxReplicas: 0 }`,
      'objects[0]: The HorizontalPodAutoscaler "web" is invalid: [spec.maxReplicas: Invalid value: 0: must be greater than 0, spec.maxReplicas: Invalid value: 0: must be greater than or equal to `minReplicas`]',
    ],
  ])('refuses %s in the API server words', (_what, objects, message) => {
    expect(errors(scenario(objects))).toEqual([message]);
  });

  it('accepts an HPA whose target does not exist, as the API server does (the controller reports FailedGetScale)', () => {
    const hpa = `  - apiVersion: autoscaling/v2
    kind: HorizontalPodAutoscaler
    metadata: { name: web }
    spec: { scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: nope }, maxReplicas: 3 }`;
    expect(errors(scenario(hpa))).toEqual([]);
  });
});

describe('cluster.load', () => {
  it.each([
    ['names a workload the scenario does not create', '  load:\n    - { at: 0, workload: deployment/nope, cpu: 100m }\n', 'cluster.load[0].workload: deployments.apps "nope" not found (no Deployment of that name in objects or in an apply action)'],
    ['gives a cpu that is not a quantity', '  load:\n    - { at: 0, workload: deployment/web, cpu: fast }\n', `cluster.load[0].cpu: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'`],
    ['names a workload that is not a Deployment', '  load:\n    - { at: 0, workload: daemonset/web, cpu: 1 }\n', 'cluster.load[0].workload: must be "deployment/NAME" or "deployment/NAMESPACE/NAME", not "daemonset/web"'],
  ])('says where the mistake is when a step %s', (_what, load, message) => {
    expect(errors(scenario(web, load))).toEqual([message]);
  });

  it('accepts steps for a Deployment of the scenario', () => {
    expect(errors(scenario(web, '  load:\n    - { at: 0, workload: deployment/web, cpu: 100m }\n    - { at: 60, workload: deployment/web, cpu: "0.5" }\n'))).toEqual([]);
  });
});
