import { describe, expect, it } from 'vitest';
import type { ContainerStatus, Pod, PodStatus } from '../../api/types.ts';
import { toRFC3339 } from '../../lib/time.ts';
import { podColumns, podRow } from './pod.ts';

function pod(status: PodStatus | undefined, extra: Partial<Pod['metadata']> = {}): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'nginx-64f9d8d55d-x7k2p', namespace: 'default', creationTimestamp: toRFC3339(0), ...extra },
    spec: { containers: [{ name: 'nginx', image: 'nginx:1.8' }], nodeName: 'node-1' },
    ...(status ? { status } : {}),
  };
}

function cs(state: ContainerStatus['state'], ready = false, restartCount = 0, lastState?: ContainerStatus['lastState']): ContainerStatus {
  return { name: 'nginx', image: 'nginx:1.8', imageID: '', ready, restartCount, state, ...(lastState ? { lastState } : {}) };
}

describe('podColumns', () => {
  it.each([
    ['Pending when unscheduled', { phase: 'Pending' }, {}, '0/1', 'Pending', '0'],
    [
      'ContainerCreating when the image is being pulled',
      { phase: 'Pending', containerStatuses: [cs({ waiting: { reason: 'ContainerCreating' } })] },
      {},
      '0/1',
      'ContainerCreating',
      '0',
    ],
    [
      'ErrImagePull when the pull failed',
      { phase: 'Pending', containerStatuses: [cs({ waiting: { reason: 'ErrImagePull' } })] },
      {},
      '0/1',
      'ErrImagePull',
      '0',
    ],
    [
      'ImagePullBackOff when backing off',
      { phase: 'Pending', containerStatuses: [cs({ waiting: { reason: 'ImagePullBackOff' } })] },
      {},
      '0/1',
      'ImagePullBackOff',
      '0',
    ],
    [
      'Running 0/1 when running but not ready',
      { phase: 'Running', containerStatuses: [cs({ running: {} })] },
      {},
      '0/1',
      'Running',
      '0',
    ],
    [
      'Running 1/1 when ready',
      { phase: 'Running', containerStatuses: [cs({ running: {} }, true)] },
      {},
      '1/1',
      'Running',
      '0',
    ],
    [
      'CrashLoopBackOff with restarts and their age when crashing',
      {
        phase: 'Running',
        containerStatuses: [
          cs({ waiting: { reason: 'CrashLoopBackOff' } }, false, 3, { terminated: { exitCode: 1, reason: 'Error', finishedAt: toRFC3339(25_000) } }),
        ],
      },
      {},
      '0/1',
      'CrashLoopBackOff',
      '3 (35s ago)',
    ],
    [
      'Error when the container exited with a reason',
      { phase: 'Running', containerStatuses: [cs({ terminated: { exitCode: 1, reason: 'Error' } })] },
      {},
      '0/1',
      'Error',
      '0',
    ],
    [
      'ExitCode:137 when the container exited without a reason',
      { phase: 'Running', containerStatuses: [cs({ terminated: { exitCode: 137 } })] },
      {},
      '0/1',
      'ExitCode:137',
      '0',
    ],
    [
      'Signal:9 when the container was killed by a signal without a reason',
      { phase: 'Running', containerStatuses: [cs({ terminated: { exitCode: 137, signal: 9 } })] },
      {},
      '0/1',
      'Signal:9',
      '0',
    ],
    [
      'Completed when the pod succeeded',
      { phase: 'Succeeded', containerStatuses: [cs({ terminated: { exitCode: 0, reason: 'Completed' } })] },
      {},
      '0/1',
      'Completed',
      '0',
    ],
    [
      'Terminating when a running pod is being deleted',
      { phase: 'Running', containerStatuses: [cs({ running: {} }, true)] },
      { deletionTimestamp: toRFC3339(50_000) },
      '1/1',
      'Terminating',
      '0',
    ],
    [
      'Completed, not Terminating, when a finished pod is being deleted',
      { phase: 'Succeeded', containerStatuses: [cs({ terminated: { exitCode: 0, reason: 'Completed' } })] },
      { deletionTimestamp: toRFC3339(50_000) },
      '0/1',
      'Completed',
      '0',
    ],
    [
      'Unknown when a deleted pod sits on a lost node',
      { phase: 'Running', reason: 'NodeLost' },
      { deletionTimestamp: toRFC3339(50_000) },
      '0/1',
      'Unknown',
      '0',
    ],
    ['an empty status when the pod has no status yet', undefined, {}, '0/1', '', '0'],
  ] as const)('prints %s', (_name, status, meta, ready, st, restarts) => {
    expect(podColumns(pod(status as PodStatus | undefined, meta), 60_000)).toEqual({ ready, status: st, restarts });
  });
});

describe('podRow', () => {
  it('adds IP, NODE, NOMINATED NODE and READINESS GATES when wide', () => {
    const p = pod({ phase: 'Running', podIP: '10.244.1.7', containerStatuses: [cs({ running: {} }, true)] });
    expect(podRow(p, 5_000, true)).toEqual(['nginx-64f9d8d55d-x7k2p', '1/1', 'Running', '0', '5s', '10.244.1.7', 'node-1', '<none>', '<none>']);
  });
  it('prints <none> for IP and NODE when the pod is not scheduled yet', () => {
    const p = { ...pod({ phase: 'Pending' }), spec: { containers: [{ name: 'nginx', image: 'nginx:1.8' }] } };
    expect(podRow(p, 0, true).slice(5, 7)).toEqual(['<none>', '<none>']);
  });
});
