import { describe, expect, it } from 'vitest';
import type { Affinity, DaemonSet, DaemonSetUpdateStrategy, Pod, PodSpec, Toleration } from '../../../api/types.ts';
import { toRFC3339 } from '../../../lib/time.ts';
import {
  DeprecatedTemplateGenerationAnnotation,
  addOrUpdateDaemonPodTolerations,
  allowsSurge,
  getTargetNodeName,
  getTemplateGeneration,
  isPodAvailable,
  isPodUpdated,
  newDaemonSetPodTemplate,
  replaceDaemonSetPodNodeNameNodeAffinity,
  surgeCount,
  unavailableCount,
} from './daemonsetUtil.ts';

const ds = (strategy: DaemonSetUpdateStrategy, annotations?: Record<string, string>): DaemonSet => ({
  apiVersion: 'apps/v1',
  kind: 'DaemonSet',
  metadata: { name: 'ds', namespace: 'default', uid: 'u1', ...(annotations ? { annotations } : {}) },
  spec: {
    selector: { matchLabels: { app: 'a' } },
    updateStrategy: strategy,
    template: {
      metadata: { labels: { app: 'a' } },
      spec: {
        containers: [{ name: 'c', image: 'i' }],
        affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'zone', operator: 'In', values: ['a'] }] }] } } },
      },
    },
  },
});
const pod = (labels: Record<string, string>, spec: Partial<PodSpec> = {}, status?: Pod['status']): Pod => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'p', labels },
  spec: { containers: [], ...spec },
  ...(status ? { status } : {}),
});

describe('surgeCount', () => {
  it.each<[string, DaemonSetUpdateStrategy, number, number]>([
    ['rounds a percentage up', { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%', maxUnavailable: 0 } }, 10, 3],
    ['passes an int through', { type: 'RollingUpdate', rollingUpdate: { maxSurge: 2, maxUnavailable: 0 } }, 10, 2],
    ['returns 0 when maxSurge is unset', { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1 } }, 10, 0],
    ['returns 0 when rollingUpdate is unset', { type: 'RollingUpdate' }, 10, 0],
    ['returns 0 for OnDelete', { type: 'OnDelete', rollingUpdate: { maxSurge: 5 } }, 10, 0],
  ])('%s', (_name, strategy, n, want) => {
    expect(surgeCount(ds(strategy), n)).toBe(want);
  });

  it('throws the intstr error when the value is not a percentage', () => {
    expect(() => surgeCount(ds({ type: 'RollingUpdate', rollingUpdate: { maxSurge: '5' } }), 10)).toThrow(/^invalid value for IntOrString/);
  });
});

describe('unavailableCount', () => {
  it.each<[string, DaemonSetUpdateStrategy, number, number]>([
    ['rounds a percentage up, unlike a Deployment', { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '50%' } }, 3, 2],
    ['rounds 10% of one node up to 1', { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '10%' } }, 1, 1],
    ['returns 0 for OnDelete', { type: 'OnDelete' }, 10, 0],
  ])('%s', (_name, strategy, n, want) => {
    expect(unavailableCount(ds(strategy), n)).toBe(want);
  });

  it('throws "nil value for IntOrString" when rollingUpdate has no maxUnavailable', () => {
    expect(() => unavailableCount(ds({ type: 'RollingUpdate', rollingUpdate: {} }), 3)).toThrow('nil value for IntOrString');
  });
});

describe('allowsSurge', () => {
  it.each<[string, DaemonSetUpdateStrategy, boolean]>([
    ['allows surge when maxSurge resolves above 0 on one node', { type: 'RollingUpdate', rollingUpdate: { maxSurge: '1%', maxUnavailable: 0 } }, true],
    ['refuses surge when maxSurge is 0', { type: 'RollingUpdate', rollingUpdate: { maxSurge: 0, maxUnavailable: 1 } }, false],
    ['refuses surge when maxSurge does not parse', { type: 'RollingUpdate', rollingUpdate: { maxSurge: 'x' } }, false],
  ])('%s', (_name, strategy, want) => {
    expect(allowsSurge(ds(strategy))).toBe(want);
  });
});

