// Golden runs of the StatefulSet presets, headless as `npm run sim` runs them (cli/run.ts): the
// order pods are created and replaced in, which revision each comes back on, what rollout status
// says, and the claims — each preset's lesson, read from its writes.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runScenarioText } from '../../cli/run.ts';
import type { PersistentVolumeClaimObject, StatefulSet } from '../../src/engine/api/statefulTypes.ts';
import type { Event, KubeObject, Pod } from '../../src/engine/api/types.ts';
import { cliArgs } from './support.ts';

const preset = (id: string) => readFileSync(new URL(`../../src/scenario/presets/${id}.yaml`, import.meta.url), 'utf8');

interface JsonLine {
  tick: number;
  time: number;
  type: 'ADDED' | 'MODIFIED' | 'DELETED';
  object: KubeObject;
}

function writes(id: string): JsonLine[] {
  const res = runScenarioText(preset(id), cliArgs(['preset.yaml', '--output', 'json']));
  expect(res.code).toBe(0);
  return res.stdout.map((l) => JSON.parse(l) as JsonLine);
}

/** created lists `time name image` for every pod the controller created, in order. */
function created(lines: JsonLine[]): string[] {
  return lines.filter((l) => l.object.kind === 'Pod' && l.type === 'ADDED').map((l) => `${(l.object as Pod).metadata.name} ${(l.object as Pod).spec.containers[0]?.image}`);
}

/** deleted lists the pods in the order their deletion began (deletionTimestamp first written). */
function deleted(lines: JsonLine[], from = 0): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const l of lines) {
    if (l.time < from || l.object.kind !== 'Pod' || !l.object.metadata.deletionTimestamp) continue;
    const key = `${l.object.metadata.name}/${l.object.metadata.uid}`;
    if (!seen.has(key)) out.push(l.object.metadata.name);
    seen.add(key);
  }
  return out;
}

function lastSet(lines: JsonLine[], before = Number.POSITIVE_INFINITY): StatefulSet {
  const sets = lines.filter((l) => l.object.kind === 'StatefulSet' && l.time < before);
  return sets[sets.length - 1]?.object as StatefulSet;
}

