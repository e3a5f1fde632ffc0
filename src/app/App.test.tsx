// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { appStore } from '../state/store.ts';
import { App } from './App.tsx';

afterEach(() => {
  cleanup();
  appStore.setState(appStore.getInitialState(), true);
});

const REGIONS = ['Cluster', 'ReplicaSets', 'Expectations', 'Explain', 'Timeline', 'Controls'];

describe('App', () => {
  it.each(REGIONS)('has a landmark region named %s', (name) => {
    render(<App />);
    expect(screen.getByRole('region', { name })).toBeTruthy();
  });

  it('has exactly the six regions, in reading order', () => {
    render(<App />);
    const names = screen.getAllByRole('region').map((r) => r.getAttribute('aria-labelledby'));
    const titles = names.map((id) => (id ? document.getElementById(id)?.textContent : null));
    expect(titles).toEqual(REGIONS);
  });

  it('shows the Kubernetes version once the worker answers', () => {
    render(<App />);
    const badge = screen.getByTestId('k8s-version');
    expect(badge.textContent).not.toContain('Kubernetes v');
    act(() => appStore.getState().workerReady('v1.36.3'));
    expect(badge.textContent).toBe('Kubernetes v1.36.3');
  });

  it('switches the theme with the header button', () => {
    render(<App />);
    act(() => screen.getByRole('button', { name: 'Switch to dark theme' }).click());
    expect(appStore.getState().themeChoice).toBe('dark');
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeTruthy();
  });
});
