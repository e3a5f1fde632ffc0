import { useAppStore } from '../../state/hooks.ts';
import {
  backoffsSelector,
  expectationsIntroSeenSelector,
  expectationsSelector,
  queuesSelector,
  workloadsSelector,
} from '../../state/selectors.ts';
import { appStore } from '../../state/store.ts';
import { Panel } from '../common/Panel.tsx';
import { SimGate } from '../common/SimGate.tsx';
import { useT } from '../common/useT.ts';

const TH = 'px-1.5 py-0.5 text-left font-medium text-slate-600 dark:text-slate-400';
const TD = 'px-1.5 py-0.5';

/** ExpectationsPanel shows, at the current tick, each controller's expectations, work queues and back-offs. */
export function ExpectationsPanel() {
  const t = useT();
  const expectations = useAppStore(expectationsSelector);
  const queues = useAppStore(queuesSelector);
  const backoffs = useAppStore(backoffsSelector);
  const introSeen = useAppStore(expectationsIntroSeenSelector);
  const loaded = useAppStore(workloadsSelector).length > 0;
  return (
    <Panel
      title={t('panels.expectations')}
      area="expectations"
      bodyClassName="relative flex flex-col gap-2 p-2 text-xs"
    >
      <SimGate
        hasData={loaded}
        emptyTitle={t('expectations.emptyTitle')}
        emptyText={t('expectations.emptyText')}
      >
        {!introSeen ? (
          <div className="flex items-start gap-2 rounded-md border border-sky-blue bg-sky-50 p-2 text-slate-800 dark:bg-sky-950/50 dark:text-slate-100">
            <p className="flex-1">{t('expectations.intro')}</p>
            <button
              type="button"
              onClick={() => appStore.getState().markExpectationsIntroSeen()}
              className="rounded border border-slate-400 px-1.5 hover:bg-white focus-visible:outline-2 focus-visible:outline-accent dark:border-slate-500 dark:hover:bg-slate-800"
            >
              {t('common.gotIt')}
            </button>
          </div>
        ) : null}
        <table className="w-full border-collapse tabular-nums" data-testid="expectations-table">
          <caption className="sr-only">{t('expectations.caption')}</caption>
          <thead>
            <tr className="border-b border-slate-200 dark:border-slate-700">
              <th className={TH}>{t('expectations.controller')}</th>
              <th className={TH}>{t('expectations.key')}</th>
              <th className={TH}>{t('view.expectationsAdd')}</th>
              <th className={TH}>{t('view.expectationsDel')}</th>
              <th className={TH}>{t('expectations.state')}</th>
            </tr>
          </thead>
          <tbody>
            {expectations.length === 0 ? (
              <tr>
                <td colSpan={5} className={`${TD} text-slate-500 dark:text-slate-400`}>
                  {t('expectations.none')}
                </td>
              </tr>
            ) : null}
            {expectations.map((e) => (
              <tr
                key={`${e.controller}/${e.key}`}
                data-testid="expectation"
                data-satisfied={e.satisfied}
                className="border-b border-slate-100 dark:border-slate-800"
              >
                <td className={TD}>{e.controller}</td>
                <td className={`${TD} font-mono break-all`}>{e.key}</td>
                <td className={TD}>{e.add}</td>
                <td className={TD}>{e.del}</td>
                <td className={TD}>
                  {e.satisfied ? (
                    <span className="text-emerald-700 dark:text-emerald-300">
                      ✓ {t('expectations.satisfied')}
                    </span>
                  ) : (
                    <span className="font-semibold text-amber-800 dark:text-amber-300">
                      … {t('expectations.waiting', { age: e.age.toFixed(1) })}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <h3 className="font-semibold">{t('expectations.queues')}</h3>
        <ul className="flex flex-col gap-1">
          {queues.map((q) => (
            <li key={q.controller} data-testid="queue" className="flex flex-wrap items-center gap-1">
              <span className="w-24 shrink-0">{q.controller}</span>
              {q.keys.length === 0 ? (
                <span className="text-slate-500 dark:text-slate-400">{t('expectations.empty')}</span>
              ) : null}
              {q.keys.map((key) => (
                <span key={key} className="rounded bg-slate-200 px-1 font-mono dark:bg-slate-700">
                  {key}
                </span>
              ))}
              {q.retries.map((r) => (
                <span key={`r-${r.key}`} className="rounded border border-orange px-1 font-mono">
                  {t('expectations.retries', { key: r.key, count: r.count })}
                </span>
              ))}
            </li>
          ))}
        </ul>
        {backoffs.length > 0 ? (
          <>
            <h3 className="font-semibold">{t('expectations.backoffs')}</h3>
            <ul className="flex flex-col gap-0.5">
              {backoffs.map((b) => (
                <li key={b.key} data-testid="backoff" className="font-mono">
                  {t('expectations.backoffLine', { node: b.node, delay: b.delaySeconds, key: b.key })}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </SimGate>
    </Panel>
  );
}
