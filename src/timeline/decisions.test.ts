import { describe, expect, it } from 'vitest';
import type { TickRecord } from '../engine/sim.ts';
import { summaryNote } from '../engine/client/summaryCatalog.ts';
import { actorMatches, classifyTick, findStop, isStop, retryOf, type TickKind } from './decisions.ts';
import { Recording } from './recording.ts';
import { preset } from './testScenarios.ts';

const CONFLICT =
  'Operation cannot be fulfilled on replicasets.apps "web-1": the object has been modified; please apply your changes to the latest version and try again';

function rec(tick: number, actor: string, notes: readonly (string | number)[], writes: TickRecord['writes'] = []): TickRecord {
  return { tick, time: tick, actor, key: 'default/web', summary: '', notes, writes, decisions: [] };
}
const synced = summaryNote('deploymentSynced', { deployment: 'web' });
const scaled = summaryNote('replicaSetScaled', { rs: 'web-1', from: 10, to: 8 });
const conflict = summaryNote('errorSyncing', { key: 'default/web', error: CONFLICT, delay: 5 });
const otherError = summaryNote('errorSyncing', { key: 'default/web', error: 'boom', delay: 5 });
const rsWrite = { type: 'MODIFIED' as const, object: { apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'web-1' } } } as TickRecord['writes'][number];

describe('classifyTick', () => {
  it.each<[string, TickRecord, TickKind]>([
    ['an informer delivery', rec(1, 'informer', summaryNote('watch', { type: 'ADDED', kind: 'Pod', name: 'p', rv: '3' })), 'delivery'],
    ['a user action', rec(1, 'user', summaryNote('kubectl', { output: 'scaled' })), 'action'],
    ['a kubelet step', rec(1, 'kubelet/node-1', summaryNote('ready', { pod: 'p' })), 'other'],
    ['a scale', rec(1, 'deployment-controller', [...synced, ...scaled]), 'decision'],
    ['a scale that then hit a Conflict', rec(1, 'deployment-controller', [...synced, ...scaled, ...conflict], [rsWrite]), 'decision'],
    ['a pod creation', rec(1, 'replicaset-controller', summaryNote('podsCreated', { count: 3, rs: 'web-1' })), 'decision'],
    ['a DaemonSet deletion', rec(1, 'daemonset-controller', summaryNote('daemonSetDeletedPods', { ds: 'a', count: 1 })), 'decision'],
    ['a Conflict before any write', rec(1, 'deployment-controller', [...synced, ...conflict]), 'retry'],
    ['a Conflict after an annotation write', rec(1, 'deployment-controller', [...synced, ...conflict], [rsWrite]), 'noop'],
    ['another error', rec(1, 'deployment-controller', [...synced, ...otherError]), 'noop'],
    ['a status-only sync', rec(1, 'replicaset-controller', summaryNote('replicaSetSynced', { rs: 'web-1' }), [rsWrite]), 'noop'],
    ['a requeue', rec(1, 'deployment-controller', summaryNote('requeue', { key: 'default/web' })), 'requeue'],
    ['an orphaning by the garbage collector', rec(1, 'garbage-collector', summaryNote('orphanedDependents', { owner: 'deployment/web', count: 1 })), 'decision'],
    ['a claim’s finalizer off', rec(1, 'pvc-protection-controller', summaryNote('pvcFinalizerRemoved', { claim: 'www-web-0' })), 'decision'],
    ['a claim kept for its pod', rec(1, 'pvc-protection-controller', summaryNote('pvcInUse', { claim: 'www-web-0', pod: 'web-0' })), 'noop'],
    ['a namespace gone already', rec(1, 'namespace-controller', summaryNote('namespaceGone', { namespace: 'team-a' })), 'noop'],
  ])('classifies %s', (_, r, kind) => {
    expect(classifyTick(r)).toBe(kind);
  });
});

describe('the Seed run', () => {
  const rec = new Recording(preset('seed'));
  rec.timeline.record();
  // The functions read the recording's log; the test reads its records as an array.
  const log = rec.timeline.records;
  const records = log.slice();
  const count = (pred: (r: TickRecord) => boolean) => records.filter(pred).length;

  it('folds 260 deliveries and 46 retries and keeps 16 Deployment decisions of 658 ticks', () => {
    expect(records.length).toBe(658);
    expect(count((r) => classifyTick(r) === 'delivery')).toBe(260);
    expect(count((r) => classifyTick(r) === 'retry')).toBe(46);
    expect(count((r) => r.actor === 'deployment-controller' && classifyTick(r) === 'decision')).toBe(16);
  });

  it('names the sync a retry repeats, with the same decisions', () => {
    const first = records.findIndex((r) => classifyTick(r) === 'retry') + 1;
    const of = retryOf(log, first);
    expect(of).not.toBeNull();
    const a = records[(of as number) - 1] as TickRecord;
    const b = records[first - 1] as TickRecord;
    expect(b.decisions.map((d) => `${d.fn}.${d.key}`)).toEqual(a.decisions.map((d) => `${d.fn}.${d.key}`).slice(0, b.decisions.length));
    expect(retryOf(log, of as number)).toBeNull();
  });

  it('steps from decision to decision, following a controller or all of them', () => {
    const all: number[] = [];
    for (let t = findStop(log, 0, 1, 'all'); t !== null; t = findStop(log, t, 1, 'all')) all.push(t);
    const deployment: number[] = [];
    for (let t = findStop(log, 0, 1, 'deployment-controller'); t !== null; t = findStop(log, t, 1, 'deployment-controller')) deployment.push(t);
    expect(deployment.length).toBe(16);
    expect(all.length).toBe(16 + 17);
    expect(deployment.every((t) => all.includes(t))).toBe(true);
    const last = all[all.length - 1] as number;
    expect(findStop(log, last, 1, 'all')).toBeNull();
    expect(findStop(log, last, -1, 'all')).toBe(all[all.length - 2]);
    expect(findStop(log, 1, -1, 'all')).toBeNull();
  });

  it('stops at the kubelet’s writes when following the kubelet', () => {
    const t = findStop(log, 0, 1, 'kubelet') as number;
    expect(records[t - 1]?.actor).toMatch(/^kubelet\//);
    expect(isStop(records[t - 1] as TickRecord, 'deployment-controller')).toBe(false);
  });
});

describe('actorMatches', () => {
  it.each([
    ['kubelet/node-2', 'kubelet', true],
    ['kubelet/node-2', 'all', true],
    ['deployment-controller', 'replicaset-controller', false],
    ['kubeletx', 'kubelet', false],
  ] as const)('matches %s under %s: %s', (actor, follow, ok) => {
    expect(actorMatches(actor, follow)).toBe(ok);
  });
});
