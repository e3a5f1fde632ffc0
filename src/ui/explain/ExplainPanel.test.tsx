// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { midRollout } from '../testing/fixtures.ts';
import { renderWithStore, resetStore } from '../testing/renderWithStore.tsx';
import { ExplainPanel } from './ExplainPanel.tsx';
import { sourceUrl } from './sourceLinks.ts';

afterEach(() => {
  cleanup();
  resetStore();
});

describe('sourceUrl', () => {
  it.each([
    ['reconcileOldReplicaSets', 'deployment/rolling.go'],
    ['syncRolloutStatus', 'deployment/progress.go'],
    ['manageReplicas', 'replicaset/replica_set.go'],
    ['rollingUpdate', 'daemon/update.go'],
    ['podsShouldBeOnNode', 'daemon/daemon_controller.go'],
  ])('links %s to %s at v1.36.3', (fn, file) => {
    expect(sourceUrl(fn)).toBe(
      `https://github.com/kubernetes/kubernetes/blob/v1.36.3/pkg/controller/${file}`,
    );
  });

  it('gives no link for an unknown function', () => {
    expect(sourceUrl('noSuchFunction')).toBeNull();
  });
});

describe('ExplainPanel', () => {
  it('says what it will show before a scenario runs', () => {
    renderWithStore(<ExplainPanel />);
    expect(screen.getByRole('region', { name: 'Explain' }).textContent).toContain('No decisions yet');
  });

  it('shows the first scale-down of the Seed preset with its numbers', () => {
    renderWithStore(<ExplainPanel />, midRollout());
    const lines = screen.getAllByTestId('decision').map((d) => d.textContent);
    expect(lines).toContain(
      'reconcileOldReplicaSets: maxScaledDown = allPodsCount 13 − minAvailable 8 − newRSUnavailablePodCount 3 = 2',
    );
    expect(screen.getByTestId('explain-tick').textContent).toContain('deployment-controller');
  });

  it('links each decision to its function in the Kubernetes source, in a new tab', () => {
    renderWithStore(<ExplainPanel />, midRollout());
    const link = screen.getAllByRole('link', { name: 'reconcileOldReplicaSets' })[0] as HTMLAnchorElement;
    expect(link.href).toBe(
      'https://github.com/kubernetes/kubernetes/blob/v1.36.3/pkg/controller/deployment/rolling.go',
    );
    expect(link.target).toBe('_blank');
    expect(link.rel).toContain('noopener');
  });

  it('renders the decisions in Simplified Chinese from the zh-CN templates', () => {
    renderWithStore(<ExplainPanel />, midRollout(), 'zh-CN');
    const lines = screen.getAllByTestId('decision').map((d) => d.textContent);
    expect(lines).toContain(
      'scaleDownOldReplicaSetsForRollingUpdate: 旧 ReplicaSet nginx-deployment-roll01-6b6d8bb7d5 缩容 10 → 8（−2）',
    );
  });

  it('falls back to the worker’s English for a decision it has no template for', () => {
    const data = midRollout();
    const view = data.tickView;
    if (!view) throw new Error('fixture');
    view.decisions = [{ fn: 'brandNew', key: 'thing', values: { a: 1 }, text: 'brandNew: thing a=1' }];
    renderWithStore(<ExplainPanel />, data, 'zh-CN');
    expect(screen.getByTestId('decision').textContent).toBe('brandNew: brandNew: thing a=1');
  });

  it.each([
    ['en', 'synced Deployment nginx-deployment-roll01'],
    ['zh-CN', '同步了 Deployment nginx-deployment-roll01'],
  ] as const)('renders the tick summary from its notes in %s', (language, text) => {
    renderWithStore(<ExplainPanel />, midRollout(), language);
    expect(screen.getByTestId('tick-summary').textContent).toBe(text);
  });

  it('joins the notes of one tick and counts pods in zh-CN', () => {
    const data = midRollout();
    const view = data.tickView;
    if (!view) throw new Error('fixture');
    view.notes = [
      { key: 'watch', values: { type: 'MODIFIED', kind: 'ReplicaSet', name: 'web-1', rv: '42' } },
      { key: 'podsCreated', values: { count: 3, rs: 'web-1' } },
    ];
    renderWithStore(<ExplainPanel />, data, 'zh-CN');
    expect(screen.getByTestId('tick-summary').textContent).toBe(
      'watch MODIFIED ReplicaSet web-1（rv 42）；为 web-1 创建了 3 个 Pod',
    );
  });

  it('shows the worker’s English summary when a note has no template', () => {
    const data = midRollout();
    const view = data.tickView;
    if (!view) throw new Error('fixture');
    view.notes = [{ key: 'brandNew', values: {} }];
    view.summary = 'something new happened';
    renderWithStore(<ExplainPanel />, data, 'zh-CN');
    expect(screen.getByTestId('tick-summary').textContent).toBe('something new happened');
  });

  it('follows one controller through its recent ticks', () => {
    renderWithStore(<ExplainPanel />, midRollout());
    fireEvent.change(screen.getByRole('combobox', { name: 'Follow' }), { target: { value: 'kubelet' } });
    const ticks = screen.getAllByTestId('explain-tick');
    expect(ticks.map((t) => t.dataset.tick)).toEqual(['56']);
    fireEvent.change(screen.getByRole('combobox', { name: 'Follow' }), {
      target: { value: 'default-scheduler' },
    });
    expect(screen.getByText('No recent tick of default-scheduler up to here.')).toBeTruthy();
  });

  it('folds a retry after a Conflict, naming the tick it repeats, and shows its decisions on demand', () => {
    const data = midRollout();
    const view = data.tickView;
    if (!view) throw new Error('fixture');
    const retry = { ...view, tick: 59, kind: 'retry' as const, retryOf: 57, writes: [] };
    data.tickView = retry;
    data.recentTicks = [view, { ...view, tick: 58, kind: 'delivery' as const, actor: 'informer' }, retry];
    renderWithStore(<ExplainPanel />, data);
    expect(screen.getByTestId('fold-note').textContent).toBe(
      'Retried after a Conflict: same decision as tick 57',
    );
    expect(screen.getByText('Show its decisions').closest('details')?.open).toBe(false);
    fireEvent.change(screen.getByRole('combobox', { name: 'Follow' }), {
      target: { value: 'deployment-controller' },
    });
    expect(screen.getByTestId('folded-ticks').textContent).toBe('1 folded tick: 1 retry after a Conflict');
    expect(screen.getAllByTestId('explain-tick').map((t) => t.dataset.tick)).toEqual(['57']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show folded ticks' }));
    expect(screen.queryByTestId('folded-ticks')).toBeNull();
    expect(screen.getAllByTestId('explain-tick').map((t) => t.dataset.tick)).toEqual(['59', '57']);
  });
});
