// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appStore } from '../../state/store.ts';
import { midRollout } from '../testing/fixtures.ts';
import { renderWithStore, resetStore } from '../testing/renderWithStore.tsx';
import { ControlsPanel } from './ControlsPanel.tsx';

vi.mock('../../state/actions.ts', () => ({
  setWorkloadField: vi.fn(async () => ({ ok: true })),
  runKubectl: vi.fn(async (line: string) => ({ ok: true, output: `ran ${line}` })),
  completions: vi.fn(async (prefix: string) =>
    prefix === 'rollout st' ? ['rollout status'] : ['get deploy', 'get ds', 'get pods'],
  ),
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

const D = 'nginx-deployment-roll01';

describe('ControlsPanel', () => {
  it('says what it offers before a scenario runs, and keeps the console', () => {
    renderWithStore(<ControlsPanel />);
    expect(screen.getByRole('region', { name: 'Controls' }).textContent).toContain('No scenario loaded');
    expect(screen.getByRole('textbox', { name: 'kubectl' })).toBeTruthy();
  });

  it('has the replicas, maxSurge and maxUnavailable sliders and spells the resolved numbers out', () => {
    renderWithStore(<ControlsPanel />, midRollout());
    expect((screen.getByRole('slider', { name: 'replicas' }) as HTMLInputElement).value).toBe('10');
    expect((screen.getByRole('slider', { name: 'maxSurge' }) as HTMLInputElement).value).toBe('25');
    expect(screen.getByRole('slider', { name: 'maxUnavailable' }).getAttribute('aria-valuetext')).toBe('25%');
    expect(screen.getByTestId('resolved').textContent).toBe(
      '25% of 10 → surge 3, rounded up; unavailable 2, rounded down',
    );
  });

  it('shows the new numbers at once while dragging and sends the change once the slider rests', async () => {
    renderWithStore(<ControlsPanel />, midRollout());
    fireEvent.change(screen.getByRole('slider', { name: 'maxSurge' }), { target: { value: '40' } });
    fireEvent.change(screen.getByRole('slider', { name: 'maxSurge' }), { target: { value: '50' } });
    expect(screen.getByTestId('resolved').textContent).toBe(
      '50% of 10 → surge 5, rounded up; 25% of 10 → unavailable 2, rounded down',
    );
    expect(actions.setWorkloadField).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(actions.setWorkloadField).toHaveBeenCalledExactlyOnceWith(`default/${D}`, 'maxSurge', '50%');
  });

  it('holds a pointer drag, paused on its way, until the pointer is released, then sends one change', async () => {
    renderWithStore(<ControlsPanel />, midRollout());
    const slider = screen.getByRole('slider', { name: 'maxSurge' });
    fireEvent.pointerDown(slider);
    fireEvent.change(slider, { target: { value: '33' } });
    // A pause longer than the rest delay mid-drag sends nothing (a CI run forked at 33% and 50%).
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(actions.setWorkloadField).not.toHaveBeenCalled();
    fireEvent.change(slider, { target: { value: '50' } });
    expect(screen.getByTestId('resolved').textContent).toContain('50% of 10 → surge 5');
    fireEvent.pointerUp(window);
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(actions.setWorkloadField).toHaveBeenCalledExactlyOnceWith(`default/${D}`, 'maxSurge', '50%');
  });

  it('switches maxSurge between a percentage and a number', async () => {
    renderWithStore(<ControlsPanel />, midRollout());
    fireEvent.click(screen.getByRole('button', { name: 'maxSurge as a percentage' }));
    expect(screen.getByTestId('resolved').textContent).toBe(
      'surge 3; 25% of 10 → unavailable 2, rounded down',
    );
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(actions.setWorkloadField).toHaveBeenCalledWith(`default/${D}`, 'maxSurge', 3);
  });

  it('shows the API server’s message inline for a refused value and changes nothing', async () => {
    vi.mocked(actions.setWorkloadField).mockResolvedValueOnce({
      ok: false,
      message:
        'The Deployment "nginx-deployment-roll01" is invalid: spec.strategy.rollingUpdate.maxUnavailable: Invalid value: 0: may not be 0 when `maxSurge` is 0',
    });
    renderWithStore(<ControlsPanel />, midRollout());
    fireEvent.change(screen.getByRole('slider', { name: 'maxSurge' }), { target: { value: '0' } });
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(screen.getByRole('alert').textContent).toContain('may not be 0 when `maxSurge` is 0');
    expect((screen.getByRole('slider', { name: 'maxSurge' }) as HTMLInputElement).value).toBe('25');
  });

  it('runs a console line, recalls it with ↑, and completes with Tab', async () => {
    renderWithStore(<ControlsPanel />, midRollout());
    const box = screen.getByRole('textbox', { name: 'kubectl' }) as HTMLInputElement;
    fireEvent.change(box, { target: { value: 'kubectl get rs' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(actions.runKubectl).toHaveBeenCalledWith('get rs'));
    act(() =>
      appStore.setState({ consoleLog: [{ input: 'get rs', output: 'NAME  DESIRED', ok: true, tick: 57 }] }),
    );
    expect(screen.getByTestId('console-entry').textContent).toBe('$ kubectl get rsNAME  DESIRED');
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(box.value).toBe('get rs');
    fireEvent.change(box, { target: { value: 'rollout st' } });
    fireEvent.keyDown(box, { key: 'Tab' });
    await waitFor(() => expect(box.value).toBe('rollout status '));
    fireEvent.change(box, { target: { value: 'get ' } });
    fireEvent.keyDown(box, { key: 'Tab' });
    await waitFor(() => expect(screen.getByTestId('completions').textContent).toBe('deploy   ds   pods'));
  });

  it.each([
    ['Deployment', 'get rs', `rollout status deployment/${D},`],
    ['DaemonSet', 'get ds', `rollout status daemonset/${D},`],
    ['StatefulSet', 'get sts', `rollout status statefulset/${D}, get pvc, describe sts/${D}`],
  ] as const)('suggests commands about the %s it shows in an empty console', (kind, placeholder, hint) => {
    const data = midRollout();
    const w = data.workloads?.[0];
    if (!w) throw new Error('fixture has no workload');
    renderWithStore(<ControlsPanel />, { ...data, workloads: [{ ...w, kind }] });
    expect((screen.getByRole('textbox', { name: 'kubectl' }) as HTMLInputElement).placeholder).toBe(
      placeholder,
    );
    const log = screen.getByRole('log', { name: 'kubectl console output' });
    expect(log.textContent).toContain(hint);
    expect(log.textContent).toContain(`e.g. ${placeholder},`);
  });

  it('names the namespace in the hint when the workload is not in default', () => {
    const data = midRollout();
    const w = data.workloads?.[0];
    if (!w) throw new Error('fixture has no workload');
    renderWithStore(<ControlsPanel />, { ...data, workloads: [{ ...w, namespace: 'payments' }] });
    expect(screen.getByRole('log', { name: 'kubectl console output' }).textContent).toContain(
      `rollout status deployment/${D} -n payments,`,
    );
  });

  it('sets an image from the scenario’s list, broken ones included', async () => {
    renderWithStore(<ControlsPanel />, midRollout());
    // Nothing is parsed before the box is focused; then the scenario's images come once the YAML
    // parser has loaded (it is not in the main bundle).
    expect(document.querySelectorAll('datalist option').length).toBe(1);
    fireEvent.focus(screen.getByRole('combobox', { name: 'Image of nginx' }));
    await waitFor(() =>
      expect([...document.querySelectorAll('datalist option')].map((o) => o.getAttribute('value'))).toEqual([
        'nginx:1.9.3',
        'nginx:broken',
      ]),
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'Image of nginx' }), {
      target: { value: 'nginx:broken' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'set image' }));
    await waitFor(() =>
      expect(actions.setWorkloadField).toHaveBeenCalledWith(`default/${D}`, 'image', 'nginx=nginx:broken'),
    );
  });

  it('shows the scenario’s own manifests before the run and says a change keeps the script', async () => {
    const data = midRollout();
    const live = data.workloads?.[0];
    if (!live) throw new Error('fixture without a workload');
    const manifest = { ...live, replicas: 30, maxSurge: '10%', maxUnavailable: 0, rolloutStatus: '' };
    renderWithStore(<ControlsPanel />, { ...data, tick: 0, workloads: [], scenarioWorkloads: [manifest] });
    expect(screen.getByTestId('before-run').textContent).toMatch(/every scripted action stays/);
    expect(screen.queryByTestId('rollout-status')).toBeNull();
    expect((screen.getByRole('slider', { name: 'replicas' }) as HTMLInputElement).value).toBe('30');
    fireEvent.change(screen.getByRole('combobox', { name: 'Strategy' }), { target: { value: 'Recreate' } });
    await act(async () => vi.advanceTimersByTime(300));
    expect(actions.setWorkloadField).toHaveBeenCalledWith(`default/${D}`, 'strategy', 'Recreate');
    // once the run has started, the workload at the tick is shown again
    act(() => appStore.getState().simUpdate({ tick: 57, workloads: data.workloads ?? [] }));
    expect(screen.queryByTestId('before-run')).toBeNull();
    expect((screen.getByRole('slider', { name: 'replicas' }) as HTMLInputElement).value).toBe('10');
  });

  it('goes back to the workload’s value, without a message, when the fork warning is cancelled', async () => {
    vi.mocked(actions.setWorkloadField).mockResolvedValueOnce({ ok: false, cancelled: true });
    renderWithStore(<ControlsPanel />, midRollout());
    const slider = screen.getByRole('slider', { name: 'replicas' }) as HTMLInputElement;
    fireEvent.change(slider, { target: { value: '14' } });
    expect(slider.value).toBe('14');
    await act(async () => vi.advanceTimersByTime(300));
    await waitFor(() => expect(slider.value).toBe('10'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('pauses, undoes and restarts the rollout, adds a node and makes a node NotReady', async () => {
    renderWithStore(<ControlsPanel />, midRollout());
    fireEvent.click(screen.getByRole('button', { name: 'rollout pause' }));
    fireEvent.click(screen.getByRole('button', { name: 'rollout undo' }));
    fireEvent.click(screen.getByRole('button', { name: 'rollout restart' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add node' }));
    fireEvent.click(screen.getByRole('button', { name: 'Make NotReady' }));
    await waitFor(() => expect(actions.nodeFault).toHaveBeenCalledWith('node-1', false));
    expect(vi.mocked(actions.runKubectl).mock.calls.map((c) => c[0])).toEqual([
      `rollout pause deployment/${D}`,
      `rollout undo deployment/${D}`,
      `rollout restart deployment/${D}`,
    ]);
    expect(actions.addNode).toHaveBeenCalledOnce();
  });
});
