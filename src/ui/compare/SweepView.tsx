import { useEffect, useMemo } from 'react';
import { useAppStore } from '../../state/hooks.ts';
import { warmSweep } from '../../state/sweepActions.ts';
import { sweepCells } from '../../state/sweepGrid.ts';
import type { AppState } from '../../state/store.ts';
import { useT } from '../common/useT.ts';
import { ViewFrame } from './ViewFrame.tsx';
import { seconds } from './format.ts';
import { Heatmap } from './Heatmap.tsx';
import { SweepDetails } from './SweepDetails.tsx';
import { SweepForm } from './SweepForm.tsx';

const runOf = (s: AppState) => s.sweepRun;
const linesOf = (s: AppState) => s.sweepLines;
const doneOf = (s: AppState) => s.sweepDone;
const statusOf = (s: AppState) => s.sweepStatus;
const messageOf = (s: AppState) => s.sweepMessage;
const selectedOf = (s: AppState) => s.sweepSelected;
const elapsedOf = (s: AppState) => s.sweepElapsedMs;

/**
 * SweepView: a grid of variants over two fields (default maxSurge × maxUnavailable), run on a pool
 * of workers with a progress bar and Cancel, drawn as two heatmaps — the rollout's duration and
 * its least-available pods — whose cells open a variant or add it to Compare.
 */
export function SweepView() {
  const t = useT();
  const run = useAppStore(runOf);
  const lines = useAppStore(linesOf);
  const done = useAppStore(doneOf);
  const status = useAppStore(statusOf);
  const message = useAppStore(messageOf);
  const selected = useAppStore(selectedOf);
  const elapsed = useAppStore(elapsedOf);
  useEffect(() => warmSweep(), []);
  const cells = useMemo(() => (run ? sweepCells(run.setup, lines) : []), [run, lines]);
  const picked = selected ? (cells.find((c) => c.xi === selected.xi && c.yi === selected.yi) ?? null) : null;
  return (
    <ViewFrame id="sweep-title" title={t('compare.sweep.title')} toolbar={<SweepForm />} message={message}>
      {run ? (
        <div className="flex items-center gap-2 text-sm">
          <progress
            aria-label={t('compare.sweep.progress')}
            className="h-2 w-64 accent-accent"
            max={run.tasks}
            value={done}
          />
          <span
            data-testid="sweep-status"
            data-status={status}
            data-elapsed-ms={elapsed ?? undefined}
            className="tabular-nums"
          >
            {t(`compare.sweep.status.${status}`, {
              done,
              total: run.tasks,
              seconds: elapsed === null ? '' : seconds(elapsed / 1000),
            })}
          </span>
        </div>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('compare.sweep.intro')}</p>
      )}
      {run ? (
        <>
          <div className="flex min-h-64 flex-1 flex-col gap-3 lg:flex-row">
            <Heatmap metric="duration" setup={run.setup} cells={cells} selected={selected} />
            <Heatmap metric="minAvailable" setup={run.setup} cells={cells} selected={selected} />
            {/* Coloured by errors too once traffic reached a rollout of the sweep (DESIGN.md §15). */}
            {cells.some((c) => c.errors !== null) ? (
              <Heatmap metric="errors" setup={run.setup} cells={cells} selected={selected} />
            ) : null}
          </div>
          <SweepDetails setup={run.setup} cell={picked} />
        </>
      ) : null}
    </ViewFrame>
  );
}
