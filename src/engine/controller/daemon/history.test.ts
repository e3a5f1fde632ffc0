import { describe, expect, it } from 'vitest';
import type { DecisionLog } from '../../api/decision.ts';
import type { ControllerRevision, DaemonSet, Pod } from '../../api/types.ts';
import { computeHash } from '../../lib/hash.ts';
import { getPatch } from '../history/controllerHistory.ts';
import { cleanupHistoryPlan, constructHistoryPlan, match, newControllerRevision } from './history.ts';

const ds = (image: string, extra: Partial<DaemonSet['metadata']> = {}): DaemonSet => ({
  apiVersion: 'apps/v1',
  kind: 'DaemonSet',
  metadata: { name: 'fluentd', namespace: 'default', uid: 'uid-1', ...extra },
  spec: {
    selector: { matchLabels: { app: 'f' } },
    revisionHistoryLimit: 2,
    template: { metadata: { labels: { app: 'f' } }, spec: { containers: [{ name: 'c', image }] } },
  },
});
const revision = (d: DaemonSet, n: number): ControllerRevision => newControllerRevision(d, computeHash(d.spec.template), n);
const pod = (hash: string): Pod => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: `p-${hash}`, labels: { 'controller-revision-hash': hash } }, spec: { containers: [] } });

describe('getPatch', () => {
  it('holds only spec.template with "$patch":"replace" and sorted keys', () => {
    expect(JSON.stringify(getPatch(ds('nginx:1')))).toBe(
      '{"spec":{"template":{"$patch":"replace","metadata":{"labels":{"app":"f"}},"spec":{"containers":[{"image":"nginx:1","name":"c"}]}}}}',
    );
  });
});

describe('newControllerRevision', () => {
  it('names the revision <ds>-<hash> and labels it with the template labels plus the hash', () => {
    const r = newControllerRevision(ds('nginx:1', { annotations: { note: 'x' } }), '5d7b6c9f44', 3);
    expect(r.metadata.name).toBe('fluentd-5d7b6c9f44');
    expect(r.metadata.labels).toEqual({ app: 'f', 'controller-revision-hash': '5d7b6c9f44' });
    expect(r.metadata.annotations).toEqual({ note: 'x' });
    expect(r.metadata.ownerReferences).toEqual([{ apiVersion: 'apps/v1', kind: 'DaemonSet', name: 'fluentd', uid: 'uid-1', controller: true, blockOwnerDeletion: true }]);
    expect(r.revision).toBe(3);
  });
});

describe('constructHistoryPlan', () => {
  it('gives the kept plan and its line again for the same template and revision objects, and plans anew when a revision changes', () => {
    const d = ds('nginx:1');
    const old = revision(ds('nginx:0'), 1);
    const cur = revision(d, 2);
    const logs: [DecisionLog, DecisionLog, DecisionLog] = [[], [], []];
    const first = constructHistoryPlan(d, [old, cur], [], logs[0]);
    // A new DaemonSet object (a status write) with the same template, the same cached revisions.
    expect(constructHistoryPlan({ ...d }, [old, cur], [], logs[1])).toBe(first);
    expect(logs[1]).toEqual(logs[0]);
    // The current revision now older than another one: the plan raises it instead.
    const raised = constructHistoryPlan(d, [revision(ds('nginx:0'), 3), cur], [], logs[2]);
    expect(raised.updates.map((u) => u.revision)).toEqual([4]);
    expect(logs[2].map((l) => l.key)).toEqual(['raiseRevision']);
  });

  it('creates revision 1 for a new DaemonSet', () => {
    const d = ds('nginx:1');
    const p = constructHistoryPlan(d, [], []);
    expect(p.create?.revision).toBe(1);
    expect(p.hash).toBe(computeHash(d.spec.template));
    expect(p.create && match(d, p.create)).toBe(true);
  });

  it('creates max(old) + 1 after a template change', () => {
    const p = constructHistoryPlan(ds('nginx:3'), [revision(ds('nginx:1'), 1), revision(ds('nginx:2'), 2)], []);
    expect(p.create?.revision).toBe(3);
    expect(p.old.map((r) => r.revision)).toEqual([1, 2]);
  });

  it('raises an old revision the template matches again (a rollback)', () => {
    const p = constructHistoryPlan(ds('nginx:1'), [revision(ds('nginx:1'), 1), revision(ds('nginx:2'), 2)], []);
    expect(p.create).toBeNull();
    expect(p.updates.map((r) => [r.metadata.name, r.revision])).toEqual([[revision(ds('nginx:1'), 1).metadata.name, 3]]);
    expect(p.currentRevision.revision).toBe(3);
  });

  it('labels a revision without the hash label with its own name', () => {
    const bare = revision(ds('nginx:1'), 1);
    bare.metadata.labels = { app: 'f' };
    const p = constructHistoryPlan(ds('nginx:1'), [bare], []);
    expect(p.updates[0]?.metadata.labels?.['controller-revision-hash']).toBe(bare.metadata.name);
    expect(p.hash).toBe(bare.metadata.name);
  });

  it('keeps the highest duplicate, relabels pods to it and deletes the rest', () => {
    const a = { ...revision(ds('nginx:1'), 1), metadata: { ...revision(ds('nginx:1'), 1).metadata, name: 'dup-a', labels: { 'controller-revision-hash': 'ha' } } };
    const b = { ...revision(ds('nginx:1'), 4), metadata: { ...revision(ds('nginx:1'), 4).metadata, name: 'dup-b', labels: { 'controller-revision-hash': 'hb' } } };
    const p = constructHistoryPlan(ds('nginx:1'), [a, b], [pod('ha'), pod('hb')]);
    expect(p.currentRevision.metadata.name).toBe('dup-b');
    expect(p.deletes).toEqual(['dup-a']);
    expect(p.podLabelPatches).toEqual([{ pod: 'p-ha', hash: 'hb' }]);
  });

  it('flags a name collision with an existing revision', () => {
    const d = ds('nginx:2');
    const taken = { ...revision(ds('nginx:1'), 1), metadata: { ...revision(ds('nginx:1'), 1).metadata, name: `fluentd-${computeHash(d.spec.template)}` } };
    expect(constructHistoryPlan(d, [taken], []).nameCollision).toBe(true);
  });
});

describe('cleanupHistoryPlan', () => {
  const olds = [1, 2, 3, 4].map((n) => revision(ds(`nginx:${n}`), n));
  const hashOf = (n: number) => olds[n - 1]?.metadata.labels?.['controller-revision-hash'] ?? '';
  it.each<[string, number[], number[]]>([
    ['deletes the oldest revisions beyond the limit', [], [1, 2]],
    ['skips revisions that live pods still run, without replacing them', [1], [2, 3]],
    ['deletes nothing more when every extra revision is live', [1, 2, 3, 4], []],
  ])('%s', (_name, live, want) => {
    const deletes = cleanupHistoryPlan(ds('nginx:5'), olds, live.map((n) => pod(hashOf(n)))).deletes;
    expect(deletes).toEqual(want.map((n) => olds[n - 1]?.metadata.name));
  });

  it('deletes nothing within the limit', () => {
    expect(cleanupHistoryPlan(ds('nginx:5'), olds.slice(0, 2), []).deletes).toEqual([]);
  });
});
