// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTestLanguage } from './testI18n.ts';
import { appStore } from '../../state/store.ts';
import { ScenarioControls } from './ScenarioControls.tsx';

const actions = vi.hoisted(() => ({
  loadPreset: vi.fn(async (_id: string) => ({ ok: true })),
  resetToPreset: vi.fn(async () => ({ ok: true })),
  exportScenarioYaml: vi.fn(() => 'version: 1\nname: Seed\n'),
  objectYaml: vi.fn(async (kind: string, name: string) => `kind: ${kind}\nmetadata:\n  name: ${name}\n`),
}));
const editActions = vi.hoisted(() => ({
  importText: vi.fn(async (_t: string, _o: unknown) => ({ ok: true })),
}));
vi.mock('../../state/actions.ts', () => actions);
vi.mock('../../state/editActions.ts', () => editActions);

const PRESETS = [
  { id: 'seed', name: 'Seed', description: 'The course example.' },
  { id: 'recreate', name: 'Recreate', description: 'All old pods go first.' },
];

setTestLanguage('en');
beforeEach(() => {
  appStore.setState({ presets: PRESETS, presetId: 'seed', scenarioName: 'Seed' });
});
afterEach(() => {
  cleanup();
  appStore.setState(appStore.getInitialState(), true);
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

/** openDialog clicks a header button; the dialog loads on first use, so it is awaited. */
async function openDialog(name: string): Promise<HTMLElement> {
  fireEvent.click(screen.getByRole('button', { name }));
  return screen.findByRole('dialog', { name });
}

describe('ScenarioControls', () => {
  it('opens the gallery as a modal dialog with focus on the current preset', async () => {
    render(<ScenarioControls />);
    const dialog = (await openDialog('Scenarios')) as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    expect(document.activeElement?.getAttribute('data-preset-id')).toBe('seed');
  });

  it('loads the chosen preset and closes the gallery', async () => {
    render(<ScenarioControls />);
    const dialog = (await openDialog('Scenarios')) as HTMLDialogElement;
    fireEvent.click(within(dialog).getByRole('button', { name: /^Recreate/ }));
    expect(actions.loadPreset).toHaveBeenCalledWith('recreate');
    await waitFor(() => expect(dialog.open).toBe(false));
  });

  it('keeps the gallery open with the message when a preset fails to load', async () => {
    actions.loadPreset.mockResolvedValueOnce({ ok: false, message: 'the simulator stopped' } as never);
    render(<ScenarioControls />);
    const dialog = (await openDialog('Scenarios')) as HTMLDialogElement;
    fireEvent.click(within(dialog).getByRole('button', { name: /^Recreate/ }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('the simulator stopped');
    expect(dialog.open).toBe(true);
  });

  it('resets to the preset after the confirmation', async () => {
    render(<ScenarioControls />);
    const dialog = (await openDialog('Scenarios')) as HTMLDialogElement;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset to preset' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset, dropping my changes' }));
    expect(actions.resetToPreset).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(dialog.open).toBe(false));
  });

  it('says the list is loading while the store has no presets', async () => {
    appStore.setState({ presets: [] });
    render(<ScenarioControls />);
    const dialog = await openDialog('Scenarios');
    expect(within(dialog).getByText('Loading the list of scenarios…')).toBeTruthy();
  });

  it('closes a dialog with its Close button and on the browser close (Escape)', async () => {
    render(<ScenarioControls />);
    let dialog = (await openDialog('Import')) as HTMLDialogElement;
    expect(document.activeElement?.tagName).toBe('TEXTAREA');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(dialog.open).toBe(false);
    expect(screen.queryByRole('textbox')).toBeNull();

    dialog = (await openDialog('Import')) as HTMLDialogElement;
    act(() => dialog.close()); // what the browser does on Escape
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(await openDialog('Import')).toBeTruthy();
  });

  it('imports through importText', async () => {
    render(<ScenarioControls />);
    const dialog = await openDialog('Import');
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'kind: Deployment' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    await within(dialog).findByRole('status');
    expect(editActions.importText).toHaveBeenCalledWith('kind: Deployment', {
      mode: 'replace',
      fileName: null,
    });
  });

  it('exports the scenario and the selected pod’s workload as YAML', async () => {
    appStore.setState({
      workloads: [
        { kind: 'DaemonSet', name: 'fluentd', namespace: 'default' },
        { kind: 'Deployment', name: 'web', namespace: 'default' },
      ],
      pods: [{ name: 'web-abc-1', namespace: 'default', workload: 'web' }],
      selectedPod: 'web-abc-1',
      tick: 41,
    } as never);
    render(<ScenarioControls />);
    const dialog = await openDialog('Export');
    const scenario = within(dialog).getByRole('region', { name: 'Scenario file' });
    expect(within(scenario).getByTestId('export-yaml').textContent).toBe('version: 1\nname: Seed\n');
    expect(within(scenario).getByRole('button', { name: 'Download seed.yaml' })).toBeTruthy();

    const object = await within(dialog).findByRole('region', { name: 'kubectl get deployment web -o yaml' });
    await waitFor(() =>
      expect(within(object).getByTestId('export-yaml').textContent).toBe(
        'kind: Deployment\nmetadata:\n  name: default/web\n',
      ),
    );
    expect(actions.objectYaml).toHaveBeenCalledWith('Deployment', 'default/web');
    expect(within(dialog).getByText('at tick 41')).toBeTruthy();

    fireEvent.change(within(dialog).getByRole('combobox', { name: /Object/ }), {
      target: { value: 'DaemonSet/fluentd' },
    });
    await within(dialog).findByRole('region', { name: 'kubectl get daemonset fluentd -o yaml' });
    expect(actions.objectYaml).toHaveBeenLastCalledWith('DaemonSet', 'default/fluentd');
  });
});

describe('ExportDialog', () => {
  it('offers no download while no scenario is loaded', async () => {
    actions.exportScenarioYaml.mockReturnValueOnce('');
    render(<ScenarioControls />);
    const dialog = await openDialog('Export');
    const scenario = within(dialog).getByRole('region', { name: 'Scenario file' });
    expect(within(scenario).getByTestId('export-yaml').textContent).toBe('No scenario is loaded yet.');
    expect((within(scenario).getByRole('button', { name: 'Copy YAML' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(within(dialog).getByText('No Deployment, DaemonSet or StatefulSet at this tick.')).toBeTruthy();
  });

  it('saves the scenario through a Blob URL download named after the scenario', async () => {
    const created: Blob[] = [];
    const clicked: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      created.push(b as Blob);
      return 'blob:http://127.0.0.1/1';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.download} ${this.href}`);
    });
    render(<ScenarioControls />);
    const dialog = await openDialog('Export');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download seed.yaml' }));
    expect(clicked).toEqual(['seed.yaml blob:http://127.0.0.1/1']);
    expect(await created[0]?.text()).toBe('version: 1\nname: Seed\n');
    expect(within(dialog).getByText('Saved seed.yaml')).toBeTruthy();
  });
});
