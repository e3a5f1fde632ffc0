import { useState } from 'react';
import { useAppStore } from '../../state/hooks.ts';
import { explainFilterSelector, recentTicksSelector, tickViewSelector } from '../../state/selectors.ts';
import { appStore } from '../../state/store.ts';
import type { ExplainFilter } from '../../state/uiSlice.ts';
import { Panel } from '../common/Panel.tsx';
import { SimGate } from '../common/SimGate.tsx';
import { useT } from '../common/useT.ts';
import { foldedSummary, groupFolded, isFolded } from './folding.ts';
import { TickExplain } from './TickExplain.tsx';

const FILTERS: readonly ExplainFilter[] = [
  'all',
  'deployment-controller',
  'replicaset-controller',
  'daemonset-controller',
  'statefulset-controller',
  'kubelet',
  'default-scheduler',
];

/** followed: the actor is the filter (`kubelet` follows every node's kubelet). */
function followed(actor: string, filter: ExplainFilter): boolean {
  return actor === filter || actor.startsWith(`${filter}/`);
}

/**
 * ExplainPanel shows why: the current tick's decisions, or the recent ticks of one followed
 * controller. Deliveries, requeues, no-op syncs and retries after a Conflict are folded (a retry
 * says which tick's decision it repeats) unless "Show folded ticks" is on.
 */
export function ExplainPanel() {
  const t = useT();
  const filter = useAppStore(explainFilterSelector);
  const view = useAppStore(tickViewSelector);
  const recent = useAppStore(recentTicksSelector);
  const [showFolded, setShowFolded] = useState(false);
  const list = filter === 'all' ? [] : recent.filter((r) => followed(r.actor, filter)).reverse();
  const items = groupFolded(list, showFolded);
  return (
    <Panel
      title={t('panels.explain')}
      area="explain"
      bodyClassName="flex flex-col gap-2 p-2"
      actions={
        <>
          <label className="flex items-center gap-1 text-xs" title={t('teach.showFoldedTitle')}>
            <input type="checkbox" checked={showFolded} onChange={(e) => setShowFolded(e.target.checked)} />
            {t('teach.showFolded')}
          </label>
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
        </>
      }
    >
      <SimGate
        hasData={view !== null || recent.length > 0}
        emptyTitle={t('explain.emptyTitle')}
        emptyText={t('explain.emptyText')}
      >
        {filter === 'all' && view ? (
          <TickExplain view={view} current collapsed={!showFolded && isFolded(view)} />
        ) : null}
        {filter === 'all' && !view ? <p className="text-sm">{t('explain.beforeFirst')}</p> : null}
        {filter !== 'all' && list.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {t('explain.noneFollowed', { actor: filter })}
          </p>
        ) : null}
        {items.map((item) =>
          item.type === 'tick' ? (
            <TickExplain
              key={item.view.tick}
              view={item.view}
              current={item.view.tick === view?.tick}
              writes={false}
            />
          ) : (
            <p
              key={`f${item.views[0]?.tick}`}
              data-testid="folded-ticks"
              className="rounded-md border border-dashed border-slate-300 px-2 py-1 text-xs text-slate-600 dark:border-slate-600 dark:text-slate-300"
            >
              {foldedSummary(t, item.views)}
            </p>
          ),
        )}
      </SimGate>
    </Panel>
  );
}
