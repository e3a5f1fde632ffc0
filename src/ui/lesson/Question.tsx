import { useId, useState } from 'react';
import { isRightAnswer } from '../../lessons/resolve.ts';
import type { LessonPointView } from '../../worker/protocol.ts';
import { ChoiceGroup, type ChoiceView } from './ChoiceGroup.tsx';
import { useLessonT } from './i18n.ts';
import type { StepAnswer } from './progress.ts';
import { Verdict } from './Verdict.tsx';

interface QuestionProps {
  text: string;
  /** A choice question's choices; none: the learner types a number. */
  choices?: readonly ChoiceView[];
  point: LessonPointView | null;
  answer: StepAnswer | null;
  onAnswer(answer: StepAnswer): void;
}

/**
 * Question asks for a prediction (textbox "Your prediction", or a radio group named by the
 * question for a choice question; button "Check") and, once checked, says in a status region
 * whether it was right, the engine's value and the formula behind it.
 */
export function Question({ text, choices, point, answer, onAnswer }: QuestionProps) {
  const t = useLessonT();
  const id = useId();
  const textId = `${id}-text`;
  const [input, setInput] = useState(answer?.input ?? '');
  const [empty, setEmpty] = useState(false);
  const value = point?.answer ?? null;
  const check = () => {
    if (input.trim() === '') {
      setEmpty(true);
      return;
    }
    setEmpty(false);
    if (value === null) return;
    onAnswer({ input: input.trim(), right: isRightAnswer(input, value, choices) });
  };
  const shown = (v: string) => {
    const c = choices?.find((x) => x.value === v);
    return c && c.label !== c.value ? `${c.label} (${c.value})` : v;
  };
  const button = (
    <button
      type="submit"
      disabled={value === null}
      className="h-8 rounded-md bg-blue px-3 text-sm font-medium text-white hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:opacity-40"
    >
      {t('question.check')}
    </button>
  );
  return (
    <div className="flex flex-col gap-1">
      <p id={textId} className="text-sm font-medium lg:text-base">
        {text}
      </p>
      <form
        className={choices ? 'flex flex-col items-start gap-2' : 'flex flex-wrap items-center gap-2'}
        onSubmit={(e) => {
          e.preventDefault();
          check();
        }}
      >
        {choices ? (
          <ChoiceGroup labelledBy={textId} name={id} choices={choices} picked={input} onPick={setInput} />
        ) : (
          <>
            <label htmlFor={id} className="text-sm">
              {t('question.prediction')}
            </label>
            <input
              id={id}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={input}
              onChange={(e) => setInput(e.target.value)}
              className="h-8 w-24 rounded-md border border-slate-400 bg-white px-2 font-mono dark:border-slate-500 dark:bg-slate-800"
            />
          </>
        )}
        {button}
      </form>
      <Verdict
        point={point}
        answer={answer}
        empty={empty ? t(choices ? 'question.pickFirst' : 'question.empty') : null}
        shown={shown}
      />
    </div>
  );
}
