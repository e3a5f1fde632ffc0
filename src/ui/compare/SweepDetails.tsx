import { useState } from 'react';
import { variantLabel } from '../../scenario/variantFields.ts';
import { compareVariant, openVariant } from '../../state/sweepActions.ts';
import type { SweepCell } from '../../state/sweepGrid.ts';
import { useT } from '../common/useT.ts';
import { cellText } from './cellText.ts';
import type { SweepSetup } from '../../state/sweepGrid.ts';

const BUTTON =
  'inline-flex h-8 items-center rounded-md border border-slate-300 px-3 text-sm hover:bg-slate-100 disabled:opacity-40 dark:border-slate-600 dark:hover:bg-slate-800';

/** SweepDetails: the picked cell's figures, and the buttons that open it or add it to Compare. */
export function SweepDetails({ setup, cell }: { setup: SweepSetup; cell: SweepCell | null }) {
  const t = useT();
  const [problem, setProblem] = useState<string | null>(null);
  if (!cell) return <p className="text-sm text-slate-600 dark:text-slate-400">{t('compare.sweep.pick')}</p>;
  const act = async (f: () => Promise<string | null>) => setProblem(await f());
  return (
    <section
      aria-label={t('compare.sweep.cell')}
      data-testid="sweep-details"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md bg-slate-100 px-2 py-1.5 text-sm dark:bg-slate-800"
    >
      <span className="font-mono font-semibold">{variantLabel(cell.variant)}</span>
      {cell.error === null ? (
        <>
          <span>{cellText(t, setup, cell, 'duration').replace(/^[^:]*: /, '')}</span>
          <span>{cellText(t, setup, cell, 'minAvailable').replace(/^[^:]*: /, '')}</span>
          {cell.errors !== null ? (
            <span>{cellText(t, setup, cell, 'errors').replace(/^[^:]*: /, '')}</span>
          ) : null}
        </>
      ) : (
        <span className="text-vermillion-ink dark:text-orange">{cell.error}</span>
      )}
      <span className="ml-auto flex gap-2">
        <button
          type="button"
          className={BUTTON}
          disabled={cell.error !== null}
          onClick={() => void act(() => openVariant(cell.variant))}
        >
          {t('compare.sweep.open')}
        </button>
        <button
          type="button"
          className={BUTTON}
          disabled={cell.error !== null}
          onClick={() => void act(() => compareVariant(cell.variant))}
        >
          {t('compare.sweep.addToCompare')}
        </button>
      </span>
      {problem ? (
        <p role="alert" className="w-full text-vermillion-ink dark:text-orange">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