describe('addOrUpdateDaemonPodTolerations', () => {
  const keys = (spec: PodSpec) => (spec.tolerations ?? []).map((t) => `${t.key}:${t.effect}`);
  const defaults = [
    'node.kubernetes.io/not-ready:NoExecute',
    'node.kubernetes.io/unreachable:NoExecute',
    'node.kubernetes.io/disk-pressure:NoSchedule',
    'node.kubernetes.io/memory-pressure:NoSchedule',
    'node.kubernetes.io/pid-pressure:NoSchedule',
    'node.kubernetes.io/unschedulable:NoSchedule',
  ];
  it.each<[string, PodSpec, string[]]>([
    ['adds the six default tolerations', { containers: [] }, defaults],
    ['adds network-unavailable only with hostNetwork', { containers: [], hostNetwork: true }, [...defaults, 'node.kubernetes.io/network-unavailable:NoSchedule']],
    ['keeps user tolerations first', { containers: [], tolerations: [{ key: 'dedicated', operator: 'Exists' }] }, ['dedicated:undefined', ...defaults]],
  ])('%s', (_name, spec, want) => {
    expect(keys(addOrUpdateDaemonPodTolerations(spec))).toEqual(want);
  });

  it('replaces a matching toleration that carries tolerationSeconds with the unbounded default', () => {
    const user: Toleration = { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 };
    const out = addOrUpdateDaemonPodTolerations({ containers: [], tolerations: [user] });
    expect(out.tolerations?.[0]).toEqual({ key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute' });
    expect(out.tolerations).toHaveLength(6);
  });

  it('leaves the input spec untouched', () => {
    const spec: PodSpec = { containers: [] };
    addOrUpdateDaemonPodTolerations(spec);
    expect(spec).toEqual({ containers: [] });
  });
});

describe('replaceDaemonSetPodNodeNameNodeAffinity', () => {
  const want = { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['node-3'] }] }] };
  it.each<[string, Affinity | undefined]>([
    ['builds an affinity when there is none', undefined],
    ['adds a node affinity to an empty affinity', {}],
    ['replaces the required terms of an existing node affinity', { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'zone', operator: 'In', values: ['a'] }] }] } } }],
  ])('%s', (_name, affinity) => {
    expect(replaceDaemonSetPodNodeNameNodeAffinity(affinity, 'node-3').nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution).toEqual(want);
  });
});

describe('getTargetNodeName', () => {
  const byField = (values: string[], key = 'metadata.name'): Partial<PodSpec> => ({
    affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key, operator: 'In', values }] }] } } },
  });
  it.each<[string, Partial<PodSpec>, string | null]>([
    ['returns spec.nodeName when the pod is bound', { nodeName: 'node-1', ...byField(['node-2']) }, 'node-1'],
    ['returns the node-name affinity of an unscheduled pod', byField(['node-2']), 'node-2'],
    ['returns null when the affinity has two values', byField(['node-2', 'node-3']), null],
    ['returns null when the field is not metadata.name', byField(['node-2'], 'metadata.uid'), null],
    ['returns null without any affinity', {}, null],
  ])('%s', (_name, spec, want) => {
    expect(getTargetNodeName(pod({}, spec))).toBe(want);
  });
});

describe('isPodUpdated', () => {
  it.each<[string, Record<string, string>, number | null, boolean]>([
    ['matches the controller-revision-hash', { 'controller-revision-hash': 'h1' }, null, true],
    ['rejects another hash', { 'controller-revision-hash': 'h0' }, null, false],
    ['matches the deprecated template generation', { 'pod-template-generation': '3' }, 3, true],
    ['rejects another template generation', { 'pod-template-generation': '2' }, 3, false],
  ])('%s', (_name, labels, generation, want) => {
    expect(isPodUpdated(pod(labels), 'h1', generation)).toBe(want);
  });
});

describe('getTemplateGeneration', () => {
  it.each<[string, Record<string, string> | undefined, number | null]>([
    ['reads the deprecated annotation', { [DeprecatedTemplateGenerationAnnotation]: '4' }, 4],
    ['returns null when the annotation is missing', undefined, null],
    ['returns null when the annotation does not parse', { [DeprecatedTemplateGenerationAnnotation]: 'x' }, null],
  ])('%s', (_name, annotations, want) => {
    expect(getTemplateGeneration(ds({ type: 'OnDelete' }, annotations))).toBe(want);
  });
});

describe('isPodAvailable', () => {
  const readySince = (s: number, status: 'True' | 'False' = 'True'): Pod['status'] => ({ conditions: [{ type: 'Ready', status, lastTransitionTime: toRFC3339(s * 1000) }] });
  it.each<[string, Pod['status'], number, number, boolean]>([
    ['counts a Ready pod as available when minReadySeconds is 0', readySince(50), 0, 50_000, true],
    ['waits while ready for less than minReadySeconds', readySince(50), 15, 60_000, false],
    ['waits at exactly minReadySeconds (strictly before now)', readySince(50), 15, 65_000, false],
    ['counts the pod once minReadySeconds has passed', readySince(50), 15, 66_000, true],
    ['never counts a pod that is not Ready', readySince(0, 'False'), 0, 99_000, false],
  ])('%s', (_name, status, minReady, now, want) => {
    expect(isPodAvailable(pod({}, {}, status), minReady, now)).toBe(want);
  });
});

describe('newDaemonSetPodTemplate', () => {
  const template = newDaemonSetPodTemplate(ds({ type: 'OnDelete' }, { [DeprecatedTemplateGenerationAnnotation]: '2' }), 'h9', 'node-7');
  it('labels the pod with the hash and the template generation', () => {
    expect(template.metadata?.labels).toEqual({ app: 'a', 'controller-revision-hash': 'h9', 'pod-template-generation': '2' });
  });
  it('pins the pod to the node through required node affinity, without nodeName', () => {
    expect(template.spec.nodeName).toBeUndefined();
    expect(template.spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms).toEqual([
      { matchFields: [{ key: 'metadata.name', operator: 'In', values: ['node-7'] }] },
    ]);
  });
  it('adds the default tolerations', () => {
    expect(template.spec.tolerations).toHaveLength(6);
  });
});
