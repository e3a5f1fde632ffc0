import { appStore } from '../../state/store.ts';
import { AddMoment } from './AddMoment.tsx';
import { useLessonT } from './i18n.ts';

const BUTTON =
  'inline-flex items-center justify-center whitespace-nowrap rounded-md border border-slate-300 px-3 text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent disabled:opacity-40 dark:border-slate-600 dark:hover:bg-slate-800';

/**
 * LessonNav is the strip's buttons: Previous step / Next step, then "Add this moment as a step"
 * and Close lesson. From 64rem they are the strip's right-hand column. Below it the strip is a
 * column that scrolls (a step's text and question can be taller than it), and the step buttons are
 * its footer, stuck to its bottom edge and 44 px tall for a finger: on a 390×844 phone they were
 * below the strip's 224 px, their top 12 px showing at a long step (issue 26).
 */
export function LessonNav({ step, total }: { step: number; total: number }) {
  const t = useLessonT();
  const go = (i: number) => appStore.getState().goLessonStep(i);
  return (
    <div className="contents lg:flex lg:shrink-0 lg:flex-col lg:items-start lg:gap-2">
      <div
        data-testid="lesson-nav"
        className="sticky bottom-0 z-10 order-last -mx-3 flex gap-2 border-t border-slate-200 bg-white px-3 py-2 lg:static lg:order-none lg:mx-0 lg:border-0 lg:bg-transparent lg:p-0 dark:border-slate-700 dark:bg-slate-900 lg:dark:bg-transparent"
      >
        <button
          type="button"
          className={`${BUTTON} h-11 flex-1 lg:h-8 lg:flex-none`}
          onClick={() => go(step - 1)}
          disabled={step === 0}
          aria-keyshortcuts="PageUp"
        >
          {t('panel.previous')}
        </button>
        <button
          type="button"
          className={`${BUTTON} h-11 flex-1 lg:h-8 lg:flex-none`}
          onClick={() => go(step + 1)}
          disabled={step >= total - 1}
          aria-keyshortcuts="PageDown"
        >
          {t('panel.next')}
        </button>
      </div>
      <div className="flex flex-wrap gap-2">
        <AddMoment after={step} />
        <button
          type="button"
          className={`${BUTTON} h-8 text-xs`}
          onClick={() => appStore.getState().closeLessonPanel()}
        >
          {t('panel.close')}
        </button>
      </div>
    </div>
  );
}
