// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appStore } from '../../state/store.ts';
import { midRollout } from '../testing/fixtures.ts';
import { renderWithStore, resetStore } from '../testing/renderWithStore.tsx';
import { TimelinePanel } from '../timeline/TimelinePanel.tsx';
import { trafficFixture } from './fixtures.ts';
import { TRAFFIC_STRINGS } from './i18n.ts';
import { TrafficPanel } from './TrafficPanel.tsx';

// The panel starts loading its chart (and d3) when it mounts; a test that ends first would leave
// that import running past the environment's teardown ("Cannot load d3.mjs after the environment
// was torn down" on a slower machine). Loaded once here, every later import is the cached module.
await import('../timeline/TimelineChart.tsx');

vi.mock('../../state/actions.ts', () => ({
  togglePlay: vi.fn(),
  stepBack: vi.fn(),
  stepForward: vi.fn(),
  seekTick: vi.fn(),
  seekTime: vi.fn(),
  setSpeed: vi.fn(),
  jump: vi.fn(),
  seekStart: vi.fn(),
  seekEnd: vi.fn(),
  restartWorker: vi.fn(),
}));
const actions = await import('../../state/actions.ts');

afterEach(() => {
  cleanup();
  resetStore();
  vi.clearAllMocks();
});

/** sized renders with every element measuring width×height (the charts' boxes) until `fn` resolves. */
async function sized<T>(width: number, height: number, fn: () => Promise<T> | T): Promise<T> {
  const w = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(width);
  const h = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(height);
  try {
    return await fn();
  } finally {
    w.mockRestore();
    h.mockRestore();
  }
}

const data = () => ({ ...midRollout(), traffic: trafficFixture(), time: 32.4, endTime: 60 });

