import { useAppStore } from '../../state/hooks.ts';
import type { AppState } from '../../state/store.ts';
import { useT } from '../common/useT.ts';
import type { RolloutView } from '../../worker/protocol.ts';
import { errorsText } from './errorsText.ts';
import { seconds } from './format.ts';
import { VARIANT_COLOURS, variantLetter, variantText } from './variantText.ts';

const variantsOf = (s: AppState) => s.compareVariants;

// Headers wrap (Least / available): with the Errors column the table fits Compare's half of a 1280 px page.
const TH = 'px-2 py-1 text-left align-bottom font-semibold';
const TD = 'px-2 py-1 font-mono tabular-nums whitespace-nowrap';

/**
 * RunSummaryTable: the table named **Run summary** (DESIGN.md §11), one row per variant with the
 * §10 figures of its workload's first rollout after t = 0; a variant the API server refuses shows
 * its words instead.
 */
export function RunSummaryTable() {
  const t = useT();
  const variants = useAppStore(variantsOf);
  return (
    <table className="w-full border-collapse text-xs">
      <caption className="pb-1 text-left text-sm font-semibold">{t('compare.table.caption')}</caption>
      <thead className="border-b border-slate-300 dark:border-slate-600">
        <tr>
          <th scope="col" className={TH}>
            {t('compare.table.variant')}
          </th>
          <th scope="col" className={TH}>
            {t('compare.table.duration')}
          </th>
          <th scope="col" className={TH}>
            {t('compare.table.complete')}
          </th>
          <th scope="col" className={TH}>
            {t('compare.table.minAvailable')}
          </th>
          <th scope="col" className={TH}>
            {t('compare.table.maxPods')}
          </th>
          <th scope="col" className={TH}>
            {t('compare.table.maxPodsWithTerminating')}
          </th>
          <th scope="col" className={TH}>
            {t('compare.table.errors')}
          </th>
        </tr>
      </thead>
      <tbody>
        {variants.map((v, i) => {
          const r = v.rollout;
          const pending = v.recording ? '…' : '—';
          return (
            <tr
              key={v.id}
              data-testid="summary-row"
              className="border-b border-slate-200 align-top dark:border-slate-800"
            >
              <th scope="row" className="px-2 py-1 text-left font-normal">
                <span className="inline-flex items-center gap-1.5">
                  <span
                    className="inline-block size-2.5 shrink-0 rounded-full"
                    style={{ background: VARIANT_COLOURS[i] }}
                    aria-hidden="true"
                  />
                  <span className="font-semibold">{variantLetter(i)}</span>
                  <span className="whitespace-nowrap font-mono">{variantText(t, v)}</span>
                </span>
              </th>
              {v.error !== null ? (
                <td colSpan={6} className="px-2 py-1 text-vermillion-ink dark:text-orange">
                  {v.error}
                </td>
              ) : (
                <>
                  <td className={TD}>
                    {r?.durationSeconds != null
                      ? t('compare.table.seconds', { s: seconds(r.durationSeconds) })
                      : pending}
                  </td>
                  <td className={TD}>
                    {r === null
                      ? pending
                      : r.complete
                        ? t('compare.summary.complete')
                        : r.progressDeadlineExceeded
                          ? t('compare.summary.deadline')
                          : v.recording
                            ? '…'
                            : t('compare.summary.incomplete')}
                  </td>
                  <td className={TD}>
                    {r
                      ? t('compare.summary.ofReplicas', { n: r.minAvailable, replicas: r.replicas })
                      : pending}
                  </td>
                  <td className={TD}>{r ? r.maxPods : pending}</td>
                  <td className={TD}>{r ? r.maxPodsWithTerminating : pending}</td>
                  <ErrorsCell rollout={r} pending={pending} />
                </>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** ErrorsCell: the failed requests of the variant's rollout and their share; the breakdown in its title. */
function ErrorsCell({ rollout, pending }: { rollout: RolloutView | null; pending: string }) {
  const t = useT();
  if (rollout === null) return <td className={TD}>{pending}</td>;
  const e = errorsText(t, rollout.traffic);
  return (
    <td className={TD} title={e.title} data-testid="summary-errors">
      {e.text}
    </td>
  );
}
