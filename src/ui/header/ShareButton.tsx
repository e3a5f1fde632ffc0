import { useEffect, useRef, useState } from 'react';
import { shareUrl } from '../../state/actions.ts';
import { useT } from '../common/useT.ts';

const BUTTON =
  'inline-flex h-9 items-center gap-1.5 rounded-md border border-slate-300 px-3 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800';

interface ShareButtonProps {
  /** Writes the link to the clipboard (tests replace it). */
  copy?: (text: string) => Promise<void>;
}

const clipboardCopy = (text: string) => navigator.clipboard.writeText(text);

/**
 * ShareButton copies the share URL (the working scenario at the current tick) to the clipboard and
 * says so ("Link copied"); where the clipboard is refused it shows the link to copy by hand.
 */
export function ShareButton({ copy = clipboardCopy }: ShareButtonProps) {
  const t = useT();
  const [status, setStatus] = useState<'idle' | 'copied' | 'manual'>('idle');
  const [url, setUrl] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onShare = async () => {
    const link = shareUrl();
    setUrl(link);
    clearTimeout(timer.current);
    try {
      await copy(link);
      setStatus('copied');
      timer.current = setTimeout(() => setStatus('idle'), 3000);
    } catch {
      setStatus('manual');
    }
  };

  return (
    <div className="relative">
      <button
        type="button"
        className={BUTTON}
        onClick={() => void onShare()}
        title={t('header.shareTitle')}
        data-compact=""
      >
        <svg
          viewBox="0 0 24 24"
          className="size-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path d="M10 14a5 5 0 0 0 7.1 0l3-3a5 5 0 0 0-7.1-7.1l-1 1M14 10a5 5 0 0 0-7.1 0l-3 3a5 5 0 0 0 7.1 7.1l1-1" />
        </svg>
        {t('header.share')}
      </button>
      <span role="status" className="absolute top-full right-0 z-40 mt-1 whitespace-nowrap">
        {status === 'copied' ? (
          <span className="rounded-md bg-slate-900 px-2 py-1 text-xs text-white shadow dark:bg-slate-100 dark:text-slate-900">
            {t('header.linkCopied')}
          </span>
        ) : null}
      </span>
      {status === 'manual' ? (
        <div className="absolute top-full right-0 z-40 mt-1 flex w-80 flex-col gap-1 rounded-md border border-slate-300 bg-white p-2 text-xs shadow-lg dark:border-slate-600 dark:bg-slate-800">
          <label className="flex flex-col gap-1">
            {t('header.copyManually')}
            <input
              readOnly
              value={url}
              // biome-ignore lint/a11y/noAutofocus: the link is what the reader came for
              autoFocus
              onFocus={(e) => e.currentTarget.select()}
              className="rounded border border-slate-300 px-1 font-mono dark:border-slate-600 dark:bg-slate-900"
            />
          </label>
          <button type="button" className="self-end underline" onClick={() => setStatus('idle')}>
            {t('common.close')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
