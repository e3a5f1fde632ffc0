// A StatefulSet's revisions in whole runs: deleted with --cascade=orphan and made again, it adopts
// the revisions it left behind (adoptOrphanRevisions); one relabelled out of its selector drops out
// of its history without being released (ListRevisions lists by selector first).
import { describe, expect, it } from 'vitest';
import type { StatefulSet } from '../../api/statefulTypes.ts';
import { objectKey } from '../../apiserver/store.ts';
import type { TickRecord } from '../../client/tick.ts';
import { newTx, schedule, update } from '../../client/tx.ts';
import { advance, kubectl, objects, runTicks } from '../../sim/executeTestEngine.ts';
import type { EngineState } from '../../sim/state.ts';
import { statefulEngine, storedSet, webStatefulSet } from '../../sim/statefulTestEngine.ts';

/** web is the test set without claim templates, running `image`. */
function web(image: string, spec: Partial<StatefulSet['spec']> = {}): StatefulSet {
  const set = webStatefulSet(2, { volumeClaimTemplates: [], ...spec });
  return { ...set, spec: { ...set.spec, template: { ...set.spec.template, spec: { containers: [{ name: 'nginx', image }] } } } };
}

/** revisions lists the stored ControllerRevisions as `name #n owner`, the owner a uid or `-`. */
const revisions = (st: EngineState): string[] =>
  objects(st, 'ControllerRevision').map((r) => `${r.metadata.name} #${r.revision} ${r.metadata.ownerReferences?.find((o) => o.controller)?.uid ?? '-'}`);

const adoptions = (ticks: readonly TickRecord[]): string[] =>
  ticks.flatMap((t) => t.decisions).filter((d) => d.fn === 'adoptOrphanRevisions').map((d) => String(d.values.revision));

/** relabel is a user's write of a revision's labels (our kubectl serves no ControllerRevisions), delivered as kubectl's are. */
function relabel(st: EngineState, name: string, labels: Record<string, string>): void {
  const tx = newTx(st, 'user');
  const r = objects(st, 'ControllerRevision').find((o) => o.metadata.name === name);
  if (r === undefined) throw new Error(`no revision ${name}`);
  expect(update(tx, { ...r, metadata: { ...r.metadata, labels } }).ok).toBe(true);
  for (const rec of tx.writes) schedule(tx, tx.now + 50, { type: 'deliver', rec, key: objectKey(rec.object) });
}

describe('adoptOrphanRevisions in a run', () => {
  it('adopts the revisions a StatefulSet deleted with --cascade=orphan left behind, when it is made again', () => {
    const st = statefulEngine(web('nginx:1.25'));
    advance(st, 30);
    expect(kubectl(st, 'apply -f -', web('nginx:1.26')).ok).toBe(true);
    advance(st, 60);
    const before = revisions(st);
    expect(before).toHaveLength(2);
    expect(kubectl(st, 'delete statefulset web --cascade=orphan').ok).toBe(true);
    advance(st, 10);
    expect(revisions(st).map((r) => r.endsWith(' -'))).toEqual([true, true]);
    expect(kubectl(st, 'apply -f -', web('nginx:1.26')).ok).toBe(true);
    const ticks = runTicks(st, 30);
    expect(adoptions(ticks).sort()).toEqual(before.map((r) => r.split(' ')[0]).sort());
    // The same revisions and numbers, now the new set's; its update revision is the one it had.
    const set = storedSet(st);
    expect(revisions(st)).toEqual(before.map((r) => r.replace(/ [^ ]+$/, ` ${set.metadata.uid ?? ''}`)));
    expect(set.status?.updateRevision).toBe(before.find((r) => r.includes(' #2 '))?.split(' ')[0]);
    const history = kubectl(st, 'rollout history statefulset/web');
    expect(history.ok).toBe(true);
    expect(history.output).toMatch(/^1 +/m);
    expect(history.output).toMatch(/^2 +/m);
    expect(ticks.some((t) => t.summary.includes('StatefulSet web adopted ControllerRevision'))).toBe(true);
  });

  it('leaves a revision relabelled out of its selector out of its history: kept, owned, never pruned', () => {
    const st = statefulEngine(web('nginx:1.25', { revisionHistoryLimit: 0 }));
    advance(st, 30);
    const first = objects(st, 'ControllerRevision')[0]?.metadata.name ?? '';
    relabel(st, first, { app: 'moved' });
    advance(st, 5);
    expect(kubectl(st, 'apply -f -', web('nginx:1.26', { revisionHistoryLimit: 0 })).ok).toBe(true);
    advance(st, 90);
    const uid = storedSet(st).metadata.uid ?? '';
    // Not listed, so truncateHistory (limit 0) does not delete it, and it is not released.
    expect(revisions(st).find((r) => r.startsWith(`${first} `))).toBe(`${first} #1 ${uid}`);
    expect(storedSet(st).status?.updateRevision).not.toBe(first);
  });
});
