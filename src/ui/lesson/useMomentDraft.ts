import { useReducer, useState } from 'react';
import { validateLesson } from '../../lessons/validate.ts';
import { currentTickView, setScenarioLesson } from '../../state/actions.ts';
import { useAppStore } from '../../state/hooks.ts';
import {
  languageSelector,
  lessonSelector,
  scenarioNameSelector,
  tickSelector,
} from '../../state/selectors.ts';
import { appStore } from '../../state/store.ts';
import {
  type AskableValue,
  askableValues,
  offeredChoices,
  type StepProblems,
  stepProblems,
  typable,
  withMoment,
} from './authoring.ts';
import { editChoices, engineRow } from './choiceRows.ts';
import { useLessonT } from './i18n.ts';

/** How the learner answers a question: types a number, or picks one of the choices. */
export type AnswerKind = 'number' | 'choices';

/**
 * useMomentDraft is the state of "Add this moment as a step" while the teacher writes it: the
 * step's text, the value asked for and how, the choices; what the lesson format says of the step
 * (validateLesson, sorted by field) and whether the engine's answer is among the choices; and
 * `save`, which adds the step after step `after` when both are fine.
 */
export function useMomentDraft(after: number, onAdded?: () => void) {
  const t = useLessonT();
  const tick = useAppStore(tickSelector);
  const lang = useAppStore(languageSelector);
  const lesson = useAppStore(lessonSelector);
  const name = useAppStore(scenarioNameSelector);
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<AskableValue[]>([]);
  const [text, setText] = useState('');
  const [ask, setAsk] = useState(-1);
  const [kind, setKind] = useState<AnswerKind>('number');
  const [question, setQuestion] = useState('');
  const [rows, edit] = useReducer(editChoices, []);
  const [tried, setTried] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const chosen = values[ask] ?? null;
  const choices = chosen && kind === 'choices' ? rows.map((r) => r.value) : null;
  // What the question says when the teacher writes none (shown as the box's placeholder).
  const fallback = !chosen
    ? ''
    : choices
      ? t('author.defaultChoiceQuestion', { value: chosen.value, fn: chosen.fn, key: chosen.key })
      : t('author.defaultQuestion', { what: `${chosen.key} → ${chosen.value}` });
  const made = withMoment(lesson, {
    tick,
    text: text.trim() || `tick ${tick}`,
    lang,
    after,
    title: t('author.newTitle', { name }),
    ask: chosen,
    question: question.trim() || fallback,
    choices,
  });
  const checked = validateLesson(made.lesson);
  const problems: StepProblems = stepProblems(checked.ok ? [] : checked.errors, made.index);
  const missing = chosen !== null && choices !== null && engineRow(rows, chosen.current) < 0;
  const refused = !checked.ok || missing;

  const pick = (i: number) => {
    const a = values[i];
    setAsk(a ? i : -1);
    setKind(a && typable(a) ? 'number' : 'choices');
    edit({ type: 'reset', values: a ? offeredChoices(a) : [] });
    setTried(false);
  };
  const start = async () => {
    setOpen(true);
    setText('');
    setQuestion('');
    setAsk(-1);
    setTried(false);
    setError(null);
    const view = await currentTickView();
    setValues(view ? askableValues(view.decisions) : []);
  };
  /** save adds the step; false when the format (or the engine's answer) refuses it, to show why. */
  const save = async (): Promise<boolean> => {
    if (refused) {
      setTried(true);
      return false;
    }
    const r = await setScenarioLesson(made.lesson);
    if (!r.ok) {
      setError(r.message ?? '');
      return false;
    }
    setOpen(false);
    onAdded?.();
    appStore.getState().openLessonPanel(made.index);
    return true;
  };
  return {
    open,
    close: () => setOpen(false),
    start,
    save,
    values,
    text,
    setText,
    ask,
    pick,
    chosen,
    kind,
    setKind,
    question,
    setQuestion,
    fallback,
    rows,
    edit,
    /** The format's words, once Add step was tried (a new blank choice is not an error yet). */
    problems: tried ? problems : null,
    /** None of the choices is the engine's answer (said at once). */
    missing,
    /** The format refuses the step as it stands (said once Add step was tried). */
    refused: !checked.ok && tried,
    error,
  };
}
