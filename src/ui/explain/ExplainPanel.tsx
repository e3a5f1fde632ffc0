import { useAppStore } from '../../state/hooks.ts';
import { explainFilterSelector, recentTicksSelector, tickViewSelector } from '../../state/selectors.ts';
import { appStore } from '../../state/store.ts';
import type { ExplainFilter } from '../../state/uiSlice.ts';
import { Panel } from '../common/Panel.tsx';
import { SimGate } from '../common/SimGate.tsx';
import { useT } from '../common/useT.ts';
import { TickExplain } from './TickExplain.tsx';

const FILTERS: readonly ExplainFilter[] = [
  'all',
  'deployment-controller',
  'replicaset-controller',
  'daemonset-controller',
  'kubelet',
  'default-scheduler',
];

/** ExplainPanel shows why: the current tick's decisions, or the recent ticks of one followed controller. */
export function ExplainPanel() {
  const t = useT();
  const filter = useAppStore(explainFilterSelector);
  const view = useAppStore(tickViewSelector);
  const recent = useAppStore(recentTicksSelector);
  const followed = filter === 'all' ? [] : recent.filter((r) => r.actor === filter).reverse();
  return (
    <Panel
      title={t('panels.explain')}
      area="explain"
      bodyClassName="flex flex-col gap-2 p-2"
      actions={
        <label className="flex items-center gap-1 text-xs">
          {t('explain.follow')}
          <select
            value={filter}
            onChange={(e) => appStore.getState().setExplainFilter(e.target.value as ExplainFilter)}
            className="rounded border border-slate-300 bg-white px-1 py-0.5 dark:border-slate-600 dark:bg-slate-800"
          >
            {FILTERS.map((f) => (
              <option key={f} value={f}>
                {f === 'all' ? t('explain.allActors') : f}
              </option>
            ))}
          </select>
        </label>
      }
    >
      <SimGate
        hasData={view !== null || recent.length > 0}
        emptyTitle={t('explain.emptyTitle')}
        emptyText={t('explain.emptyText')}
      >
        {filter === 'all' && view ? <TickExplain view={view} current /> : null}
        {filter === 'all' && !view ? <p className="text-sm">{t('explain.beforeFirst')}</p> : null}
        {filter !== 'all' && followed.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {t('explain.noneFollowed', { actor: filter })}
          </p>
        ) : null}
        {followed.map((r) => (
          <TickExplain key={r.tick} view={r} current={r.tick === view?.tick} writes={false} />
        ))}
      </SimGate>
    </Panel>
  );
}
