import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newDaemonSet } from '../../../../tests/conformance/daemonHarness.ts';
import type { Decision, DecisionLog } from '../../api/decision.ts';
import type { DaemonSet, Node, Pod } from '../../api/types.ts';
import { seedPrng } from '../../lib/prng.ts';
import { toRFC3339 } from '../../lib/time.ts';
import { deferLines } from './deferredLines.ts';
import { getNodesToDaemonPods } from './daemonPods.ts';
import { buildTable } from './rollingUpdateTable.ts';
import { nodeUpdate, rollingUpdatePlan } from './update.ts';

const ds = (maxUnavailable: number): DaemonSet => ({
  ...newDaemonSet('ds'),
  spec: { ...newDaemonSet('ds').spec, updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable } } },
});
const node = (name: string): Node => ({ apiVersion: 'v1', kind: 'Node', metadata: { name }, spec: {} });
const pod = (name: string, nodeName: string, hash: string, ready: boolean): Pod => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, labels: { 'controller-revision-hash': hash } },
  spec: { containers: [], nodeName },
  status: { conditions: [{ type: 'Ready', status: ready ? 'True' : 'False', lastTransitionTime: toRFC3339(0) }] },
});

describe('rollingUpdateUnavailable', () => {
  it('plans the same deletions with no log, with its lines deferred and with them written (maxSurge 0)', () => {
    // One node per state: NoPods, NewUnavailable, NewAvailable, OldUnavailable, OldAvailable, BothPods, Excess.
    const kinds: ((i: number) => Pod[])[] = [
      () => [],
      (i) => [pod(`n${i}`, `node-${i}`, 'new', false)],
      (i) => [pod(`n${i}`, `node-${i}`, 'new', true)],
      (i) => [pod(`o${i}`, `node-${i}`, 'old', false)],
      (i) => [pod(`o${i}`, `node-${i}`, 'old', true)],
      (i) => [pod(`n${i}`, `node-${i}`, 'new', true), pod(`o${i}`, `node-${i}`, 'old', true)],
      (i) => [pod(`a${i}`, `node-${i}`, 'old', true), pod(`b${i}`, `node-${i}`, 'old', true)],
    ];
    fc.assert(
      fc.property(
        fc.array(fc.nat(kinds.length - 1), { minLength: 1, maxLength: 60 }), fc.integer({ min: 0, max: 70 }), fc.integer(),
        (states, maxUnavailable, seed) => {
          const d = ds(maxUnavailable);
          const nodes = states.map((_, i) => node(`node-${i}`));
          const pods = states.flatMap((k, i) => (kinds[k] as (i: number) => Pod[])(i));
          const byNode = getNodesToDaemonPods(pods, false);
          const plan = (log: DecisionLog | undefined, defer?: (expand: () => Decision[]) => void) => {
            const prng = seedPrng(seed);
            const names = Object.keys({ ...Object.fromEntries(nodes.map((x) => [x.metadata.name, []])), ...byNode }).sort();
            const table = buildTable(names, (name) => ({ inList: true, shouldRun: true, update: nodeUpdate(d, byNode[name] ?? [], 'new') }));
            const known = {
              desiredNumberScheduled: nodes.length,
              sortedNodeNames: names,
              nodeUpdateAt: (slot: number) => nodeUpdate(d, byNode[names[slot] as string] ?? [], 'new'),
              shouldRunAt: () => true,
              table,
              ...(defer ? { defer } : {}),
            };
            return { plan: rollingUpdatePlan(d, nodes, byNode, 'new', 0, prng, log, known), s: prng.s };
          };
          const written: DecisionLog = [];
          const eager = plan(written);
          expect(plan(undefined)).toEqual(eager);
          // As the controller does: the tick's log takes the walk's lines unmade.
          const tick = { decisions: [] as Decision[] };
          expect(plan(tick.decisions, (expand) => deferLines(tick, expand))).toEqual(eager);
          expect(tick.decisions).toEqual(written);
        },
      ),
      { numRuns: 300 },
    );
  });
});
