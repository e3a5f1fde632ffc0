import { useId } from 'react';
import type { ImportMode } from '../../worker/protocol.ts';
import { useScenarioT } from './i18n.ts';

const MODES: readonly ImportMode[] = ['replace', 'add'];

/**
 * ImportModeChoice: Replace the scenario (the default: the manifests alone on the current nodes)
 * or Add to this scenario (as kubectl apply -f). Two radio buttons with a line each that says
 * what happens.
 */
export function ImportModeChoice({
  mode,
  onChange,
}: {
  mode: ImportMode;
  onChange: (m: ImportMode) => void;
}) {
  const t = useScenarioT();
  const name = useId();
  return (
    <fieldset className="grid gap-1.5 sm:grid-cols-2">
      <legend className="mb-1 text-sm font-medium">{t('import.modeLegend')}</legend>
      {MODES.map((m) => (
        <label
          key={m}
          className="flex cursor-pointer items-start gap-2 rounded-md border border-slate-300 p-2 has-checked:border-blue has-checked:bg-blue/5 dark:border-slate-600 dark:has-checked:border-sky-blue dark:has-checked:bg-sky-blue/10"
        >
          <input
            type="radio"
            name={name}
            value={m}
            checked={mode === m}
            onChange={() => onChange(m)}
            className="mt-1 accent-accent"
          />
          <span className="flex flex-col">
            <span className="text-sm font-medium">
              {t(m === 'replace' ? 'import.modeReplace' : 'import.modeAdd')}
            </span>
            <span className="text-xs text-slate-700 dark:text-slate-300">
              {t(m === 'replace' ? 'import.modeReplaceHint' : 'import.modeAddHint')}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
