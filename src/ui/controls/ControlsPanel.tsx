import { lazy, Suspense, useState } from 'react';
import { useAppStore } from '../../state/hooks.ts';
import {
  scenarioWorkloadsSelector,
  simStatusSelector,
  tickSelector,
  workloadsSelector,
} from '../../state/selectors.ts';
import { namespaceFlag, type WorkloadView } from '../../worker/protocol.ts';
import { Panel } from '../common/Panel.tsx';
import { SimGate } from '../common/SimGate.tsx';
import { useT } from '../common/useT.ts';
import { useEditT } from '../edit/i18n.ts';
import { ImageBehaviourButton } from '../edit/ImageBehaviourButton.tsx';
import { FormScroller } from './FormScroller.tsx';
import { KubectlConsole } from './KubectlConsole.tsx';
import { StrategyFields } from './StrategyFields.tsx';
import { BUTTON, WorkloadActions } from './WorkloadActions.tsx';

// A StatefulSet's fields load only when one is picked.
const StatefulSetFields = lazy(() =>
  import('../statefulset/parts.ts').then((m) => ({ default: m.StatefulSetFields })),
);

/** pickKey names a workload in the picker: kind, namespace and name. */
const pickKey = (w: WorkloadView) => `${w.kind}/${w.namespace}/${w.name}`;

/** workloadLabel is how kubectl would name it: `deployment/checkout-api -n payments`. */
export const workloadLabel = (w: WorkloadView) =>
  `${w.kind.toLowerCase()}/${w.name}${namespaceFlag(w.namespace)}`;

/**
 * ControlsPanel edits a workload and hosts the kubectl console. Before the run (tick 0) it shows
 * the scenario's own manifests, and a change edits them (every scripted action stays); later it
 * shows the workload at the tick, and a change forks the run there (after the fork warning).
 */
export function ControlsPanel() {
  const t = useT();
  const te = useEditT();
  const live = useAppStore(workloadsSelector);
  const manifests = useAppStore(scenarioWorkloadsSelector);
  const [picked, setPicked] = useState<string | null>(null);
  const running = useAppStore(simStatusSelector) === 'ready';
  const tick = useAppStore(tickSelector);
  const beforeRun = tick === 0 && manifests.length > 0;
  const workloads = beforeRun ? manifests : live;
  const workload = workloads.find((w) => pickKey(w) === picked) ?? workloads[0];
  return (
    <Panel
      title={t('panels.controls')}
      area="controls"
      bodyClassName="flex flex-col gap-2 p-2 lg:overflow-hidden"
      actions={
        workloads.length > 1 && workload ? (
          <select
            aria-label={t('controls.workload')}
            title={workloadLabel(workload)}
            value={pickKey(workload)}
            onChange={(e) => setPicked(e.target.value)}
            className="max-w-40 min-w-0 rounded border text-xs border-slate-300 bg-white px-1 py-0.5 font-mono dark:border-slate-600 dark:bg-slate-800"
          >
            {workloads.map((w) => (
              <option key={pickKey(w)} value={pickKey(w)}>
                {workloadLabel(w)}
              </option>
            ))}
          </select>
        ) : workload ? (
          // The namespace flag wraps under the name rather than being cut off: at 1280 px the
          // title bar holds `deployment/checkout-api` and not ` -n payments` after it.
          <span
            title={workloadLabel(workload)}
            className="flex min-w-0 flex-wrap justify-end font-mono text-xs leading-tight text-slate-600 dark:text-slate-400"
          >
            <span className="truncate">{`${workload.kind.toLowerCase()}/${workload.name}`}</span>
            <span className="whitespace-pre">
              {namespaceFlag(workload.namespace)}
              {workload.paused ? ` (${t('controls.paused')})` : ''}
            </span>
          </span>
        ) : null
      }
    >
      <FormScroller>
        <SimGate
          hasData={workload !== undefined}
          emptyTitle={running ? t('controls.noWorkloadTitle', { tick }) : t('controls.emptyTitle')}
          emptyText={running ? t('controls.noWorkloadText') : t('controls.emptyText')}
        >
          {workload ? (
            <>
              {beforeRun ? (
                <p
                  data-testid="before-run"
                  className="shrink-0 rounded bg-sky-blue/15 px-2 py-1 text-xs text-slate-800 dark:text-slate-100"
                >
                  {te('controls.beforeRun')}
                </p>
              ) : (
                <p
                  data-testid="rollout-status"
                  title={workload.rolloutStatus}
                  data-failed={/exceeded|error/i.test(workload.rolloutStatus) || undefined}
                  className="shrink-0 rounded bg-slate-100 px-2 py-1 font-mono text-xs break-words text-slate-800 data-failed:bg-red-50 data-failed:text-red-800 dark:bg-slate-800 dark:text-slate-200 dark:data-failed:bg-red-950/60 dark:data-failed:text-red-200"
                >
                  <span className="line-clamp-2">{workload.rolloutStatus}</span>
                </p>
              )}
              {workload.kind === 'StatefulSet' ? (
                <Suspense fallback={null}>
                  <StatefulSetFields key={pickKey(workload)} workload={workload} beforeRun={beforeRun} />
                </Suspense>
              ) : (
                <StrategyFields key={pickKey(workload)} workload={{ ...workload, kind: workload.kind }} />
              )}
              <WorkloadActions workload={workload} />
              <div>
                <ImageBehaviourButton className={BUTTON} />
              </div>
            </>
          ) : null}
        </SimGate>
      </FormScroller>
      <KubectlConsole workload={workload} />
    </Panel>
  );
}
