import type { TFunction } from 'i18next';
import { objectRef, type WorkloadView } from '../../worker/protocol.ts';
import { useT } from '../common/useT.ts';
import { IntOrPercentSlider } from './IntOrPercentSlider.tsx';
import { FieldError, NumberField } from './NumberField.tsx';
import { type IntOrPercent, percentOf, resolveFenceposts } from './resolve.ts';
import { holdWhileDragging, useFieldDraft } from './useFieldDraft.ts';

const SELECT =
  'rounded border border-slate-300 bg-white px-1 py-0.5 text-sm dark:border-slate-600 dark:bg-slate-800';

/** StrategyFields edits the workload's strategy, replicas, maxSurge/maxUnavailable and timings. */
export function StrategyFields({
  workload: w,
}: {
  workload: WorkloadView & { kind: 'Deployment' | 'DaemonSet' };
}) {
  const t = useT();
  const isDeploy = w.kind === 'Deployment';
  // The namespace travels with the name: a workload in `payments` is `payments/checkout-api`.
  const ref = objectRef(w);
  const strategy = useFieldDraft(ref, 'strategy', w.strategy);
  const replicas = useFieldDraft(ref, 'replicas', w.replicas);
  const surge = useFieldDraft<IntOrPercent>(ref, 'maxSurge', w.maxSurge ?? 0);
  const unavailable = useFieldDraft<IntOrPercent>(ref, 'maxUnavailable', w.maxUnavailable ?? 0);
  const rolling = strategy.value === 'RollingUpdate';
  const total = isDeploy ? replicas.value : w.replicas;
  const drafting = surge.pending || unavailable.pending || replicas.pending;
  const fp = drafting
    ? resolveFenceposts(w.kind, surge.value, unavailable.value, total)
    : { surge: w.resolvedSurge, unavailable: w.resolvedUnavailable, bumped: false };
  const maxInt = Math.max(10, total);

  return (
    <div className="flex flex-col gap-1.5">
      <label className="flex items-center gap-2 text-sm">
        <span className="w-28">{t('controls.strategy')}</span>
        <select value={strategy.value} onChange={(e) => strategy.change(e.target.value)} className={SELECT}>
          {(isDeploy ? ['RollingUpdate', 'Recreate'] : ['RollingUpdate', 'OnDelete']).map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      <FieldError message={strategy.error} />
      {isDeploy ? (
        <>
          <div className="grid grid-cols-[7.5rem_1fr_auto] items-center gap-2">
            <label htmlFor={`${w.name}-replicas`} className="font-mono text-sm">
              replicas
            </label>
            <input
              id={`${w.name}-replicas`}
              type="range"
              min={0}
              max={Math.max(20, w.replicas * 2)}
              value={replicas.value}
              onChange={(e) => replicas.change(Number(e.target.value))}
              onPointerDown={holdWhileDragging(replicas)}
              className="min-w-0 accent-accent"
            />
            <output className="w-[4.75rem] pr-8 text-right font-mono text-sm tabular-nums">
              {replicas.value}
            </output>
          </div>
          <FieldError message={replicas.error} />
        </>
      ) : null}
      {rolling ? (
        <>
          <IntOrPercentSlider
            name="maxSurge"
            value={surge.value}
            maxInt={maxInt}
            total={total}
            onChange={surge.change}
            onPointerDown={holdWhileDragging(surge)}
          />
          <FieldError message={surge.error} />
          <IntOrPercentSlider
            name="maxUnavailable"
            value={unavailable.value}
            maxInt={maxInt}
            total={total}
            onChange={unavailable.change}
            onPointerDown={holdWhileDragging(unavailable)}
          />
          <FieldError message={unavailable.error} />
          <p
            data-testid="resolved"
            aria-live="polite"
            className="rounded bg-slate-100 px-2 py-1 text-sm dark:bg-slate-800"
          >
            {resolvedText(t, w.kind, surge.value, unavailable.value, total, fp)}
          </p>
        </>
      ) : null}
      <div className="flex flex-wrap gap-x-3 gap-y-1">
        <NumberField workload={ref} field="minReadySeconds" value={w.minReadySeconds} />
        {isDeploy ? (
          <NumberField
            workload={ref}
            field="progressDeadlineSeconds"
            value={w.progressDeadlineSeconds ?? 600}
          />
        ) : null}
        <NumberField workload={ref} field="revisionHistoryLimit" value={w.revisionHistoryLimit} />
      </div>
    </div>
  );
}

type T = TFunction;

/** resolvedText spells the resolved numbers out: "25% of 10 → surge 3, rounded up; unavailable 2, rounded down". */
export function resolvedText(
  t: T,
  kind: 'Deployment' | 'DaemonSet',
  surge: IntOrPercent,
  unavailable: IntOrPercent,
  total: number,
  fp: { surge: number; unavailable: number; bumped: boolean },
): string {
  const sp = percentOf(surge);
  const up = percentOf(unavailable);
  const surgePart =
    sp === null
      ? t('controls.surgeInt', { n: fp.surge })
      : t('controls.surgePct', { pct: sp, total, n: fp.surge });
  const down = kind === 'Deployment' ? 'roundedDown' : 'roundedUp';
  const unavPart =
    up === null
      ? t('controls.unavailableInt', { n: fp.unavailable })
      : up === sp
        ? t(`controls.unavailableSame.${down}`, { n: fp.unavailable })
        : t(`controls.unavailablePct.${down}`, { pct: up, total, n: fp.unavailable });
  const bumped = fp.bumped ? ` ${t('controls.bumped')}` : '';
  return `${surgePart}${t('view.listJoin')}${unavPart}${bumped}`;
}
