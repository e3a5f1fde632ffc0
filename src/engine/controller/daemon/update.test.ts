import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Harness, addNodes, clearExpectations, newDaemonSet, newHarness, setReady, sync,
} from '../../../../tests/conformance/daemonHarness.ts';
import type { DecisionLog } from '../../api/decision.ts';
import type { DaemonSet, DaemonSetUpdateStrategy, IntOrString, Node, Pod } from '../../api/types.ts';
import { nextFloat, seedPrng } from '../../lib/prng.ts';
import { toRFC3339 } from '../../lib/time.ts';
import { renderDaemonSetDecision } from './explainCatalog.ts';
import { getNodesToDaemonPods } from './daemonPods.ts';
import { nodeShouldRunDaemonPod } from './shouldRun.ts';
import { buildTable } from './rollingUpdateTable.ts';
import { findUpdatedPodsOnNode, nodeUpdate, rollingUpdatePlan, shuffledNodeNames, updatedDesiredNodeCounts } from './update.ts';
import { getTargetNodeName, isPodAvailable, surgeCount, unavailableCount } from './util/daemonsetUtil.ts';

const strategy = (rollingUpdate: { maxUnavailable?: IntOrString; maxSurge?: IntOrString }): DaemonSetUpdateStrategy => ({
  type: 'RollingUpdate',
  rollingUpdate,
});
const ds = (s: DaemonSetUpdateStrategy): DaemonSet => ({ ...newDaemonSet('ds'), spec: { ...newDaemonSet('ds').spec, updateStrategy: s } });
const node = (name: string): Node => ({ apiVersion: 'v1', kind: 'Node', metadata: { name }, spec: {} });
const pod = (name: string, nodeName: string, hash: string, ready: boolean, deleting = false): Pod => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, labels: { 'controller-revision-hash': hash }, ...(deleting ? { deletionTimestamp: toRFC3339(0) } : {}) },
  spec: { containers: [], nodeName },
  status: { conditions: [{ type: 'Ready', status: ready ? 'True' : 'False', lastTransitionTime: toRFC3339(0) }] },
});
const fixedRand = () => 0.5;

describe('updatedDesiredNodeCounts', () => {
  it('falls back to maxUnavailable 1 when both budgets resolve to 0, and says so', () => {
    const log: DecisionLog = [];
    const got = updatedDesiredNodeCounts(ds(strategy({ maxUnavailable: 0, maxSurge: '0%' })), [node('a'), node('b')], {}, log);
    expect([got.maxSurge, got.maxUnavailable, got.desiredNumberScheduled]).toEqual([0, 1, 2]);
    expect(renderDaemonSetDecision(log[0] ?? { fn: '', key: '', values: {} })).toMatch(
      /^DaemonSet is not configured for surge or unavailability, defaulting to accepting unavailability/,
    );
  });

  it('adds an empty pod list for every desired node without pods', () => {
    const got = updatedDesiredNodeCounts(ds(strategy({ maxUnavailable: 1 })), [node('a'), node('b')], { a: [pod('p', 'a', 'h', true)] });
    expect(got.nodeToDaemonPods).toEqual({ a: [pod('p', 'a', 'h', true)], b: [] });
  });

  it('reports a malformed maxUnavailable as upstream does', () => {
    expect(updatedDesiredNodeCounts(ds(strategy({ maxUnavailable: '1' })), [node('a')], {}).error).toBe(
      'invalid value for MaxUnavailable: invalid value for IntOrString: invalid type: string is not a percentage',
    );
  });
});

describe('findUpdatedPodsOnNode', () => {
  it.each<[string, Pod[], string | null, string | null, boolean]>([
    ['splits one new and one old pod', [pod('o', 'n', 'old', true), pod('n', 'n', 'new', true)], 'n', 'o', true],
    ['ignores pods that are being deleted', [pod('o', 'n', 'old', true, true), pod('n', 'n', 'new', true)], 'n', null, true],
    ['refuses two old pods', [pod('o1', 'n', 'old', true), pod('o2', 'n', 'old', true)], null, null, false],
    ['refuses two new pods', [pod('n1', 'n', 'new', true), pod('n2', 'n', 'new', true)], null, null, false],
  ])('%s', (_name, pods, newName, oldName, ok) => {
    const got = findUpdatedPodsOnNode(ds(strategy({ maxUnavailable: 1 })), pods, 'new');
    expect([got.newPod?.metadata.name ?? null, got.oldPod?.metadata.name ?? null, got.ok]).toEqual([newName, oldName, ok]);
  });
});

