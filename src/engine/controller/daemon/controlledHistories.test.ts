// controlledHistories' claim of ControllerRevisions, one sync's worth, against a cluster whose API
// server and informer cache the test writes directly: what is adopted, released or left, the
// revisions claimed, the owners the API server then holds, and the errors.
import { describe, expect, it } from 'vitest';
import type { ControllerRevision, DaemonSet, LabelSelector } from '../../api/types.ts';
import { newTx } from '../../client/tx.ts';
import { toRFC3339 } from '../../lib/time.ts';
import { controlledHistories } from './controlledHistories.ts';
import { put, TEST_NOW, testCluster } from '../../sim/testCluster.ts';

const KEY = 'default/agent';
const NOW = TEST_NOW;
const DELETED = toRFC3339(NOW);
const APP = { app: 'agent' };

function daemonSet(selector: LabelSelector = { matchLabels: APP }): DaemonSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name: 'agent', namespace: 'default' },
    spec: { selector, template: { metadata: { labels: APP }, spec: { containers: [{ name: 'a', image: 'a:1' }] } } },
  };
}

/** revision is a ControllerRevision labelled `labels`, controlled by `owner` (a uid) or an orphan. */
function revision(name: string, n: number, labels: Record<string, string>, owner?: string, namespace = 'default'): ControllerRevision {
  const ownerReferences = owner === undefined ? undefined : [{ apiVersion: 'apps/v1', kind: 'DaemonSet', name: 'agent', uid: owner, controller: true }];
  return {
    apiVersion: 'apps/v1',
    kind: 'ControllerRevision',
    metadata: { name, namespace, labels, ...(ownerReferences ? { ownerReferences } : {}) },
    data: { spec: { template: { metadata: { labels: APP }, spec: { containers: [{ name: 'a', image: `a:${n}` }] } } } },
    revision: n,
  } as ControllerRevision;
}

interface Case {
  /** The revisions, given the DaemonSet's uid. */
  revisions: (uid: string) => ControllerRevision[];
  /** The DaemonSet being deleted: as the informer holds it, or only as the API server does. */
  deleting?: 'cached' | 'stored';
  decisions: string[];
  /** The names controlledHistories returns (when it does not fail). */
  claimed: string[];
  /** The revisions that name the DaemonSet in the API server afterwards. */
  owned: string[];
  error?: RegExp;
}

const OTHER = 'other-uid';

describe('controlledHistories', () => {
  it.each<[string, Case]>([
    ['adopts an orphan revision that matches the selector', {
      revisions: (uid) => [revision('agent-1', 1, APP), revision('agent-2', 2, APP, uid)],
      decisions: ['adopted agent-1'], claimed: ['agent-1', 'agent-2'], owned: ['agent-1', 'agent-2'],
    }],
    ['does not adopt an orphan the selector does not match, nor one of another namespace', {
      revisions: () => [revision('web-1', 1, { app: 'web' }), revision('agent-1', 1, APP, undefined, 'other')],
      decisions: [], claimed: [], owned: [],
    }],
    ['leaves a revision another controller owns', {
      revisions: () => [revision('agent-1', 1, APP, OTHER)],
      decisions: [], claimed: [], owned: [],
    }],
    ['does not adopt when the DaemonSet is being deleted', {
      revisions: () => [revision('agent-1', 1, APP)], deleting: 'cached',
      decisions: [], claimed: [], owned: [],
    }],
    ['does not adopt, and fails, when the API server says the DaemonSet is being deleted', {
      revisions: () => [revision('agent-1', 1, APP)], deleting: 'stored',
      decisions: [], claimed: [], owned: [], error: /^can't adopt ControllerRevision default\/agent-1 \(.+\): default\/agent has just been deleted at /,
    }],
    ['releases a revision relabelled out of the selector', {
      revisions: (uid) => [revision('agent-1', 1, { debug: 'true' }, uid), revision('agent-2', 2, APP, uid)],
      decisions: ['released agent-1'], claimed: ['agent-2'], owned: ['agent-2'],
    }],
    ['does not release while the DaemonSet is being deleted', {
      revisions: (uid) => [revision('agent-1', 1, { debug: 'true' }, uid)], deleting: 'cached',
      decisions: [], claimed: [], owned: ['agent-1'],
    }],
    ['claims the revisions it owns and matches, writing nothing', {
      revisions: (uid) => [revision('agent-1', 1, APP, uid), revision('agent-2', 2, APP, uid)],
      decisions: [], claimed: ['agent-1', 'agent-2'], owned: ['agent-1', 'agent-2'],
    }],
  ])('%s', (_name, c) => {
    const st = testCluster(1);
    let ds = put(st, daemonSet());
    for (const r of c.revisions(ds.metadata.uid ?? '')) put(st, r);
    if (c.deleting !== undefined) {
      const deleting = { ...ds, metadata: { ...ds.metadata, deletionTimestamp: DELETED } };
      st.store.objects.DaemonSet.set(KEY, deleting);
      if (c.deleting === 'cached') ds = deleting;
    }
    const tx = newTx(st, 'engine');
    const res = controlledHistories(tx, ds);
    if (c.error) expect(res).toMatch(c.error);
    else expect(typeof res === 'string' ? res : res.map((r) => r.metadata.name)).toEqual(c.claimed);
    expect(tx.decisions.map((d) => `${d.key} ${String(d.values.revision)}`)).toEqual(c.decisions);
    const owned = [...st.store.objects.ControllerRevision.values()].filter((r) => r.metadata.ownerReferences?.some((o) => o.uid === ds.metadata.uid && o.controller));
    expect(owned.map((r) => r.metadata.name).sort()).toEqual(c.owned);
  });

  it('writes nothing and says nothing again while the informer has not delivered its adoption or release', () => {
    const st = testCluster(1);
    const ds = put(st, daemonSet());
    const uid = ds.metadata.uid ?? '';
    put(st, revision('agent-1', 1, APP));
    put(st, revision('agent-2', 2, { debug: 'true' }, uid));
    const first = newTx(st, 'engine');
    expect(controlledHistories(first, ds)).toHaveLength(1);
    expect(first.decisions.map((d) => d.key)).toEqual(['adopted', 'released']);
    const again = newTx(st, 'engine');
    const res = controlledHistories(again, ds);
    expect(typeof res === 'string' ? res : res.map((r) => r.metadata.name)).toEqual(['agent-1']);
    expect(again.writes).toEqual([]);
    expect(again.decisions).toEqual([]);
  });
});
