// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { appStore } from '../state/store.ts';
import { App } from './App.tsx';

// The panel starts loading its chart (and d3) when it mounts; a test that ends first would leave
// that import running past the environment's teardown ("Cannot load d3.mjs after the environment
// was torn down" on a slower machine). Loaded once here, every later import is the cached module.
await import('../ui/timeline/TimelineChart.tsx');

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

  it('lays out the embedded page: the cluster and the timeline, no header menus, a link to the full app', () => {
    appStore.getState().setEmbed(true);
    render(<App />);
    const titles = screen
      .getAllByRole('region')
      .map((r) => document.getElementById(r.getAttribute('aria-labelledby') ?? '')?.textContent);
    expect(titles).toEqual(['Cluster', 'Timeline']);
    expect(screen.queryByRole('button', { name: 'Scenarios' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
    const link = screen.getByRole('link', { name: 'Open in Rollout Lab' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener');
  });

  it('opens the full app at the same tick and view from the embedded page, without &embed=1', () => {
    appStore.setState({ shareHash: '#v1.abc', tick: 42, explainFilter: 'kubelet', embed: true });
    render(<App />);
    const href = screen.getByRole('link', { name: 'Open in Rollout Lab' }).getAttribute('href') ?? '';
    expect(href).toMatch(/#v1\.abc&t=42&follow=kubelet$/);
    act(() => appStore.setState({ tick: 43 }));
    expect(screen.getByRole('link', { name: 'Open in Rollout Lab' }).getAttribute('href')).toMatch(/&t=43&/);
  });
});
