// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CompareVariantState } from '../../state/compareSlice.ts';
import type { RolloutView } from '../../worker/protocol.ts';
import { renderWithStore, resetStore } from '../testing/renderWithStore.tsx';
import { percent } from './format.ts';
import { MinAvailableMarkers } from './MinAvailableMarkers.tsx';
import { RunSummaryTable } from './RunSummaryTable.tsx';
import { SummaryStrip } from './SummaryStrip.tsx';

afterEach(() => {
  cleanup();
  resetStore();
});

const rollout = (patch: Partial<RolloutView>): RolloutView => ({
  workload: 'deployment/default/web',
  revision: '2',
  startSeconds: 30,
  endSeconds: 40.649,
  durationSeconds: 10.649,
  complete: true,
  progressDeadlineExceeded: false,
  replicas: 10,
  minAvailable: 8,
  maxPods: 13,
  maxPodsWithTerminating: 16,
  minAvailableSeconds: 30.1,
  ...patch,
});

const CREATION = rollout({
  revision: '1',
  startSeconds: 0,
  endSeconds: 6.2,
  durationSeconds: 6.2,
  minAvailable: 0,
  maxPods: 10,
  maxPodsWithTerminating: 10,
  minAvailableSeconds: 0,
});
const STALLED = rollout({
  revision: '3',
  startSeconds: 60,
  endSeconds: null,
  durationSeconds: null,
  complete: false,
  progressDeadlineExceeded: true,
  minAvailable: 10,
});

const TRAFFIC = {
  service: 'default/web',
  requests: 1000,
  ok: 988,
  refused: 10,
  reset: 2,
  timeout: 0,
  http503: 0,
  errorRate: 0.012,
  longestErrorBurstSeconds: 0.8,
};

describe('SummaryStrip', () => {
  it('shows a rollout’s errors in a run with traffic, and “—” for one no traffic reached', () => {
    renderWithStore(<SummaryStrip />, { rollouts: [CREATION, rollout({ traffic: TRAFFIC })], time: 35 });
    expect(screen.getByTestId('summary-errors').textContent).toBe('Errors 12 of 1000 (1.2%)');
    cleanup();
    renderWithStore(<SummaryStrip />, { rollouts: [CREATION, rollout({ traffic: TRAFFIC })], time: 3 });
    expect(screen.getByTestId('summary-errors').textContent).toBe('Errors —');
  });

  it('leaves the errors out of a run without traffic', () => {
    renderWithStore(<SummaryStrip />, { rollouts: [CREATION, rollout({})], time: 35 });
    expect(screen.queryByTestId('summary-errors')).toBeNull();
  });

  it('says the errors in zh-CN', () => {
    renderWithStore(<SummaryStrip />, { rollouts: [rollout({ traffic: TRAFFIC })], time: 35 }, 'zh-CN');
    expect(screen.getByTestId('summary-errors').textContent).toBe('错误 12 / 1000（1.2%）');
  });

  it('shows the rollout the playhead is in, with its figures', () => {
    renderWithStore(<SummaryStrip />, { rollouts: [CREATION, rollout({})], time: 35 });
    const strip = screen.getByRole('group', { name: 'Rollout summary' });
    expect(within(strip).getByTestId('summary-duration').textContent).toBe('Duration 10.6 s (30 → 40.6 s)');
    expect(within(strip).getByTestId('summary-verdict').textContent).toBe('✓complete');
    expect(within(strip).getByTestId('summary-min-available').textContent).toBe('Least available 8 of 10');
    expect(within(strip).getByTestId('summary-max-pods').textContent).toBe(
      'Most pods 13 (16 with terminating)',
    );
  });

  it('says a stalled rollout did not finish and exceeded its deadline, and lets the reader pick another', () => {
    renderWithStore(<SummaryStrip />, { rollouts: [CREATION, rollout({}), STALLED], time: 100 });
    expect(screen.getByTestId('summary-duration').textContent).toBe('Duration not finished (60 s → …)');
    expect(screen.getByTestId('summary-verdict').textContent).toBe('ProgressDeadlineExceeded');
    fireEvent.change(screen.getByRole('combobox', { name: /Rollout/ }), { target: { value: '0' } });
    expect(screen.getByTestId('summary-duration').textContent).toBe('Duration 6.2 s (0 → 6.2 s)');
  });

  it('speaks Chinese', () => {
    renderWithStore(<SummaryStrip />, { rollouts: [rollout({})], time: 35 }, 'zh-CN');
    expect(screen.getByRole('group', { name: '上线摘要' })).toBeTruthy();
    expect(screen.getByTestId('summary-min-available').textContent).toBe('最少可用 8 / 10');
  });

  it('shows nothing before a rollout', () => {
    renderWithStore(<SummaryStrip />, { rollouts: [] });
    expect(screen.queryByTestId('summary-strip')).toBeNull();
  });
});

