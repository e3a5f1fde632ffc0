import { useAppStore } from '../../state/hooks.ts';
import { updateReadySelector } from '../../state/selectors.ts';
import { appStore } from '../../state/store.ts';
import { useT } from '../common/useT.ts';

const later = () => appStore.getState().setUpdateReady(false);

/**
 * UpdatePrompt says a new version is installed and waits (the service worker keeps the running one
 * until the reader reloads, so a class in progress is never reloaded under them).
 */
export function UpdatePrompt({ onReload }: { onReload(): void }) {
  const t = useT();
  const ready = useAppStore(updateReadySelector);
  return (
    <div role="status" className="fixed top-2 right-2 z-50 empty:hidden">
      {ready ? (
        <div
          data-testid="update-prompt"
          className="flex max-w-sm flex-wrap items-center gap-2 rounded-md border border-accent bg-white px-3 py-2 text-sm text-slate-900 shadow-lg dark:bg-slate-900 dark:text-slate-100"
        >
          <p className="min-w-0 flex-1">{t('view.updateReady')}</p>
          <button
            type="button"
            onClick={onReload}
            className="rounded-md bg-accent px-2 py-1 font-medium text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent dark:text-slate-950"
          >
            {t('view.updateReload')}
          </button>
          <button
            type="button"
            onClick={later}
            className="rounded-md px-2 py-1 underline focus-visible:outline-2 focus-visible:outline-accent"
          >
            {t('view.updateLater')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