describe('shuffledNodeNames', () => {
  it('is a pure function of the names and the PRNG draws', () => {
    const draws = () => {
      let i = 0;
      const seq = [0.9, 0.1, 0.5, 0.3];
      return () => seq[i++ % seq.length] ?? 0;
    };
    const a = shuffledNodeNames(['n3', 'n1', 'n4', 'n2'], draws());
    expect(shuffledNodeNames(['n1', 'n2', 'n3', 'n4'], draws())).toEqual(a);
    expect([...a].sort()).toEqual(['n1', 'n2', 'n3', 'n4']);
  });

  it.each([1, 7, 42])('draws the same order and leaves the PRNG where a function of it would (seed %i)', (seed) => {
    const names = Array.from({ length: 50 }, (_, i) => `node-${i}`);
    const direct = seedPrng(seed);
    const viaFunction = seedPrng(seed);
    expect(shuffledNodeNames(names, direct)).toEqual(shuffledNodeNames(names, () => nextFloat(viaFunction)));
    expect(direct.s).toBe(viaFunction.s);
  });
});

describe('rollingUpdatePlan', () => {
  const nodes = ['n1', 'n2', 'n3', 'n4'].map(node);
  it.each<[string, IntOrString, Record<string, Pod[]>, number]>([
    ['deletes up to maxUnavailable available old pods', 2, { n1: [pod('a', 'n1', 'old', true)], n2: [pod('b', 'n2', 'old', true)], n3: [pod('c', 'n3', 'old', true)], n4: [pod('d', 'n4', 'old', true)] }, 2],
    ['counts an unavailable new pod against the budget', 2, { n1: [pod('a', 'n1', 'new', false)], n2: [pod('b', 'n2', 'old', true)], n3: [pod('c', 'n3', 'old', true)], n4: [pod('d', 'n4', 'old', true)] }, 1],
    ['counts a node without pods against the budget', 1, { n2: [pod('b', 'n2', 'old', true)], n3: [pod('c', 'n3', 'old', true)], n4: [pod('d', 'n4', 'old', true)] }, 0],
    ['always replaces unavailable old pods, beyond the budget', 1, { n1: [pod('a', 'n1', 'old', false)], n2: [pod('b', 'n2', 'old', false)], n3: [pod('c', 'n3', 'old', true)], n4: [pod('d', 'n4', 'old', true)] }, 2],
  ])('%s (maxSurge 0)', (_name, maxUnavailable, byNode, deletes) => {
    const got = rollingUpdatePlan(ds(strategy({ maxUnavailable })), nodes, byNode, 'new', 0, fixedRand);
    expect(got.podsToDelete).toHaveLength(deletes);
    expect(got.nodesNeedingPods).toEqual([]);
  });

  it('names in deferred lines the pods of the walk, after the table was rewritten (maxSurge 0)', () => {
    // n1 new not ready, n2 new ready, n3 and n4 old ready: maxUnavailable 2 leaves one deletion.
    const byNode = { n1: [pod('a', 'n1', 'new', false)], n2: [pod('b', 'n2', 'new', true)], n3: [pod('c', 'n3', 'old', true)], n4: [pod('d', 'n4', 'old', true)] };
    const names = ['n1', 'n2', 'n3', 'n4'];
    const d = ds(strategy({ maxUnavailable: 2 }));
    const table = buildTable(names, (name) => ({ inList: true, shouldRun: true, update: nodeUpdate(d, byNode[name as keyof typeof byNode], 'new') }));
    let expand: (() => DecisionLog) | undefined;
    const memo = {
      desiredNumberScheduled: 4,
      sortedNodeNames: names,
      nodeUpdateAt: (slot: number) => nodeUpdate(d, byNode[names[slot] as keyof typeof byNode], 'new'),
      shouldRunAt: () => true,
      table,
      defer: (e: () => DecisionLog) => (expand = e),
    };
    const got = rollingUpdatePlan(d, nodes, byNode, 'new', 0, fixedRand, [], memo);
    // Later events rename every pod in the table before the lines are read.
    table.newPod.fill('later');
    table.oldPod.fill('later');
    const lines = (expand?.() ?? []).filter((l) => l.values.pod !== undefined).map((l) => [l.key, l.values.node, l.values.pod]);
    expect(lines).toEqual(
      expect.arrayContaining([
        ['newPodUnavailable', 'n1', 'a'],
        ['newPodAvailable', 'n2', 'b'],
        ['deleteOld', got.podsToDelete[0] === 'c' ? 'n3' : 'n4', got.podsToDelete[0]],
      ]),
    );
    expect(lines.filter(([key]) => key === 'deleteCandidate').map(([, , p]) => p).sort()).toEqual(['c', 'd']);
    expect(got.podsToDelete).toHaveLength(1);
  });

  it('surges onto at most maxSurge nodes and explains it with the numbers', () => {
    const log: DecisionLog = [];
    const byNode = { n1: [pod('a', 'n1', 'old', true)], n2: [pod('b', 'n2', 'old', true)], n3: [pod('c', 'n3', 'old', true)], n4: [pod('d', 'n4', 'old', true)] };
    const got = rollingUpdatePlan(ds(strategy({ maxUnavailable: 0, maxSurge: 1 })), nodes, byNode, 'new', 0, fixedRand, log);
    expect(got.nodesNeedingPods).toHaveLength(1);
    expect(got.podsToDelete).toEqual([]);
    const first = log.find((d) => d.key === 'surgeCandidate');
    expect(first && renderDaemonSetDecision(first)).toMatch(/^maxSurge 1, numSurge 0 → n\d is a surge candidate \(old pod [a-d] available\)$/);
    expect(log.filter((d) => d.key === 'surgeCreate').map((d) => d.values.node)).toEqual(got.nodesNeedingPods);
  });

  it('deletes the old pod where the new one is available and counts waiting new pods as surge', () => {
    const byNode = {
      n1: [pod('o1', 'n1', 'old', true), pod('new1', 'n1', 'new', true)],
      n2: [pod('o2', 'n2', 'old', true), pod('new2', 'n2', 'new', false)],
      n3: [pod('o3', 'n3', 'old', true)],
      n4: [pod('o4', 'n4', 'old', false)],
    };
    const got = rollingUpdatePlan(ds(strategy({ maxUnavailable: 0, maxSurge: 1 })), nodes, byNode, 'new', 0, fixedRand);
    expect(got.podsToDelete).toEqual(['o1']);
    expect(got.nodesNeedingPods).toEqual(['n4']);
  });

  it('fails like upstream when a pod targets a node that is gone', () => {
    const got = rollingUpdatePlan(ds(strategy({ maxUnavailable: 0, maxSurge: 1 })), nodes, { gone: [pod('x', 'gone', 'old', true)] }, 'new', 0, fixedRand);
    expect(got.error).toBe('couldn\'t get node for nodeName "gone": node "gone" not found');
  });
});

