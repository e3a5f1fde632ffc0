import { goLive } from '../../state/actions.ts';
import { useAppStore } from '../../state/hooks.ts';
import { liveSelector } from '../../state/selectors.ts';
import { useT } from '../common/useT.ts';

/**
 * LiveBadge: on a page following a served session (`#live`), the server's virtual time while the
 * playhead follows it, and **Go live** once the reader has moved back in time.
 */
export function LiveBadge() {
  const t = useT();
  const live = useAppStore(liveSelector);
  if (!live) return null;
  const time = (live.nowMs / 1000).toFixed(1);
  return (
    <span className="flex items-center gap-1.5">
      <span
        data-testid="live-badge"
        data-following={live.following || undefined}
        data-connected={live.connected || undefined}
        role="status"
        title={t('header.liveTitle')}
        className="flex items-center gap-1.5 whitespace-nowrap rounded-full border border-vermillion px-2 py-0.5 font-mono text-xs font-semibold text-vermillion-ink sm:text-sm dark:text-vermillion"
      >
        <span
          aria-hidden="true"
          className="size-2 rounded-full bg-vermillion data-[on]:animate-pulse"
          data-on={live.following || undefined}
        />
        {live.connected ? t('header.liveAt', { time }) : t('header.liveLost')}
      </span>
      {live.following ? null : (
        <button
          type="button"
          title={t('header.goLiveTitle')}
          onClick={goLive}
          className="whitespace-nowrap rounded border border-slate-300 px-2 py-0.5 text-xs font-medium text-slate-800 hover:bg-slate-100 sm:text-sm dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800"
        >
          {t('header.goLive')}
        </button>
      )}
    </span>
  );
}
