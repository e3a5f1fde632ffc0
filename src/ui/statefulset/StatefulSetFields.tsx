import { useId } from 'react';
import { objectRef, type WorkloadView } from '../../worker/protocol.ts';
import { useT } from '../common/useT.ts';
import { FieldError, NumberField } from '../controls/NumberField.tsx';
import { holdWhileDragging, useFieldDraft } from '../controls/useFieldDraft.ts';
import { useStsT } from './i18n.ts';

const SELECT =
  'rounded border border-slate-300 bg-white px-1 py-0.5 text-sm disabled:cursor-not-allowed disabled:opacity-70 dark:border-slate-600 dark:bg-slate-800';
const HELP = 'rounded bg-slate-100 px-2 py-1 text-xs dark:bg-slate-800';

interface Props {
  workload: WorkloadView;
  /** Tick 0: the edits change the manifest, and podManagementPolicy may still change. */
  beforeRun: boolean;
}

/**
 * StatefulSetFields edits a StatefulSet: its update strategy, replicas, partition (RollingUpdate
 * only), podManagementPolicy (before the run only: the API server forbids changing it once the
 * set exists) and minReadySeconds / revisionHistoryLimit.
 */
export function StatefulSetFields({ workload: w, beforeRun }: Props) {
  const t = useT();
  const ts = useStsT();
  const ids = useId();
  const ref = objectRef(w);
  const x = w.statefulSet;
  const strategy = useFieldDraft(ref, 'strategy', w.strategy);
  const replicas = useFieldDraft(ref, 'replicas', w.replicas);
  const partition = useFieldDraft(ref, 'partition', x?.partition ?? 0);
  const policy = useFieldDraft(ref, 'podManagementPolicy', x?.podManagementPolicy ?? 'OrderedReady');
  const rolling = strategy.value === 'RollingUpdate';
  const below = Math.min(partition.value, replicas.value);
  const maxReplicas = Math.max(10, w.replicas * 2);
  return (
    <div data-statefulset-fields className="flex flex-col gap-1.5">
      <label className="flex items-center gap-2 text-sm">
        <span className="w-28">{t('controls.strategy')}</span>
        <select value={strategy.value} onChange={(e) => strategy.change(e.target.value)} className={SELECT}>
          {['RollingUpdate', 'OnDelete'].map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      <FieldError message={strategy.error} />
      <Slider
        id={`${ids}-replicas`}
        name="replicas"
        value={replicas.value}
        max={maxReplicas}
        onChange={replicas.change}
        onPointerDown={holdWhileDragging(replicas)}
      />
      <FieldError message={replicas.error} />
      {rolling ? (
        <>
          <Slider
            id={`${ids}-partition`}
            name="partition"
            value={partition.value}
            max={Math.max(replicas.value, partition.value)}
            onChange={partition.change}
            onPointerDown={holdWhileDragging(partition)}
          />
          <FieldError message={partition.error} />
          <p data-testid="partition-help" aria-live="polite" className={HELP}>
            {partition.value > 0
              ? ts('controls.partitionHelp', { partition: partition.value, below })
              : ts('controls.partitionAll')}
          </p>
        </>
      ) : null}
      {/* Name and choice on one row, as Strategy's: at 1280×720 the row under it held the choice under the console. */}
      <label className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-sm">
        <span className="font-mono text-sm">podManagementPolicy</span>
        <select
          value={policy.value}
          disabled={!beforeRun}
          aria-describedby={`${ids}-policy`}
          onChange={(e) => policy.change(e.target.value)}
          className={SELECT}
        >
          {['OrderedReady', 'Parallel'].map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      <p
        id={`${ids}-policy`}
        data-testid="policy-help"
        className="text-xs text-slate-700 dark:text-slate-300"
      >
        {beforeRun
          ? ts(`controls.policyHelp.${policy.value === 'Parallel' ? 'Parallel' : 'OrderedReady'}`)
          : ts('controls.policyLocked')}
      </p>
      <FieldError message={policy.error} />
      <div className="flex flex-wrap gap-x-3 gap-y-1">
        <NumberField workload={ref} field="minReadySeconds" value={w.minReadySeconds} />
        <NumberField workload={ref} field="revisionHistoryLimit" value={w.revisionHistoryLimit} />
      </div>
    </div>
  );
}

interface SliderProps {
  id: string;
  name: string;
  value: number;
  max: number;
  onChange(v: number): void;
  /** holdWhileDragging: one change sent when the drag ends. */
  onPointerDown(): void;
}

/** Slider: a whole-number range input named by its field (DESIGN.md §7: the slider `replicas`). */
function Slider({ id, name, value, max, onChange, onPointerDown }: SliderProps) {
  return (
    <div className="grid grid-cols-[7.5rem_1fr_auto] items-center gap-2">
      <label htmlFor={id} className="font-mono text-sm">
        {name}
      </label>
      <input
        id={id}
        type="range"
        min={0}
        max={max}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
        onPointerDown={onPointerDown}
        className="min-w-0 accent-accent"
      />
      <output htmlFor={id} className="w-[4.75rem] pr-8 text-right font-mono text-sm tabular-nums">
        {value}
      </output>
    </div>
  );
}
