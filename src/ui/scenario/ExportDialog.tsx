import { useEffect, useId, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { exportScenarioYaml, objectYaml } from '../../state/actions.ts';
import { useAppStore } from '../../state/hooks.ts';
import {
  scenarioNameSelector,
  scenarioTextSelector,
  selectedPodViewSelector,
  tickSelector,
} from '../../state/selectors.ts';
import type { AppState } from '../../state/store.ts';
import { namespaceFlag, objectRef, type WorkloadView } from '../../worker/protocol.ts';
import { fileNameFor } from './fileExport.ts';
import { useScenarioT } from './i18n.ts';
import { ModalDialog } from './ModalDialog.tsx';
import { YamlExport } from './YamlExport.tsx';

interface ExportDialogProps {
  open: boolean;
  onClose: () => void;
}

/** workloadKey: `Deployment/web`, or `Deployment/checkout-api -n payments` outside the default namespace. */
const workloadKey = (w: WorkloadView) => `${w.kind}/${w.name}${namespaceFlag(w.namespace)}`;

/** workloadKeysSelector: a workloadKey for every workload, for the object picker. */
const workloadKeysSelector = (s: AppState) => s.workloads.map(workloadKey);

/** selectedWorkloadSelector: the workload of the selected pod, if any. */
const selectedWorkloadSelector = (s: AppState) => {
  const pod = selectedPodViewSelector(s);
  const w = pod
    ? s.workloads.find((x) => x.name === pod.workload && x.namespace === pod.namespace)
    : undefined;
  return w ? workloadKey(w) : null;
};

/** splitKey reads a workloadKey back: kind, name and namespace. */
function splitKey(key: string): { kind: string; name: string; namespace: string } {
  const [ref = '', ns] = key.split(' -n ');
  const [kind = '', name = ''] = ref.split('/');
  return { kind, name, namespace: ns ?? 'default' };
}

/**
 * ExportDialog saves or copies the working scenario as a scenario file, and one workload as
 * `kubectl get <kind> <name> -o yaml` prints it at the current tick.
 */
export function ExportDialog({ open, onClose }: ExportDialogProps) {
  const t = useScenarioT();
  const name = useAppStore(scenarioNameSelector);
  // subscribed so the export is read again whenever the working scenario changes
  useAppStore(scenarioTextSelector);
  const scenarioYaml = open ? exportScenarioYaml() : '';
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title={t('export.title')}
      description={t('export.description')}
      widthClass="max-w-3xl"
    >
      <div className="flex flex-col gap-5">
        <YamlExport
          heading={t('export.scenarioFile')}
          yaml={scenarioYaml}
          fileName={fileNameFor(name)}
          copied={t('export.copiedScenario')}
        />
        {open ? <ObjectExport /> : null}
      </div>
    </ModalDialog>
  );
}

/** ObjectExport picks a workload (the selected pod's by default) and shows it as `-o yaml`. */
function ObjectExport() {
  const t = useScenarioT();
  const keys = useAppStore(useShallow(workloadKeysSelector));
  const selected = useAppStore(selectedWorkloadSelector);
  const tick = useAppStore(tickSelector);
  const [choice, setChoice] = useState<string | null>(null);
  const key = choice !== null && keys.includes(choice) ? choice : (selected ?? keys[0] ?? null);
  const [yaml, setYaml] = useState<{ key: string; tick: number; text: string } | null>(null);
  const pickerId = useId();

  useEffect(() => {
    if (key === null) return;
    let live = true;
    const { kind, name: objName, namespace } = splitKey(key);
    objectYaml(kind, objectRef({ namespace, name: objName })).then(
      (text) => live && setYaml({ key, tick, text }),
      (e: unknown) => live && setYaml({ key, tick, text: `# ${e instanceof Error ? e.message : String(e)}` }),
    );
    return () => {
      live = false;
    };
  }, [key, tick]);

  if (key === null) {
    return <p className="text-sm text-slate-700 dark:text-slate-300">{t('export.noWorkload')}</p>;
  }
  const { kind, name: objName, namespace } = splitKey(key);
  const current = yaml && yaml.key === key && yaml.tick === tick ? yaml.text : null;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <label htmlFor={pickerId} className="font-medium">
          {t('export.object')}
        </label>
        <select
          id={pickerId}
          value={key}
          onChange={(e) => setChoice(e.target.value)}
          className="rounded-md border border-slate-300 bg-white px-2 py-1 font-mono text-sm dark:border-slate-600 dark:bg-slate-950"
        >
          {keys.map((k) => (
            <option key={k} value={k}>
              {k}
            </option>
          ))}
        </select>
        <span className="text-slate-700 dark:text-slate-300">{t('export.atTick', { tick })}</span>
      </div>
      <YamlExport
        heading={`kubectl get ${kind.toLowerCase()} ${objName}${namespaceFlag(namespace)} -o yaml`}
        yaml={current}
        fileName={fileNameFor(`${kind}-${objName}`, 'object')}
        copied={t('export.copiedObject', { what: `${kind} ${objName}` })}
      />
    </div>
  );
}
