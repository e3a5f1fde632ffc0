import type { LessonPointView } from '../../worker/protocol.ts';
import { useT } from '../common/useT.ts';
import { decisionText } from '../explain/decisionText.ts';
import { useLessonT } from './i18n.ts';
import type { StepAnswer } from './progress.ts';

interface VerdictProps {
  point: LessonPointView | null;
  answer: StepAnswer | null;
  /** The empty-answer hint to show ("Type a number first."), or null. */
  empty: string | null;
  /** How a value reads: the number itself, or a choice's label. */
  shown(value: string): string;
}

/**
 * Verdict is the question's status region (data-testid `lesson-verdict`): whether the prediction
 * was right, naming the engine's value, then the formula behind it.
 */
export function Verdict({ point, answer, empty, shown }: VerdictProps) {
  const t = useLessonT();
  const tMain = useT();
  const value = point?.answer ?? null;
  return (
    <div
      role="status"
      data-testid="lesson-verdict"
      data-right={answer ? String(answer.right) : undefined}
      className="text-sm"
    >
      {empty ? <p>{empty}</p> : null}
      {answer && value !== null ? (
        <>
          <p
            className={`font-semibold ${answer.right ? 'text-emerald-800 dark:text-emerald-300' : 'text-vermillion-ink dark:text-orange'}`}
          >
            {answer.right
              ? t('question.right', { answer: shown(String(value)) })
              : t('question.wrong', { answer: shown(String(value)), input: shown(answer.input) })}
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
  );
}
