import { describe, expect, it } from 'vitest';
import type { DecisionLog } from '../../api/decision.ts';
import type { PersistentVolumeClaim } from '../../api/statefulTypes.ts';
import { toRFC3339 } from '../../lib/time.ts';
import { STATEFULSET_DECISION_KEYS } from './explainCatalog.ts';
import { getStatefulSetRevisions, truncateHistoryPlan } from './revisionPlan.ts';
import { newRevision } from './revisions.ts';
import { updateStatefulSetPlan } from './statefulSetControl.ts';
import { claimsOf, pod, revisions, web, withImage } from './testObjects.ts';

/** Runs plans through many branches and returns every decision they recorded. */
function sampleDecisions(): DecisionLog {
  const log: DecisionLog = [];
  const set = web(3);
  const { v1, v2 } = revisions(set);
  const run = (s = set, pods = [pod(set, 0, v1, 'Ready')], cur = v1, upd = v1, claims: PersistentVolumeClaim[] = [], maxUnavailableStatefulSet = false) =>
    updateStatefulSetPlan({ set: s, pods, currentRevision: cur, updateRevision: upd, collisionCount: 0, nowMs: 1000, claims: claimsOf(claims), maxUnavailableStatefulSet }, log);
  run(set, []);
  run(set, [pod(set, 0, v1, 'Running')]);
  run(set, [pod(set, 0, v1, 'Pending')]);
  run(set, [pod(set, 2, v1, 'Running')]);
  run(web(3, { minReadySeconds: 60 }), [pod(set, 0, v1, 'Ready', 999)]);
  run(web(3, { minReadySeconds: 60 }), [0, 1, 2].map((i) => pod(set, i, v1, 'Ready', 999)));
  run(set, [pod(set, 0, v1, 'Failed'), pod(set, 1, v1, 'Terminating')]);
  run(set, [{ ...pod(set, 0, v1, 'Failed'), metadata: { ...pod(set, 0, v1, 'Failed').metadata, deletionTimestamp: toRFC3339(0) } }]);
  run(set, [pod(set, 0, v1, 'Terminating')]);
  run(set, [0, 1, 2].map((i) => pod(set, i, v1, 'Ready')), v1, v2);
  run(set, [pod(set, 0, v1, 'Ready'), pod(set, 1, v1, 'Ready'), pod(set, 2, v2, 'Running')], v1, v2, [], false);
  run(web(3, { podManagementPolicy: 'Parallel' }), [pod(set, 0, v1, 'Ready'), pod(set, 1, v1, 'Ready'), pod(set, 2, v2, 'Running')], v1, v2);
  run(set, [0, 1, 2].map((i) => pod(set, i, v2, 'Ready')), v1, v2);
  run(web(3, { updateStrategy: { type: 'OnDelete' } }), [0, 1, 2].map((i) => pod(set, i, v1, 'Ready')), v1, v2);
  run(web(3, { updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 2 } } }), [0, 1, 2].map((i) => pod(set, i, v1, 'Ready')), v1, v2, [], true);
  const two = web(1, { persistentVolumeClaimRetentionPolicy: { whenScaled: 'Delete', whenDeleted: 'Retain' } });
  const claims = [0, 1, 2].map((i): PersistentVolumeClaim => ({ metadata: { name: `www-web-${i}` }, spec: {} }));
  run(two, [0, 1, 2].map((i) => pod(two, i, v1, 'Ready')), v1, v1, claims);
  run(two, [pod(two, 0, v1, 'Ready'), pod(two, 1, v1, 'Running'), pod(two, 2, v1, 'Running')], v1, v1, claims);
  const slowOne = web(1, { minReadySeconds: 60 });
  run(slowOne, [pod(slowOne, 0, v1, 'Ready', -120_000), pod(slowOne, 1, v1, 'Ready', 999), pod(slowOne, 2, v1, 'Ready', 999)]);
  run(two, [pod(two, 0, v1, 'Ready'), pod(two, 1, v1, 'Ready', 999)], v1, v1, claims);
  run(web(1, { minReadySeconds: 60 }), [pod(set, 0, v1, 'Ready'), pod(set, 1, v1, 'Ready', 999)]);
  run(two, [pod(two, 0, v1, 'Ready'), pod(two, 1, v1, 'Terminating')]);
  run(web(1, { podManagementPolicy: 'Parallel' }), [pod(set, 0, v1, 'Ready'), pod(set, 1, v1, 'Terminating')]);
  run(two, [], v1, v1, [{ metadata: { name: 'www-web-0', ownerReferences: [{ apiVersion: 'v1', kind: 'Pod', name: 'web-0', uid: 'old' }] }, spec: {} }]);
  run(set, [], v1, v1, [{ metadata: { name: 'www-web-0', deletionTimestamp: toRFC3339(0) }, spec: {} }]);
  run({ ...set, metadata: { ...set.metadata, deletionTimestamp: toRFC3339(0) } }, []);
  run(set, [{ ...pod(set, 0, v1, 'Ready'), metadata: { ...pod(set, 0, v1, 'Ready').metadata, labels: {} } }]);
  getStatefulSetRevisions(set, [], undefined, log);
  getStatefulSetRevisions(set, [v1], undefined, log);
  getStatefulSetRevisions(set, [v1, v2], undefined, log);
  getStatefulSetRevisions(withImage(set, 'nginx:3'), [v1], undefined, log);
  const squat = { ...newRevision(withImage(set, 'x'), 1, 0), metadata: { ...v1.metadata } };
  getStatefulSetRevisions(withImage(set, 'nginx:1'), [], (n) => (n === v1.metadata.name ? squat : undefined), log);
  // The name already holds this very data (a revision made by hand): used, none created.
  const same = newRevision(withImage(set, 'nginx:5'), 1, 0);
  getStatefulSetRevisions(withImage(set, 'nginx:5'), [], (n) => (n === same.metadata.name ? same : undefined), log);
  truncateHistoryPlan(web(3, { revisionHistoryLimit: 0 }), [], [v1, v2], null, null, log);
  return log;
}

describe('STATEFULSET_DECISION_KEYS', () => {
  const log = sampleDecisions();
  it('has a template for every decision the plans record, with every placeholder among its values', () => {
    for (const d of log) {
      const tpl = STATEFULSET_DECISION_KEYS[d.fn]?.[d.key];
      expect(tpl, `${d.fn}.${d.key}`).toBeTypeOf('string');
      for (const m of (tpl as string).matchAll(/\{(\w+)\}/g)) expect(d.values, `${d.fn}.${d.key}`).toHaveProperty(m[1] as string);
    }
  });
  it('is exercised by the sample runs, key by key', () => {
    const seen = new Set(log.map((d) => `${d.fn}.${d.key}`));
    const all = Object.entries(STATEFULSET_DECISION_KEYS).flatMap(([fn, keys]) => Object.keys(keys).map((k) => `${fn}.${k}`));
    // Reachable only when defaulting changes a stored template; this store keeps templates defaulted.
    const unreachable = ['getStatefulSetRevisions.semanticallyUnchanged'];
    expect(all.filter((k) => !seen.has(k) && !unreachable.includes(k))).toEqual([]);
  });
});
