// Conformance: the pod quota evaluator and the ResourceQuota admission plugin against
// pkg/quota/v1/evaluator/core/pods_test.go and plugin/pkg/admission/resourcequota/admission_test.go.
import { describe, expect, it } from 'vitest';
import type { ResourceQuota, ScopedResourceSelectorRequirement } from '../../src/engine/api/policyTypes.ts';
import type { Pod, PodPhase } from '../../src/engine/api/types.ts';
import { checkRequest } from '../../src/engine/apiserver/admission/resourceQuota.ts';
import { toRFC3339 } from '../../src/engine/lib/time.ts';
import { podConstraints, podUsageFunc } from '../../src/engine/quota/evaluator/pods.ts';
import { usageStats } from '../../src/engine/quota/generic.ts';
import { equals, parseResourceList, toResourceList, type Usage } from '../../src/engine/quota/resources.ts';
import { type NamedCase, splitCases } from './caseTable.ts';

const FUNCTIONS = ['podConstraints', 'podUsageFunc', 'usageStats', 'admitPod'] as const;
const NOT_APPLICABLE: Record<string, string> = {};
const { run, all, skipped } = splitCases('quota', FUNCTIONS, NOT_APPLICABLE);

const NOW = 24 * 3600_000;

interface ContainerIn {
  name?: string;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
}

interface PodIn {
  containers?: ContainerIn[];
  initContainers?: ContainerIn[];
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  overhead?: Record<string, string>;
  phase?: PodPhase;
  deletionSecondsAgo?: number;
  deletionGracePeriodSeconds?: number;
}

/** An api.Pod of pods_test.go: containers without names get ''. */
function podOf(p: PodIn): Pod {
  const ctr = (c: ContainerIn) => ({ name: c.name ?? '', image: 'i', ...(c.resources ? { resources: c.resources } : {}) });
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: 'p',
      namespace: 'test',
      ...(p.deletionSecondsAgo === undefined
        ? {}
        : { deletionTimestamp: toRFC3339(NOW - p.deletionSecondsAgo * 1000), deletionGracePeriodSeconds: p.deletionGracePeriodSeconds }),
    },
    spec: {
      containers: (p.containers ?? []).map(ctr),
      ...(p.initContainers ? { initContainers: p.initContainers.map(ctr) } : {}),
      ...(p.resources ? { resources: p.resources } : {}),
      ...(p.overhead ? { overhead: p.overhead } : {}),
    },
    ...(p.phase ? { status: { phase: p.phase } } : {}),
  } as Pod;
}

/** makePod(name, priorityClass, resources as requests and limits, phase) of pods_test.go. */
function makePod(m: { name: string; priorityClassName: string; cpu: string | null; phase: PodPhase }): Pod {
  const res = m.cpu === null ? undefined : { requests: { cpu: m.cpu }, limits: { cpu: m.cpu } };
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: m.name, namespace: 'test' },
    spec: { priorityClassName: m.priorityClassName, containers: [{ name: '', image: 'i', ...(res ? { resources: res } : {}) }] },
    status: { phase: m.phase },
  } as Pod;
}

interface QuotaIn {
  name: string;
  namespace: string;
  hard: Record<string, string>;
  used: Record<string, string>;
  scopes?: string[];
}

function quotaOf(q: QuotaIn): ResourceQuota {
  return {
    apiVersion: 'v1',
    kind: 'ResourceQuota',
    metadata: { name: q.name, namespace: q.namespace },
    spec: { hard: q.hard, ...(q.scopes ? { scopes: q.scopes } : {}) },
    status: { hard: q.hard, used: q.used },
  } as ResourceQuota;
}

/** validPod(name, 1, getResourceRequirements(requests, limits)) of admission_test.go. */
function validPod(p: { namespace: string; requests: Record<string, string>; limits: Record<string, string>; activeDeadlineSeconds?: number }): Pod {
  const resources = { ...(Object.keys(p.requests).length > 0 ? { requests: p.requests } : {}), ...(Object.keys(p.limits).length > 0 ? { limits: p.limits } : {}) };
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'allowed-pod', namespace: p.namespace },
    spec: {
      containers: [{ name: 'ctr', image: 'image', ...(Object.keys(resources).length > 0 ? { resources } : {}) }],
      ...(p.activeDeadlineSeconds === undefined ? {} : { activeDeadlineSeconds: p.activeDeadlineSeconds }),
    },
  } as Pod;
}

function expectUsage(actual: Usage, want: Record<string, string>): void {
  const w = parseResourceList(want);
  if (!equals(actual, w)) expect(toResourceList(actual)).toEqual(want);
  expect(equals(actual, w)).toBe(true);
}

function check(c: NamedCase): void {
  const input = c.input as Record<string, unknown>;
  const exp = c.expected as Record<string, unknown>;
  switch (c.function) {
    case 'podConstraints':
      expect(podConstraints(input.required as string[], podOf(input.pod as PodIn)) ?? '').toBe(exp.err);
      return;
    case 'podUsageFunc':
      expectUsage(podUsageFunc(podOf(input.pod as PodIn), NOW), exp.usage as Record<string, string>);
      return;
    case 'usageStats': {
      const selectors: ScopedResourceSelectorRequirement[] = [
        ...((input.scopes as string[] | undefined) ?? []).map((s) => ({ scopeName: s, operator: 'Exists' }) as ScopedResourceSelectorRequirement),
        ...(((input.scopeSelector as { matchExpressions: ScopedResourceSelectorRequirement[] } | undefined)?.matchExpressions ?? []) as ScopedResourceSelectorRequirement[]),
      ];
      const pods = (input.pods as Parameters<typeof makePod>[0][]).map(makePod);
      expectUsage(usageStats(selectors, null, pods, NOW), exp.used as Record<string, string>);
      return;
    }
    case 'admitPod': {
      const pod = validPod(input.pod as Parameters<typeof validPod>[0]);
      // The plugin sees the quotas of the pod's namespace (admitQuota in store.ts), by name.
      const quotas = (input.quotas as QuotaIn[])
        .filter((q) => q.namespace === pod.metadata.namespace)
        .map(quotaOf)
        .sort((a, b) => a.metadata.name.localeCompare(b.metadata.name));
      const r = checkRequest(quotas, pod, NOW);
      expect(r.ok).toBe(exp.allowed);
      if (r.ok) {
        const updated = Object.fromEntries(r.updates.map((u) => [u.quota.metadata.name, toResourceList(u.used)]));
        expect(updated).toEqual(exp.updated);
      }
      return;
    }
    default:
      throw new Error(`no runner for ${c.function}`);
  }
}

describe('conformance: pkg/quota and the ResourceQuota admission plugin', () => {
  it.each(run.map((c) => [c.name, c] as const))('%s', (_name, c) => check(c));
  it('runs or lists every case of its functions', () => {
    expect(run.length + skipped.length).toBe(all.length);
    expect(all.length).toBe(40);
  });
});
