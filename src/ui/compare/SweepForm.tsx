import { useEffect } from 'react';
import type { SweepField } from '../../scenario/variantFields.ts';
import { useAppStore } from '../../state/hooks.ts';
import { cancelSweep, runSweep, setSweepForm } from '../../state/sweepActions.ts';
import { MAX_SEEDS, percentValues } from '../../state/sweepGrid.ts';
import { statefulSetSweepForm, sweepFieldsFor } from './sweepFields.ts';
import type { AppState } from '../../state/store.ts';
import { initialSweepForm } from '../../state/sweepSlice.ts';
import { useT } from '../common/useT.ts';

const formOf = (s: AppState) => s.sweepForm;
const statusOf = (s: AppState) => s.sweepStatus;
/** The scenario's workload kinds, as one string (a stable selector result). */
const kindsOf = (s: AppState) => s.scenarioWorkloads.map((w) => w.kind).join(',');
const firstReplicasOf = (s: AppState) => s.scenarioWorkloads[0]?.replicas ?? 3;

const INPUT =
  'h-8 rounded-md border border-slate-300 bg-white px-1.5 text-sm dark:border-slate-600 dark:bg-slate-900';
const BUTTON =
  'inline-flex h-8 items-center rounded-md border border-slate-300 px-3 text-sm font-medium hover:bg-slate-100 disabled:opacity-40 dark:border-slate-600 dark:hover:bg-slate-800';

/** Steps offered for a percentage field: each fills the values 0% … 100%. */
const STEPS = [5, 10, 20, 25, 50] as const;
const PERCENT: readonly SweepField[] = ['maxSurge', 'maxUnavailable'];

/** SweepForm: the two fields with their values (or a step for percentages), seeds, Run and Cancel. */
export function SweepForm() {
  const t = useT();
  const form = useAppStore(formOf);
  const status = useAppStore(statusOf);
  const running = status === 'running';
  const kinds = useAppStore(kindsOf);
  const replicas = useAppStore(firstReplicasOf);
  const fields = sweepFieldsFor(kinds === '' ? [] : kinds.split(','));
  const offered = fields.includes(form.xField) && fields.includes(form.yField);
  const statefulOnly = !fields.includes('maxSurge');
  // A StatefulSet scenario has no maxSurge to sweep: start from partition × minReadySeconds (and
  // back to maxSurge × maxUnavailable for a scenario without one).
  useEffect(() => {
    if (!offered) setSweepForm(statefulOnly ? statefulSetSweepForm(replicas) : initialSweepForm());
  }, [offered, statefulOnly, replicas]);
  const axis = (which: 'x' | 'y') => {
    const field = which === 'x' ? form.xField : form.yField;
    const values = which === 'x' ? form.xValues : form.yValues;
    const name = t(`compare.sweep.${which}`);
    return (
      <fieldset className="flex flex-wrap items-center gap-1.5">
        <legend className="sr-only">{name}</legend>
        <label className="flex items-center gap-1 text-sm">
          <span className="font-semibold">{name}</span>
          <select
            className={INPUT}
            value={field}
            aria-label={t('compare.sweep.field', { axis: name })}
            onChange={(e) => setSweepForm({ [`${which}Field`]: e.target.value as SweepField })}
          >
            {fields.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </select>
        </label>
        <input
          className={`${INPUT} w-64 font-mono`}
          aria-label={t('compare.sweep.values', { axis: name })}
          value={values}
          onChange={(e) => setSweepForm({ [`${which}Values`]: e.target.value })}
        />
        {PERCENT.includes(field) ? (
          <select
            className={INPUT}
            aria-label={t('compare.sweep.step', { axis: name })}
            value=""
            onChange={(e) =>
              e.target.value && setSweepForm({ [`${which}Values`]: percentValues(Number(e.target.value)) })
            }
          >
            <option value="">{t('compare.sweep.stepPick')}</option>
            {STEPS.map((s) => (
              <option key={s} value={s}>
                {t('compare.sweep.stepOption', { step: s })}
              </option>
            ))}
          </select>
        ) : null}
      </fieldset>
    );
  };
  return (
    <form
      className="flex flex-wrap items-center gap-x-4 gap-y-1.5"
      onSubmit={(e) => {
        e.preventDefault();
        void runSweep();
      }}
    >
      {axis('x')}
      {axis('y')}
      <label className="flex items-center gap-1 text-sm">
        {t('compare.sweep.seeds')}
        <input
          type="number"
          min={1}
          max={MAX_SEEDS}
          className={`${INPUT} w-14`}
          value={form.seeds}
          onChange={(e) => setSweepForm({ seeds: Number(e.target.value) })}
        />
      </label>
      <button
        type="submit"
        className={`${BUTTON} bg-accent text-white hover:bg-accent/90 dark:text-slate-950`}
        disabled={running}
      >
        {t('compare.sweep.run')}
      </button>
      <button type="button" className={BUTTON} disabled={!running} onClick={() => cancelSweep()}>
        {t('compare.sweep.cancel')}
      </button>
    </form>
  );
}
