// kube-apiserver's pod and pod-template warnings, as the served API sends them in Warning headers.
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../src/engine/api/types.ts';
import { podWarnings, writeWarnings } from './warnings.ts';

describe('podWarnings', () => {
  it.each([
    ['a current node label', {}, { nodeSelector: { 'kubernetes.io/os': 'linux' } }, []],
    ['a deprecated node label', {}, { nodeSelector: { 'beta.kubernetes.io/os': 'linux' } }, ['spec.nodeSelector[beta.kubernetes.io/os]: deprecated since v1.14; use "kubernetes.io/os" instead']],
    [
      'a deprecated key in required node affinity',
      {},
      { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'failure-domain.beta.kubernetes.io/zone', operator: 'In', values: ['a'] }] }] } } } },
      [
        'spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].key: failure-domain.beta.kubernetes.io/zone is deprecated since v1.17; use "topology.kubernetes.io/zone" instead',
      ],
    ],
    [
      'a deprecated key in preferred node affinity',
      {},
      { affinity: { nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1, preference: { matchExpressions: [{ key: 'beta.kubernetes.io/arch', operator: 'Exists' }] } }] } } },
      ['spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].preference.matchExpressions[0].key: beta.kubernetes.io/arch is deprecated since v1.14; use "kubernetes.io/arch" instead'],
    ],
    [
      'a deprecated topology key',
      {},
      { topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'failure-domain.beta.kubernetes.io/region', whenUnsatisfiable: 'DoNotSchedule' }] },
      ['spec.topologySpreadConstraints[0].topologyKey: failure-domain.beta.kubernetes.io/region is deprecated since v1.17; use "topology.kubernetes.io/region" instead'],
    ],
    [
      'annotations that no longer work',
      { annotations: { 'seccomp.security.alpha.kubernetes.io/pod': 'runtime/default', 'container.apparmor.security.beta.kubernetes.io/app': 'runtime/default', 'scheduler.alpha.kubernetes.io/critical-pod': '' } },
      {},
      [
        'metadata.annotations[seccomp.security.alpha.kubernetes.io/pod]: non-functional in v1.27+; use the "seccompProfile" field instead',
        'metadata.annotations[container.apparmor.security.beta.kubernetes.io/app]: deprecated since v1.30; use the "appArmorProfile" field instead',
        'metadata.annotations[scheduler.alpha.kubernetes.io/critical-pod]: non-functional in v1.16+; use the "priorityClassName" field instead',
      ],
    ],
    ['a negative grace period', {}, { terminationGracePeriodSeconds: -5 }, ['spec.terminationGracePeriodSeconds: must be >= 0; negative values are invalid and will be treated as 1']],
  ])('warns of %s', (_name, meta, spec, warnings) => {
    expect(podWarnings(meta, spec, '')).toEqual(warnings);
  });
});

describe('writeWarnings', () => {
  const deployment = (generation: number, nodeSelector: Record<string, string>) => ({
    kind: 'Deployment',
    metadata: { name: 'web', generation },
    spec: { template: { metadata: {}, spec: { nodeSelector, containers: [] } } },
  });
  const OLD_LABEL = { 'beta.kubernetes.io/os': 'linux' };
  const warning = 'spec.template.spec.nodeSelector[beta.kubernetes.io/os]: deprecated since v1.14; use "kubernetes.io/os" instead';
  it.each([
    ['a created Deployment', deployment(1, OLD_LABEL), undefined, [warning]],
    ['a Deployment whose template changed', deployment(2, OLD_LABEL), deployment(1, {}), [warning]],
    ['not a Deployment whose generation stayed (labels, status, scale)', deployment(1, OLD_LABEL), deployment(1, OLD_LABEL), []],
    ['a created Pod', { kind: 'Pod', metadata: { name: 'p' }, spec: { nodeSelector: OLD_LABEL } }, undefined, ['spec.nodeSelector[beta.kubernetes.io/os]: deprecated since v1.14; use "kubernetes.io/os" instead']],
    ['not a Pod whose spec and annotations stayed', { kind: 'Pod', metadata: { name: 'p', labels: { a: 'b' } }, spec: { nodeSelector: OLD_LABEL } }, { kind: 'Pod', metadata: { name: 'p' }, spec: { nodeSelector: OLD_LABEL } }, []],
    ['not a plain Service', { kind: 'Service', metadata: { name: 's' }, spec: { type: 'ClusterIP' } }, undefined, []],
    [
      'a Service with the deprecated hints annotation',
      { kind: 'Service', metadata: { name: 's', annotations: { 'service.kubernetes.io/topology-aware-hints': 'auto' } }, spec: {} },
      undefined,
      ['annotation service.kubernetes.io/topology-aware-hints is deprecated, please use service.kubernetes.io/topology-mode instead'],
    ],
    ['an ExternalName Service with external IPs', { kind: 'Service', metadata: { name: 's' }, spec: { type: 'ExternalName', externalName: 'x.example', externalIPs: ['1.2.3.4'] } }, undefined, ['spec.externalIPs is ignored when spec.type is "ExternalName"']],
    ['a ClusterIP Service with an externalName', { kind: 'Service', metadata: { name: 's' }, spec: { type: 'ClusterIP', externalName: 'x.example' } }, undefined, ['spec.externalName is ignored when spec.type is not "ExternalName"']],
  ])('warns for %s', (_name, written, old, warnings) => {
    expect(writeWarnings(written, old as unknown as KubeObject | undefined)).toEqual(warnings);
  });
});
