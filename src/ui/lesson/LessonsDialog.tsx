import { useState } from 'react';
import { localText } from '../../lessons/format.ts';
import { BUILT_IN_LESSONS } from '../../lessons/catalog/index.ts';
import { useAppStore } from '../../state/hooks.ts';
import { languageSelector, lessonSelector } from '../../state/selectors.ts';
import { appStore } from '../../state/store.ts';
import { ModalDialog } from '../scenario/ModalDialog.tsx';
import { AddMoment } from './AddMoment.tsx';
import { useLessonT } from './i18n.ts';
import { openBuiltIn } from './open.ts';
import { readAllProgress } from './progress.ts';

const OPEN =
  'shrink-0 rounded-md border border-slate-300 px-2 py-1 text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-accent dark:border-slate-600 dark:hover:bg-slate-800';

/** LessonsDialog is the dialog "Lessons": the built-in lessons by chapter with progress, and the scenario's own. */
export default function LessonsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useLessonT();
  const lang = useAppStore(languageSelector);
  const own = useAppStore(lessonSelector);
  const [error, setError] = useState<string | null>(null);
  const progress = open ? readAllProgress() : {};
  const chapters = new Map<string, typeof BUILT_IN_LESSONS>();
  for (const b of BUILT_IN_LESSONS) {
    const c = localText(b.lesson.chapter, lang);
    chapters.set(c, [...(chapters.get(c) ?? []), b]);
  }
  const openOne = async (index: number) => {
    const b = BUILT_IN_LESSONS[index];
    if (!b) return;
    const p = progress[b.lesson.id];
    const r = await openBuiltIn(b, p && p.total === b.lesson.steps.length ? p.step : 0);
    if (r.ok) onClose();
    else setError(t('dialog.loadFailed', { why: r.message ?? '' }));
  };
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title={t('dialog.title')}
      description={t('dialog.description')}
    >
      {error ? (
        <p role="alert" className="mb-2 text-sm text-vermillion-ink dark:text-orange">
          {error}
        </p>
      ) : null}
      {[...chapters].map(([chapter, lessons]) => (
        <section key={chapter} className="mb-3">
          <h3 className="mb-1 text-sm font-semibold text-slate-700 dark:text-slate-200">{chapter}</h3>
          <ul className="flex flex-col gap-1">
            {lessons.map((b) => {
              const p = progress[b.lesson.id];
              const total = b.lesson.steps.length;
              const index = BUILT_IN_LESSONS.indexOf(b);
              const started = p && p.total === total;
              return (
                <li
                  key={b.lesson.id}
                  className="flex items-center gap-2 rounded-md border border-slate-200 px-2 py-1 dark:border-slate-700"
                >
                  <span className="min-w-0 flex-1 text-sm">{localText(b.lesson.title, lang)}</span>
                  <span className="text-xs text-slate-600 dark:text-slate-300">
                    {started
                      ? p.step >= total - 1
                        ? t('dialog.done')
                        : t('dialog.progress', { step: p.step + 1, total })
                      : t('dialog.notStarted', { total })}
                  </span>
                  <button
                    type="button"
                    className={OPEN}
                    onClick={() => void openOne(index)}
                    aria-label={`${t('dialog.open')}: ${localText(b.lesson.title, lang)}`}
                  >
                    {t('dialog.open')}
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
      <section className="mt-4 border-t border-slate-200 pt-3 dark:border-slate-700">
        <h3 className="mb-1 text-sm font-semibold text-slate-700 dark:text-slate-200">{t('dialog.own')}</h3>
        {own ? (
          <p className="flex items-center gap-2 text-sm">
            <span className="flex-1">{localText(own.title, lang)}</span>
            <button
              type="button"
              className={OPEN}
              onClick={() => {
                appStore.getState().openLessonPanel();
                onClose();
              }}
            >
              {t('dialog.open')}
            </button>
          </p>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('dialog.ownNone')}</p>
        )}
        <h3 className="mt-3 mb-1 text-sm font-semibold text-slate-700 dark:text-slate-200">
          {t('dialog.write')}
        </h3>
        <p className="mb-2 text-xs text-slate-600 dark:text-slate-300">{t('dialog.writeHint')}</p>
        <AddMoment after={own ? own.steps.length - 1 : -1} onAdded={onClose} />
      </section>
    </ModalDialog>
  );
}
