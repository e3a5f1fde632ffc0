import { useState } from 'react';
import { localText } from '../../lessons/format.ts';
import { useAppStore } from '../../state/hooks.ts';
import {
  languageSelector,
  lessonPointsSelector,
  lessonSelector,
  lessonStepSelector,
} from '../../state/selectors.ts';
import { useLessonT } from './i18n.ts';
import { LessonNav } from './LessonNav.tsx';
import { readProgress, type StepAnswer, saveAnswer } from './progress.ts';
import { Question } from './Question.tsx';
import { useLessonPlace } from './useLessonPlace.ts';

/**
 * LessonPanel is the region "Lesson": the open lesson's step (its text, and its question with
 * Check and the verdict), Previous step / Next step, and "Add this moment as a step".
 */
export default function LessonPanel() {
  const t = useLessonT();
  const lesson = useAppStore(lessonSelector);
  const step = useAppStore(lessonStepSelector);
  const points = useAppStore(lessonPointsSelector);
  const lang = useAppStore(languageSelector);
  const [answers, setAnswers] = useState<Record<string, StepAnswer>>(() =>
    lesson ? (readProgress(lesson.id)?.answers ?? {}) : {},
  );
  const [lessonId, setLessonId] = useState(lesson?.id);
  if (lesson?.id !== lessonId) {
    setLessonId(lesson?.id);
    setAnswers(lesson ? (readProgress(lesson.id)?.answers ?? {}) : {});
  }
  useLessonPlace((i) => answers[String(i)] !== undefined);
  if (!lesson) return null;
  const s = lesson.steps[step];
  if (!s) return null;
  const point = points?.[step] ?? null;
  const total = lesson.steps.length;
  const answer = answers[String(step)] ?? null;
  return (
    <section
      aria-labelledby="lesson-title"
      className="mx-3 mt-3 flex max-h-72 shrink-0 flex-col gap-2 overflow-auto rounded-lg border-2 border-accent bg-white px-3 pt-2 shadow-sm lg:max-h-56 lg:flex-row lg:gap-4 lg:py-2 dark:bg-slate-900"
    >
      <h2 id="lesson-title" className="sr-only">
        {t('panel.title')}
      </h2>
      <div className="min-w-0 flex-1">
        <p className="text-xs text-slate-600 dark:text-slate-300">
          {lesson.chapter ? `${localText(lesson.chapter, lang)} · ` : ''}
          <span className="font-semibold text-slate-900 dark:text-white">
            {localText(lesson.title, lang)}
          </span>
          {' · '}
          <span data-testid="lesson-step">{t('panel.stepOf', { step: step + 1, total })}</span>
          {point?.tick != null ? ` · ${t('panel.atTick', { tick: point.tick })}` : ''}
        </p>
        <p data-testid="lesson-text" className="mt-1 text-sm leading-snug lg:text-base">
          {localText(s.text, lang)}
        </p>
        {points === null ? (
          <p className="text-xs text-slate-600 dark:text-slate-300">{t('panel.placing')}</p>
        ) : null}
        {point?.problem ? (
          <p className="text-xs text-vermillion-ink dark:text-orange">
            {t('panel.notFound', { why: point.problem })}
          </p>
        ) : null}
        {step === total - 1 && (!s.question || answer) ? (
          <p className="text-xs text-slate-600 dark:text-slate-300">{t('panel.finished')}</p>
        ) : null}
      </div>
      {s.question ? (
        <div className="min-w-0 lg:w-[38%]">
          <Question
            key={`${lesson.id}/${step}`}
            text={localText(s.question.text, lang)}
            choices={s.question.choices?.map((c) => {
              const label = localText(c.text, lang) || c.value;
              return { value: c.value, label, code: label === c.value };
            })}
            point={point}
            answer={answer}
            onAnswer={(a) => {
              setAnswers((all) => ({ ...all, [String(step)]: a }));
              saveAnswer(lesson.id, step, a);
            }}
          />
        </div>
      ) : null}
      <LessonNav step={step} total={total} />
    </section>
  );
}
