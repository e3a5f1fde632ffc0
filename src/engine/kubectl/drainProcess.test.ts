import { describe, expect, it } from 'vitest';
import type { PodDisruptionBudget } from '../api/policyTypes.ts';
import type { Pod } from '../api/types.ts';
import { createEngine, runUntil } from '../sim/simulation.ts';
import type { EngineState } from '../sim/state.ts';
import { advance, kubectl, objects, testConfig, webDeployment } from '../sim/executeTestEngine.ts';

function budget(minAvailable: number): PodDisruptionBudget {
  return {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: { name: 'web' },
    spec: { minAvailable, selector: { matchLabels: { app: 'web' } } },
  };
}

/** A settled 3-node cluster with `web` (4 replicas) and a budget. */
function clusterWithBudget(minAvailable: number): EngineState {
  const config = testConfig([webDeployment()]);
  config.objects = [...config.objects, budget(minAvailable)];
  const st = createEngine(config);
  runUntil(st, 30_000);
  st.now = 30_000;
  return st;
}

const podsOn = (st: EngineState, node: string): string[] =>
  objects(st, 'Pod')
    .filter((p: Pod) => p.spec.nodeName === node && !p.metadata.deletionTimestamp)
    .map((p) => p.metadata.name);

const transcript = (st: EngineState) => (st.drains[0]?.transcript ?? []).map((l) => `${(l.at - 30_000) / 1000} ${l.text}`);

describe('startDrain', () => {
  it('retries a refused eviction every 5 s and ends with the timeout error when --timeout passes', () => {
    const st = clusterWithBudget(4);
    const [pod] = podsOn(st, 'node-2');
    const refused = `error when evicting pods/"${pod}" -n "default" (will retry after 5s): Cannot evict pod as it would violate the pod's disruption budget.`;
    const out = kubectl(st, 'drain node-2 --timeout=12s');
    expect(out.output.split('\n').slice(0, 1)).toEqual(['node/node-2 cordoned']);
    advance(st, 30);
    const timeout = `error when evicting pods/"${pod}" -n "default": global timeout reached: 12s`;
    expect(transcript(st).filter((l) => l.includes(pod ?? '?') || l.startsWith('0 evicting'))).toEqual(
      expect.arrayContaining([`0 evicting pod default/${pod}`, `0 ${refused}`, `5 ${refused}`, `10 ${refused}`]),
    );
    const tail = transcript(st).slice(-6);
    expect(tail).toEqual([
      `15 There are pending pods in node "node-2" when an error occurred: ${timeout}`,
      ...podsOn(st, 'node-2').map((n) => `15 pod/${n}`),
      `15 error: unable to drain node "node-2" due to error: ${timeout}, continuing command...`,
      '15 There are pending nodes to be drained:',
      '15  node-2',
      `15 ${timeout}`,
    ].slice(-6));
    expect(st.drains[0]).toMatchObject({ done: true, ok: false });
  });

  it('evicts the node pods one per spare disruption as replacements become Ready when the budget allows one', () => {
    const st = clusterWithBudget(3);
    const before = podsOn(st, 'node-2');
    expect(before.length).toBeGreaterThan(0);
    kubectl(st, 'drain node-2');
    advance(st, 120);
    expect(st.drains[0]).toMatchObject({ done: true, ok: true });
    expect(transcript(st).at(-1)).toMatch(/ node\/node-2 drained$/);
    expect(podsOn(st, 'node-2')).toEqual([]);
    // Every pod of the node went through the eviction API: each one printed "evicted".
    for (const n of before) expect(transcript(st).some((l) => l.endsWith(`pod/${n} evicted`))).toBe(true);
  });

  it('finishes at once when the cordoned node has no pods left to evict', () => {
    const st = clusterWithBudget(4);
    kubectl(st, 'cordon node-1');
    for (const n of podsOn(st, 'node-1')) kubectl(st, `delete pod ${n} --force --grace-period=0`);
    advance(st, 5);
    expect(kubectl(st, 'drain node-1')).toEqual({ ok: true, output: 'node/node-1 already cordoned\nnode/node-1 drained' });
    expect(st.drains).toEqual([]);
  });
});
