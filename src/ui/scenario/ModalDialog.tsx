import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useScenarioT } from './i18n.ts';

interface ModalDialogProps {
  open: boolean;
  /** Called when the dialog closes by Escape, the close button or `form method="dialog"`. */
  onClose: () => void;
  /** The dialog's accessible name and visible heading. */
  title: string;
  /** One sentence under the heading (the dialog's accessible description). */
  description?: string;
  children: ReactNode;
  /** Tailwind max-width class of the dialog box. */
  widthClass?: string;
  /** Picks what takes focus when the dialog opens (else the browser's pick: the first focusable, Close). */
  initialFocus?: (dialog: HTMLDialogElement) => HTMLElement | null | undefined;
}

/**
 * ModalDialog is a native `<dialog>` opened with showModal(): the browser makes the page behind it
 * inert (focus stays inside), Escape closes it, and focus returns to the button that opened it.
 * React owns its contents; the effect only calls showModal()/close() when `open` changes.
 */
export function ModalDialog({
  open,
  onClose,
  title,
  description,
  children,
  widthClass = 'max-w-2xl',
  initialFocus,
}: ModalDialogProps) {
  const t = useScenarioT();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const initialFocusRef = useRef(initialFocus);
  initialFocusRef.current = initialFocus;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      initialFocusRef.current?.(dialog)?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const handleClose = () => onCloseRef.current();
    dialog.addEventListener('close', handleClose);
    return () => dialog.removeEventListener('close', handleClose);
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      className={`m-auto w-[calc(100vw-1.5rem)] ${widthClass} rounded-lg border border-slate-300 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-950/60 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100`}
    >
      {open ? (
        <div className="flex max-h-[calc(100dvh-3rem)] flex-col">
          <div className="flex items-start gap-3 border-b border-slate-200 px-4 py-3 dark:border-slate-700">
            <div className="min-w-0 flex-1">
              <h2 id={titleId} className="text-lg font-semibold">
                {title}
              </h2>
              {description ? (
                <p id={descriptionId} className="text-sm text-slate-700 dark:text-slate-300">
                  {description}
                </p>
              ) : null}
            </div>
            <button
              type="button"
              onClick={() => ref.current?.close()}
              aria-label={t('dialog.close')}
              title={t('dialog.closeTitle')}
              className="inline-flex size-9 shrink-0 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent dark:text-slate-200 dark:hover:bg-slate-800"
            >
              <svg
                viewBox="0 0 24 24"
                className="size-5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                aria-hidden="true"
              >
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </button>
          </div>
          <div className="min-h-0 flex-1 overflow-auto px-4 py-3">{children}</div>
        </div>
      ) : null}
    </dialog>
  );
}