// ---------------------------------------------------------------- properties over random node pools

const intOrPercent = (max: number) =>
  fc.oneof(fc.integer({ min: 1, max }), fc.integer({ min: 1, max: 100 }).map((p) => `${p}%`));

/** startRollout syncs v1 onto every node, makes the chosen pods Ready, then changes the template. */
function startRollout(h: Harness, readyMask: boolean[], s: DaemonSetUpdateStrategy): void {
  sync(h);
  clearExpectations(h);
  h.pods = h.pods.map((p, i) => setReady(h, p, readyMask[i % readyMask.length] ?? true));
  const c = h.ds.spec.template.spec.containers[0] ?? { name: 'foo', image: 'x' };
  h.ds = { ...h.ds, spec: { ...h.ds.spec, updateStrategy: s, template: { ...h.ds.spec.template, spec: { ...h.ds.spec.template.spec, containers: [{ ...c, image: 'foo/v2' }] } } } };
}

/** flipReadiness makes some pods Ready (or, with `down`, not Ready) between syncs. */
function flipReadiness(h: Harness, flips: boolean[], down: boolean): void {
  h.pods = h.pods.map((p, i) => (flips[i % flips.length] ? setReady(h, p, !(down && i % 2 === 1)) : p));
}

const isAvailable = (h: Harness) => (p: Pod) => !p.metadata.deletionTimestamp && isPodAvailable(p, h.ds.spec.minReadySeconds ?? 0, h.nowMs);

