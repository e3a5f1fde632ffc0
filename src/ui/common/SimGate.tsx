import type { ReactNode } from 'react';
import { restartWorker } from '../../state/actions.ts';
import { useAppStore } from '../../state/hooks.ts';
import { simErrorSelector, simStatusSelector } from '../../state/selectors.ts';
import { EmptyState } from './EmptyState.tsx';
import { useT } from './useT.ts';

interface SimGateProps {
  /** What the panel shows before a scenario runs (its empty state). */
  emptyTitle: string;
  emptyText: ReactNode;
  /** Whether the panel has something to show once ready (false → the empty state). */
  hasData: boolean;
  /** The panel that shows the error in full with the Restart button (the others say it briefly). */
  primary?: boolean;
  children: ReactNode;
}

/**
 * SimGate shows a panel's content only when the simulation can back it: the empty state before a
 * scenario runs, "Loading…" while one loads, and the engine's error (never stale data) when it
 * failed, with a Restart button.
 */
export function SimGate({ emptyTitle, emptyText, hasData, primary = false, children }: SimGateProps) {
  const t = useT();
  const status = useAppStore(simStatusSelector);
  const error = useAppStore(simErrorSelector);
  if (status === 'error' && !primary) {
    return <p className="text-sm text-slate-600 dark:text-slate-400">{t('sim.stopped')}</p>;
  }
  if (status === 'error') {
    return (
      <div role="alert" className="flex h-full flex-col items-center justify-center gap-2 text-center">
        <p className="font-medium text-red-700 dark:text-red-300">{t('sim.errorTitle')}</p>
        <p className="max-w-md font-mono text-sm break-words text-slate-700 dark:text-slate-300">
          {error?.message ?? ''}
          {error?.tick != null ? ` (${t('sim.atTick', { tick: error.tick })})` : ''}
        </p>
        <button
          type="button"
          onClick={() => void restartWorker()}
          className="rounded-md border border-slate-400 px-3 py-1 text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-accent dark:border-slate-500 dark:hover:bg-slate-800"
        >
          {t('sim.restart')}
        </button>
      </div>
    );
  }
  if (status === 'loading' && !hasData) {
    return (
      <p role="status" className="flex h-full items-center justify-center text-slate-600 dark:text-slate-400">
        {t('common.loading')}
      </p>
    );
  }
  if (!hasData) return <EmptyState title={emptyTitle}>{emptyText}</EmptyState>;
  return <>{children}</>;
}
