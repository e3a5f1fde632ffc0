import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../state/hooks.ts';
import { workloadsSelector } from '../../state/selectors.ts';
import { Panel } from '../common/Panel.tsx';
import { SimGate } from '../common/SimGate.tsx';
import { KubectlConsole } from './KubectlConsole.tsx';
import { StrategyFields } from './StrategyFields.tsx';
import { WorkloadActions } from './WorkloadActions.tsx';

/** ControlsPanel edits the workload at the current tick (each change forks the run) and hosts the kubectl console. */
export function ControlsPanel() {
  const { t } = useTranslation();
  const workloads = useAppStore(workloadsSelector);
  const [picked, setPicked] = useState<string | null>(null);
  const workload = workloads.find((w) => `${w.kind}/${w.name}` === picked) ?? workloads[0];
  return (
    <Panel
      title={t('panels.controls')}
      area="controls"
      bodyClassName="flex flex-col gap-2 p-2"
      actions={
        workloads.length > 1 && workload ? (
          <label className="flex items-center gap-1 text-xs">
            {t('controls.workload')}
            <select
              value={`${workload.kind}/${workload.name}`}
              onChange={(e) => setPicked(e.target.value)}
              className="max-w-44 rounded border border-slate-300 bg-white px-1 py-0.5 font-mono dark:border-slate-600 dark:bg-slate-800"
            >
              {workloads.map((w) => (
                <option key={`${w.kind}/${w.name}`} value={`${w.kind}/${w.name}`}>
                  {w.kind.toLowerCase()}/{w.name}
                </option>
              ))}
            </select>
          </label>
        ) : workload ? (
          <span className="truncate font-mono text-xs text-slate-600 dark:text-slate-400">
            {workload.kind.toLowerCase()}/{workload.name}
            {workload.paused ? ` (${t('controls.paused')})` : ''}
          </span>
        ) : null
      }
    >
      <SimGate
        hasData={workload !== undefined}
        emptyTitle={t('controls.emptyTitle')}
        emptyText={t('controls.emptyText')}
      >
        {workload ? (
          <>
            <StrategyFields key={`${workload.kind}/${workload.name}`} workload={workload} />
            <WorkloadActions workload={workload} />
          </>
        ) : null}
      </SimGate>
      <KubectlConsole />
    </Panel>
  );
}
