import { lazy, Suspense, useState } from 'react';
import { useT } from '../common/useT.ts';
import { headerButton } from '../scenario/styles.ts';

/** The dialog and the lessons load on first click: they are not in the page's first bytes. */
const LessonsDialog = lazy(() => import('./LessonsDialog.tsx'));

/** LessonsButton is the header's button "Lessons" and its dialog (DESIGN.md §12). */
export function LessonsButton() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <button
        type="button"
        className={headerButton}
        aria-haspopup="dialog"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <svg
          viewBox="0 0 24 24"
          className="size-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path d="M2 6l10-4 10 4-10 4z M6 8v6c0 2 3 4 6 4s6-2 6-4V8 M22 6v6" />
        </svg>
        {t('teach.lessons')}
      </button>
      {loaded ? (
        <Suspense fallback={null}>
          <LessonsDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
