// Property: reconcile with the desired set patched from the last sync (incrementalDesired.ts)
// writes, errs and decides exactly as reconcile building it from every pod, over random pod and
// node event sequences, with the writes applied (or, sometimes, lost) between syncs.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DecisionLog } from '../../api/decision.ts';
import { type EndpointPod, type EndpointSlice, LabelTopologyZone } from '../../api/discoveryTypes.ts';
import type { Node } from '../../api/types.ts';
import type { ListDelta } from '../../endpointslice/triggerTimeTracker.ts';
import { reconcile, type ReconcileInput } from './reconciler.ts';
import { newService } from './testFixtures.ts';

type Op = { kind: 'add' | 'ip' | 'ready' | 'unready' | 'terminate' | 'fail' | 'remove' | 'node' | 'lose' | 'same' | 'dup'; n: number };

const OPS: Op['kind'][] = ['add', 'add', 'ip', 'ip', 'ready', 'ready', 'unready', 'terminate', 'fail', 'remove', 'node', 'lose', 'same', 'dup'];

const podName = (n: number): string => `pod-${String(n).padStart(2, '0')}`;

function newNode(name: string, zone: string): Node {
  return { apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { [LabelTopologyZone]: zone } }, spec: {}, status: {} } as Node;
}

function change(pods: Map<string, EndpointPod>, nodes: Map<string, Node>, op: Op, step: number): void {
  const name = podName(op.n);
  const cur = pods.get(name);
  const withStatus = (p: EndpointPod, status: EndpointPod['status']): EndpointPod => ({ ...p, status: { ...p.status, ...status } });
  switch (op.kind) {
    case 'add':
      if (cur) return;
      pods.set(name, {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { namespace: 'test', name, uid: `uid-${name}-${step}`, labels: { foo: 'bar' } },
        // node-3 is sometimes missing from the lister: the sync errs and takes the full path.
        spec: { containers: [{ name: 'c', image: 'i' }], nodeName: `node-${(op.n % 3) + 1}` },
        status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'False' }] },
      });
      return;
    case 'ip':
      if (cur) pods.set(name, withStatus(cur, { podIP: `10.0.0.${op.n}`, podIPs: [{ ip: `10.0.0.${op.n}` }] }));
      return;
    case 'ready':
    case 'unready':
      if (cur) pods.set(name, withStatus(cur, { conditions: [{ type: 'Ready', status: op.kind === 'ready' ? 'True' : 'False', lastTransitionTime: `2026-01-01T00:00:${String(step % 60).padStart(2, '0')}Z` }] }));
      return;
    case 'terminate':
      if (cur) pods.set(name, { ...cur, metadata: { ...cur.metadata, deletionTimestamp: '2026-01-01T00:00:00Z' } });
      return;
    case 'fail':
      if (cur) pods.set(name, withStatus(cur, { phase: 'Failed' }));
      return;
    case 'remove':
      pods.delete(name);
      return;
    case 'node': {
      // A node object replaced (a new zone now and then), or node-3 appearing / vanishing.
      const nodeName = `node-${(op.n % 3) + 1}`;
      if (nodeName === 'node-3' && nodes.has(nodeName)) nodes.delete(nodeName);
      else nodes.set(nodeName, newNode(nodeName, `zone-${op.n % 2}`));
      return;
    }
    default:
  }
}

function apply(slices: EndpointSlice[], writes: readonly { verb: string; slice: EndpointSlice }[], counter: { n: number }): EndpointSlice[] {
  let out = [...slices];
  for (const w of writes) {
    if (w.verb === 'create') {
      const name = `foo-${++counter.n}`;
      out.push({ ...w.slice, metadata: { ...w.slice.metadata, name, uid: name } });
    } else if (w.verb === 'update') out = out.map((s) => (s.metadata.name === w.slice.metadata.name ? w.slice : s));
    else out = out.filter((s) => s.metadata.name !== w.slice.metadata.name);
  }
  return out;
}

/** The pod index's listDelta, by brute force: the names whose objects differ between the lists. */
const bruteDelta: ListDelta = (prev, next) => {
  const a = new Map(prev.map((p) => [p.metadata.name, p]));
  const b = new Map(next.map((p) => [p.metadata.name, p]));
  return [...new Set([...a.keys(), ...b.keys()])].filter((k) => a.get(k) !== b.get(k)).map((k) => ({ old: a.get(k), cur: b.get(k) }));
};

describe('incrementalDesired', () => {
  it('gives reconcile the answer of a full recompute over random pod and node events', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.record({ kind: fc.constantFrom(...OPS), n: fc.integer({ min: 0, max: 24 }) }), { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 2, max: 7 }),
        fc.boolean(),
        (steps, max, withDelta) => {
          const service = newService('foo', 'test');
          const pods = new Map<string, EndpointPod>();
          const nodes = new Map<string, Node>([['node-1', newNode('node-1', 'zone-0')], ['node-2', newNode('node-2', 'zone-1')], ['node-3', newNode('node-3', 'zone-0')]]);
          let slices: EndpointSlice[] = [];
          let list: EndpointPod[] = [];
          const counter = { n: 0 };
          steps.forEach((ops, step) => {
            let lose = false;
            let same = false;
            for (const op of ops) {
              if (op.kind === 'lose') lose = true;
              else if (op.kind === 'same') same = true;
              else if (op.kind === 'dup') {
                // A slice someone else wrote, listing the first endpoints of another one: the
                // reconciler's lists then share endpoints, in front of or behind their owner.
                const s = slices[op.n % Math.max(1, slices.length)];
                if (s === undefined) continue;
                const d = { ...s, metadata: { ...s.metadata, name: `dup-${step}`, uid: `dup-${step}` }, endpoints: s.endpoints.slice(0, 2) };
                slices = op.n % 2 === 0 ? [d, ...slices] : [...slices, d];
              } else change(pods, nodes, op, step);
            }
            // The index hands out a new list when something changed; 'same' keeps the last one.
            if (!same) list = [...pods.values()].sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : 1));
            const snapshot = new Map(nodes);
            const input: ReconcileInput = { service, pods: list, existingSlices: slices, getNode: (n) => snapshot.get(n), triggerTime: undefined, maxEndpointsPerSlice: max, podsDelta: withDelta ? bruteDelta : undefined };
            const logA: DecisionLog = [];
            const logB: DecisionLog = [];
            const a = reconcile(input, logA);
            const b = reconcile({ ...input, fullRecompute: true }, logB);
            expect(a).toEqual(b);
            expect(logA).toEqual(logB);
            // A lost sync: the writes never reach the cache, the next sync starts from the old slices.
            if (!lose) slices = apply(slices, a.writes, counter);
          });
        },
      ),
      { numRuns: 300, seed: 22 },
    );
  });
});
