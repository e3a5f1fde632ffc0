import { useEffect, useState } from 'react';
import { shareUrl } from '../../state/actions.ts';
import { copyText } from './fileExport.ts';
import { ModalDialog } from './ModalDialog.tsx';
import { headerButton } from './styles.ts';

type Shared = { kind: 'idle' } | { kind: 'copied' } | { kind: 'manual'; url: string; why: string };

interface ShareButtonProps {
  /** Tests replace the clipboard. */
  copy?: typeof copyText;
}

/**
 * ShareButton copies the link of the working scenario at the current tick (DESIGN.md §6). When the
 * browser refuses the clipboard it shows the link selected in a dialog, to copy by hand.
 */
export function ShareButton({ copy = copyText }: ShareButtonProps) {
  const [shared, setShared] = useState<Shared>({ kind: 'idle' });

  useEffect(() => {
    if (shared.kind !== 'copied') return;
    const timer = setTimeout(() => setShared({ kind: 'idle' }), 4000);
    return () => clearTimeout(timer);
  }, [shared]);

  async function share() {
    const url = shareUrl();
    const r = await copy(url);
    setShared(r.ok ? { kind: 'copied' } : { kind: 'manual', url, why: r.message });
  }

  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        className={headerButton}
        onClick={() => void share()}
        title="Copy a link to this run"
      >
        <LinkIcon />
        Share
      </button>
      <span role="status" className="text-sm">
        {shared.kind === 'copied' ? 'Link copied' : ''}
      </span>
      <ModalDialog
        open={shared.kind === 'manual'}
        onClose={() => setShared({ kind: 'idle' })}
        title="Share link"
        description="Anyone who opens this link sees this scenario at this tick."
        initialFocus={selectLink}
      >
        {shared.kind === 'manual' ? (
          <div className="flex flex-col gap-2">
            <label className="flex flex-col gap-1 text-sm font-medium">
              Link
              <input
                readOnly
                value={shared.url}
                onFocus={(e) => e.currentTarget.select()}
                className="w-full rounded-md border border-slate-300 bg-slate-50 px-2 py-1 font-mono text-sm dark:border-slate-600 dark:bg-slate-950"
              />
            </label>
            <p className="text-sm text-slate-700 dark:text-slate-300">{shared.why}</p>
          </div>
        ) : null}
      </ModalDialog>
    </span>
  );
}

/** selectLink focuses the link's text box (its onFocus selects the whole link). */
function selectLink(dialog: HTMLDialogElement): HTMLElement | null {
  return dialog.querySelector('input');
}

function LinkIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
    </svg>
  );
}
