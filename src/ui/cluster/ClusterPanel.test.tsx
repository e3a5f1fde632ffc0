// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appStore } from '../../state/store.ts';
import { midRollout, NEW_RS, OLD_RS } from '../testing/fixtures.ts';
import { renderWithStore, resetStore } from '../testing/renderWithStore.tsx';
import { ClusterPanel } from './ClusterPanel.tsx';
import type { PodView } from '../../worker/clusterViews.ts';

vi.mock('../../state/actions.ts', async () => {
  const { pods, podDetail } = await import('../testing/fixtures.ts');
  return {
    restartWorker: vi.fn(async () => {}),
    objectYaml: vi.fn(async () => 'kind: Pod'),
    podLogs: vi.fn(async (_name: string, previous: boolean) =>
      previous
        ? 'Error from server (BadRequest): previous terminated container "nginx" in pod "p" not found'
        : '/docker-entrypoint.sh: Configuration complete; ready for start up',
    ),
    podDetails: vi.fn(async (name: string) => {
      const p = pods.find((x) => `${x.namespace}/${x.name}` === name);
      if (!p) return null;
      // The old pods are serving-terminating endpoints of a Service web (DESIGN.md §15).
      return name.includes('-old')
        ? {
            ...podDetail(p),
            endpoint: {
              state: 'serving-terminating',
              service: 'default/web',
              why: {
                fn: 'podToEndpoint',
                key: 'servingTerminating',
                values: {
                  pod: p.name,
                  service: 'default/web',
                  slice: 'web-abc12',
                  ready: false,
                  serving: true,
                  terminating: true,
                },
                text: `pod ${p.name} is serving but terminating in default/web (slice web-abc12): …`,
              },
            },
          }
        : podDetail(p);
    }),
  };
});
const actions = await import('../../state/actions.ts');

afterEach(() => {
  cleanup();
  resetStore();
});