describe('StatefulSet presets', () => {
  it('statefulset-ordered: creates in ordinal order, each after the previous is Ready, and scales down from the top', () => {
    const lines = writes('statefulset-ordered');
    expect(created(lines).map((s) => s.split(' ')[0])).toEqual(['web-0', 'web-1', 'web-2', 'web-3', 'web-4']);
    expect(deleted(lines)).toEqual(['web-4', 'web-3', 'web-2']);
    expect(lastSet(lines).status).toMatchObject({ replicas: 2, readyReplicas: 2 });
  });

  it('statefulset-rolling: replaces web-2, web-1, web-0 in that order', () => {
    const lines = writes('statefulset-rolling');
    expect(deleted(lines)).toEqual(['web-2', 'web-1', 'web-0']);
    expect(created(lines).slice(3)).toEqual(['web-2 nginx:1.26', 'web-1 nginx:1.26', 'web-0 nginx:1.26']);
    const s = lastSet(lines).status;
    expect(s?.currentRevision).toBe(s?.updateRevision);
  });

  it('statefulset-partition: updates web-4 and web-3, brings web-1 back old, then finishes at partition 0', () => {
    const lines = writes('statefulset-partition');
    expect(created(lines).slice(5)).toEqual(['web-4 nginx:1.26', 'web-3 nginx:1.26', 'web-1 nginx:1.25', 'web-2 nginx:1.26', 'web-1 nginx:1.26', 'web-0 nginx:1.26']);
    const canary = lastSet(lines, 60).status;
    expect(canary).toMatchObject({ updatedReplicas: 2, currentReplicas: 3 });
    expect(canary?.currentRevision).not.toBe(canary?.updateRevision);
  });

  it('statefulset-stuck: undo alone frees nothing; deleting web-2 does', () => {
    const lines = writes('statefulset-stuck');
    // Between the undo (60 s) and the deletion (120 s) the controller neither deletes nor creates a pod.
    const between = lines.filter((l) => l.time > 60 && l.time < 120 && l.object.kind === 'Pod' && (l.type === 'ADDED' || l.object.metadata.deletionTimestamp));
    expect(between).toEqual([]);
    const stuck = lastSet(lines, 120);
    expect(stuck.status?.readyReplicas).toBe(2);
    expect(stuck.status?.updateRevision).toBe(stuck.status?.currentRevision);
    expect(created(lines).slice(3)).toEqual(['web-2 nginx:broken', 'web-2 nginx:1.25']);
    expect(lastSet(lines).status).toMatchObject({ readyReplicas: 3, updatedReplicas: 3 });
  });

  it('statefulset-stuck: the run summary has the broken rollout unfinished and the undo finishing only after the deletion', () => {
    const res = runScenarioText(preset('statefulset-stuck'), cliArgs(['preset.yaml', '--output', 'summary']));
    const rows = res.stdout.map((l) => JSON.parse(l) as { workload: string; revision: string; complete: boolean; startSeconds: number; endSeconds: number | null; minAvailable: number });
    expect(rows.map((r) => [r.workload, r.revision, r.complete, r.startSeconds])).toEqual([
      ['statefulset/default/web', '1', true, 0],
      ['statefulset/default/web', '2', false, 30],
      ['statefulset/default/web', '3', true, 60],
    ]);
    expect(rows[2]?.endSeconds).toBeGreaterThan(120);
    expect(rows[1]?.minAvailable).toBe(2);
  });

  it('statefulset-parallel: creates the three pods in one tick, and deletes the broken web-2 by itself after undo', () => {
    const lines = writes('statefulset-parallel');
    const first = lines.filter((l) => l.object.kind === 'Pod' && l.type === 'ADDED').slice(0, 3);
    expect(new Set(first.map((l) => l.tick)).size).toBe(1);
    expect(deleted(lines, 60)).toEqual(['web-2']);
    expect(created(lines).slice(3)).toEqual(['web-2 nginx:broken', 'web-2 nginx:1.25']);
  });

  it('statefulset-claims: keeps www-web-1 and www-web-2 through the scale-down and reuses them', () => {
    const lines = writes('statefulset-claims');
    const claims = lines.filter((l) => l.object.kind === 'PersistentVolumeClaim' && l.type === 'ADDED').map((l) => (l.object as PersistentVolumeClaimObject).metadata.name);
    expect(claims).toEqual(['www-web-0', 'www-web-1', 'www-web-2']);
    expect(lines.some((l) => l.object.kind === 'PersistentVolumeClaim' && l.type === 'DELETED')).toBe(false);
    const claimEvents = lines.filter((l) => l.object.kind === 'Event' && l.type === 'ADDED' && (l.object as Event).message.startsWith('create Claim'));
    expect(claimEvents.map((l) => l.time < 30)).toEqual([true, true, true]);
    const bound = lines.filter((l) => l.object.kind === 'PersistentVolumeClaim' && (l.object as PersistentVolumeClaimObject).status?.phase === 'Bound');
    expect(new Set(bound.map((l) => l.object.metadata.name)).size).toBe(3);
  });
  it('statefulset-drain: web-1 waits for node-2, where its volume is, through the drain, and goes back after the uncordon', () => {
    const lines = writes('statefulset-drain');
    const nodeOf = (name: string, at: number) => {
      const w = lines.filter((l) => l.object.kind === 'Pod' && l.object.metadata.name === name && l.time <= at);
      return (w[w.length - 1]?.object as Pod | undefined)?.spec.nodeName;
    };
    expect(nodeOf('web-1', 39)).toBe('node-2');
    // The drain evicts web-1 only; the controller makes it again with the same claim.
    expect(deleted(lines, 40)).toEqual(['web-1']);
    expect(created(lines).map((s) => s.split(' ')[0])).toEqual(['web-0', 'web-1', 'web-2', 'web-1']);
    const claims = lines.filter((l) => l.object.kind === 'PersistentVolumeClaim' && (l.type === 'ADDED' || l.type === 'DELETED'));
    expect(claims.map((l) => `${l.type} ${l.object.metadata.name}`)).toEqual(['ADDED www-web-0', 'ADDED www-web-1', 'ADDED www-web-2']);
    // Pending until the uncordon, for the reason kube-scheduler gives.
    expect(nodeOf('web-1', 119)).toBeUndefined();
    const failed = lines.filter((l) => l.object.kind === 'Event' && l.type === 'ADDED' && (l.object as Event).reason === 'FailedScheduling');
    expect(failed.map((l) => [l.time < 120, (l.object as Event).message])).toEqual([
      [true, '0/3 nodes are available: 1 node(s) were unschedulable, 2 node(s) had volume node affinity conflict. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.'],
      // The retry the uncordon brings comes before the node lifecycle controller has removed the taint.
      [false, '0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 node(s) had volume node affinity conflict. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.'],
    ]);
    // OrderedReady waits for web-1 and leaves web-2 alone: no write to web-2 between the drain and the uncordon.
    expect(lines.some((l) => l.object.kind === 'Pod' && l.object.metadata.name === 'web-2' && l.time > 40 && l.time < 120)).toBe(false);
    expect(lastSet(lines, 120).status).toMatchObject({ replicas: 3, readyReplicas: 2 });
    expect(nodeOf('web-1', Number.POSITIVE_INFINITY)).toBe('node-2');
    expect(lastSet(lines).status).toMatchObject({ replicas: 3, readyReplicas: 3 });
  });
});
