import { useId, useState } from 'react';
import { isRightAnswer } from '../../lessons/resolve.ts';
import type { LessonPointView } from '../../worker/protocol.ts';
import { useT } from '../common/useT.ts';
import { decisionText } from '../explain/decisionText.ts';
import { useLessonT } from './i18n.ts';
import type { StepAnswer } from './progress.ts';

interface QuestionProps {
  text: string;
  point: LessonPointView | null;
  answer: StepAnswer | null;
  onAnswer(answer: StepAnswer): void;
}

/**
 * Question asks for a prediction (textbox "Your prediction", button "Check") and, once checked,
 * says in a status region whether it was right, the engine's value and the formula behind it.
 */
export function Question({ text, point, answer, onAnswer }: QuestionProps) {
  const t = useLessonT();
  const tMain = useT();
  const id = useId();
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
    onAnswer({ input: input.trim(), right: isRightAnswer(input, value) });
  };
  return (
    <div className="flex flex-col gap-1">
      <p className="text-sm font-medium lg:text-base">{text}</p>
      <form
        className="flex flex-wrap items-center gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          check();
        }}
      >
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
        <button
          type="submit"
          disabled={value === null}
          className="h-8 rounded-md bg-blue px-3 text-sm font-medium text-white hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:opacity-40"
        >
          {t('question.check')}
        </button>
      </form>
      <div
        role="status"
        data-testid="lesson-verdict"
        data-right={answer ? String(answer.right) : undefined}
        className="text-sm"
      >
        {empty ? <p>{t('question.empty')}</p> : null}
        {answer && value !== null ? (
          <>
            <p
              className={`font-semibold ${answer.right ? 'text-emerald-800 dark:text-emerald-300' : 'text-vermillion-ink dark:text-orange'}`}
            >
              {answer.right
                ? t('question.right', { answer: String(value) })
                : t('question.wrong', { answer: String(value), input: answer.input })}
            </p>
            {point && point.formula.length > 0 ? (
              <>
                <p className="text-xs text-slate-600 dark:text-slate-300">{t('question.formula')}</p>
                <ul className="font-mono text-xs">
                  {point.formula.map((d, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the formula lines are fixed for the step
                    <li key={i} data-testid="lesson-formula">
                      {d.fn}: {decisionText(tMain, d)}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </>
        ) : null}
        {!answer && !empty ? (
          <p className="text-xs text-slate-600 dark:text-slate-300">{t('question.tryAgain')}</p>
        ) : null}
      </div>
    </div>
  );
}