describe('rollingUpdatePlan properties', () => {
  it('never deletes more available pods than maxUnavailable allows (maxSurge 0)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }), intOrPercent(40), fc.array(fc.boolean(), { minLength: 1, maxLength: 40 }),
        fc.array(fc.array(fc.boolean(), { minLength: 1, maxLength: 40 }), { minLength: 1, maxLength: 6 }), fc.integer(),
        (n, maxUnavailable, readyMask, rounds, seed) => {
          const h = newHarness(newDaemonSet('ds'), { seed });
          addNodes(h, 0, n);
          startRollout(h, readyMask, strategy({ maxUnavailable }));
          for (const [r, flips] of rounds.entries()) {
            clearExpectations(h);
            const res = sync(h);
            if (res.rolling) {
              const desired = h.nodes.filter((x) => nodeShouldRunDaemonPod(x, h.ds).shouldRun).map((x) => x.metadata.name);
              const budget = Math.max(unavailableCount(h.ds, desired.length), 1);
              const deleted = new Set(res.rolling.podsToDelete);
              const deletedAvailable = res.podsBeforeRolling.filter((p) => deleted.has(p.metadata.name) && isAvailable(h)(p)).length;
              const byNode = getNodesToDaemonPods(res.podsBeforeRolling.filter((p) => !deleted.has(p.metadata.name)), false);
              const unavailableAfter = desired.filter((name) => !(byNode[name] ?? []).some(isAvailable(h))).length;
              expect(deletedAvailable).toBeLessThanOrEqual(budget);
              if (deletedAvailable > 0) expect(unavailableAfter).toBeLessThanOrEqual(budget);
            }
            flipReadiness(h, flips, r % 2 === 1);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('keeps at most 2 pods per node and at most maxSurge nodes holding 2 (surge)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }), intOrPercent(40),
        fc.array(fc.array(fc.boolean(), { minLength: 1, maxLength: 40 }), { minLength: 1, maxLength: 8 }), fc.integer(),
        (n, maxSurge, rounds, seed) => {
          const h = newHarness(newDaemonSet('ds'), { seed });
          addNodes(h, 0, n);
          startRollout(h, [true], strategy({ maxUnavailable: 0, maxSurge }));
          const budget = surgeCount(h.ds, n);
          for (const flips of rounds) {
            clearExpectations(h);
            sync(h);
            const perNode = new Map<string, number>();
            for (const p of h.pods) {
              if (p.metadata.deletionTimestamp) continue;
              const target = getTargetNodeName(p) ?? '';
              perNode.set(target, (perNode.get(target) ?? 0) + 1);
            }
            expect(Math.max(...perNode.values())).toBeLessThanOrEqual(2);
            expect([...perNode.values()].filter((c) => c === 2).length).toBeLessThanOrEqual(budget);
            flipReadiness(h, flips, false);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('finishes a surge rollout once every new pod turns Ready', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), intOrPercent(40), fc.integer(), (n, maxSurge, seed) => {
        const h = newHarness(newDaemonSet('ds'), { seed });
        addNodes(h, 0, n);
        startRollout(h, [true], strategy({ maxUnavailable: 0, maxSurge }));
        for (let i = 0; i < 2 * n + 4; i++) {
          clearExpectations(h);
          sync(h);
          h.pods = h.pods.map((p) => setReady(h, p, true));
        }
        const hash = h.revisions.reduce((a, r) => (r.revision > a.revision ? r : a)).metadata.labels?.['controller-revision-hash'];
        expect(h.pods).toHaveLength(n);
        expect(h.pods.every((p) => p.metadata.labels?.['controller-revision-hash'] === hash)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('renders every decision it records from the catalogue', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), intOrPercent(12), fc.boolean(), fc.integer(), (n, budget, surge, seed) => {
        const h = newHarness(newDaemonSet('ds'), { seed });
        addNodes(h, 0, n);
        startRollout(h, [true, false], surge ? strategy({ maxUnavailable: 0, maxSurge: budget }) : strategy({ maxUnavailable: budget }));
        for (let i = 0; i < 4; i++) {
          clearExpectations(h);
          sync(h);
          flipReadiness(h, [true, false, true], false);
        }
        for (const d of h.log) {
          const text = renderDaemonSetDecision(d);
          expect(text, `${d.fn}/${d.key}`).not.toBeNull();
          expect(text).not.toMatch(/\{\w+\}/);
        }
      }),
      { numRuns: 40 },
    );
  });
});
