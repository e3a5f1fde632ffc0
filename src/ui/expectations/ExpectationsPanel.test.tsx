// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { appStore } from '../../state/store.ts';
import { midRollout } from '../testing/fixtures.ts';
import { renderWithStore, resetStore } from '../testing/renderWithStore.tsx';
import { ExpectationsPanel } from './ExpectationsPanel.tsx';

afterEach(() => {
  cleanup();
  resetStore();
});

describe('ExpectationsPanel', () => {
  it('says what it will show before a scenario runs', () => {
    renderWithStore(<ExpectationsPanel />);
    expect(screen.getByRole('region', { name: 'Expectations' }).textContent).toContain('Nothing pending');
  });

  it('explains expectations once, until dismissed', () => {
    renderWithStore(<ExpectationsPanel />, midRollout());
    expect(screen.getByText(/informer has not seen yet/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(appStore.getState().expectationsIntroSeen).toBe(true);
    expect(screen.queryByText(/informer has not seen yet/)).toBeNull();
  });

  it('shows each key’s add/del counters and whether they are satisfied', () => {
    renderWithStore(<ExpectationsPanel />, { ...midRollout(), expectationsIntroSeen: true });
    const rows = screen.getAllByTestId('expectation');
    expect(rows.map((r) => [r.dataset.satisfied, r.textContent])).toEqual([
      ['false', 'replicasetdefault/nginx-deployment-roll01-6b6d8bb7d502… waiting (0.0 s)'],
      ['true', 'replicasetdefault/nginx-deployment-roll01-58b9b8ff7900✓ satisfied'],
    ]);
  });

  it('lists the work queues with their retries', () => {
    renderWithStore(<ExpectationsPanel />, midRollout());
    const [deployment, replicaset] = screen.getAllByTestId('queue');
    expect(deployment?.textContent).toBe('deploymentdefault/nginx-deployment-roll01');
    expect(replicaset?.textContent).toBe(
      'replicasetemptydefault/nginx-deployment-roll01-6b6d8bb7d5 retried 2×',
    );
  });

  it('lists DaemonSet back-offs when there are some', () => {
    renderWithStore(<ExpectationsPanel />, {
      ...midRollout(),
      backoffs: [{ key: 'uid-1/2/node-3', node: 'node-3', delaySeconds: 20 }],
    });
    expect(screen.getByTestId('backoff').textContent).toBe('node-3: next try in 20 s (uid-1/2/node-3)');
  });

  it('says when no expectation is recorded', () => {
    renderWithStore(<ExpectationsPanel />, { ...midRollout(), expectations: [] });
    expect(screen.getByText('No expectations recorded.')).toBeTruthy();
  });
});
