import { addVariantFromCurrent } from '../../state/compareActions.ts';
import type { AppView } from '../../state/compareSlice.ts';
import { useAppStore } from '../../state/hooks.ts';
import { type AppState, appStore } from '../../state/store.ts';
import { useT } from '../common/useT.ts';

const viewOf = (s: AppState) => s.view;

const VIEWS: readonly AppView[] = ['run', 'compare', 'sweep'];

/**
 * ViewSwitch: the run, its variants side by side (Compare) or a sweep over two fields. Compare
 * opened for the first time starts from the current scenario as its first variant.
 */
export function ViewSwitch() {
  const t = useT();
  const view = useAppStore(viewOf);
  const open = (v: AppView) => {
    const s = appStore.getState();
    if (v === 'compare' && s.compareBase === null) void addVariantFromCurrent();
    else s.setView(v);
  };
  return (
    <fieldset className="flex overflow-hidden rounded-md border border-slate-300 dark:border-slate-600">
      <legend className="sr-only">{t('compare.views.label')}</legend>
      {VIEWS.map((v) => (
        <button
          key={v}
          type="button"
          aria-pressed={view === v}
          onClick={() => open(v)}
          className={`h-8 px-2.5 text-sm ${view === v ? 'bg-accent font-semibold text-white dark:text-slate-950' : 'hover:bg-slate-100 dark:hover:bg-slate-800'}`}
        >
          {t(`compare.views.${v}`)}
        </button>
      ))}
    </fieldset>
  );
}
