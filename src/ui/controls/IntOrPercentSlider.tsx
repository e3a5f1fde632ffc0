import { useId } from 'react';
import { useT } from '../common/useT.ts';
import { type IntOrPercent, percentOf } from './resolve.ts';

interface IntOrPercentSliderProps {
  /** The accessible name and label (DESIGN.md §7): `maxSurge`, `maxUnavailable`. */
  name: string;
  value: IntOrPercent;
  /** Upper bound of the integer scale. */
  maxInt: number;
  /** The total a percent resolves against (replicas, or the DaemonSet's desired nodes). */
  total: number;
  disabled?: boolean;
  onChange(value: IntOrPercent): void;
  /** The range input's onPointerDown (holdWhileDragging: one change sent when the drag ends). */
  onPointerDown?(): void;
}

/** IntOrPercentSlider edits an int-or-percent field with a slider and an integer/percent toggle. */
export function IntOrPercentSlider({
  name,
  value,
  maxInt,
  total,
  disabled = false,
  onChange,
  onPointerDown,
}: IntOrPercentSliderProps) {
  const t = useT();
  const id = useId();
  const pct = percentOf(value);
  const isPercent = pct !== null;
  const n = isPercent ? pct : typeof value === 'number' ? value : 0;
  const max = isPercent ? 100 : Math.max(maxInt, n);
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
        step={1}
        value={n}
        disabled={disabled}
        aria-valuetext={isPercent ? `${n}%` : String(n)}
        onChange={(e) => onChange(isPercent ? `${e.target.value}%` : Number(e.target.value))}
        onPointerDown={onPointerDown}
        className="min-w-0 accent-accent"
      />
      <span className="flex items-center gap-1">
        <output htmlFor={id} className="w-11 text-right font-mono text-sm tabular-nums">
          {isPercent ? `${n}%` : n}
        </output>
        <button
          type="button"
          disabled={disabled}
          aria-pressed={isPercent}
          aria-label={t('controls.percentToggle', { name })}
          title={t('controls.percentToggle', { name })}
          onClick={() =>
            onChange(
              isPercent
                ? Math.round((n * total) / 100)
                : `${total > 0 ? Math.min(100, Math.round((n * 100) / total)) : 0}%`,
            )
          }
          className="h-6 w-7 rounded border border-slate-300 text-xs aria-pressed:bg-slate-800 aria-pressed:text-white focus-visible:outline-2 focus-visible:outline-accent disabled:opacity-40 dark:border-slate-600 dark:aria-pressed:bg-slate-200 dark:aria-pressed:text-slate-900"
        >
          %
        </button>
      </span>
    </div>
  );
}
