import { POD_DISPLAY_PHASES } from '../../worker/protocol.ts';
import { type RevisionIndex, styleForRank } from '../common/revisionStyle.ts';
import { useT } from '../common/useT.ts';
import { PodGlyph } from './PodGlyph.tsx';

/** Legend: each workload's revisions (colour and shape, newest first) and the phase styles. */
export function Legend({ index }: { index: RevisionIndex }) {
  const t = useT();
  const neutral = styleForRank(0);
  return (
    <div className="flex flex-wrap items-start gap-x-4 gap-y-1 border-t border-slate-200 pt-2 text-xs dark:border-slate-800">
      <ul aria-label={t('cluster.legendRevisions')} className="flex flex-wrap gap-x-3 gap-y-1">
        {[...index].map(([workload, revisions]) =>
          revisions.map((revision, rank) => {
            const style = styleForRank(rank);
            return (
              <li key={`${workload}/${revision}`} className="flex items-center gap-1">
                <span className="inline-flex">
                  <PodGlyph phase="Ready" shape={style.shape} color={style.color} />
                </span>
                <span className="font-mono">{workload}</span>
                <span>
                  {t('view.rev', { revision })}
                  {rank === 0 ? ` (${t('cluster.newest')})` : ''}
                </span>
              </li>
            );
          }),
        )}
      </ul>
      <details className="ml-auto">
        <summary className="cursor-pointer rounded focus-visible:outline-2 focus-visible:outline-accent">
          {t('cluster.legendPhases')}
        </summary>
        <ul className="mt-1 grid grid-cols-2 gap-x-3 gap-y-0.5">
          {POD_DISPLAY_PHASES.map((phase) => (
            <li key={phase} className="flex items-center gap-1">
              <span className="inline-flex text-slate-800 dark:text-slate-200">
                <PodGlyph phase={phase} shape={neutral.shape} color={neutral.color} />
              </span>
              {t(`phase.${phase}`)}
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}
