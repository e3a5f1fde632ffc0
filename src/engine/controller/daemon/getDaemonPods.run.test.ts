// getDaemonPods in whole runs: what a DaemonSet then does on the node of a pod it adopted or
// released (a kubectl label on one of its pods; a bare pod made before the DaemonSet).
import { describe, expect, it } from 'vitest';
import type { DaemonSet, Pod } from '../../api/types.ts';
import type { TickRecord } from '../../client/tick.ts';
import { advance, agentDaemonSet, kubectl, objects, runTicks, settledCluster } from '../../sim/executeTestEngine.ts';
import type { EngineState } from '../../sim/state.ts';
import { getTargetNodeName } from './util/daemonsetUtil.ts';

const barePod = (name: string, node: string, labels: Record<string, string>) => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, labels },
  spec: { nodeName: node, containers: [{ name: 'agent', image: 'agent:1' }] },
});

/** claims lists a run's getDaemonPods lines as `key pod node`. */
const claims = (ticks: readonly TickRecord[]): string[] =>
  ticks.flatMap((t) => t.decisions).filter((d) => d.fn === 'getDaemonPods').map((d) => `${d.key} ${String(d.values.pod)} ${String(d.values.node)}`);

/** daemonPods lists the live pods the DaemonSet controls, as `node name`, by node. */
function daemonPods(st: EngineState): string[] {
  const uid = objects(st, 'DaemonSet')[0]?.metadata.uid;
  return objects(st, 'Pod')
    .filter((p) => !p.metadata.deletionTimestamp && p.metadata.ownerReferences?.some((r) => r.uid === uid && r.controller))
    .map((p) => `${getTargetNodeName(p) ?? '?'} ${p.metadata.name}`)
    .sort();
}

const podNamed = (st: EngineState, name: string): Pod | undefined => objects(st, 'Pod').find((p) => p.metadata.name === name);

function agent(spec: Partial<DaemonSet['spec']> = {}): DaemonSet {
  const ds = agentDaemonSet();
  return { ...ds, spec: { ...ds.spec, ...spec } };
}

describe('getDaemonPods in a run', () => {
  it('releases a pod labelled out of the selector and creates a new one for its node', () => {
    const st = settledCluster([agentDaemonSet()]);
    const before = daemonPods(st);
    const [node, name] = (before[1] ?? '').split(' ') as [string, string];
    expect(kubectl(st, `label pod ${name} app-`).ok).toBe(true);
    const ticks = runTicks(st, 30);
    expect(claims(ticks)).toEqual([`released ${name} ${node}`]);
    // The released pod keeps running, an orphan; its node has a new daemon pod.
    expect(podNamed(st, name)?.metadata.ownerReferences).toBeUndefined();
    expect(podNamed(st, name)?.status?.phase).toBe('Running');
    const after = daemonPods(st);
    expect(after.map((p) => p.split(' ')[0])).toEqual(['node-1', 'node-2', 'node-3']);
    expect(after).not.toContain(`${node} ${name}`);
    expect(ticks.some((t) => t.summary.includes(`DaemonSet agent released ${name}`))).toBe(true);
  });

  it.each<[string, Partial<DaemonSet['spec']>, string[]]>([
    ['keeps it as the daemon pod of node-1 with OnDelete', { updateStrategy: { type: 'OnDelete' } }, ['node-1 early']],
    ['replaces it by a pod of the current revision with RollingUpdate', {}, []],
  ])('adopts a bare pod made on node-1 before the DaemonSet and %s', (_name, spec, early) => {
    const st = settledCluster([]);
    expect(kubectl(st, 'apply -f -', barePod('early', 'node-1', { app: 'agent' })).ok).toBe(true);
    advance(st, 10);
    expect(kubectl(st, 'apply -f -', agent(spec)).ok).toBe(true);
    const ticks = runTicks(st, 60);
    expect(claims(ticks)).toEqual(['adopted early node-1']);
    // Never a second pod on node-1 beside it: one creation for each of the two other nodes, plus
    // the replacement a rolling update makes once it has deleted the adopted pod.
    const created = ticks.flatMap((t) => t.decisions).filter((d) => d.fn === 'syncNodes' && d.key === 'createPod');
    expect(created.map((d) => d.values.node)).toEqual(early.length ? ['node-2', 'node-3'] : ['node-2', 'node-3', 'node-1']);
    const pods = daemonPods(st);
    expect(pods.map((p) => p.split(' ')[0])).toEqual(['node-1', 'node-2', 'node-3']);
    expect(pods.filter((p) => p.endsWith(' early'))).toEqual(early);
  });

  it.each<[string, string, string[]]>([
    ['deletes an adopted pod on a node that should not run one', 'node-3', ['deleteShouldNotRun']],
    ['deletes an adopted pod beside the daemon pod of its node, the newer of the two', 'node-1', ['pruneExcess']],
  ])('%s', (_name, node, reasons) => {
    const st = settledCluster([]);
    expect(kubectl(st, 'label nodes node-1 node-2 agent=yes').ok).toBe(true);
    expect(kubectl(st, 'apply -f -', agent({ template: { ...agentDaemonSet().spec.template, spec: { ...agentDaemonSet().spec.template.spec, nodeSelector: { agent: 'yes' } } } })).ok).toBe(true);
    advance(st, 30);
    const before = daemonPods(st);
    expect(before.map((p) => p.split(' ')[0])).toEqual(['node-1', 'node-2']);
    expect(kubectl(st, 'apply -f -', barePod('stray', node, { app: 'agent' })).ok).toBe(true);
    const ticks = runTicks(st, 30);
    expect(claims(ticks)).toEqual([`adopted stray ${node}`]);
    const decided = ticks.flatMap((t) => t.decisions).filter((d) => d.fn === 'podsShouldBeOnNode' && d.values.pod === 'stray');
    expect(decided.map((d) => d.key)).toEqual(reasons);
    expect(podNamed(st, 'stray')).toBeUndefined();
    expect(daemonPods(st)).toEqual(before);
  });
});
