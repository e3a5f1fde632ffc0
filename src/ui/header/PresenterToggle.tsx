import { useAppStore } from '../../state/hooks.ts';
import { presenterSelector } from '../../state/selectors.ts';
import { appStore } from '../../state/store.ts';
import { useT } from '../common/useT.ts';

const onToggle = () => appStore.getState().setPresenter(!appStore.getState().presenter);

/**
 * PresenterToggle switches the presenter layout (`&present=1`): the whole app on one screen at any
 * text size, for a projector (src/app/layout.css).
 */
export function PresenterToggle() {
  const t = useT();
  const on = useAppStore(presenterSelector);
  return (
    <button
      type="button"
      aria-pressed={on}
      onClick={onToggle}
      title={t('view.presenter')}
      className="inline-flex size-9 items-center justify-center rounded-md border border-slate-300 text-slate-800 not-aria-pressed:hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent aria-pressed:bg-slate-800 aria-pressed:text-white dark:border-slate-600 dark:text-slate-100 dark:not-aria-pressed:hover:bg-slate-800 dark:aria-pressed:bg-slate-200 dark:aria-pressed:text-slate-900"
    >
      <svg
        viewBox="0 0 24 24"
        className="size-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden="true"
      >
        <rect x="3" y="4" width="18" height="12" rx="1" />
        <path d="M12 16v4M8 20h8" />
      </svg>
      <span className="sr-only">{t('view.presenter')}</span>
    </button>
  );
}
