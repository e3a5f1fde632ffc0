import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Decision, DecisionLog } from '../../api/decision.ts';
import type { DaemonSet, Node, Pod, PodCondition, PodPhase, Taint } from '../../api/types.ts';
import type { WatchRecord } from '../../apiserver/store.ts';
import { applyWatch, type CacheState, list, newCacheState, podsOwnedBy } from '../../client/cache.ts';
import { selectorMatches } from '../../lib/labels.ts';
import { nextFloat, seedPrng } from '../../lib/prng.ts';
import { toRFC3339 } from '../../lib/time.ts';
import { newBackOff, next } from './backoff.ts';
import { deferLines } from './deferredLines.ts';
import { failedPodsBackoffKey, managePlan } from './manage.ts';
import { getNodesToDaemonPods } from './daemonPods.ts';
import { activeNodes, refreshFacts, rollingUpdateTable } from './memoFacts.ts';
import {
  claimedPods,
  type DaemonSetMemo,
  memoOnWatch,
  nodeListOf,
  syncMemo,
} from './nodeMemo.ts';
import { nodeUpdateReader, shouldRunAt } from './rollingUpdateTable.ts';
import { updateDaemonSetStatusPlan } from './status.ts';
import { getTargetNodeName } from './util/daemonsetUtil.ts';
import { rollingUpdatePlan } from './update.ts';

const KEY = 'default/agent';
const UID = 'uid-agent';
const NOW = 100_000;

function daemonSet(surge: boolean, minReadySeconds: number, generalOnly: boolean): DaemonSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name: 'agent', namespace: 'default', uid: UID, generation: 2 },
    spec: {
      selector: { matchLabels: { app: 'a' } },
      minReadySeconds,
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: surge ? { maxSurge: 2, maxUnavailable: 0 } : { maxUnavailable: 2 } },
      template: {
        metadata: { labels: { app: 'a' } },
        spec: { containers: [{ name: 'a', image: 'a:1' }], ...(generalOnly ? { nodeSelector: { pool: 'general' } } : {}) },
      },
    },
    status: { currentNumberScheduled: 0, numberMisscheduled: 0, desiredNumberScheduled: 0, numberReady: 0, observedGeneration: 1 },
  };
}

const TAINTS: Taint[][] = [[], [{ key: 'd', effect: 'NoSchedule' }], [{ key: 'd', effect: 'NoExecute' }]];

/** One change the informer delivers (or, with `behindBack`, a write straight into the cache). */
type Op =
  | { op: 'node'; i: number; pool: 'general' | 'batch'; taints: number; remove: boolean }
  | { op: 'pod'; k: number; node: number; bound: boolean; hash: 'h1' | 'h2'; phase: PodPhase; ready: boolean; since: number; deleting: boolean; owned: boolean; matches: boolean }
  | { op: 'touch'; k: number; phase: PodPhase; bind: boolean; flip: boolean }
  | { op: 'deletePod'; k: number }
  | { op: 'stale'; k: number }
  | { op: 'sync'; hash: 'h1' | 'h2'; template: 'same' | 'copy' | 'other' }
  | { op: 'behindBack'; k: number; node: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('node' as const), i: fc.nat(5), pool: fc.constantFrom('general' as const, 'batch' as const), taints: fc.nat(2), remove: fc.boolean() }),
  fc.record({
    op: fc.constant('pod' as const),
    k: fc.nat(9),
    node: fc.nat(4),
    bound: fc.boolean(),
    hash: fc.constantFrom('h1' as const, 'h2' as const),
    phase: fc.constantFrom<PodPhase>('Pending', 'Running', 'Running', 'Failed', 'Succeeded'),
    ready: fc.boolean(),
    since: fc.nat(100),
    deleting: fc.constantFrom(false, false, true),
    owned: fc.constantFrom(true, true, true, false),
    matches: fc.constantFrom(true, true, true, false),
  }),
  // Weighted: a write that keeps the labels must often meet a pod alone on its node, synced before.
  { weight: 3, arbitrary: fc.record({ op: fc.constant('touch' as const), k: fc.nat(9), phase: fc.constantFrom<PodPhase>('Pending', 'Running', 'Failed'), bind: fc.boolean(), flip: fc.boolean() }) },
  fc.record({ op: fc.constant('deletePod' as const), k: fc.nat(9) }),
  fc.record({ op: fc.constant('stale' as const), k: fc.nat(9) }),
  fc.record({ op: fc.constant('sync' as const), hash: fc.constantFrom('h1' as const, 'h2' as const), template: fc.constantFrom('same' as const, 'copy' as const, 'other' as const) }),
  fc.record({ op: fc.constant('behindBack' as const), k: fc.nat(9), node: fc.nat(4) }),
);

