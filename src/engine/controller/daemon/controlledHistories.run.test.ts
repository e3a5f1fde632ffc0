// controlledHistories in whole runs: a DaemonSet deleted with --cascade=orphan and made again
// adopts the revisions it left behind, and one relabelled out of the selector is released.
import { describe, expect, it } from 'vitest';
import type { DaemonSet } from '../../api/types.ts';
import { objectKey } from '../../apiserver/store.ts';
import type { TickRecord } from '../../client/tick.ts';
import { newTx, schedule, update } from '../../client/tx.ts';
import { advance, agentDaemonSet, kubectl, objects, runTicks, settledCluster } from '../../sim/executeTestEngine.ts';
import type { EngineState } from '../../sim/state.ts';

/** claims lists a run's controlledHistories lines as `key revision`. */
const claims = (ticks: readonly TickRecord[]): string[] =>
  ticks.flatMap((t) => t.decisions).filter((d) => d.fn === 'controlledHistories').map((d) => `${d.key} ${String(d.values.revision)}`);

/** revisions lists the stored ControllerRevisions as `name #n owner`, the owner a DaemonSet's uid or `-`. */
function revisions(st: EngineState): string[] {
  return objects(st, 'ControllerRevision').map((r) => `${r.metadata.name} #${r.revision} ${r.metadata.ownerReferences?.find((o) => o.controller)?.uid ?? '-'}`);
}

/** relabel is a user's write of a revision's labels (our kubectl serves no ControllerRevisions), delivered as kubectl's are. */
function relabel(st: EngineState, name: string, labels: Record<string, string>): void {
  const tx = newTx(st, 'user');
  const r = objects(st, 'ControllerRevision').find((o) => o.metadata.name === name);
  if (r === undefined) throw new Error(`no revision ${name}`);
  expect(update(tx, { ...r, metadata: { ...r.metadata, labels } }).ok).toBe(true);
  for (const rec of tx.writes) schedule(tx, tx.now + 50, { type: 'deliver', rec, key: objectKey(rec.object) });
}

const uidOf = (st: EngineState) => objects(st, 'DaemonSet')[0]?.metadata.uid ?? '';

function image(tag: string): DaemonSet {
  const ds = agentDaemonSet();
  const spec = ds.spec.template.spec;
  return { ...ds, spec: { ...ds.spec, template: { ...ds.spec.template, spec: { ...spec, containers: [{ name: 'agent', image: tag }] } } } };
}

describe('controlledHistories in a run', () => {
  it('adopts the revisions a DaemonSet deleted with --cascade=orphan left behind, when it is made again', () => {
    const st = settledCluster([agentDaemonSet()]);
    expect(kubectl(st, 'apply -f -', image('agent:2')).ok).toBe(true);
    advance(st, 60);
    const before = revisions(st);
    expect(before).toHaveLength(2);
    const pods = objects(st, 'Pod').map((p) => p.metadata.name);
    expect(kubectl(st, 'delete ds agent --cascade=orphan').ok).toBe(true);
    advance(st, 10);
    expect(revisions(st).map((r) => r.endsWith(' -'))).toEqual([true, true]);
    expect(kubectl(st, 'apply -f -', image('agent:2')).ok).toBe(true);
    const ticks = runTicks(st, 30);
    expect(claims(ticks).sort()).toEqual(before.map((r) => `adopted ${r.split(' ')[0]}`).sort());
    // The same revisions, numbers kept, now the new DaemonSet's; its pods too: nothing rolled.
    const uid = uidOf(st);
    expect(revisions(st)).toEqual(before.map((r) => r.replace(/ [^ ]+$/, ` ${uid}`)));
    expect(objects(st, 'Pod').map((p) => p.metadata.name)).toEqual(pods);
    const history = kubectl(st, 'rollout history ds/agent');
    expect(history.ok).toBe(true);
    expect(history.output).toMatch(/^1 +/m);
    expect(history.output).toMatch(/^2 +/m);
    expect(ticks.some((t) => t.summary.includes('DaemonSet agent adopted ControllerRevision'))).toBe(true);
  });

  it('releases a revision relabelled out of the selector; it leaves the history', () => {
    const st = settledCluster([agentDaemonSet()]);
    expect(kubectl(st, 'apply -f -', image('agent:2')).ok).toBe(true);
    advance(st, 60);
    const old = objects(st, 'ControllerRevision').find((r) => r.revision === 1)?.metadata.name ?? '';
    relabel(st, old, { app: 'moved' });
    // A template change makes the DaemonSet sync and list its revisions again.
    expect(kubectl(st, 'apply -f -', image('agent:3')).ok).toBe(true);
    const ticks = runTicks(st, 60);
    expect(claims(ticks)).toEqual([`released ${old}`]);
    expect(revisions(st).find((r) => r.startsWith(`${old} `))).toBe(`${old} #1 -`);
    expect(kubectl(st, 'rollout history ds/agent').output).not.toMatch(/^1 +/m);
  });
});
