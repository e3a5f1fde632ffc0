import {
  addVariantFromCurrent,
  comparePause,
  comparePlay,
  compareSeek,
  compareSetSpeed,
} from '../../state/compareActions.ts';
import { MAX_COMPARE_VARIANTS } from '../../worker/compareProtocol.ts';
import { useAppStore } from '../../state/hooks.ts';
import type { AppState } from '../../state/store.ts';
import { useT } from '../common/useT.ts';
import { seconds } from './format.ts';

const timeOf = (s: AppState) => s.compareTime;
const endOf = (s: AppState) => s.compareEndTime;
const playingOf = (s: AppState) => s.comparePlaying;
const speedOf = (s: AppState) => s.compareSpeed;
const countOf = (s: AppState) => s.compareVariants.length;

const BUTTON =
  'inline-flex h-8 items-center justify-center gap-1 rounded-md border border-slate-300 px-2 text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent disabled:opacity-40 dark:border-slate-600 dark:hover:bg-slate-800';

/** The speeds compare offers (virtual seconds per real second). */
export const COMPARE_SPEEDS = [0.5, 1, 2, 5, 10, 30] as const;

/** CompareToolbar: add a variant, and the shared clock's Play/Pause, position slider and speed. */
export function CompareToolbar() {
  const t = useT();
  const time = useAppStore(timeOf);
  const end = useAppStore(endOf);
  const playing = useAppStore(playingOf);
  const speed = useAppStore(speedOf);
  const count = useAppStore(countOf);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        className={`${BUTTON} font-medium`}
        onClick={() => void addVariantFromCurrent()}
        disabled={count >= MAX_COMPARE_VARIANTS}
        // A disabled button says nothing by itself: the full compare names its limit.
        title={
          count >= MAX_COMPARE_VARIANTS ? t('compare.view.full', { max: MAX_COMPARE_VARIANTS }) : undefined
        }
      >
        {t('compare.view.add')}
      </button>
      <button
        type="button"
        className={`${BUTTON} w-24 font-medium`}
        onClick={() => (playing ? comparePause() : comparePlay())}
        disabled={count === 0}
      >
        {playing ? t('timeline.pause') : t('timeline.play')}
      </button>
      <input
        type="range"
        aria-label={t('compare.view.position')}
        className="min-w-40 flex-1 accent-accent"
        min={0}
        max={Math.max(end, 1)}
        step={0.1}
        value={Math.min(time, Math.max(end, 1))}
        aria-valuetext={t('compare.view.positionText', { time: seconds(time) })}
        onChange={(e) => compareSeek(Number(e.target.value))}
        disabled={count === 0}
      />
      <span className="font-mono text-xs tabular-nums">
        {t('compare.view.clock', { time: seconds(time), end: seconds(end) })}
      </span>
      <label className="flex items-center gap-1 text-sm">
        {t('timeline.speed')}
        <select
          className="h-8 rounded-md border border-slate-300 bg-white px-1 dark:border-slate-600 dark:bg-slate-900"
          value={speed}
          onChange={(e) => compareSetSpeed(Number(e.target.value))}
        >
          {COMPARE_SPEEDS.map((s) => (
            <option key={s} value={s}>
              {`${s}×`}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
