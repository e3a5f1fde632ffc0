// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { compareAxis, stopCompare, setCompareWorkerFactory } from '../../state/compareActions.ts';
import { setSweepWorkerFactory } from '../../state/sweepActions.ts';
import { createInThreadCompare } from '../../worker/compareInThread.ts';
import type { PoolWorkerLike } from '../../worker/pool.ts';
import { createInThreadSweep } from '../../worker/sweepInThread.ts';
import { renderWithStore, resetStore } from '../testing/renderWithStore.tsx';
import { CompareView } from './CompareView.tsx';
import { SweepView } from './SweepView.tsx';

vi.mock('../../state/actions.ts', () => ({
  loadScenarioText: vi.fn(async () => ({ ok: true })),
  holdSim: vi.fn(),
}));
const actions = await import('../../state/actions.ts');

import SEED from '../../scenario/presets/seed.yaml?raw';

beforeAll(() => {
  setCompareWorkerFactory(createInThreadCompare);
  // happy-dom lays nothing out: give the charts and heatmaps a size to draw in.
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(400);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(240);
});

afterEach(() => {
  stopCompare();
  cleanup();
  resetStore();
});

describe('CompareView', () => {
  it('runs the variants of a compare link side by side and fills the Run summary', async () => {
    renderWithStore(<CompareView />, { scenarioText: SEED });
    await compareAxis({ field: 'maxSurge', values: [0, '25%', '100%'] }, { base: SEED });
    const table = screen.getByRole('table', { name: 'Run summary' });
    await waitFor(
      () => {
        const rows = within(table).getAllByTestId('summary-row');
        expect(rows.map((r) => r.querySelectorAll('td')[3]?.textContent)).toEqual(['10', '13', '20']);
      },
      { timeout: 20_000 },
    );
    expect(screen.getAllByRole('region', { name: /^Variant [ABC]: maxSurge/ })).toHaveLength(3);
    expect(screen.getByRole('slider', { name: 'Compare position' })).toBeTruthy();
    expect(screen.getAllByTestId('compare-series')).toHaveLength(3);
  });

  it('disables adding a fifth variant and says why', async () => {
    renderWithStore(<CompareView />, { scenarioText: SEED });
    const add = () => screen.getByRole('button', { name: 'Add a variant from the current scenario' });
    await compareAxis({ field: 'maxSurge', values: [0, 1, 2] }, { base: SEED });
    await waitFor(() => expect(screen.getAllByRole('region', { name: /^Variant [A-D]:/ })).toHaveLength(3));
    expect(add().hasAttribute('disabled')).toBe(false);
    expect(add().getAttribute('title')).toBeNull();
    await compareAxis({ field: 'maxSurge', values: [0, 1, 2, 3] }, { base: SEED });
    await waitFor(() => expect(screen.getAllByRole('region', { name: /^Variant [A-D]:/ })).toHaveLength(4));
    expect(add().hasAttribute('disabled')).toBe(true);
    expect(add().getAttribute('title')).toBe('Compare runs at most 4 variants: remove one to add another.');
  });

  it('shows the API server refusal in place of a variant that cannot run', async () => {
    renderWithStore(<CompareView />, { scenarioText: SEED });
    await compareAxis(
      { field: 'maxUnavailable', values: [0, 1] },
      { base: SEED.replace('maxSurge: 25%', 'maxSurge: 0') },
    );
    await waitFor(
      () =>
        expect(screen.getByTestId('variant-error').textContent).toContain(
          'may not be 0 when `maxSurge` is 0',
        ),
      {
        timeout: 20_000,
      },
    );
  });

  it('refuses a value that does not parse in the variant editor with one message', async () => {
    renderWithStore(<CompareView />, { scenarioText: SEED });
    await compareAxis({ field: 'maxSurge', values: [0, 1] }, { base: SEED });
    const form = screen.getByRole('form', { name: 'Fields of variant A' });
    fireEvent.change(within(form).getAllByRole('textbox')[1] as HTMLElement, { target: { value: 'lots' } });
    fireEvent.submit(form);
    expect(within(form).getByRole('alert').textContent).toBe(
      'maxUnavailable: "lots" is not an integer or a percentage such as 25%',
    );
  });
});

describe('SweepView', () => {
  it('runs a small sweep on the pool and draws both heatmaps, a refused cell marked', async () => {
    setSweepWorkerFactory(createInThreadSweep, 2);
    renderWithStore(<SweepView />, { scenarioText: SEED });
    fireEvent.change(screen.getByRole('textbox', { name: 'X axis values' }), { target: { value: '0, 50%' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Y axis values' }), { target: { value: '0, 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Run sweep' }));
    await waitFor(() => expect(screen.getByTestId('sweep-status').getAttribute('data-status')).toBe('done'), {
      timeout: 20_000,
    });
    expect(screen.getByTestId('sweep-status').textContent).toMatch(/^4 runs in /);
    for (const metric of ['duration', 'minAvailable']) {
      const cells = within(screen.getByTestId(`heatmap-${metric}`)).getAllByTestId('sweep-cell');
      expect(cells.map((c) => c.getAttribute('data-kind'))).toEqual(['invalid', 'value', 'value', 'value']);
    }
    const refused = within(screen.getByTestId('heatmap-duration')).getAllByRole('button')[0] as HTMLElement;
    expect(refused.getAttribute('aria-label')).toContain('maxSurge 0, maxUnavailable 0: The Deployment');
    fireEvent.click(
      within(screen.getByTestId('heatmap-minAvailable')).getAllByRole('button')[2] as HTMLElement,
    );
    const details = screen.getByRole('region', { name: 'Picked cell' });
    expect(details.textContent).toContain('maxSurge 50%, maxUnavailable 0');
    expect(details.textContent).toContain('least available 10 of 10');
    fireEvent.click(within(details).getByRole('button', { name: 'Open this variant' }));
    await waitFor(() => expect(actions.loadScenarioText).toHaveBeenCalledOnce());
    expect(
      JSON.parse(vi.mocked(actions.loadScenarioText).mock.calls[0]?.[0] ?? '{}').objects[0].spec.strategy
        .rollingUpdate,
    ).toEqual({
      maxSurge: '50%',
      maxUnavailable: 0,
    });
  });

  it('cancels a sweep: the status says so and Run works again', async () => {
    const never = (): PoolWorkerLike => ({ postMessage() {}, addEventListener() {}, terminate() {} });
    setSweepWorkerFactory(never, 2);
    renderWithStore(<SweepView />, { scenarioText: SEED });
    fireEvent.click(screen.getByRole('button', { name: 'Run sweep' }));
    await waitFor(() =>
      expect(screen.getByTestId('sweep-status').getAttribute('data-status')).toBe('running'),
    );
    expect(screen.getByRole('progressbar', { name: 'Sweep progress' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.getByTestId('sweep-status').textContent).toBe('Cancelled after 0 of 25 runs'),
    );
    expect((screen.getByRole('button', { name: 'Run sweep' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('refuses a grid over 441 cells with one message', () => {
    setSweepWorkerFactory(createInThreadSweep, 1);
    renderWithStore(<SweepView />, { scenarioText: SEED });
    fireEvent.change(screen.getByRole('combobox', { name: 'X axis step' }), { target: { value: '5' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Y axis values' }), {
      target: { value: `${'1,'.repeat(21)}1` },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Run sweep' }));
    expect(screen.getByRole('alert').textContent).toBe(
      '21 × 22 = 462 variants; a sweep runs at most 441 (21 × 21)',
    );
  });
});
