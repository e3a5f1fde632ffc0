import { useAppStore } from '../../state/hooks.ts';
import { largeTextSelector } from '../../state/selectors.ts';
import { appStore } from '../../state/store.ts';
import { useT } from '../common/useT.ts';

/** LargeTextToggle switches the classroom large-text mode (everything sized in rem grows by a quarter). */
export function LargeTextToggle() {
  const t = useT();
  const on = useAppStore(largeTextSelector);
  return (
    <button
      type="button"
      aria-pressed={on}
      onClick={() => appStore.getState().setLargeText(!on)}
      title={t('header.largeText')}
      className="inline-flex h-9 items-center rounded-md border border-slate-300 px-2 text-sm font-semibold text-slate-800 not-aria-pressed:hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent aria-pressed:bg-slate-800 aria-pressed:text-white dark:border-slate-600 dark:text-slate-100 dark:not-aria-pressed:hover:bg-slate-800 dark:aria-pressed:bg-slate-200 dark:aria-pressed:text-slate-900"
    >
      <span aria-hidden="true">A</span>
      <span aria-hidden="true" className="text-base">
        A
      </span>
      <span className="sr-only">{t('header.largeText')}</span>
    </button>
  );
}
