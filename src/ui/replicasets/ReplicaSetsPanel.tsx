import { useId, useMemo, useState } from 'react';
import { describe as describeObject, rolloutHistoryText, rolloutStatusText } from '../../state/actions.ts';
import { useAppStore } from '../../state/hooks.ts';
import {
  scenarioTextSelector,
  tickSelector,
  watchSelector,
  watchTabSelector,
  workloadsSelector,
} from '../../state/selectors.ts';
import { appStore } from '../../state/store.ts';
import type { WatchTab } from '../../state/uiSlice.ts';
import { namespaceFlag, objectRef, type WatchKind, type WorkloadView } from '../../worker/protocol.ts';
import { Panel } from '../common/Panel.tsx';
import { SimGate } from '../common/SimGate.tsx';
import { useT } from '../common/useT.ts';
import { type PolicyResource, PolicyTab, policyResourcesIn } from './PolicyTab.tsx';
import { PrinterText } from './PrinterText.tsx';
import { WatchLog } from './WatchLog.tsx';

/** The tabs: the kubectl command each one is the output of, and its short label. */
export const TABS: readonly { tab: WatchTab; command: string; label: string }[] = [
  { tab: 'rs', command: 'kubectl get rs -w', label: 'rs -w' },
  { tab: 'deploy', command: 'kubectl get deploy -w', label: 'deploy -w' },
  { tab: 'ds', command: 'kubectl get ds -w', label: 'ds -w' },
  { tab: 'sts', command: 'kubectl get sts -w', label: 'sts -w' },
  { tab: 'pods', command: 'kubectl get pods -w', label: 'pods -w' },
  { tab: 'rollout-status', command: 'kubectl rollout status', label: 'rollout status' },
  { tab: 'rollout-history', command: 'kubectl rollout history', label: 'rollout history' },
  { tab: 'describe', command: 'kubectl describe', label: 'describe' },
  // Its label names the policy kinds the scenario has (policyTabLabel): `quota · pdb · hpa` at most.
  { tab: 'policy', command: 'kubectl get quota / pdb / hpa', label: 'quota · pdb · hpa' },
];

const WATCH_KINDS: ReadonlySet<WatchTab> = new Set<WatchTab>(['rs', 'deploy', 'ds', 'sts', 'pods']);

/**
 * visibleTabs leaves out the watch tabs of kinds the run never writes (no `get ds -w` in a
 * Deployment scenario); every tab while nothing is recorded.
 */
export function visibleTabs(
  watch: Record<WatchKind, readonly unknown[]>,
  policy: readonly PolicyResource[] = [],
): typeof TABS {
  const written = (k: WatchKind) => watch[k].length > 1;
  // The quota / pdb / hpa tab only when the scenario creates one of them.
  const tabs = policy.length > 0 ? TABS : TABS.filter((x) => x.tab !== 'policy');
  if (!(['rs', 'deploy', 'ds', 'sts', 'pods'] as const).some(written)) return tabs;
  return tabs.filter((x) => !WATCH_KINDS.has(x.tab) || written(x.tab as WatchKind));
}

/** policyTabLabel names the kinds the policy tab shows, in its order: `pdb`, `quota · limits`. */
export function policyTabLabel(policy: readonly PolicyResource[]): string {
  return policy.join(' · ');
}

function onTabKey(e: React.KeyboardEvent, current: WatchTab, tabs: typeof TABS) {
  const i = tabs.findIndex((x) => x.tab === current);
  const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
  if (!step) return;
  e.preventDefault();
  const next = tabs[(i + step + tabs.length) % tabs.length];
  if (!next) return;
  appStore.getState().setWatchTab(next.tab);
  document.getElementById(`rs-tab-${next.tab}`)?.focus();
}