describe('ClusterPanel', () => {
  it('says what it will show before a scenario runs', () => {
    renderWithStore(<ClusterPanel />);
    expect(screen.getByRole('region', { name: 'Cluster' }).textContent).toContain('No workload loaded');
  });

  it('says it is loading while a scenario loads', () => {
    renderWithStore(<ClusterPanel />, { simStatus: 'loading' });
    expect(screen.getByRole('status').textContent).toBe('Loading…');
  });

  it('shows the engine error instead of stale pods, with a Restart button', () => {
    renderWithStore(<ClusterPanel />, {
      ...midRollout(),
      simStatus: 'error',
      simError: { message: 'boom in syncDeployment', tick: 58 },
    });
    expect(screen.getByRole('alert').textContent).toContain('boom in syncDeployment');
    expect(screen.queryAllByTestId('pod')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Restart the simulation' }));
    expect(actions.restartWorker).toHaveBeenCalledOnce();
  });

  it('counts terminating pods apart in the header, and says nothing of them when there are none', () => {
    const data = midRollout();
    renderWithStore(<ClusterPanel />, data);
    // 15 pods, one of them Terminating: it is not counted as a running one.
    expect(screen.getByTestId('cluster-summary').textContent).toBe('3 nodes · 14 pods · 1 terminating');
    act(() =>
      appStore
        .getState()
        .simUpdate({ pods: (data.pods ?? []).filter((p) => p.phase !== 'Terminating'), podCount: 14 }),
    );
    expect(screen.getByTestId('cluster-summary').textContent).toBe('3 nodes · 14 pods');
  });

  it('draws each node with its pod count and its pods with the DESIGN §7 attributes', () => {
    renderWithStore(<ClusterPanel />, midRollout());
    const nodes = screen.getAllByTestId('node');
    expect(nodes.map((n) => [n.dataset.nodeName, n.dataset.podCount])).toEqual([
      ['node-1', '5'],
      ['node-2', '5'],
      ['node-3', '4'],
    ]);
    for (const node of nodes) {
      const chips = within(node).getAllByTestId('pod');
      expect(chips).toHaveLength(Number(node.dataset.podCount));
      for (const chip of chips) expect(chip.dataset.nodeName).toBe(node.dataset.nodeName);
    }
    const chip = screen.getAllByTestId('pod').find((c) => c.dataset.podName === `${NEW_RS}-new3`);
    expect(chip?.dataset).toMatchObject({ phase: 'RunningNotReady', revision: '2' });
    expect(chip?.getAttribute('aria-label')).toBe(`Pod ${NEW_RS}-new3, Running, not Ready, revision 2`);
  });

  it('orders a node’s pods old revision first', () => {
    renderWithStore(<ClusterPanel />, midRollout());
    const node = screen.getAllByTestId('node')[1] as HTMLElement;
    const revisions = within(node)
      .getAllByTestId('pod')
      .map((c) => c.dataset.revision);
    expect(revisions).toEqual([...revisions].sort());
  });

  it('marks NotReady and cordoned nodes', () => {
    renderWithStore(<ClusterPanel />, midRollout());
    const [, cordoned, notReady] = screen.getAllByTestId('node') as [HTMLElement, HTMLElement, HTMLElement];
    expect(cordoned.textContent).toContain('SchedulingDisabled');
    expect(cordoned.textContent).toContain('1 taint');
    expect(notReady.textContent).toContain('NotReady');
  });

  it('puts unscheduled pods in the Pending (unscheduled) tray', () => {
    renderWithStore(<ClusterPanel />, midRollout());
    const tray = screen.getByTestId('unscheduled-tray');
    expect(
      within(tray)
        .getAllByTestId('pod')
        .map((c) => c.dataset.podName),
    ).toEqual([`${NEW_RS}-pend0`]);
  });

  it('opens a pod’s details with its labels and conditions, and Escape closes them back to the chip', async () => {
    renderWithStore(<ClusterPanel />, midRollout());
    const chip = screen
      .getAllByTestId('pod')
      .find((c) => c.dataset.podName === `${OLD_RS}-old0`) as HTMLElement;
    fireEvent.click(chip);
    const dialog = await screen.findByRole('dialog', { name: `${OLD_RS}-old0` });
    // The details are asked for in an effect after the dialog renders.
    await waitFor(() => expect(actions.podDetails).toHaveBeenCalledWith(`default/${OLD_RS}-old0`));
    await waitFor(() => expect(dialog.textContent).toContain(`pod-template-hash=${OLD_RS.slice(-10)}`));
    // Each condition is a row of its own: type, status and time in separate cells, never run together.
    const rows = within(within(dialog).getByTestId('pod-conditions')).getAllByRole('row').slice(1);
    expect(rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent))).toEqual([
      ['PodScheduled', 'True', '30.6 s'],
      ['Ready', 'True', '31.2 s'],
    ]);
    expect(within(dialog).getByRole('rowheader', { name: 'PodScheduled' })).toBeTruthy();
    // The log is open, as `kubectl logs` prints it; --previous is read only once unfolded.
    await waitFor(() =>
      expect(within(dialog).getByRole('log', { name: 'Logs' }).textContent).toBe(
        '/docker-entrypoint.sh: Configuration complete; ready for start up',
      ),
    );
    expect(actions.podLogs).toHaveBeenCalledWith(`default/${OLD_RS}-old0`, false);
    expect(actions.podLogs).not.toHaveBeenCalledWith(`default/${OLD_RS}-old0`, true);
    expect(chip.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(chip);
  });

  it('says a pod of its own has no owner, and that nothing makes it again', async () => {
    const data = midRollout();
    const first = data.pods?.[0] as PodView;
    const solo: PodView = { ...first, name: 'solo', owner: '', workload: '', revision: 0 };
    renderWithStore(<ClusterPanel />, {
      ...data,
      pods: [...(data.pods ?? []), solo],
      podCount: (data.podCount ?? 0) + 1,
    });
    fireEvent.click(screen.getAllByTestId('pod').find((c) => c.dataset.podName === 'solo') as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'solo' });
    expect(dialog.textContent).toContain(
      'Ownernone: no controller owns this pod, and nothing makes it again when it goes',
    );
    expect(dialog.textContent).not.toContain('(rev 0)');
  });

  it('says in a pod’s details where it stands as an endpoint, and why, in the Explain panel’s words', async () => {
    const open = async (language: 'en' | 'zh-CN') => {
      renderWithStore(<ClusterPanel />, midRollout(), language);
      fireEvent.click(
        screen.getAllByTestId('pod').find((c) => c.dataset.podName === `${OLD_RS}-old0`) as HTMLElement,
      );
      return screen.findByTestId('pod-endpoint', {}, { timeout: 5000 });
    };
    const endpoint = await open('en');
    expect(endpoint.dataset.state).toBe('serving-terminating');
    expect(endpoint.textContent).toMatch(/^serving-terminating \(default\/web\)/);
    expect(screen.getByTestId('pod-endpoint-why').textContent).toMatch(
      /serving but terminating in default\/web \(slice web-abc12\)/,
    );
    cleanup();
    resetStore();
    await open('zh-CN');
    const why = screen.getByTestId('pod-endpoint-why').textContent;
    expect(why).toContain('web-abc12');
    expect(why).toMatch(/serving 且 terminating/);
  });

  it('shows no endpoint for a pod no Service selects', async () => {
    renderWithStore(<ClusterPanel />, midRollout());
    fireEvent.click(
      screen.getAllByTestId('pod').find((c) => c.dataset.podName?.startsWith(NEW_RS)) as HTMLElement,
    );
    await screen.findByTestId('pod-conditions');
    expect(screen.queryByTestId('pod-endpoint')).toBeNull();
  });

  it.each([
    ['en', 'ready', ', endpoint ready', 'Endpoints'],
    ['en', 'serving-terminating', ', endpoint serving-terminating', 'Endpoints'],
    ['en', 'none', ', endpoint none', 'Endpoints'],
    ['zh-CN', 'serving-terminating', '，端点 serving-terminating（终止中仍在服务）', '端点'],
  ] as const)(
    'names a chip’s endpoint badge (%s, %s) and lists the badges in the legend',
    (lang, state, words, legend) => {
      const base = midRollout();
      const pods = (base.pods ?? []).map((p, i) => (i === 0 ? { ...p, endpointState: state } : p));
      renderWithStore(<ClusterPanel />, { ...base, pods }, lang);
      const chip = screen.getAllByTestId('pod').find((c) => c.dataset.podName === pods[0]?.name);
      expect(chip?.dataset.endpoint).toBe(state);
      expect(chip?.getAttribute('aria-label')?.endsWith(words)).toBe(true);
      expect(screen.getByRole('list', { name: legend }).querySelectorAll('[data-endpoint]')).toHaveLength(3);
    },
  );

  it('shows no badge and no Endpoints legend when no Service selects the pods', () => {
    renderWithStore(<ClusterPanel />, midRollout());
    expect(screen.getAllByTestId('pod').some((c) => c.dataset.endpoint !== undefined)).toBe(false);
    expect(screen.queryByRole('list', { name: 'Endpoints' })).toBeNull();
  });

  it('says when the selected pod is gone at this tick', async () => {
    renderWithStore(<ClusterPanel />, midRollout());
    act(() => appStore.getState().selectPod('gone-pod'));
    expect((await screen.findByRole('dialog')).textContent).toContain('This pod does not exist at tick 57.');
  });

  it('lists the revisions in the legend, newest first', () => {
    renderWithStore(<ClusterPanel />, midRollout());
    const legend = screen.getByRole('list', { name: 'Revisions' });
    expect(legend.textContent).toBe('nginx-deployment-roll01rev 2 (newest)nginx-deployment-roll01rev 1');
  });

  it('paints hundreds of pods under bare buttons that keep the DESIGN §7 attributes', async () => {
    const base = midRollout();
    const model = (base.pods ?? []).filter((p) => p.node !== null);
    const pods = Array.from({ length: 420 }, (_, i) => {
      const pod = model[i % model.length];
      if (!pod) throw new Error('fixture has no scheduled pods');
      return { ...pod, name: `${pod.name}-${i}` };
    });
    renderWithStore(<ClusterPanel />, { ...base, pods, podCount: pods.length });
    const chips = screen.getAllByTestId('pod');
    expect(chips).toHaveLength(420);
    expect(
      chips.every((c) => c.classList.contains('pod-cell') && c.dataset.phase && c.dataset.revision),
    ).toBe(true);
    const node = screen.getAllByTestId('node')[0] as HTMLElement;
    expect(node.querySelectorAll('canvas')).toHaveLength(1);
    expect(node.querySelector('canvas')?.parentElement?.getAttribute('aria-hidden')).toBe('true');
    fireEvent.click(chips[0] as HTMLElement);
    expect(await screen.findByRole('dialog', { name: chips[0]?.dataset.podName })).toBeTruthy();
  });

  it('draws styled chips, no canvas, up to 300 pods', () => {
    renderWithStore(<ClusterPanel />, midRollout());
    expect(screen.getAllByTestId('pod').every((c) => c.classList.contains('pod-chip'))).toBe(true);
    expect(screen.getByRole('region', { name: 'Cluster' }).querySelector('canvas')).toBeNull();
  });

  it('speaks Simplified Chinese', () => {
    renderWithStore(<ClusterPanel />, midRollout(), 'zh-CN');
    expect(screen.getByRole('region', { name: '集群' }).textContent).toContain(
      '3 个节点 · 14 个 Pod · 1 个正在终止',
    );
    expect(screen.getByTestId('unscheduled-tray').textContent).toContain('Pending（未调度）');
  });
});
