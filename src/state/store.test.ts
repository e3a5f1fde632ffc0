import { beforeEach, describe, expect, it } from 'vitest';
import { connectWorker, toggleTheme } from './actions.ts';
import { kubernetesVersionSelector, themeSelector, workerStatusSelector } from './selectors.ts';
import { type AppStore, createAppStore } from './store.ts';

let store: AppStore;
beforeEach(() => {
  store = createAppStore();
});

describe('worker slice', () => {
  it('starts with the worker starting and no version', () => {
    expect(workerStatusSelector(store.getState())).toBe('starting');
    expect(kubernetesVersionSelector(store.getState())).toBeNull();
  });

  it('records the version when the worker is ready', () => {
    store.getState().workerReady('v1.36.3');
    expect(store.getState()).toMatchObject({
      workerStatus: 'ready',
      kubernetesVersion: 'v1.36.3',
      workerError: null,
    });
  });

  it('records the reason when the worker fails', () => {
    store.getState().workerFailed('boom');
    expect(store.getState()).toMatchObject({ workerStatus: 'error', workerError: 'boom' });
  });
});

describe('connectWorker', () => {
  it('marks the worker ready with the version and presets from hello', async () => {
    const client = {
      hello: async () => ({
        kind: 'hello' as const,
        protocolVersion: 2,
        kubernetesVersion: 'v1.36.3',
        engineFormatVersion: 1,
        presets: [{ id: 'seed', name: 'Seed', description: 'the course example' }],
        defaultPresetId: 'seed',
      }),
    };
    await connectWorker(client, store);
    expect(store.getState()).toMatchObject({ workerStatus: 'ready', kubernetesVersion: 'v1.36.3' });
    expect(store.getState().presets).toEqual([
      { id: 'seed', name: 'Seed', description: 'the course example' },
    ]);
  });

  it('marks the worker failed when hello rejects', async () => {
    await connectWorker({ hello: () => Promise.reject(new Error('no worker')) }, store);
    expect(store.getState()).toMatchObject({ workerStatus: 'error', workerError: 'no worker' });
  });
});

describe('theme', () => {
  it('follows the system theme until one is chosen', () => {
    store.getState().systemThemeChanged('dark');
    expect(themeSelector(store.getState())).toBe('dark');
    store.getState().chooseTheme('light');
    store.getState().systemThemeChanged('dark');
    expect(themeSelector(store.getState())).toBe('light');
  });

  it('toggles to the other theme of the one in force', () => {
    store.getState().systemThemeChanged('dark');
    toggleTheme(store);
    expect(store.getState().themeChoice).toBe('light');
    toggleTheme(store);
    expect(store.getState().themeChoice).toBe('dark');
  });

  it('resets to the initial state', () => {
    store.getState().chooseTheme('dark');
    store.setState(store.getInitialState(), true);
    expect(store.getState().themeChoice).toBeNull();
  });
});
