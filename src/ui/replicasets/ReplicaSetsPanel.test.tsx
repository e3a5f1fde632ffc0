// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appStore } from '../../state/store.ts';
import { midRollout, OLD_RS } from '../testing/fixtures.ts';
import { renderWithStore, resetStore } from '../testing/renderWithStore.tsx';
import { policyResourcesIn } from './PolicyTab.tsx';
import { policyTabLabel, ReplicaSetsPanel, visibleTabs } from './ReplicaSetsPanel.tsx';
import { visibleCount } from './WatchLog.tsx';

vi.mock('../../state/actions.ts', () => ({
  describe: vi.fn(async (kind: string, name: string) => `Name: ${name} (${kind})`),
  rolloutStatusText: vi.fn(async () => 'Waiting for deployment "nginx-deployment-roll01" rollout to finish'),
  rolloutHistoryText: vi.fn(async () => 'REVISION  CHANGE-CAUSE\n1         <none>\n2         <none>'),
  restartWorker: vi.fn(),
}));

afterEach(() => {
  cleanup();
  resetStore();
});

describe('visibleCount', () => {
  const lines = [0, 3, 3, 41, 57, 60].map((tick) => ({ tick, text: String(tick) }));
  it.each([
    [0, 1],
    [2, 1],
    [3, 3],
    [56, 4],
    [57, 5],
    [1000, 6],
  ])('counts the lines written up to tick %i: %i', (tick, count) => {
    expect(visibleCount(lines, tick)).toBe(count);
  });
});

describe('ReplicaSetsPanel', () => {
  it('says what it will show before a scenario runs', () => {
    renderWithStore(<ReplicaSetsPanel />);
    expect(screen.getByRole('region', { name: 'ReplicaSets' }).textContent).toContain('No ReplicaSets');
  });

  it('prints the get rs -w rows up to the current tick, keeping kubectl spacing, the current one highlighted', () => {
    renderWithStore(<ReplicaSetsPanel />, midRollout());
    const log = screen.getByRole('log', { name: 'kubectl get rs -w' });
    expect(screen.getByTestId('watch-header').textContent).toBe(
      'NAME                                 DESIRED   CURRENT   READY   AGE',
    );
    const rows = screen.getAllByTestId('watch-row');
    expect(rows.map((r) => r.dataset.tick)).toEqual(['3', '41', '57']);
    expect(rows[2]?.textContent).toBe(`${OLD_RS}   8         10        10      31s`);
    expect(rows.filter((r) => r.dataset.current !== undefined).map((r) => r.dataset.tick)).toEqual(['57']);
    expect(log.className).toContain('font-mono');
    expect(rows[0]?.className).toContain('whitespace-pre');
  });

  it('adds the next row when the tick moves on', () => {
    renderWithStore(<ReplicaSetsPanel />, midRollout());
    act(() => appStore.setState({ tick: 60 }));
    expect(screen.getAllByTestId('watch-row')).toHaveLength(4);
  });

  it('switches tabs with the arrow keys and shows the printers’ text', async () => {
    renderWithStore(<ReplicaSetsPanel />, midRollout());
    const tab = screen.getByRole('tab', { name: 'rs -w' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: 'rollout history' }));
    expect(await screen.findByText(/REVISION\s+CHANGE-CAUSE/)).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('tab', { name: 'rollout history' }), { key: 'ArrowLeft' });
    expect(appStore.getState().watchTab).toBe('rollout-status');
    expect(await screen.findByText(/Waiting for deployment/)).toBeTruthy();
  });

  it('describes the workload', async () => {
    renderWithStore(<ReplicaSetsPanel />, { ...midRollout(), watchTab: 'describe' });
    expect(await screen.findByText('Name: default/nginx-deployment-roll01 (deployment)')).toBeTruthy();
    expect(
      screen.getByRole('log', { name: 'kubectl describe deployment nginx-deployment-roll01' }),
    ).toBeTruthy();
  });
});

describe('visibleTabs', () => {
  const tabsOf = (rs: number, ds: number, sts = 0) =>
    visibleTabs({
      rs: Array(rs).fill(0),
      deploy: Array(rs).fill(0),
      ds: Array(ds).fill(0),
      sts: Array(sts).fill(0),
      pods: [0, 0],
    }).map((x) => x.tab);

  it('leaves out the watch tabs of kinds the run never writes', () => {
    expect(tabsOf(3, 1)).toEqual(['rs', 'deploy', 'pods', 'rollout-status', 'rollout-history', 'describe']);
    expect(tabsOf(1, 4)).toEqual(['ds', 'pods', 'rollout-status', 'rollout-history', 'describe']);
  });

  it('shows the sts -w tab when the run writes a StatefulSet', () => {
    expect(tabsOf(0, 0, 3)).toEqual(['sts', 'pods', 'rollout-status', 'rollout-history', 'describe']);
  });

  it('shows every tab before anything is recorded', () => {
    expect(visibleTabs({ rs: [], deploy: [], ds: [], sts: [], pods: [] })).toHaveLength(8);
  });

  it('adds the quota · pdb · hpa tab when the scenario creates one of those kinds', () => {
    const tabs = visibleTabs({ rs: [0, 0], deploy: [0, 0], ds: [], sts: [], pods: [0, 0] }, ['pdb']).map(
      (x) => x.tab,
    );
    expect(tabs).toEqual(['rs', 'deploy', 'pods', 'rollout-status', 'rollout-history', 'describe', 'policy']);
  });
});

describe('policyTabLabel', () => {
  it.each([
    [['pdb'], 'pdb'],
    [['quota', 'limits'], 'quota · limits'],
    [['quota', 'pdb', 'hpa'], 'quota · pdb · hpa'],
  ] as const)('labels the tab of %j as %s', (policy, want) => {
    expect(policyTabLabel(policy)).toBe(want);
  });
});

describe('policyResourcesIn', () => {
  it.each([
    [
      'a quota and an HPA in objects',
      'objects:\n  - kind: ResourceQuota\n  - kind: HorizontalPodAutoscaler\n',
      ['quota', 'hpa'],
    ],
    [
      'a budget in an apply action',
      'actions:\n  - at: 5\n    apply: {"kind":"PodDisruptionBudget"}\n',
      ['pdb'],
    ],
    [
      'a LimitRange, described',
      'objects:\n  - kind: LimitRange\n  - kind: ResourceQuota\n',
      ['quota', 'limits'],
    ],
    ['only a Deployment', 'objects:\n  - kind: Deployment\n', []],
  ])('finds %s', (_what, text, want) => {
    expect(policyResourcesIn(text)).toEqual(want);
  });
});