/** A small cluster driven by watch events, with the memo taking each one in as deliver() does. */
class World {
  c: CacheState = newCacheState();
  memos = new Map<string, DaemonSetMemo>();
  rv = 0;
  history = new Map<string, Pod[]>();
  /** Labels and owner references by content, one object each, as pods of one template share them. */
  shared = new Map<string, never>();
  constructor(public ds: DaemonSet) {}

  one<T>(key: string, make: () => T): T {
    return (this.shared.get(key) ?? this.shared.set(key, make() as never).get(key)) as T;
  }

  deliver(rec: WatchRecord, behindBack = false): void {
    applyWatch(this.c, rec);
    if (!behindBack) memoOnWatch(this.memos, this.c, rec);
  }

  node(i: number, pool: string, taints: number, remove: boolean): void {
    const obj: Node = {
      apiVersion: 'v1',
      kind: 'Node',
      metadata: { name: `n${i}`, labels: { pool }, resourceVersion: String(++this.rv) },
      spec: { taints: TAINTS[taints] ?? [] },
    };
    const exists = this.c.objects.Node.has(`n${i}`);
    if (remove && !exists) return;
    this.deliver({ type: remove ? 'DELETED' : exists ? 'MODIFIED' : 'ADDED', object: obj });
  }

  pod(o: Extract<Op, { op: 'pod' }>): void {
    const name = `p${o.k}`;
    const target = `n${o.node}`;
    const p: Pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        name,
        namespace: 'default',
        resourceVersion: String(++this.rv),
        creationTimestamp: toRFC3339((o.k % 3) * 1000),
        labels: this.one(`l${o.matches}${o.hash}`, () => ({ app: o.matches ? 'a' : 'b', 'controller-revision-hash': o.hash })),
        ownerReferences: this.one(`o${o.owned}`, () => [{ apiVersion: 'apps/v1', kind: 'DaemonSet', name: 'agent', uid: o.owned ? UID : 'other', controller: true }]),
        ...(o.deleting ? { deletionTimestamp: toRFC3339(50_000) } : {}),
      },
      spec: o.bound
        ? { containers: [], nodeName: target }
        : {
            containers: [],
            affinity: {
              nodeAffinity: {
                requiredDuringSchedulingIgnoredDuringExecution: {
                  nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: [target] }] }],
                },
              },
            },
          },
      status: {
        phase: o.phase,
        conditions: [{ type: 'Ready', status: o.ready ? 'True' : 'False', lastTransitionTime: toRFC3339(o.since * 1000) }],
      },
    };
    const key = `default/${name}`;
    this.history.set(key, [...(this.history.get(key) ?? []), p]);
    this.deliver({ type: this.c.objects.Pod.has(key) ? 'MODIFIED' : 'ADDED', object: p });
  }

  /** touch writes pod k as the scheduler and the kubelet do: a spread keeping its labels and owner references. */
  touch(o: Extract<Op, { op: 'touch' }>): void {
    const key = `default/p${o.k}`;
    const p = this.c.objects.Pod.get(key) as Pod | undefined;
    if (p === undefined) return;
    const flip = (c: PodCondition): PodCondition => (c.type === 'Ready' ? { ...c, status: c.status === 'True' ? 'False' : 'True' } : c);
    const spec = o.bind ? { ...p.spec, nodeName: getTargetNodeName(p) ?? 'n0' } : p.spec;
    const status = { ...p.status, phase: o.phase, conditions: o.flip ? p.status?.conditions?.map(flip) : p.status?.conditions };
    const next: Pod = { ...p, metadata: { ...p.metadata, resourceVersion: String(++this.rv) }, spec, status };
    this.history.set(key, [...(this.history.get(key) ?? []), next]);
    this.deliver({ type: 'MODIFIED', object: next });
  }

  deletePod(k: number): void {
    const old = this.c.objects.Pod.get(`default/p${k}`);
    if (old === undefined) return;
    this.deliver({ type: 'DELETED', object: { ...old, metadata: { ...old.metadata, resourceVersion: String(++this.rv) } } });
  }

  /** stale re-delivers an older version of a pod: applyWatch keeps the newer one. */
  stale(k: number): void {
    const versions = this.history.get(`default/p${k}`) ?? [];
    const first = versions[0];
    if (versions.length > 1 && first !== undefined) this.deliver({ type: 'MODIFIED', object: first });
  }
}

