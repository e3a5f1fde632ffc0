import { describe, expect, it } from 'vitest';
import type { DaemonSet, DaemonSetStatus, Node, Pod } from '../../api/types.ts';
import { toRFC3339 } from '../../lib/time.ts';
import { updateDaemonSetStatusPlan } from './status.ts';

const ds = (status?: DaemonSetStatus, minReadySeconds = 0): DaemonSet => ({
  apiVersion: 'apps/v1',
  kind: 'DaemonSet',
  metadata: { name: 'ds', generation: 2 },
  spec: { selector: { matchLabels: { app: 'a' } }, minReadySeconds, template: { metadata: { labels: { app: 'a' } }, spec: { containers: [], nodeSelector: { run: 'yes' } } } },
  ...(status ? { status } : {}),
});
const node = (name: string, run = true): Node => ({ apiVersion: 'v1', kind: 'Node', metadata: { name, labels: run ? { run: 'yes' } : {} }, spec: {} });
const pod = (name: string, nodeName: string, hash: string, created: number, readySince: number | null): Pod => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, labels: { 'controller-revision-hash': hash }, creationTimestamp: toRFC3339(created * 1000) },
  spec: { containers: [], nodeName },
  status: readySince === null ? {} : { conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: toRFC3339(readySince * 1000) }] },
});

describe('updateDaemonSetStatusPlan', () => {
  const nodes = [node('n1'), node('n2'), node('n3'), node('off', false)];
  const byNode = {
    // A surging node: the old pod is the oldest, so the node is counted as not updated.
    n1: [pod('new1', 'n1', 'new', 20, 25), pod('old1', 'n1', 'old', 10, 11)],
    n2: [pod('new2', 'n2', 'new', 20, 95)],
    off: [pod('stray', 'off', 'new', 5, 6)],
  };

  it('counts only the oldest pod of each node', () => {
    const { status } = updateDaemonSetStatusPlan(ds(undefined, 10), nodes, byNode, 'new', 100_000, true);
    expect(status).toEqual({
      desiredNumberScheduled: 3,
      currentNumberScheduled: 2,
      numberMisscheduled: 1,
      numberReady: 2,
      numberAvailable: 1,
      updatedNumberScheduled: 1,
      numberUnavailable: 2,
      observedGeneration: 2,
    });
  });

  it('requeues after minReadySeconds while a Ready pod is not yet available', () => {
    expect(updateDaemonSetStatusPlan(ds(undefined, 10), nodes, byNode, 'new', 100_000, true).requeueAfterMs).toBe(10_000);
    expect(updateDaemonSetStatusPlan(ds(undefined, 0), nodes, byNode, 'new', 100_000, true).requeueAfterMs).toBeNull();
  });

  it('keeps observedGeneration when the sync did not process the generation', () => {
    const old: DaemonSetStatus = { currentNumberScheduled: 0, numberMisscheduled: 0, desiredNumberScheduled: 0, numberReady: 0, observedGeneration: 1, collisionCount: 3 };
    const { status, changed } = updateDaemonSetStatusPlan(ds(old), nodes, byNode, 'new', 100_000, false);
    expect(changed).toBe(true);
    expect(status.observedGeneration).toBe(1);
    expect(status.collisionCount).toBe(3);
  });

  it('skips the write when nothing changed and the generation is observed', () => {
    const first = updateDaemonSetStatusPlan(ds(), nodes, byNode, 'new', 100_000, true);
    const again = updateDaemonSetStatusPlan(ds(first.status), nodes, byNode, 'new', 100_000, true);
    expect(again.changed).toBe(false);
    expect(again.status).toBe(first.status);
  });

  it('writes when only observedGeneration lags', () => {
    const first = updateDaemonSetStatusPlan(ds(), nodes, byNode, 'new', 100_000, true);
    const lagging = { ...first.status, observedGeneration: 1 };
    expect(updateDaemonSetStatusPlan(ds(lagging), nodes, byNode, 'new', 100_000, true).changed).toBe(true);
  });
});
