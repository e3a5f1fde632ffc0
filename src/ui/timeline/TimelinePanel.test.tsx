// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppState } from '../../state/store.ts';
import type { SeriesPoint } from '../../worker/protocol.ts';
import { DEPLOY, midRollout, NEW_RS, OLD_RS } from '../testing/fixtures.ts';
import { renderWithStore, resetStore } from '../testing/renderWithStore.tsx';
import { TimelinePanel } from './TimelinePanel.tsx';

// The panel starts loading its chart (and d3) when it mounts; a test that ends first would leave
// that import running past the environment's teardown ("Cannot load d3.mjs after the environment
// was torn down" on a slower machine). Loaded once here, every later import is the cached module.
await import('./TimelineChart.tsx');

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

/**
 * renderSized renders the panel with its chart box measuring width×height and waits for the chart,
 * which loads on demand: until then the panel shows the chart's empty box.
 */
async function renderSized(
  width: number,
  height: number,
  data: Partial<AppState>,
  language: 'en' | 'zh-CN' = 'en',
) {
  const w = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(width);
  const h = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(height);
  try {
    renderWithStore(<TimelinePanel />, data, language);
    await screen.findByTestId('timeline-cursor');
  } finally {
    w.mockRestore();
    h.mockRestore();
  }
}

