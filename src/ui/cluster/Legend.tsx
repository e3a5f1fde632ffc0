import { ENDPOINT_STATES } from '../../worker/endpointCodes.ts';
import { POD_DISPLAY_PHASES } from '../../worker/protocol.ts';
import { type RevisionIndex, revisionStyle } from '../common/revisionStyle.ts';
import { useT } from '../common/useT.ts';
import { PodGlyph } from './PodGlyph.tsx';

/**
 * Legend: each workload's revisions at the cursor (colour and shape, newest first), the endpoint
 * badges when a Service selects pods (`endpoints`), and the phase styles.
 */
export function Legend({ index, endpoints = false }: { index: RevisionIndex; endpoints?: boolean }) {
  const t = useT();
  const neutral = revisionStyle(2);
  return (
    <div className="flex flex-wrap items-start gap-x-4 gap-y-1 border-t border-slate-200 pt-2 text-xs dark:border-slate-800">
      <ul aria-label={t('cluster.legendRevisions')} className="flex flex-wrap gap-x-3 gap-y-1">
        {[...index].map(([workload, revisions]) =>
          revisions.map((revision, rank) => {
            const style = revisionStyle(revision);
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
      {endpoints ? (
        <ul aria-label={t('cluster.legendEndpoints')} className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <li aria-hidden="true" className="font-semibold">
            {t('cluster.legendEndpoints')}
          </li>
          {ENDPOINT_STATES.map((e) => (
            <li key={e} className="flex items-center gap-1">
              <span className="ep-swatch" data-endpoint={e} aria-hidden="true" />
              <span className="font-mono">{t(`cluster.endpointState.${e}`)}</span>
            </li>
          ))}
        </ul>
      ) : null}
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