/** reference lists the claimed pods and groups them straight from the cache, as the unmemoised sync did. */
function reference(c: CacheState, ds: DaemonSet): { claimed: Pod[]; byNode: Record<string, Pod[]> } {
  const claimed = podsOwnedBy(c, UID).filter((p) => selectorMatches(ds.spec.selector, p.metadata.labels));
  return { claimed, byNode: getNodesToDaemonPods(claimed, false) };
}

/** A memo-fed walk's log, still holding its lines unmade, and the lines the full walk wrote at that sync. */
interface PendingLines {
  deferred: { decisions: Decision[] };
  eager: DecisionLog;
}

/**
 * checkSync compares every memo-fed plan with the plan the full walk gives, decisions and PRNG
 * draws included. The memo-fed walk's lines are returned unread, to be compared after later
 * events have rewritten the table they were made from.
 */
function checkSync(w: World, hash: string): PendingLines {
  const m = syncMemo(w.memos, w.c, KEY, w.ds);
  refreshFacts(m, w.ds, hash);
  const ds = w.ds;
  const nodes = list(w.c, 'Node');
  const ref = reference(w.c, ds);
  expect(nodeListOf(m)).toEqual(nodes);
  expect(claimedPods(m)).toEqual(ref.claimed);
  expect(m.byNode).toEqual(ref.byNode);

  let backoff = newBackOff();
  for (const n of nodes.slice(0, 2)) backoff = next(backoff, failedPodsBackoffKey(ds, n.metadata.name), NOW - 500);
  const logs: [DecisionLog, DecisionLog] = [[], []];
  const memoManage = managePlan(ds, nodes, m.byNode, hash, backoff, NOW, logs[0], { activeNodes: activeNodes(m), offListNodes: m.offList });
  expect(memoManage).toEqual(managePlan(ds, nodes, ref.byNode, hash, backoff, NOW, logs[1]));
  expect(logs[0]).toEqual(logs[1]);

  const t = rollingUpdateTable(m);
  // The memo-fed walk hands its per-node lines over packed, as the controller does.
  const ru: [DecisionLog, DecisionLog] = [[], []];
  const tick = { decisions: ru[0] };
  const known = {
    desiredNumberScheduled: m.counts.desired,
    sortedNodeNames: t.names,
    nodeUpdateAt: nodeUpdateReader(t),
    shouldRunAt: (slot: number) => shouldRunAt(t, slot),
    defer: (expand: () => Decision[]) => deferLines(tick, expand),
    table: t,
  };
  const prngs = [seedPrng(7), seedPrng(7)] as const;
  // The controller hands the PRNG itself over (the order is made again for the lines); the full walk draws through a function.
  const memoRu = rollingUpdatePlan(ds, nodes, m.byNode, hash, NOW, prngs[0], ru[0], known);
  expect(memoRu).toEqual(rollingUpdatePlan(ds, nodes, ref.byNode, hash, NOW, () => nextFloat(prngs[1]), ru[1]));
  expect(prngs[0].s).toBe(prngs[1].s);

  expect(updateDaemonSetStatusPlan(ds, nodes, m.byNode, hash, NOW, true, undefined, m)).toEqual(
    updateDaemonSetStatusPlan(ds, nodes, ref.byNode, hash, NOW, true),
  );
  return { deferred: tick, eager: ru[1] };
}