/** ReplicaSetsPanel is the terminal: `kubectl get … -w` logs up to the current tick and the printers. */
export function ReplicaSetsPanel() {
  const t = useT();
  const chosen = useAppStore(watchTabSelector);
  const watch = useAppStore(watchSelector);
  const tick = useAppStore(tickSelector);
  const scenarioText = useAppStore(scenarioTextSelector);
  const policy = useMemo(() => policyResourcesIn(scenarioText), [scenarioText]);
  const panelId = useId();
  const tabs = visibleTabs(watch, policy);
  const tab = tabs.some((x) => x.tab === chosen) ? chosen : (tabs[0]?.tab ?? 'rs');
  const hasData = watch.rs.length > 0 || watch.ds.length > 0 || watch.sts.length > 0 || watch.pods.length > 0;
  return (
    <Panel title={t('panels.replicasets')} area="replicasets" bodyClassName="flex flex-col gap-1.5 p-2">
      <div
        role="tablist"
        aria-label={t('replicasets.tabs')}
        className="rs-tabs flex flex-wrap gap-1 font-mono text-xs"
      >
        {tabs.map(({ tab: id, label }) => (
          <button
            key={id}
            id={`rs-tab-${id}`}
            type="button"
            role="tab"
            aria-selected={tab === id}
            aria-controls={panelId}
            tabIndex={tab === id ? 0 : -1}
            onClick={() => appStore.getState().setWatchTab(id)}
            onKeyDown={(e) => onTabKey(e, tab, tabs)}
            className="rounded border border-slate-300 px-1.5 py-0.5 text-slate-700 not-aria-selected:hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-accent aria-selected:border-accent aria-selected:bg-accent aria-selected:font-semibold aria-selected:text-white dark:border-slate-600 dark:text-slate-300 dark:not-aria-selected:hover:bg-slate-800 dark:aria-selected:text-slate-950"
          >
            {id === 'policy' ? policyTabLabel(policy) : label}
          </button>
        ))}
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={`rs-tab-${tab}`} className="min-h-0 flex-1">
        <SimGate
          hasData={hasData}
          emptyTitle={t('replicasets.emptyTitle')}
          emptyText={t('replicasets.emptyText')}
        >
          <TabBody
            tab={tab}
            tick={tick}
            lines={WATCH_KINDS.has(tab) ? watch[tab as WatchKind] : []}
            policy={policy}
          />
        </SimGate>
      </div>
    </Panel>
  );
}

function TabBody({
  tab,
  tick,
  lines,
  policy,
}: {
  tab: WatchTab;
  tick: number;
  lines: ReturnType<typeof watchSelector>[WatchKind];
  policy: readonly PolicyResource[];
}) {
  const command = TABS.find((x) => x.tab === tab)?.command ?? '';
  if (WATCH_KINDS.has(tab)) return <WatchLog key={tab} lines={lines} tick={tick} command={command} />;
  if (tab === 'rollout-status')
    return <PrinterText key={tab} command={command} load={rolloutStatusText} reloadKey={String(tick)} />;
  if (tab === 'rollout-history')
    return <PrinterText key={tab} command={command} load={rolloutHistoryText} reloadKey={String(tick)} />;
  if (tab === 'policy') return <PolicyTab tick={tick} resources={policy} />;
  return <DescribeTab tick={tick} />;
}

function DescribeTab({ tick }: { tick: number }) {
  const t = useT();
  const workloads = useAppStore(workloadsSelector);
  const [picked, setPicked] = useState<string | null>(null);
  const key = (w: WorkloadView) => `${w.kind}/${w.namespace}/${w.name}`;
  const target = workloads.find((w) => key(w) === picked) ?? workloads[0];
  if (!target) return <p className="text-sm">{t('replicasets.noWorkload')}</p>;
  const kind = target.kind.toLowerCase();
  const ns = namespaceFlag(target.namespace);
  return (
    <div className="flex h-full min-h-0 flex-col gap-1">
      <label className="flex items-center gap-2 text-xs">
        {t('replicasets.describeTarget')}
        <select
          value={key(target)}
          onChange={(e) => setPicked(e.target.value)}
          className="rounded border border-slate-300 bg-white px-1 py-0.5 font-mono dark:border-slate-600 dark:bg-slate-800"
        >
          {workloads.map((w) => (
            <option key={key(w)} value={key(w)}>
              {w.kind.toLowerCase()}/{w.name}
              {namespaceFlag(w.namespace)}
            </option>
          ))}
        </select>
      </label>
      <div className="min-h-0 flex-1">
        <PrinterText
          command={`kubectl describe ${kind} ${target.name}${ns}`}
          load={() => describeObject(kind, objectRef(target))}
          reloadKey={`${tick}/${kind}/${objectRef(target)}`}
        />
      </div>
    </div>
  );
}
