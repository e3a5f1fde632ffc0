import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DaemonSet, Node, Pod, PodPhase } from '../../api/types.ts';
import { toRFC3339 } from '../../lib/time.ts';
import { computeFacts, sameLonePodFacts } from './nodeFacts.ts';

const daemonSet = (surge: boolean, minReadySeconds: number): DaemonSet => ({
  apiVersion: 'apps/v1',
  kind: 'DaemonSet',
  metadata: { name: 'agent', namespace: 'default', uid: 'uid-agent', annotations: { 'deprecated.daemonset.template.generation': '2' } },
  spec: {
    selector: { matchLabels: { app: 'a' } },
    minReadySeconds,
    updateStrategy: { type: 'RollingUpdate', rollingUpdate: surge ? { maxSurge: 1, maxUnavailable: 0 } : { maxUnavailable: 1 } },
    template: { metadata: { labels: { app: 'a' } }, spec: { containers: [{ name: 'a', image: 'a:1' }] } },
  },
});

const NODE: Node = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n0' }, spec: {} };
const TAINTED: Node = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n0' }, spec: { taints: [{ key: 'd', effect: 'NoExecute' }] } };

/** Label objects shared by content, as the pods of one template share theirs. */
const LABELS = {
  h1: { app: 'a', 'controller-revision-hash': 'h1' },
  h2: { app: 'a', 'controller-revision-hash': 'h2' },
  gen2: { app: 'a', 'pod-template-generation': '2' },
};

/** What a write may change of a pod; every field is one the pod writes of a rollout touch. */
const podArb = fc.record({
  bound: fc.boolean(),
  created: fc.nat(2),
  deleting: fc.boolean(),
  labels: fc.constantFrom<keyof typeof LABELS>('h1', 'h2', 'gen2'),
  phase: fc.constantFrom<PodPhase>('Pending', 'Running', 'Failed', 'Succeeded'),
  ready: fc.constantFrom('True', 'False', 'none'),
  since: fc.nat(2),
  ip: fc.boolean(),
});

function podOf(p: typeof podArb extends fc.Arbitrary<infer T> ? T : never): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: 'p0',
      namespace: 'default',
      creationTimestamp: toRFC3339(p.created * 1000),
      labels: LABELS[p.labels],
      ...(p.deleting ? { deletionTimestamp: toRFC3339(50_000) } : {}),
    },
    spec: { containers: [], ...(p.bound ? { nodeName: 'n0' } : {}) },
    status: {
      phase: p.phase,
      ...(p.ip ? { podIP: '10.0.0.1' } : {}),
      conditions: p.ready === 'none' ? [] : [{ type: 'Ready', status: p.ready, lastTransitionTime: toRFC3339(p.since * 1000) }],
    },
  };
}

describe('sameLonePodFacts', () => {
  it('says "same" only where computeFacts of the lone pod gives the same facts', () => {
    fc.assert(
      fc.property(podArb, podArb, fc.boolean(), fc.constantFrom(0, 30), fc.boolean(), (a, b, surge, minReadySeconds, tainted) => {
        const ds = daemonSet(surge, minReadySeconds);
        const prev = podOf(a);
        const next = podOf(b);
        if (!sameLonePodFacts(prev, next)) return;
        const node = tainted ? TAINTED : NODE;
        const facts = (pod: Pod) => computeFacts(node, 'n0', { n0: [pod] }, ds, 'h1', 2);
        expect(facts(next)).toEqual(facts(prev));
      }),
      { numRuns: 2000 },
    );
  });

  it.each<[string, (p: Pod) => Pod, boolean]>([
    ['a binding', (p) => ({ ...p, spec: { ...p.spec, nodeName: 'n0' } }), true],
    ['another creation time (it only orders a node\'s pods)', (p) => ({ ...p, metadata: { ...p.metadata, creationTimestamp: toRFC3339(9) } }), true],
    ['Pending → Running', (p) => ({ ...p, status: { ...p.status, phase: 'Running' } }), true],
    ['Running → Failed', (p) => ({ ...p, status: { ...p.status, phase: 'Failed' } }), false],
    ['Ready → not Ready', (p) => ({ ...p, status: { ...p.status, conditions: [{ type: 'Ready', status: 'False' }] } }), false],
    ['Ready again at another time', (p) => ({ ...p, status: { ...p.status, conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: toRFC3339(7_000) }] } }), false],
    ['a deletion', (p) => ({ ...p, metadata: { ...p.metadata, deletionTimestamp: toRFC3339(1) } }), false],
    ['equal labels in a new object', (p) => ({ ...p, metadata: { ...p.metadata, labels: { ...p.metadata.labels } } }), false],
  ])('answers %s', (_name, write, want) => {
    const pod = podOf({ bound: false, created: 0, deleting: false, labels: 'h1', phase: 'Pending', ready: 'True', since: 0, ip: false });
    expect(sameLonePodFacts(pod, write(pod))).toBe(want);
  });

  it('answers "same" for a first Ready condition that is False (a pod not Ready has no Ready-since time)', () => {
    const pod = podOf({ bound: true, created: 0, deleting: false, labels: 'h1', phase: 'Running', ready: 'none', since: 0, ip: false });
    const next: Pod = { ...pod, status: { ...pod.status, conditions: [{ type: 'Ready', status: 'False', lastTransitionTime: toRFC3339(5_000) }] } };
    expect(sameLonePodFacts(pod, next)).toBe(true);
  });
});