describe('TimelinePanel', () => {
  it('disables the transport before a scenario runs', () => {
    renderWithStore(<TimelinePanel />);
    expect((screen.getByRole('button', { name: 'Play' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('region', { name: 'Timeline' }).textContent).toContain('Nothing recorded');
  });

  it('has the Timeline position slider at the current tick of the recording', () => {
    renderWithStore(<TimelinePanel />, midRollout());
    const slider = screen.getByRole('slider', { name: 'Timeline position' }) as HTMLInputElement;
    expect(slider.value).toBe('57');
    expect(slider.max).toBe('120');
    fireEvent.change(slider, { target: { value: '80' } });
    expect(actions.seekTick).toHaveBeenCalledWith(80);
  });

  it('reads the time against the run’s real end (its last change), not where recording stopped', () => {
    const data = { ...midRollout(), time: 31.5, endTime: 631, lastChangeTime: 45.2 };
    renderWithStore(<TimelinePanel />, data);
    const readout = () => screen.getByText(/^tick \d+\/\d+/).textContent;
    expect(readout()).toBe('tick 57/120 · 31.50 s of 45.2 s');
    cleanup();
    renderWithStore(<TimelinePanel />, { ...data, tick: 120, time: 631 });
    expect(readout()).toBe('tick 120/120 · 631.00 s · nothing changes after 45.2 s');
  });

  it('names the play button Play or Pause by what it will do', () => {
    renderWithStore(<TimelinePanel />, midRollout());
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(actions.togglePlay).toHaveBeenCalledOnce();
    cleanup();
    renderWithStore(<TimelinePanel />, { ...midRollout(), playing: true });
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();
  });

  it('steps with the buttons and sets the speed', () => {
    renderWithStore(<TimelinePanel />, midRollout());
    fireEvent.click(screen.getByRole('button', { name: 'Step forward' }));
    fireEvent.click(screen.getByRole('button', { name: 'Step back' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Speed' }), { target: { value: '5' } });
    expect(actions.stepForward).toHaveBeenCalledOnce();
    expect(actions.stepBack).toHaveBeenCalledOnce();
    expect(actions.setSpeed).toHaveBeenCalledWith(5);
  });

  it.each([
    [' ', false, 'togglePlay', []],
    ['ArrowRight', false, 'stepForward', []],
    ['ArrowLeft', false, 'stepBack', []],
    ['ArrowRight', true, 'jump', [10]],
    ['ArrowLeft', true, 'jump', [-10]],
    ['Home', false, 'seekStart', []],
    ['End', false, 'seekEnd', []],
  ] as const)('maps the key %j (shift %s) to %s', (key, shiftKey, action, args) => {
    renderWithStore(<TimelinePanel />, midRollout());
    fireEvent.keyDown(document.body, { key, shiftKey });
    expect(actions[action]).toHaveBeenCalledWith(...args);
  });

  it('leaves the keys to a text box', () => {
    renderWithStore(
      <>
        <input aria-label="typing" />
        <TimelinePanel />
      </>,
      midRollout(),
    );
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'typing' }), { key: ' ' });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'typing' }), { key: 'ArrowRight' });
    expect(actions.togglePlay).not.toHaveBeenCalled();
    expect(actions.stepForward).not.toHaveBeenCalled();
  });

  it('reads out each ReplicaSet’s counters at the cursor', () => {
    renderWithStore(<TimelinePanel />, { ...midRollout(), tick: 120 });
    const rows = screen.getAllByTestId('series-readout');
    expect(rows.map((r) => [r.dataset.series, r.dataset.desired, r.dataset.available])).toEqual([
      [OLD_RS, '0', '0'],
      [NEW_RS, '10', '10'],
    ]);
  });

  describe('the strategy band', () => {
    /** The points of a path: `M30,170L60,170…` → [[30, 170], [60, 170], …]. */
    const xy = (d: string | null | undefined) =>
      [...(d ?? '').matchAll(/(-?[\d.]+),(-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);

    /** The fixture's run with a scale to 15 at 50 s: 25% / 25% of 15 → maxSurge 4, maxUnavailable 3. */
    function scaledRun() {
      const data = midRollout();
      const last = data.series?.at(-1) as SeriesPoint;
      const scaled: SeriesPoint = {
        ...last,
        tick: 150,
        time: 50,
        strategy: { [`Deployment/${DEPLOY}`]: { replicas: 15, surge: 4, unavailable: 3 } },
      };
      return { ...data, series: [...(data.series ?? []), scaled], tick: 40, totalTicks: 150, endTime: 60 };
    }

    it('spans the whole run and steps where a scale changed the spec', async () => {
      await renderSized(400, 200, scaledRun());
      const band = xy(screen.getByTestId('strategy-band').getAttribute('d'));
      const upper = xy(screen.getByTestId('strategy-upper').getAttribute('d'));
      const lower = xy(screen.getByTestId('strategy-lower').getAttribute('d'));
      const xs = band.map(([x]) => x as number);
      // from t = 0 at the left margin to the end of the chart
      expect(Math.min(...xs)).toBe(30);
      expect(Math.max(...xs)).toBeGreaterThan(350);
      // two levels each: 13 then 19 pods at most, 8 then 12 available at least
      expect(new Set(upper.map(([, y]) => y)).size).toBe(2);
      expect(new Set(lower.map(([, y]) => y)).size).toBe(2);
      const [first, last] = [upper[0]?.[1] ?? 0, upper.at(-1)?.[1] ?? 0];
      expect(last).toBeLessThan(first); // higher on screen: more pods
    });

    it('says what the band means wherever the cursor is, before any action too', () => {
      renderWithStore(<TimelinePanel />, { ...scaledRun(), tick: 1 });
      expect(screen.getByRole('region', { name: 'Timeline' }).textContent).toContain('maxSurge');
    });

    it.each([
      ['DaemonSet', 'desiredNumberScheduled + maxSurge'],
      ['StatefulSet', 'a StatefulSet surges none'],
    ])('explains a %s’s band in its own terms', (kind, words) => {
      const data = scaledRun();
      data.series = data.series.map((p) => ({
        ...p,
        strategy: { [`${kind}/web`]: { replicas: 5, surge: 0, unavailable: 1 } },
      }));
      renderWithStore(<TimelinePanel />, { ...data, tick: 1 });
      const note = screen.getByTestId('band-note').textContent ?? '';
      expect(note).toContain(words);
      expect(note).not.toContain('replicas + maxSurge');
    });

    it('says nothing of a band where none is drawn', () => {
      const data = scaledRun();
      data.series = data.series.map((p) => ({ ...p, strategy: {} }));
      renderWithStore(<TimelinePanel />, { ...data, tick: 1 });
      expect(screen.queryByTestId('band-note')).toBeNull();
    });

    it('draws no band for a workload that promises none', async () => {
      const data = scaledRun();
      data.series = data.series.map((p) => ({ ...p, strategy: {} }));
      await renderSized(400, 200, data);
      expect(screen.getByTestId('timeline-chart').querySelector('svg')).not.toBeNull();
      expect(screen.queryByTestId('strategy-band')).toBeNull();
    });
  });

  it('labels a node fault marker in the reader’s language and a kubectl one as typed', async () => {
    const data = midRollout();
    data.markers = [
      ...(data.markers ?? []),
      {
        tick: 100,
        time: 40,
        label: 'node node-2 is NotReady; node/node-2 NotReady',
        notes: [
          { key: 'nodeNotReady', values: { node: 'node-2' } },
          { key: 'kubectl', values: { output: 'node/node-2 NotReady' } },
        ],
      },
    ];
    await renderSized(800, 200, data, 'zh-CN');
    const titles = screen.getAllByTestId('action-marker').map((m) => m.querySelector('title')?.textContent);
    expect(titles).toEqual([
      'kubectl set image deployment/nginx-deployment-roll01 nginx=nginx:1.9.3',
      '节点 node-2 变为 NotReady；node/node-2 NotReady',
    ]);
  });
});
