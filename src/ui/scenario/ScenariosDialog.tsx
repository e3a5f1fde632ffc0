import { useState } from 'react';
import { loadPreset, resetToPreset } from '../../state/actions.ts';
import { useAppStore } from '../../state/hooks.ts';
import { presetIdSelector, presetsSelector, scenarioNameSelector } from '../../state/selectors.ts';
import { useScenarioT } from './i18n.ts';
import { ModalDialog } from './ModalDialog.tsx';
import { PresetGallery } from './PresetGallery.tsx';

interface ScenariosDialogProps {
  open: boolean;
  onClose: () => void;
}

/** focusCurrentPreset puts focus on the preset in use, else the first one. */
function focusCurrentPreset(dialog: HTMLDialogElement): HTMLElement | null {
  return (
    dialog.querySelector<HTMLElement>('[data-preset-id][aria-current="true"]') ??
    dialog.querySelector<HTMLElement>('[data-preset-id]')
  );
}

/** ScenariosDialog is the presets gallery: choose a built-in scenario, or reset to the one in use. */
export function ScenariosDialog({ open, onClose }: ScenariosDialogProps) {
  const t = useScenarioT();
  const presets = useAppStore(presetsSelector);
  const presetId = useAppStore(presetIdSelector);
  const scenarioName = useAppStore(scenarioNameSelector);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function run(id: string, action: () => Promise<{ ok: boolean; message?: string }>) {
    setBusyId(id);
    setError(null);
    try {
      const result = await action();
      if (result.ok) onClose();
      else setError(result.message ?? t('gallery.loadFailed'));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusyId(null);
    }
  }

  return (
    <ModalDialog
      open={open}
      onClose={() => {
        setError(null);
        onClose();
      }}
      title={t('gallery.title')}
      description={t('gallery.description')}
      widthClass="max-w-4xl"
      initialFocus={focusCurrentPreset}
    >
      {presets.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('gallery.loadingList')}</p>
      ) : (
        <PresetGallery
          presets={presets}
          presetId={presetId}
          scenarioName={scenarioName}
          busyId={busyId}
          error={error}
          onChoose={(id) => void run(id, () => loadPreset(id))}
          onReset={() => void run(presetId ?? '', resetToPreset)}
        />
      )}
    </ModalDialog>
  );
}
