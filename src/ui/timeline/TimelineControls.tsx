import { useLayoutEffect, useRef } from 'react';
import { seekTick, setSpeed, stepBack, stepForward, togglePlay } from '../../state/actions.ts';
import { useAppStore } from '../../state/hooks.ts';
import {
  frameTickSelector,
  lastChangeTimeSelector,
  playingSelector,
  recordingNoteSelector,
  recordingSelector,
  scenarioRevisionSelector,
  speedSelector,
  tickSelector,
  timeSelector,
  totalTicksSelector,
} from '../../state/selectors.ts';
import { SPEEDS } from '../../state/simSlice.ts';
import { useT } from '../common/useT.ts';
import { BUTTON, Icon } from './buttons.tsx';
import { DecisionButtons } from './DecisionButtons.tsx';

/** TimelineControls: Play/Pause, Step back/forward, speed, and the `Timeline position` slider. */
export function TimelineControls() {
  const t = useT();
  const tick = useAppStore(tickSelector);
  const frameTick = useAppStore(frameTickSelector);
  const total = useAppStore(totalTicksSelector);
  const time = useAppStore(timeSelector);
  // The run's real end: its last change, not where recording stopped (600 s after the last action).
  const end = useAppStore(lastChangeTimeSelector);
  const playing = useAppStore(playingSelector);
  const speed = useAppStore(speedSelector);
  const recording = useAppStore(recordingSelector);
  const note = useAppStore(recordingNoteSelector);
  // Which scenario the state is about: a test that loads another one in the same page waits for it.
  const revision = useAppStore(scenarioRevisionSelector);
  const disabled = total === 0;
  const position = Math.min(tick, total);
  const range = useRef<HTMLInputElement>(null);
  // A new recording shrinks `max`, and the browser clamps the slider's value to it without React
  // knowing: when the clamped value equals the new position React writes nothing, keeps the old
  // value as the last one it saw, and then ignores a move back to exactly that value (a seek to 300
  // after an Undo from 300 did nothing). Writing the value each time keeps them in step.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `max` (total) is what clamps the value
  useLayoutEffect(() => {
    if (range.current) range.current.value = String(position);
  }, [position, total]);
  return (
    // play-bar: fixed to the bottom of the screen when the page scrolls (src/app/layout.css)
    <div className="play-bar flex flex-wrap items-center gap-2">
      <button
        type="button"
        className={`${BUTTON} w-24 font-medium`}
        onClick={() => togglePlay()}
        disabled={disabled}
        aria-keyshortcuts="Space"
      >
        <Icon d={playing ? 'M7 5h3v14H7zM14 5h3v14h-3z' : 'M8 5v14l11-7z'} />
        {playing ? t('timeline.pause') : t('timeline.play')}
      </button>
      <button
        type="button"
        className={BUTTON}
        onClick={() => stepBack()}
        disabled={disabled || tick <= 0}
        aria-label={t('timeline.stepBack')}
        title={t('timeline.stepBack')}
        aria-keyshortcuts="ArrowLeft"
      >
        <Icon d="M6 5h2v14H6zM20 5v14L9 12z" />
      </button>
      <button
        type="button"
        className={BUTTON}
        onClick={() => stepForward()}
        disabled={disabled}
        aria-label={t('timeline.stepForward')}
        title={t('timeline.stepForward')}
        aria-keyshortcuts="ArrowRight"
      >
        <Icon d="M16 5h2v14h-2zM4 5v14l11-7z" />
      </button>
      <DecisionButtons />
      <label className="flex items-center gap-1 text-sm">
        <span className="speed-label">{t('timeline.speed')}</span>
        <select
          value={speed}
          onChange={(e) => setSpeed(Number(e.target.value))}
          className="h-8 rounded-md border border-slate-300 bg-white px-1 dark:border-slate-600 dark:bg-slate-800"
        >
          {SPEEDS.map((s) => (
            <option key={s} value={s}>
              {s === 0 ? t('timeline.fastest') : `${s}×`}
            </option>
          ))}
        </select>
      </label>
      <input
        ref={range}
        type="range"
        min={0}
        max={total}
        step={1}
        value={position}
        disabled={disabled}
        onChange={(e) => seekTick(Number(e.target.value))}
        aria-label={t('timeline.position')}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={position}
        data-frame-tick={frameTick}
        aria-valuetext={t('timeline.positionText', { tick, total, time: time.toFixed(2) })}
        className="h-8 min-w-32 flex-1 accent-accent"
      />
      <output
        className="min-w-40 text-right font-mono text-xs whitespace-nowrap tabular-nums"
        aria-live="off"
      >
        {t(time > end && end > 0 ? 'timeline.readoutQuiet' : 'timeline.readout', {
          tick,
          total,
          time: time.toFixed(2),
          end: end.toFixed(1),
        })}
      </output>
      <span
        data-testid="recording-state"
        data-state={recording}
        data-revision={revision}
        title={note ?? undefined}
        className="text-xs text-slate-600 data-[state=cap]:text-amber-800 data-[state=stalled]:text-amber-800 data-[state=error]:text-red-700 dark:text-slate-400 dark:data-[state=cap]:text-amber-300 dark:data-[state=stalled]:text-amber-300 dark:data-[state=error]:text-red-300"
      >
        {recording === 'recording' ? t('timeline.recording') : null}
        {recording === 'cap' || recording === 'stalled' || recording === 'error'
          ? (note ?? t(`timeline.stopped`))
          : null}
      </span>
    </div>
  );
}
