import type { TickView } from '../../worker/protocol.ts';
import { useT } from '../common/useT.ts';
import { decisionText } from './decisionText.ts';
import { foldNote } from './folding.ts';
import { summaryText } from './summaryText.ts';
import { sourceUrl } from './sourceLinks.ts';

interface TickExplainProps {
  view: TickView;
  /** Whether this is the current tick (highlighted in a list). */
  current?: boolean;
  /** Show the object writes too. */
  writes?: boolean;
  /** A folded tick (a retry, a no-op sync…): its decisions behind "Show its decisions". */
  collapsed?: boolean;
}

/**
 * TickExplain is one tick: time, actor and summary, what kind of tick it is when it decided
 * nothing new ("Retried after a Conflict: same decision as tick 185"), then each decision linked
 * to its Go function.
 */
export function TickExplain({ view, current = false, writes = true, collapsed = false }: TickExplainProps) {
  const t = useT();
  const fold = foldNote(t, view);
  return (
    <article
      data-testid="explain-tick"
      data-tick={view.tick}
      data-kind={view.kind}
      aria-current={current ? 'step' : undefined}
      className="rounded-md border border-slate-200 p-2 aria-[current=step]:border-accent dark:border-slate-700"
    >
      <header className="flex flex-wrap items-baseline gap-x-2 text-xs text-slate-600 dark:text-slate-400">
        <span className="font-semibold text-slate-900 tabular-nums dark:text-slate-100">
          {t('explain.tick', { tick: view.tick })}
        </span>
        <span className="tabular-nums">{t('explain.at', { time: view.time.toFixed(2) })}</span>
        <span className="font-mono text-slate-800 dark:text-slate-200">{view.actor}</span>
        {view.key ? <span className="font-mono">{view.key}</span> : null}
      </header>
      {/* pre-line: a kubectl command's output keeps its lines (drain's "evicting pod …" then its error). */}
      <p data-testid="tick-summary" className="mt-0.5 whitespace-pre-line text-sm font-medium">
        {summaryText(t, view.notes, view.summary)}
      </p>
      {fold ? (
        <p data-testid="fold-note" className="mt-0.5 text-xs italic text-slate-600 dark:text-slate-300">
          {fold}
        </p>
      ) : null}
      {collapsed && view.decisions.length > 0 ? (
        <details className="mt-1 text-sm">
          <summary className="cursor-pointer text-xs text-slate-600 dark:text-slate-400">
            {t('teach.showDecisions')}
          </summary>
          <DecisionList view={view} />
        </details>
      ) : null}
      {!collapsed && view.decisions.length > 0 ? <DecisionList view={view} /> : null}
      {writes && view.writes.length > 0 ? (
        <details className="mt-1 text-xs">
          <summary className="cursor-pointer text-slate-600 dark:text-slate-400">
            {t('explain.writes', { count: view.writes.length })}
          </summary>
          <ul className="font-mono">
            {view.writes.map((w, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: writes are append-only
              <li key={i}>{w}</li>
            ))}
          </ul>
        </details>
      ) : null}
    </article>
  );
}

/** DecisionList is a tick's decisions, each linked to its Go function in the Kubernetes source. */
function DecisionList({ view }: { view: TickView }) {
  const t = useT();
  return (
    <ol className="mt-1 flex flex-col gap-0.5 text-sm" aria-label={t('explain.decisions')}>
      {view.decisions.map((d, i) => {
        const url = sourceUrl(d.fn);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a decision log is append-only and never reordered
          <li key={i} data-testid="decision" data-fn={d.fn} data-key={d.key} className="leading-snug">
            {url ? (
              <a
                href={url}
                target="_blank"
                rel="noopener noreferrer"
                title={t('explain.sourceLink', { fn: d.fn })}
                className="font-mono text-blue underline decoration-dotted underline-offset-2 hover:decoration-solid dark:text-sky-blue"
              >
                {d.fn}
              </a>
            ) : (
              <span className="font-mono">{d.fn}</span>
            )}
            <span className="font-mono">: </span>
            <span>{decisionText(t, d)}</span>
          </li>
        );
      })}
    </ol>
  );
}