describe('nodeMemo', () => {
  it('gives every sync the plans, decisions and PRNG draws of the full walk, whatever the watch events', () => {
    const scenario = fc.record({
      surge: fc.boolean(),
      minReadySeconds: fc.constantFrom(0, 30),
      generalOnly: fc.boolean(),
      ops: fc.array(opArb, { minLength: 1, maxLength: 60 }),
    });
    fc.assert(
      fc.property(scenario, ({ surge, minReadySeconds, generalOnly, ops }) => {
        const w = new World(daemonSet(surge, minReadySeconds, generalOnly));
        for (let i = 0; i < 4; i++) w.node(i, 'general', 0, false);
        let hash = 'h1';
        const pending: PendingLines[] = [];
        for (const o of ops) {
          if (o.op === 'node') w.node(o.i, o.pool, o.taints, o.remove);
          else if (o.op === 'pod') w.pod(o);
          else if (o.op === 'touch') w.touch(o);
          else if (o.op === 'deletePod') w.deletePod(o.k);
          else if (o.op === 'stale') w.stale(o.k);
          else if (o.op === 'behindBack') {
            const p = w.c.objects.Pod.get(`default/p${o.k}`) as Pod | undefined;
            const moved = p && { ...p, metadata: { ...p.metadata, resourceVersion: String(++w.rv) }, spec: { ...p.spec, nodeName: `n${o.node}` } };
            if (moved) w.deliver({ type: 'MODIFIED', object: moved }, true);
          } else {
            hash = o.hash;
            // A new DaemonSet object with the same template keeps the facts; a new template drops them.
            const template = structuredClone(w.ds.spec.template);
            if (o.template === 'other') template.spec.nodeSelector = template.spec.nodeSelector ? undefined : { pool: 'general' };
            w.ds = o.template === 'same' ? { ...w.ds } : { ...w.ds, spec: { ...w.ds.spec, template } };
            pending.push(checkSync(w, hash));
          }
        }
        pending.push(checkSync(w, hash));
        // Read only now, after the later events: each log still shows the lines of its own sync.
        for (const p of pending) expect(p.deferred.decisions).toEqual(p.eager);
      }),
      { numRuns: 300 },
    );
  });

  it('leaves the claim order alone when the informer re-delivers an older pod', () => {
    const w = new World(daemonSet(false, 0, false));
    w.node(0, 'general', 0, false);
    const pod = (k: number) => w.pod({ op: 'pod', k, node: 0, bound: true, hash: 'h1', phase: 'Running', ready: true, since: 1, deleting: false, owned: true, matches: true });
    pod(0);
    pod(1);
    checkSync(w, 'h1');
    pod(0);
    pod(1);
    w.stale(0);
    checkSync(w, 'h1');
    expect(claimedPods(w.memos.get(KEY) as DaemonSetMemo).map((p) => p.metadata.name)).toEqual(['p0', 'p1']);
  });

  it('rebuilds a memo that missed a cache change instead of trusting it', () => {
    const w = new World(daemonSet(false, 0, false));
    w.node(0, 'general', 0, false);
    checkSync(w, 'h1');
    const before = w.memos.get(KEY);
    w.node(1, 'general', 0, false);
    w.deliver({ type: 'ADDED', object: { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n9', resourceVersion: String(++w.rv) }, spec: {} } }, true);
    checkSync(w, 'h1');
    expect(w.memos.get(KEY)).not.toBe(before);
    expect(nodeListOf(w.memos.get(KEY) as DaemonSetMemo).map((n) => n.metadata.name)).toEqual(['n0', 'n1', 'n9']);
  });
});