describe('MinAvailableMarkers', () => {
  it('marks each rollout after the start at its least-available moment, with its words', () => {
    renderWithStore(
      <svg>
        <title>chart</title>
        <MinAvailableMarkers
          rollouts={[CREATION, rollout({})]}
          x={(t) => t * 10}
          y={(v) => 100 - v}
          plotTop={0}
          plotBottom={100}
        />
      </svg>,
    );
    const markers = screen.getAllByTestId('min-available-marker');
    expect(markers).toHaveLength(1);
    expect(markers[0]?.getAttribute('data-time')).toBe('30.1');
    expect(markers[0]?.querySelector('title')?.textContent).toBe(
      'Least available: 8 of 10 at 30.1 s (revision 2)',
    );
  });
});

describe('RunSummaryTable', () => {
  const variant = (
    id: number,
    overrides: object,
    patch: Partial<CompareVariantState>,
  ): CompareVariantState => ({
    id,
    spec: { scenario: null, overrides },
    madeAt: null,
    error: null,
    recording: false,
    podCount: 10,
    rollout: null,
    series: { time: [], available: [], pods: [] },
    ...patch,
  });

  it('is the table named Run summary, one row per variant with the §10 figures or the refusal', () => {
    renderWithStore(<RunSummaryTable />, {
      compareVariants: [
        variant(
          1,
          { maxSurge: 0 },
          {
            rollout: rollout({
              durationSeconds: 47.4,
              maxPods: 10,
              maxPodsWithTerminating: 11,
              minAvailable: 9,
            }),
          },
        ),
        variant(2, { maxSurge: '25%' }, { rollout: rollout({}) }),
        variant(3, { maxSurge: 0, maxUnavailable: 0 }, { error: 'The Deployment "web" is invalid: …' }),
        variant(4, { seed: 2 }, { recording: true }),
      ],
    });
    const table = screen.getByRole('table', { name: 'Run summary' });
    const rows = within(table)
      .getAllByTestId('summary-row')
      .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['AmaxSurge 0', '47.4 s', 'complete', '9 of 10', '10', '11', '—'],
      ['BmaxSurge 25%', '10.6 s', 'complete', '8 of 10', '13', '16', '—'],
      ['CmaxSurge 0, maxUnavailable 0', 'The Deployment "web" is invalid: …'],
      ['Dseed 2', '…', '…', '…', '…', '…', '…'],
    ]);
  });

  it('has an Errors column from the summary’s traffic figures, the breakdown in its title', () => {
    renderWithStore(<RunSummaryTable />, {
      compareVariants: [
        variant(1, { maxSurge: 0 }, { rollout: rollout({ traffic: TRAFFIC }) }),
        variant(
          2,
          { maxSurge: 1 },
          { rollout: rollout({ traffic: { ...TRAFFIC, ok: 1000, refused: 0, reset: 0, errorRate: 0 } }) },
        ),
        variant(3, { maxSurge: 2 }, { rollout: rollout({}) }),
      ],
    });
    const table = screen.getByRole('table', { name: 'Run summary' });
    expect(within(table).getByRole('columnheader', { name: 'Errors' })).toBeTruthy();
    const cells = within(table).getAllByTestId('summary-errors');
    expect(cells.map((c) => c.textContent)).toEqual(['12 (1.2%)', '0 (0%)', '—']);
    expect(cells[0]?.title).toBe(
      'default/web: refused 10 · reset 2 · timeout 0 · HTTP 503 0; longest run of errors 0.8 s',
    );
    expect(cells[2]?.title).toBe('no traffic reached this rollout');
  });
});

describe('percent', () => {
  it.each([
    [0.012, '1.2%'],
    [0.25, '25%'],
    [0.00041, '0.04%'],
    [0, '0%'],
    [1, '100%'],
  ])('writes %d as %s', (rate, text) => {
    expect(percent(rate)).toBe(text);
  });
});
