// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrdinalView, WorkloadView } from '../../worker/protocol.ts';
import { ClusterPanel } from '../cluster/ClusterPanel.tsx';
import { ControlsPanel } from '../controls/ControlsPanel.tsx';
import { midRollout } from '../testing/fixtures.ts';
import { renderWithStore, resetStore } from '../testing/renderWithStore.tsx';

vi.mock('../../state/actions.ts', () => ({
  setWorkloadField: vi.fn(async () => ({ ok: true })),
  runKubectl: vi.fn(async () => ({ ok: true, output: '' })),
  completions: vi.fn(async () => []),
  addNode: vi.fn(async () => ({ ok: true })),
  nodeFault: vi.fn(async () => ({ ok: true })),
  restartWorker: vi.fn(),
}));
const actions = await import('../../state/actions.ts');

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => {
  cleanup();
  resetStore();
  vi.clearAllMocks();
  vi.useRealTimers();
});

const cell = (ordinal: number, over: Partial<OrdinalView> = {}): OrdinalView => ({
  ordinal,
  pod: `web-${ordinal}`,
  phase: 'Available',
  revision: 1,
  onRevision: 'current',
  condemned: false,
  claims: [{ name: `www-web-${ordinal}`, phase: 'Bound' }],
  waitingFor: null,
  ...over,
});

function web(over: Partial<WorkloadView> = {}): WorkloadView {
  return {
    kind: 'StatefulSet',
    name: 'web',
    namespace: 'default',
    strategy: 'RollingUpdate',
    replicas: 4,
    maxSurge: null,
    maxUnavailable: null,
    resolvedSurge: 0,
    resolvedUnavailable: 1,
    minReadySeconds: 0,
    progressDeadlineSeconds: null,
    revisionHistoryLimit: 10,
    paused: false,
    images: ['nginx=nginx:1.26'],
    generation: 2,
    observedGeneration: 2,
    status: { replicas: 3 },
    conditions: [],
    rolloutStatus: 'Waiting for partitioned roll out to finish: 1 out of 2 new pods have been updated...',
    statefulSet: {
      podManagementPolicy: 'OrderedReady',
      partition: 2,
      ordinalStart: 0,
      whenScaled: 'Retain',
      currentRevision: 'web-aaa',
      updateRevision: 'web-bbb',
      currentRevisionNumber: 1,
      updateRevisionNumber: 2,
      ordinals: [
        cell(0),
        cell(1),
        cell(2, { phase: 'ContainerCreating', revision: 2, onRevision: 'update' }),
        cell(3, {
          phase: null,
          revision: 0,
          onRevision: null,
          waitingFor: { pod: 'web-2', phase: 'ContainerCreating' },
        }),
      ],
      more: 0,
    },
    ...over,
  };
}

describe('StatefulSetOrdinals', () => {
  it('lists the pods by ordinal with their revision and claim, and says why the missing ordinal waits', async () => {
    renderWithStore(<ClusterPanel />, { ...midRollout(), workloads: [web()] });
    const region = await screen.findByRole('region', { name: 'StatefulSet web by ordinal' });
    const cells = [...region.querySelectorAll('[data-testid="ordinal"]')];
    expect(cells.map((c) => c.getAttribute('data-pod-name'))).toEqual(['web-0', 'web-1', 'web-2', 'web-3']);
    expect(cells.map((c) => c.getAttribute('data-on-revision'))).toEqual([
      'current',
      'current',
      'update',
      '',
    ]);
    expect(screen.getByRole('button', { name: 'web-2: ContainerCreating, rev 2 (update)' })).toBeTruthy();
    expect(cells[3]?.textContent).toContain('www-web-3');
    expect(region.textContent).toContain('update: rev 2 · current: rev 1');
    const notes = screen.getByRole('list', { name: 'Why' }).textContent ?? '';
    expect(notes).toContain(
      'web-3 is not created yet: OrderedReady creates the next ordinal only once web-2 is Running and Ready',
    );
    expect(notes).toContain('web-0, web-1 stay on rev 1: ordinals below partition 2 are not updated');
  });

  it('draws nothing for a run without a StatefulSet', () => {
    renderWithStore(<ClusterPanel />, midRollout());
    expect(screen.queryByTestId('statefulset-ordinals')).toBeNull();
  });
});

describe('StatefulSetFields', () => {
  it('edits replicas and partition and says which ordinals the partition holds back', async () => {
    renderWithStore(<ControlsPanel />, { ...midRollout(), workloads: [web()] });
    const partition = (await screen.findByRole('slider', { name: 'partition' })) as HTMLInputElement;
    expect(partition.value).toBe('2');
    expect((screen.getByRole('slider', { name: 'replicas' }) as HTMLInputElement).value).toBe('4');
    fireEvent.change(partition, { target: { value: '3' } });
    expect(screen.getByTestId('partition-help').textContent).toContain('Ordinals ≥ 3 get the new revision');
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(actions.setWorkloadField).toHaveBeenCalledExactlyOnceWith('default/web', 'partition', 3);
  });

  it('disables podManagementPolicy once the run started and says why', async () => {
    renderWithStore(<ControlsPanel />, { ...midRollout(), workloads: [web()] });
    const policy = (await screen.findByRole('combobox', {
      name: 'podManagementPolicy',
    })) as HTMLSelectElement;
    expect(policy.disabled).toBe(true);
    expect(screen.getByTestId('policy-help').textContent).toContain('forbids updates to podManagementPolicy');
  });

  it('lets podManagementPolicy change before the run', async () => {
    renderWithStore(<ControlsPanel />, {
      ...midRollout(),
      tick: 0,
      workloads: [],
      scenarioWorkloads: [web()],
    });
    const policy = (await screen.findByRole('combobox', {
      name: 'podManagementPolicy',
    })) as HTMLSelectElement;
    expect(policy.disabled).toBe(false);
    fireEvent.change(policy, { target: { value: 'Parallel' } });
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(actions.setWorkloadField).toHaveBeenCalledExactlyOnceWith(
      'default/web',
      'podManagementPolicy',
      'Parallel',
    );
  });
});
