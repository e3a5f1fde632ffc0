// The Deployment's ClaimReplicaSets: adopt orphans its selector matches, release what it no
// longer matches, adopt nothing while it is being deleted (as it is, or as the API server has it).
import { describe, expect, it } from 'vitest';
import type { Decision } from '../../api/decision.ts';
import { getControllerOf } from '../../api/ownerRefs.ts';
import type { Deployment, LabelSelector, OwnerReference, ReplicaSet } from '../../api/types.ts';
import { create, newTx } from '../../client/tx.ts';
import { advance, kubectl, objects, replicaSets, runTicks, settledCluster, web, webDeployment } from '../../sim/executeTestEngine.ts';
import { claimReplicaSets } from './claimReplicaSets.ts';

type Owner = 'me' | 'other' | 'none';

const DOES_NOT_EXIST: LabelSelector = { matchLabels: { app: 'web' }, matchExpressions: [{ key: 'track', operator: 'DoesNotExist' }] };

/** A stored ReplicaSet web-<hash> labelled `labels`, controlled by `owner`. */
function replicaSet(name: string, labels: Record<string, string>, owner: OwnerReference | undefined): ReplicaSet {
  const selector = { matchLabels: { app: 'web', 'pod-template-hash': name } };
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: { name: `web-${name}`, namespace: 'default', labels, ...(owner ? { ownerReferences: [owner] } : {}) },
    spec: {
      replicas: 0,
      selector,
      template: { metadata: { labels: selector.matchLabels }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.8' }] } },
    },
  };
}

/**
 * A store holding the Deployment `web` (selector app=web,!track) and one ReplicaSet; the
 * Deployment handed to claimReplicaSets is the one a cache would hold: being deleted or not
 * (`deleting`), and the stored one may have been deleted since (`freshDeleting`).
 */
