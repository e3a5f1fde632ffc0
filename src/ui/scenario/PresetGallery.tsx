import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PresetSummary } from '../../worker/protocol.ts';
import { SCENARIO_NS, useScenarioT } from './i18n.ts';
import { errorBox, primaryButton, secondaryButton } from './styles.ts';

/** One built-in scenario as the gallery lists it; `description` is its one-line lesson. */
export type { PresetSummary };

/** presetText is a preset's name and lesson in `language`, English where it has no translation. */
export function presetText(p: PresetSummary, language: string): { name: string; description: string } {
  return p.translations?.[language] ?? { name: p.name, description: p.description };
}

/** usePresetText is presetText in the reader's language. */
function usePresetText(): (p: PresetSummary) => { name: string; description: string } {
  const { i18n } = useTranslation(SCENARIO_NS);
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (p) => presetText(p, language);
}

interface PresetGalleryProps {
  presets: readonly PresetSummary[];
  /** The preset the working scenario came from, or null (imported or shared). */
  presetId: string | null;
  /** The working scenario's name. */
  scenarioName: string;
  /** Which preset is loading (the buttons wait), or null. */
  busyId: string | null;
  /** Why the last load failed, or null. */
  error: string | null;
  onChoose: (id: string) => void;
  onReset: () => void;
}

/**
 * PresetGallery lists every built-in scenario with its lesson; a click loads it. "Reset to preset"
 * asks once before it drops the edits made to the working scenario.
 */
export function PresetGallery({
  presets,
  presetId,
  scenarioName,
  busyId,
  error,
  onChoose,
  onReset,
}: PresetGalleryProps) {
  const t = useScenarioT();
  const text = usePresetText();
  const [confirming, setConfirming] = useState(false);
  const origin = presets.find((p) => p.id === presetId) ?? null;
  const originName = origin ? text(origin).name : '';
  // A scenario still named as a preset (unedited, or opened from its link) shows that name in
  // the reader's language; a name the user gave stays as written.
  const named = origin?.name === scenarioName ? origin : presets.find((p) => p.name === scenarioName);
  const workingName = named ? text(named).name : scenarioName;
  const busy = busyId !== null;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2 rounded-md bg-slate-100 px-3 py-2 text-sm dark:bg-slate-800">
        <p className="min-w-0 flex-1">
          <span className="text-slate-700 dark:text-slate-300">{t('gallery.working')} </span>
          <span className="font-semibold">{workingName || t('gallery.none')}</span>
          {origin && origin.name !== scenarioName ? (
            <span className="text-slate-700 dark:text-slate-300">
              {' '}
              {t('gallery.fromPreset', { name: originName })}
            </span>
          ) : null}
        </p>
        {origin && !confirming ? (
          <button
            type="button"
            className={secondaryButton}
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            {t('gallery.reset')}
          </button>
        ) : null}
      </div>
      {origin && confirming ? (
        <fieldset className="flex flex-wrap items-center gap-2 rounded-md border border-orange px-3 py-2 text-sm">
          <legend className="sr-only">{t('gallery.confirmLegend')}</legend>
          <p className="min-w-0 flex-1">{t('gallery.confirmText', { name: originName })}</p>
          <button
            type="button"
            className={primaryButton}
            disabled={busy}
            onClick={() => {
              setConfirming(false);
              onReset();
            }}
          >
            {t('gallery.confirmReset')}
          </button>
          <button type="button" className={secondaryButton} onClick={() => setConfirming(false)}>
            {t('gallery.keep')}
          </button>
        </fieldset>
      ) : null}
      {error ? (
        <p role="alert" className={errorBox}>
          {error}
        </p>
      ) : null}
      <ul aria-label={t('gallery.list')} className="grid gap-2 sm:grid-cols-2">
        {presets.map((p) => (
          <li key={p.id}>
            <PresetCard
              preset={p}
              current={p.id === presetId}
              busy={busyId === p.id}
              disabled={busy}
              onChoose={onChoose}
            />
          </li>
        ))}
      </ul>
      <p className="text-xs text-slate-700 dark:text-slate-300">{t('gallery.replaceNote')}</p>
    </div>
  );
}

interface PresetCardProps {
  preset: PresetSummary;
  current: boolean;
  busy: boolean;
  disabled: boolean;
  onChoose: (id: string) => void;
}

/**
 * upstreamIssues are the kubernetes/kubernetes issues a lesson line names, in order:
 * `… kubernetes/kubernetes#89209, #98656` → [89209, 98656].
 */
export function upstreamIssues(text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(/kubernetes\/kubernetes#(\d+)((?:,\s*#\d+)*)/g)) {
    for (const n of `#${m[1]}${m[2] ?? ''}`.matchAll(/#(\d+)/g)) {
      const id = Number(n[1]);
      if (!out.includes(id)) out.push(id);
    }
  }
  return out;
}

function PresetCard({ preset, current, busy, disabled, onChoose }: PresetCardProps) {
  const t = useScenarioT();
  const { name, description } = usePresetText()(preset);
  // Links cannot sit inside the card's button: the issues it names get their own line below it.
  const issues = upstreamIssues(description);
  return (
    <div className="flex h-full flex-col rounded-md border border-slate-300 hover:border-blue hover:bg-blue/5 has-[[aria-current=true]]:border-2 has-[[aria-current=true]]:border-blue dark:border-slate-600 dark:hover:border-sky-blue dark:has-[[aria-current=true]]:border-sky-blue">
      <PresetButton {...{ preset, current, busy, disabled, onChoose, name, description }} />
      {issues.length > 0 ? (
        <p className="px-3 pb-2 text-xs text-slate-700 dark:text-slate-300">
          {t('gallery.upstream')}{' '}
          {issues.map((id, i) => (
            <span key={id}>
              {i > 0 ? ', ' : null}
              <a
                href={`https://github.com/kubernetes/kubernetes/issues/${id}`}
                target="_blank"
                rel="noreferrer"
                className="underline text-blue dark:text-sky-blue"
              >
                kubernetes/kubernetes#{id}
              </a>
            </span>
          ))}
        </p>
      ) : null}
    </div>
  );
}

function PresetButton({
  preset,
  current,
  busy,
  disabled,
  onChoose,
  name,
  description,
}: PresetCardProps & { name: string; description: string }) {
  const t = useScenarioT();
  return (
    <button
      type="button"
      data-preset-id={preset.id}
      aria-current={current ? 'true' : undefined}
      aria-busy={busy || undefined}
      disabled={disabled}
      onClick={() => onChoose(preset.id)}
      className="flex w-full flex-1 flex-col gap-1 rounded-md px-3 py-2 text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:cursor-wait"
    >
      <span className="flex items-baseline gap-2">
        <span className="font-semibold text-slate-900 dark:text-white">{name}</span>
        {current ? (
          <span className="rounded-full bg-blue px-2 text-xs font-medium text-white dark:bg-sky-blue dark:text-slate-950">
            {t('gallery.current')}
          </span>
        ) : null}
        {busy ? (
          <span className="text-xs text-slate-700 dark:text-slate-300">{t('gallery.loading')}</span>
        ) : null}
      </span>
      <span data-testid="preset-lesson" className="text-sm text-slate-700 dark:text-slate-300">
        {description}
      </span>
    </button>
  );
}
