import { useState } from 'react';
import {
  IMAGE_BEHAVIOURS,
  parseVariantValue,
  type Variant,
  type VariantField,
} from '../../scenario/variantFields.ts';
import { setVariantOverrides } from '../../state/compareActions.ts';
import { useAppStore } from '../../state/hooks.ts';
import type { AppState } from '../../state/store.ts';
import { sweepFieldsFor } from './sweepFields.ts';
import { useT } from '../common/useT.ts';
import { variantLetter } from './variantText.ts';

interface VariantEditorProps {
  index: number;
  overrides: Variant;
}

const INPUT =
  'w-16 rounded border border-slate-300 bg-white px-1 py-0.5 font-mono text-xs dark:border-slate-600 dark:bg-slate-900';

/**
 * VariantEditor sets what one variant changes: the strategy fields, replicas, minReadySeconds,
 * seed (blank: as in the scenario) and how the rollout's new image behaves. A value that does not
 * parse is refused with one message; applying restarts every variant at 0 s.
 */
/** The scenario's workload kinds, as one string (a stable selector result). */
const kindsOf = (s: AppState) => s.scenarioWorkloads.map((w) => w.kind).join(',');

export function VariantEditor({ index, overrides }: VariantEditorProps) {
  const t = useT();
  const kinds = useAppStore(kindsOf);
  const fields = sweepFieldsFor(kinds === '' ? [] : kinds.split(','));
  const [draft, setDraft] = useState<Record<string, string>>(() =>
    Object.fromEntries(Object.entries(overrides).map(([k, v]) => [k, String(v)])),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const apply = () => {
    const next: Variant = {};
    for (const [field, raw] of Object.entries(draft)) {
      if (raw.trim() === '') continue;
      const r = parseVariantValue(field as VariantField, raw);
      if (!r.ok) {
        setProblem(r.errors[0] ?? '');
        return;
      }
      next[field as VariantField] = r.value;
    }
    setProblem(null);
    void setVariantOverrides(index, next);
  };
  const letter = variantLetter(index);
  return (
    <form
      className="flex flex-wrap items-end gap-x-2 gap-y-1 text-xs"
      aria-label={t('compare.edit.form', { letter })}
      onSubmit={(e) => {
        e.preventDefault();
        apply();
      }}
    >
      {fields.map((field) => (
        <label key={field} className="flex flex-col">
          <span className="font-mono">{field}</span>
          <input
            className={INPUT}
            value={draft[field] ?? ''}
            placeholder={t('compare.edit.asScenario')}
            onChange={(e) => setDraft((d) => ({ ...d, [field]: e.target.value }))}
          />
        </label>
      ))}
      <label className="flex flex-col">
        <span>{t('compare.edit.image')}</span>
        <select
          className={INPUT.replace('w-16', 'w-24')}
          value={draft.image ?? ''}
          onChange={(e) => setDraft((d) => ({ ...d, image: e.target.value }))}
        >
          <option value="">{t('compare.edit.asScenario')}</option>
          {IMAGE_BEHAVIOURS.map((b) => (
            <option key={b} value={b}>
              {t(`compare.image.${b}`)}
            </option>
          ))}
        </select>
      </label>
      <button
        type="submit"
        className="rounded border border-slate-300 px-2 py-0.5 hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
      >
        {t('compare.edit.apply')}
      </button>
      {problem ? (
        <p role="alert" className="w-full text-vermillion-ink dark:text-orange">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
