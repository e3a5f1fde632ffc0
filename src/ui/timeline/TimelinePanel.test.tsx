// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { midRollout, NEW_RS, OLD_RS } from '../testing/fixtures.ts';
import { renderWithStore, resetStore } from '../testing/renderWithStore.tsx';
import { TimelinePanel } from './TimelinePanel.tsx';

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
});
