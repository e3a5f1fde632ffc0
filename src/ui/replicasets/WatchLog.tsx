import { useEffect, useRef, useState } from 'react';
import type { WatchLine } from '../../worker/protocol.ts';
import { useT } from '../common/useT.ts';

/** At most this many rows are in the DOM; earlier ones are summarised in one line. */
export const MAX_ROWS = 400;

/** visibleCount is how many lines were written at or before `tick` (lines are in tick order). */
export function visibleCount(lines: readonly WatchLine[], tick: number): number {
  let lo = 0;
  let hi = lines.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((lines[mid]?.tick ?? 0) <= tick) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

interface WatchLogProps {
  lines: readonly WatchLine[];
  tick: number;
  /** The kubectl command the log is the output of (the log's accessible name). */
  command: string;
}

/**
 * WatchLog prints `kubectl get <kind> -w` as a terminal would, row by row up to the current tick,
 * the rows of the current tick highlighted. It follows the newest row until the reader scrolls up;
 * "Jump to latest" follows again.
 */
export function WatchLog({ lines, tick, command }: WatchLogProps) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const [follow, setFollow] = useState(true);
  const count = visibleCount(lines, tick);
  const header = lines[0];
  const start = Math.max(1, count - MAX_ROWS);
  const rows = lines.slice(start, count);
  const lastTick = count > 1 ? (lines[count - 1]?.tick ?? -1) : -1;
  let widest = 0;
  for (const line of rows) widest = Math.max(widest, line.text.length);

  // Follow the newest row at the next frame, once per frame: reading scrollHeight right after a
  // commit would force a layout of the whole page each time rows arrive.
  const frame = useRef(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `count` is the trigger
  useEffect(() => {
    if (!follow || frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      const el = box.current;
      if (el) el.scrollTop = el.scrollHeight;
    });
  }, [count, follow]);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  const onScroll = () => {
    const el = box.current;
    if (!el) return;
    const atBottom = el.scrollHeight - el.scrollTop - el.clientHeight < 8;
    if (atBottom !== follow) setFollow(atBottom);
  };

  return (
    <div className="relative flex h-full min-h-0 flex-col">
      <div
        ref={box}
        onScroll={onScroll}
        role="log"
        aria-label={command}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the log scrolls, so keyboard users must reach it
        tabIndex={0}
        className="max-h-[26rem] min-h-0 flex-1 overflow-auto rounded-md bg-slate-950 px-2 lg:max-h-none pb-2 font-mono text-xs leading-5 text-slate-100 focus-visible:outline-2 focus-visible:outline-accent"
      >
        <div className="sticky top-0 z-10 w-max min-w-full bg-slate-950 pt-1">
          <div className="text-slate-400">
            <span className="select-none text-emerald-400">$ </span>
            {command}
          </div>
          {header ? (
            <div className="whitespace-pre text-slate-300" data-testid="watch-header">
              {header.text}
            </div>
          ) : null}
        </div>
        {start > 1 ? (
          <div className="text-slate-500">{t('replicasets.earlier', { count: start - 1 })}</div>
        ) : null}
        {/* The rows' box is as wide as the longest line in `ch` (the font is monospace), set
            here rather than measured (w-max): measuring re-reads every row's text each time rows
            come or go, ~4 ms a store update for 400 rows. A highlighted row spans that width. */}
        <div className="min-w-full" style={{ width: `${widest}ch` }}>
          {rows.map((line, i) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: a watch log is append-only; a row's index is its identity
              key={start + i}
              data-testid="watch-row"
              data-tick={line.tick}
              data-current={line.tick === lastTick || undefined}
              className="whitespace-pre data-current:bg-sky-900/70 data-current:text-white"
            >
              {line.text}
            </div>
          ))}
        </div>
      </div>
      {!follow ? (
        <button
          type="button"
          onClick={() => setFollow(true)}
          className="absolute right-3 bottom-3 rounded-full bg-accent px-3 py-1 text-xs font-medium text-white shadow-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent dark:text-slate-950"
        >
          {t('replicasets.jumpToLatest')}
        </button>
      ) : null}
    </div>
  );
}