function claimOne(labels: Record<string, string>, owner: Owner, deleting = false, freshDeleting = false, cachedOwner: Owner = owner) {
  const st = settledCluster([], 0);
  const tx = newTx(st, 'user');
  const made = create(tx, webDeployment(0, { selector: DOES_NOT_EXIST }));
  if (!made.ok) throw new Error(made.error.message);
  const d: Deployment = deleting ? { ...made.object, metadata: { ...made.object.metadata, deletionTimestamp: '2026-01-01T00:00:00Z' } } : made.object;
  if (freshDeleting) st.store.objects.Deployment.set('default/web', { ...made.object, metadata: { ...made.object.metadata, deletionTimestamp: '2026-01-01T00:00:05Z' } });
  const ref = (uid: string): OwnerReference => ({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', uid, controller: true, blockOwnerDeletion: true });
  const rsRef = owner === 'me' ? ref(d.metadata.uid ?? '') : owner === 'other' ? ref('another-uid') : undefined;
  const rsMade = create(tx, replicaSet('abc12', labels, rsRef));
  if (!rsMade.ok) throw new Error(rsMade.error.message);
  // The informer's copy: the stored one, or one a write it has not delivered yet changed.
  const cachedRef = cachedOwner === 'me' ? ref(d.metadata.uid ?? '') : undefined;
  const { ownerReferences: _refs, ...meta } = rsMade.object.metadata;
  const cached: ReplicaSet = cachedOwner === owner ? rsMade.object : { ...rsMade.object, metadata: { ...meta, ...(cachedRef ? { ownerReferences: [cachedRef] } : {}) } };
  const claimTx = newTx(st, 'deployment-controller');
  const out = claimReplicaSets(claimTx, d, [cached]);
  const stored = st.store.objects.ReplicaSet.get('default/web-abc12') as ReplicaSet;
  const decisions = claimTx.decisions.map((x: Decision) => x.key);
  const written = stored.metadata.resourceVersion !== rsMade.object.metadata.resourceVersion;
  return { d, out, stored, decisions, written };
}

describe('claimReplicaSets', () => {
  it.each<[string, Record<string, string>, Owner, boolean, boolean, { claimed: boolean; decisions: string[]; controller: Owner; error?: RegExp }]>([
    ['claims an owned ReplicaSet when its labels match', { app: 'web' }, 'me', false, false, { claimed: true, decisions: [], controller: 'me' }],
    ['releases an owned ReplicaSet when it fails a DoesNotExist term', { app: 'web', track: 'canary' }, 'me', false, false, { claimed: false, decisions: ['release'], controller: 'none' }],
    ['releases an owned ReplicaSet when its matchLabels no longer match', { app: 'db' }, 'me', false, false, { claimed: false, decisions: ['release'], controller: 'none' }],
    ['keeps an owned unmatched ReplicaSet when the Deployment is being deleted', { app: 'db' }, 'me', true, true, { claimed: false, decisions: [], controller: 'me' }],
    ['adopts an orphan when its labels match', { app: 'web' }, 'none', false, false, { claimed: true, decisions: ['adopt'], controller: 'me' }],
    ['does not adopt an orphan that fails a DoesNotExist term', { app: 'web', track: 'canary' }, 'none', false, false, { claimed: false, decisions: [], controller: 'none' }],
    ['does not adopt when the Deployment is being deleted', { app: 'web' }, 'none', true, true, { claimed: false, decisions: [], controller: 'none' }],
    [
      'does not adopt when the API server has the Deployment deleted though the cache does not',
      { app: 'web' },
      'none',
      false,
      true,
      { claimed: false, decisions: [], controller: 'none', error: /^can't adopt ReplicaSet default\/web-abc12 \(.+\): default\/web has just been deleted at 2026-01-01T00:00:05Z$/ },
    ],
    ['ignores a ReplicaSet another controller owns', { app: 'web' }, 'other', false, false, { claimed: false, decisions: [], controller: 'other' }],
  ])('%s', (_name, labels, owner, deleting, freshDeleting, want) => {
    const { d, out, stored, decisions } = claimOne(labels, owner, deleting, freshDeleting);
    expect(out.claimed.length === 1).toBe(want.claimed);
    expect(decisions).toEqual(want.decisions);
    if (want.error) expect(out.error).toMatch(want.error);
    else expect(out.error).toBeNull();
    const controller = getControllerOf(stored);
    expect(controller === undefined ? 'none' : controller.uid === d.metadata.uid ? 'me' : 'other').toBe(want.controller);
  });

  it.each<[string, Owner, Owner, boolean]>([
    ['claims without a write an orphan in the cache that the API server has adopted already', 'me', 'none', true],
    ['releases nothing twice when the cache has it owned and the API server has it released', 'none', 'me', false],
  ])('%s', (_name, stored, cached, claimed) => {
    const out = claimOne({ app: claimed ? 'web' : 'db' }, stored, false, false, cached);
    expect(out.out.claimed.length === 1).toBe(claimed);
    expect(out.out.error).toBeNull();
    expect(out.decisions).toEqual([]);
    expect(out.written).toBe(false);
  });

  it('adopts with the reference a Deployment gives the ReplicaSets it creates', () => {
    const { d, stored } = claimOne({ app: 'web' }, 'none');
    expect(stored.metadata.ownerReferences).toEqual([
      { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', uid: d.metadata.uid, controller: true, blockOwnerDeletion: true },
    ]);
  });
});

describe('getReplicaSetsForDeployment in a run', () => {
  it('adopts the ReplicaSet a Deployment deleted with --cascade=orphan left, keeping its pods', () => {
    const st = settledCluster();
    const [rs] = replicaSets(st);
    const pods = objects(st, 'Pod').map((p) => p.metadata.name);
    expect(kubectl(st, 'delete deployment web --cascade=orphan').ok).toBe(true);
    advance(st, 10);
    expect(getControllerOf(replicaSets(st)[0] as ReplicaSet)).toBeUndefined();
    expect(kubectl(st, 'apply -f -', webDeployment()).ok).toBe(true);
    const ticks = runTicks(st, 30);
    const claims = ticks.flatMap((t) => t.decisions).filter((x) => x.fn === 'getReplicaSetsForDeployment');
    expect(claims.map((x) => [x.key, x.values.rs, x.values.selector])).toEqual([['adopt', rs?.metadata.name, 'app=web']]);
    expect(ticks.some((t) => t.summary.includes(`web adopted ReplicaSet ${rs?.metadata.name ?? ''}`))).toBe(true);
    // The same ReplicaSet, now the new Deployment's new one: no other made, no pod replaced.
    const after = replicaSets(st);
    expect(after.map((r) => r.metadata.uid)).toEqual([rs?.metadata.uid]);
    expect(getControllerOf(after[0] as ReplicaSet)?.uid).toBe(web(st).metadata.uid);
    expect(objects(st, 'Pod').map((p) => p.metadata.name)).toEqual(pods);
    expect(web(st).status?.availableReplicas).toBe(4);
  });

  it('releases a ReplicaSet relabelled out of the Deployment’s selector', () => {
    const st = settledCluster();
    const [rs] = replicaSets(st);
    expect(kubectl(st, `label rs ${rs?.metadata.name ?? ''} app=moved --overwrite`).ok).toBe(true);
    const ticks = runTicks(st, 30);
    const claims = ticks.flatMap((t) => t.decisions).filter((x) => x.fn === 'getReplicaSetsForDeployment');
    expect(claims.map((x) => [x.key, x.values.rs])).toEqual([['release', rs?.metadata.name]]);
    const released = objects(st, 'ReplicaSet').find((r) => r.metadata.uid === rs?.metadata.uid);
    expect(released?.metadata.ownerReferences).toBeUndefined();
  });

  it('releases a ReplicaSet relabelled out of the selector while a foreground deletion holds it', () => {
    const st = settledCluster();
    const [rs] = replicaSets(st);
    const name = rs?.metadata.name ?? '';
    expect(kubectl(st, `delete rs ${name} --cascade=foreground --wait=false`).ok).toBe(true);
    expect(kubectl(st, `label rs ${name} app=moved --overwrite`).ok).toBe(true);
    const held = objects(st, 'ReplicaSet').find((r) => r.metadata.uid === rs?.metadata.uid);
    expect(held?.metadata.deletionTimestamp).toBeDefined();
    const ticks = runTicks(st, 1);
    const claims = ticks.flatMap((t) => t.decisions).filter((x) => x.fn === 'getReplicaSetsForDeployment');
    expect(claims.map((x) => [x.key, x.values.rs])).toEqual([['release', name]]);
  });
});