describe('TrafficPanel', () => {
  it('is a region named Traffic with the first Service’s numbers at the cursor’s second', () => {
    renderWithStore(<TrafficPanel end={60} />, data());
    const region = screen.getByRole('region', { name: 'Traffic' });
    expect(region.dataset.service).toBe('default/web');
    const readout = within(region).getByTestId('traffic-readout');
    expect(readout.dataset.second).toBe('32');
    const ok = within(readout)
      .getAllByTestId('traffic-ok')
      .map((li) => [li.dataset.revision, li.textContent]);
    // 94 ok at 32 s: revision 2 serves a fifth of them
    expect(ok).toEqual([
      ['1', 'ok · rev 175'],
      ['2', 'ok · rev 219'],
    ]);
    const errors = within(readout)
      .getAllByTestId('traffic-error')
      .map((li) => li.textContent);
    expect(errors).toEqual(['refused5', 'reset1', 'timeout0', 'HTTP 5030']);
    expect(readout.textContent).toContain('11 endpoints programmed');
  });

  it('follows the cursor one second at a time', () => {
    renderWithStore(<TrafficPanel end={60} />, data());
    act(() => appStore.setState({ time: 45.9 }));
    const readout = screen.getByTestId('traffic-readout');
    expect(readout.dataset.second).toBe('45');
    expect(within(readout).getAllByTestId('traffic-error')[0]?.textContent).toBe('refused0');
  });

  it('says when the Service sent nothing in the cursor’s second', () => {
    renderWithStore(<TrafficPanel end={60} />, { ...data(), time: 80 });
    expect(screen.getByTestId('traffic-readout').textContent).toContain('no requests');
  });

  it('switches Service with the picker', () => {
    renderWithStore(<TrafficPanel end={60} />, data());
    fireEvent.change(screen.getByRole('combobox', { name: 'Service' }), { target: { value: 'default/api' } });
    const region = screen.getByRole('region', { name: 'Traffic' });
    expect(region.dataset.service).toBe('default/api');
    expect(
      within(region)
        .getAllByTestId('traffic-ok')
        .map((li) => li.textContent),
    ).toEqual(['ok · rev 110']);
  });

  it('names the Service without a picker when only one has traffic', () => {
    renderWithStore(<TrafficPanel end={60} />, {
      ...data(),
      traffic: trafficFixture().filter((s) => s.service === 'default/web'),
    });
    expect(screen.queryByRole('combobox', { name: 'Service' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Traffic' }).textContent).toContain('default/web');
  });

  it('draws ok above the line by revision and each outcome that happened below it', async () => {
    await sized(600, 160, () => renderWithStore(<TrafficPanel end={60} />, data()));
    const chart = screen.getByTestId('traffic-chart');
    const layers = [...chart.querySelectorAll('path[data-layer]')].map((p) => p.getAttribute('data-layer'));
    expect(layers).toEqual(['ok:1', 'ok:2', 'refused', 'reset']);
    expect(chart.querySelector('svg')?.getAttribute('aria-label')).toContain('default/web');
    expect(screen.queryByTestId('traffic-no-errors')).toBeNull();
  });

  it('says “no errors” under the line of a clean Service', async () => {
    await sized(600, 160, () =>
      renderWithStore(<TrafficPanel end={60} />, {
        ...data(),
        traffic: trafficFixture().filter((s) => s.service === 'default/api'),
      }),
    );
    expect(screen.getByTestId('traffic-no-errors').textContent).toBe('no errors');
  });

  it('moves its cursor with the store’s time and seeks where it is clicked', async () => {
    await sized(600, 160, () => renderWithStore(<TrafficPanel end={60} />, data()));
    const cursor = screen.getByTestId('traffic-cursor');
    const before = Number(cursor.getAttribute('x1'));
    act(() => appStore.setState({ time: 50 }));
    expect(Number(cursor.getAttribute('x1'))).toBeGreaterThan(before);
    const raf = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => {
      cb(0);
      return 1;
    });
    const svg = screen.getByTestId('traffic-chart').querySelector('svg') as SVGSVGElement;
    svg.setPointerCapture = () => {};
    fireEvent.pointerDown(svg, { clientX: 30, pointerId: 1 });
    raf.mockRestore();
    expect(actions.seekTime).toHaveBeenCalledWith(0);
  });

  it('speaks zh-CN', () => {
    renderWithStore(<TrafficPanel end={60} />, data(), 'zh-CN');
    const region = screen.getByRole('region', { name: '流量' });
    expect(within(region).getAllByTestId('traffic-error')[0]?.textContent).toBe('连接被拒绝5');
  });
});

describe('TrafficSlot in the Timeline panel', () => {
  it('shows no Traffic region for a run without traffic', async () => {
    await sized(600, 300, async () => {
      renderWithStore(<TimelinePanel />, midRollout());
      await screen.findByTestId('timeline-cursor');
    });
    expect(screen.queryByRole('region', { name: 'Traffic' })).toBeNull();
  });

  it('loads the Traffic region under the timeline chart, on its time axis, when the run has traffic', async () => {
    await sized(600, 300, async () => {
      renderWithStore(<TimelinePanel />, { ...data(), time: 30 });
      await screen.findByTestId('timeline-cursor');
      await screen.findByTestId('traffic-cursor');
    });
    const timeline = screen.getByTestId('timeline-cursor');
    const traffic = screen.getByTestId('traffic-cursor');
    // The lazily loaded region may draw its cursor a frame after it appears (seen once in a full
    // run on a loaded machine: x1 still unset): wait for it, then follow the playhead.
    await waitFor(() => expect(traffic.getAttribute('x1')).toBe(timeline.getAttribute('x1')));
    expect(traffic.getAttribute('x1')).not.toBeNull();
    act(() => appStore.setState({ time: 41 }));
    expect(traffic.getAttribute('x1')).toBe(timeline.getAttribute('x1'));
  });
});

describe('TRAFFIC_STRINGS', () => {
  const leaves = (o: object, prefix = ''): string[] =>
    Object.entries(o).flatMap(([k, v]) =>
      typeof v === 'string' ? [`${prefix}${k}`] : leaves(v as object, `${prefix}${k}.`),
    );
  it('has the same keys in English and zh-CN', () => {
    expect(leaves(TRAFFIC_STRINGS['zh-CN'])).toEqual(leaves(TRAFFIC_STRINGS.en));
  });
});
