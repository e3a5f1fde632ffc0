import { lazy, Suspense, useEffect } from 'react';
import { useAppStore } from '../../state/hooks.ts';
import { blankSelector, lessonOpenSelector } from '../../state/selectors.ts';
import { appStore } from '../../state/store.ts';
import { useT } from '../common/useT.ts';

/** The lesson panel loads with the first lesson opened. */
const LessonPanel = lazy(() => import('./LessonPanel.tsx'));

/** LessonSlot shows the Lesson region while a lesson is open, and the blank screen B asks for. */
export function LessonSlot() {
  const open = useAppStore(lessonOpenSelector);
  const blank = useAppStore(blankSelector);
  const t = useT();
  // The panels' grid gives the Lesson region room on a 1280×720 screen (layout.css).
  useEffect(() => {
    document.documentElement.classList.toggle('lesson-open', open);
  }, [open]);
  return (
    <>
      {open ? (
        <Suspense fallback={null}>
          <LessonPanel />
        </Suspense>
      ) : null}
      {blank ? (
        <button
          type="button"
          data-testid="blank-screen"
          aria-label={t('teach.blank')}
          title={t('teach.blank')}
          onClick={() => appStore.getState().setBlank(false)}
          className="fixed inset-0 z-50 cursor-default bg-black"
        />
      ) : null}
    </>
  );
}
