import { shareUrl } from '../../state/actions.ts';
import { useAppStore } from '../../state/hooks.ts';
import {
  languageSelector,
  scenarioNameSelector,
  shareHashSelector,
  tickSelector,
} from '../../state/selectors.ts';
import { useT } from '../common/useT.ts';
import { Logo } from './AppHeader.tsx';

/**
 * EmbedBar is the embedded page's only header (`&embed=1`): the name, the scenario and an
 * **Open in Rollout Lab** link to the same run at the same tick in the full app, in a new tab.
 */
export function EmbedBar() {
  const t = useT();
  const name = useAppStore(scenarioNameSelector);
  // The link follows the run: re-rendered when the scenario, the tick or the language change.
  useAppStore(shareHashSelector);
  useAppStore(tickSelector);
  useAppStore(languageSelector);
  const href = shareUrl({ embed: false });
  return (
    <header className="flex items-center gap-2 border-b border-slate-300 bg-white px-3 py-1 dark:border-slate-700 dark:bg-slate-900">
      <Logo />
      <h1 className="shrink-0 text-base font-bold text-slate-900 dark:text-white">Rollout Lab</h1>
      <span className="min-w-0 truncate text-sm text-slate-700 dark:text-slate-300" title={name}>
        {name}
      </span>
      <a
        href={href}
        target="_blank"
        rel="noopener"
        title={t('view.openInAppTitle')}
        className="ml-auto inline-flex shrink-0 items-center gap-1 rounded-md border border-slate-300 px-2 py-1 text-sm font-medium text-slate-800 underline-offset-2 hover:bg-slate-100 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800"
      >
        {t('view.openInApp')}
        <svg
          viewBox="0 0 24 24"
          className="size-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
        </svg>
      </a>
    </header>
  );
}
