import { useId, useState } from 'react';
import { currentTickView, setScenarioLesson } from '../../state/actions.ts';
import { useAppStore } from '../../state/hooks.ts';
import {
  languageSelector,
  lessonSelector,
  scenarioNameSelector,
  tickSelector,
} from '../../state/selectors.ts';
import { appStore } from '../../state/store.ts';
import { ModalDialog } from '../scenario/ModalDialog.tsx';
import { type AskableValue, askableValues, withMoment } from './authoring.ts';
import { useLessonT } from './i18n.ts';

const FIELD =
  'rounded-md border border-slate-400 bg-white px-2 py-1 text-sm dark:border-slate-500 dark:bg-slate-800';

/**
 * AddMoment is "Add this moment as a step": a form for the step's text and, optionally, a
 * question on one of the current tick's decision values; the step goes into the scenario's lesson
 * (a new "My lesson" when it has none) after step `after`, and the lesson opens there.
 */
export function AddMoment({ after, onAdded }: { after: number; onAdded?: () => void }) {
  const t = useLessonT();
  const tick = useAppStore(tickSelector);
  const lang = useAppStore(languageSelector);
  const lesson = useAppStore(lessonSelector);
  const name = useAppStore(scenarioNameSelector);
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<AskableValue[]>([]);
  const [text, setText] = useState('');
  const [ask, setAsk] = useState(-1);
  const [question, setQuestion] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ids = { text: useId(), ask: useId(), question: useId() };
  const start = async () => {
    setOpen(true);
    setText('');
    setAsk(-1);
    setError(null);
    const view = await currentTickView();
    setValues(view ? askableValues(view.decisions) : []);
  };
  const save = async () => {
    const chosen = values[ask] ?? null;
    const made = withMoment(lesson, {
      tick,
      text: text.trim() || `tick ${tick}`,
      lang,
      after,
      title: t('author.newTitle', { name }),
      ask: chosen,
      question:
        question.trim() ||
        t('author.defaultQuestion', { what: chosen ? `${chosen.key} → ${chosen.value}` : '' }),
    });
    const r = await setScenarioLesson(made.lesson);
    if (!r.ok) {
      setError(r.message ?? '');
      return;
    }
    setOpen(false);
    onAdded?.();
    appStore.getState().openLessonPanel(made.index);
  };
  return (
    <>
      <button
        type="button"
        onClick={() => void start()}
        className="inline-flex h-8 items-center whitespace-nowrap rounded-md border border-slate-300 px-2 text-xs hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-accent dark:border-slate-600 dark:hover:bg-slate-800"
      >
        {t('author.add')}
      </button>
      <ModalDialog open={open} onClose={() => setOpen(false)} title={t('author.add')} widthClass="max-w-lg">
        <form
          className="flex flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <label htmlFor={ids.text} className="text-sm font-medium">
            {t('author.text')}
          </label>
          <textarea
            id={ids.text}
            rows={3}
            value={text}
            onChange={(e) => setText(e.target.value)}
            className={FIELD}
          />
          <label htmlFor={ids.ask} className="text-sm font-medium">
            {t('author.ask')}
          </label>
          <select id={ids.ask} value={ask} onChange={(e) => setAsk(Number(e.target.value))} className={FIELD}>
            <option value={-1}>{t('author.none')}</option>
            {values.map((v, i) => (
              <option key={`${v.fn}.${v.key}.${v.value}`} value={i}>
                {`${v.fn}.${v.key} → ${v.value} (${v.current})`}
              </option>
            ))}
          </select>
          {ask >= 0 ? (
            <>
              <label htmlFor={ids.question} className="text-sm font-medium">
                {t('author.questionText')}
              </label>
              <input
                id={ids.question}
                value={question}
                onChange={(e) => setQuestion(e.target.value)}
                className={FIELD}
              />
            </>
          ) : null}
          {error ? (
            <p role="alert" className="text-sm text-vermillion-ink dark:text-orange">
              {error}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <button
              type="button"
              onClick={() => setOpen(false)}
              className="rounded-md border border-slate-300 px-3 py-1 text-sm dark:border-slate-600"
            >
              {t('author.cancel')}
            </button>
            <button type="submit" className="rounded-md bg-blue px-3 py-1 text-sm font-medium text-white">
              {t('author.save')}
            </button>
          </div>
        </form>
      </ModalDialog>
    </>
  );
}
