import { useState } from 'react';
import { useAppStore } from '../../state/hooks.ts';
import { hasTrafficSelector, rolloutsSelector } from '../../state/selectors.ts';
import type { RolloutView } from '../../worker/protocol.ts';
import { useT } from '../common/useT.ts';
import { errorsText } from './errorsText.ts';
import { rolloutAt, seconds, shortWorkload } from './format.ts';

/**
 * SummaryStrip: the run summary (DESIGN.md §10) of one rollout of the current run in one line —
 * how long it took, whether it completed, the fewest pods available and the most pods. It follows
 * the playhead (the last rollout started before it) until the reader picks one.
 */
export function SummaryStrip() {
  const t = useT();
  const rollouts = useAppStore(rolloutsSelector);
  // The rollout the playhead is in, not the time: the strip re-renders (a dozen i18n calls) when
  // the playhead enters another rollout, not at every frame of play (60 times a second).
  const following = useAppStore((s) => rolloutAt(s.rollouts, s.time));
  const traffic = useAppStore(hasTrafficSelector) || rollouts.some((x) => x.traffic !== undefined);
  const [picked, setPicked] = useState<number | null>(null);
  if (rollouts.length === 0) return null;
  const index = picked !== null && picked < rollouts.length ? picked : following;
  const r = rollouts[index] as RolloutView;
  // Name the workload only when the run has more than one.
  const many = new Set(rollouts.map((x) => x.workload)).size > 1;
  const label = (x: RolloutView) => optionLabel(t, x, many);
  return (
    // A group inside the Timeline region, not a region of its own: the page's landmarks (and an
    // embed's two, Cluster and Timeline) stay the panels.
    // biome-ignore lint/a11y/useSemanticElements: a one-line scroller of figures; a fieldset's min-content width would stop it scrolling
    <div
      role="group"
      aria-label={t('compare.summary.label')}
      data-testid="summary-strip"
      // One line that scrolls on a phone; from md up the figures wrap whole onto a second line
      // instead: at 1280 px the Timeline panel is ~935 px wide, and a run with traffic had its
      // Errors and Most pods cut at the edge of a scroller nobody saw was one.
      className="flex items-center gap-x-3 gap-y-0.5 overflow-x-auto whitespace-nowrap rounded-md bg-slate-100 px-2 py-0.5 text-xs md:flex-wrap md:overflow-x-visible dark:bg-slate-800"
    >
      <label className="flex items-center gap-1">
        <span className="font-semibold">{t('compare.summary.rollout')}</span>
        <select
          title={r.workload}
          className="max-w-48 rounded border border-slate-300 bg-white px-1 py-0.5 dark:border-slate-600 dark:bg-slate-900"
          value={picked ?? ''}
          onChange={(e) => setPicked(e.target.value === '' ? null : Number(e.target.value))}
        >
          <option value="">{t('compare.summary.follow', { name: label(r) })}</option>
          {rollouts.map((x, i) => (
            <option key={`${x.workload}-${x.startSeconds}`} value={i}>
              {label(x)}
            </option>
          ))}
        </select>
      </label>
      <Figure name={t('compare.summary.duration')} testId="summary-duration">
        {r.durationSeconds !== null && r.endSeconds !== null
          ? t('compare.summary.durationValue', {
              duration: seconds(r.durationSeconds),
              start: seconds(r.startSeconds),
              end: seconds(r.endSeconds),
            })
          : t('compare.summary.unfinished', { start: seconds(r.startSeconds) })}
      </Figure>
      {r.complete ? (
        <span data-testid="summary-verdict">
          <span aria-hidden="true" className="mr-0.5 font-bold text-bluish-green">
            ✓
          </span>
          {t('compare.summary.complete')}
        </span>
      ) : (
        <span data-testid="summary-verdict" className="text-vermillion-ink dark:text-orange">
          {r.progressDeadlineExceeded ? t('compare.summary.deadline') : t('compare.summary.incomplete')}
        </span>
      )}
      <Figure name={t('compare.summary.leastAvailable')} testId="summary-min-available">
        <span className="inline-flex items-center gap-1">
          <MarkerGlyph />
          {t('compare.summary.ofReplicas', { n: r.minAvailable, replicas: r.replicas })}
        </span>
      </Figure>
      {/* Only in a run with traffic: a run without any would read "Errors —" on every rollout.
          Before Most pods: on a narrow strip, what the callers saw stays in view. */}
      {traffic ? <ErrorsFigure rollout={r} /> : null}
      <Figure name={t('compare.summary.mostPods')} testId="summary-max-pods">
        {t('compare.summary.mostPodsValue', { n: r.maxPods, withTerminating: r.maxPodsWithTerminating })}
      </Figure>
    </div>
  );
}

function optionLabel(t: ReturnType<typeof useT>, r: RolloutView, withWorkload: boolean): string {
  const text =
    r.revision === null
      ? t('compare.summary.optionNoRevision', { start: seconds(r.startSeconds) })
      : t('compare.summary.option', { revision: r.revision, start: seconds(r.startSeconds) });
  return withWorkload ? `${shortWorkload(r.workload)} ${text}` : text;
}

/** ErrorsFigure: the rollout's failed requests of all it was sent, the breakdown in its title. */
function ErrorsFigure({ rollout }: { rollout: RolloutView }) {
  const t = useT();
  const e = errorsText(t, rollout.traffic, true);
  return (
    <Figure name={t('compare.summary.errors')} testId="summary-errors" title={e.title}>
      {e.text}
    </Figure>
  );
}

function Figure({
  name,
  testId,
  title,
  children,
}: {
  name: string;
  testId: string;
  title?: string;
  children: React.ReactNode;
}) {
  return (
    <span data-testid={testId} title={title}>
      <span className="text-slate-600 dark:text-slate-400">{name} </span>
      <span className="font-mono tabular-nums">{children}</span>
    </span>
  );
}

/** MarkerGlyph is the chart's least-available marker, beside the figure it marks. */
export function MarkerGlyph() {
  return (
    <svg width="10" height="10" viewBox="0 0 10 10" aria-hidden="true" className="fill-reddish-purple">
      <path d="M1 1h8L5 9z" />
    </svg>
  );
}
