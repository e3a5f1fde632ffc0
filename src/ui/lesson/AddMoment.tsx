import { useId, useLayoutEffect, useRef, useState } from 'react';
import { ModalDialog } from '../scenario/ModalDialog.tsx';
import { askLabel, typable } from './authoring.ts';
import { ChoiceEditor } from './ChoiceEditor.tsx';
import { useLessonT } from './i18n.ts';
import { useMomentDraft } from './useMomentDraft.ts';

const FIELD =
  'rounded-md border border-slate-400 bg-white px-2 py-1 text-sm dark:border-slate-500 dark:bg-slate-800';
const PROBLEM = 'text-sm text-vermillion-ink dark:text-orange';

/**
 * AddMoment is "Add this moment as a step": a form for the step's text and, optionally, a
 * question on one of the current tick's decision values, typed as a number or picked from the
 * teacher's choices (ChoiceEditor); the step goes into the scenario's lesson (a new "My lesson"
 * when it has none) after step `after`, and the lesson opens there. What the lesson format
 * refuses is said in its own words, and the focus goes to the first field it is about.
 */
export function AddMoment({ after, onAdded }: { after: number; onAdded?: () => void }) {
  const t = useLessonT();
  const d = useMomentDraft(after, onAdded);
  const ids = { text: useId(), ask: useId(), question: useId(), kind: useId() };
  const form = useRef<HTMLFormElement>(null);
  const [tries, setTries] = useState(0);
  useLayoutEffect(() => {
    if (tries === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-refused]')?.focus();
  }, [tries]);
  const numeric = d.chosen !== null && typable(d.chosen);
  return (
    <>
      <button
        type="button"
        onClick={() => void d.start()}
        className="inline-flex h-8 items-center whitespace-nowrap rounded-md border border-slate-300 px-2 text-xs hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-accent dark:border-slate-600 dark:hover:bg-slate-800"
      >
        {t('author.add')}
      </button>
      <ModalDialog open={d.open} onClose={d.close} title={t('author.add')} widthClass="max-w-lg">
        <form
          ref={form}
          className="flex flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void d.save().then((ok) => {
              if (!ok) setTries((n) => n + 1);
            });
          }}
        >
          <label htmlFor={ids.text} className="text-sm font-medium">
            {t('author.text')}
          </label>
          <textarea
            id={ids.text}
            rows={3}
            value={d.text}
            onChange={(e) => d.setText(e.target.value)}
            className={FIELD}
          />
          <label htmlFor={ids.ask} className="text-sm font-medium">
            {t('author.ask')}
          </label>
          <select
            id={ids.ask}
            value={d.ask}
            onChange={(e) => d.pick(Number(e.target.value))}
            className={`${FIELD} min-w-0`}
          >
            <option value={-1}>{t('author.none')}</option>
            {d.values.map((v, i) => (
              <option key={askLabel(v)} value={i}>
                {askLabel(v)}
              </option>
            ))}
          </select>
          {d.chosen ? (
            <>
              <label htmlFor={ids.question} className="text-sm font-medium">
                {t('author.questionText')}
              </label>
              <input
                id={ids.question}
                value={d.question}
                placeholder={d.fallback}
                onChange={(e) => d.setQuestion(e.target.value)}
                className={`${FIELD} placeholder:text-slate-500 dark:placeholder:text-slate-400`}
              />
              <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-1">
                <legend className="mb-1 text-sm font-medium">{t('author.kind')}</legend>
                {(['number', 'choices'] as const).map((k) => (
                  <label
                    key={k}
                    className="inline-flex items-center gap-1.5 text-sm has-[:disabled]:opacity-60"
                  >
                    <input
                      type="radio"
                      name={ids.kind}
                      value={k}
                      checked={d.kind === k}
                      disabled={k === 'number' && !numeric}
                      onChange={() => d.setKind(k)}
                      className="size-4 accent-accent"
                    />
                    {t(k === 'number' ? 'author.kindNumber' : 'author.kindChoices')}
                  </label>
                ))}
                {numeric ? null : (
                  <p className="w-full text-xs text-slate-600 dark:text-slate-300">{t('author.textOnly')}</p>
                )}
              </fieldset>
              {d.kind === 'choices' ? (
                <ChoiceEditor
                  rows={d.rows}
                  edit={d.edit}
                  current={d.chosen.current}
                  missing={d.missing}
                  problems={d.problems}
                />
              ) : null}
            </>
          ) : null}
          {d.refused ? (
            <div role="alert" data-refused tabIndex={-1} className="flex flex-col gap-0.5 outline-none">
              <p className={`${PROBLEM} font-medium`}>{t('author.refused')}</p>
              {d.problems?.other.map((p) => (
                <p key={p} className={PROBLEM}>
                  {p}
                </p>
              ))}
            </div>
          ) : null}
          {d.error ? (
            <p role="alert" className={PROBLEM}>
              {d.error}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <button
              type="button"
              onClick={d.close}
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
