import { describe, expect, it } from 'vitest';
import type { Pod } from '../../api/types.ts';
import { objectKey } from '../../apiserver/store.ts';
import { create, newTx, schedule } from '../../client/tx.ts';
import { advance, kubectl, runTicks } from '../../sim/executeTestEngine.ts';
import { statefulEngine, webStatefulSet } from '../../sim/statefulTestEngine.ts';
import { REASONS } from './statefulPodControl.ts';

describe('REASONS', () => {
  it.each(['create', 'update', 'delete'] as const)('names the %s Events as stateful_pod_control.go does: Successful or Failed, then the verb titled', (verb) => {
    const title = verb.charAt(0).toUpperCase() + verb.slice(1);
    expect(REASONS[verb]).toEqual({ ok: `Successful${title}`, failed: `Failed${title}` });
  });
});

describe('runActions', () => {
  it('fails the sync without an Event when a pod of that name already exists, and creates it once that pod is gone', () => {
    const st = statefulEngine(webStatefulSet(2, { volumeClaimTemplates: [] }));
    advance(st, 30);
    // web-2 made by a user with labels the set does not select: it is never adopted.
    const tx = newTx(st, 'user');
    const pod: Pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web-2', namespace: 'default', labels: { app: 'other' } }, spec: { containers: [{ name: 'c', image: 'nginx:1.25' }] } };
    expect(create(tx, pod).ok).toBe(true);
    for (const rec of tx.writes) schedule(tx, tx.now + 50, { type: 'deliver', rec, key: objectKey(rec.object) });
    advance(st, 1);
    expect(kubectl(st, 'scale sts/web --replicas=3').ok).toBe(true);
    const ticks = runTicks(st, 5);
    const failed = ticks.filter((t) => t.actor === 'statefulset-controller' && t.summary.includes('pods "web-2" already exists'));
    // Requeued with back-off (5, 10, 20 ms …), not dropped: several failed syncs in 5 s.
    expect(failed.length).toBeGreaterThan(3);
    const events = ticks.flatMap((t) => t.writes).filter((w) => w.object.kind === 'Event' && w.object.metadata.name.startsWith('web.'));
    expect(events).toEqual([]);
    expect(kubectl(st, 'delete pod web-2').ok).toBe(true);
    advance(st, 20);
    const web2 = st.store.objects.Pod.get('default/web-2');
    expect(web2?.metadata.labels?.app).toBe('nginx');
  });
});
