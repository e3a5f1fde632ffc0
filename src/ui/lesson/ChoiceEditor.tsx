import { type Dispatch, useId, useLayoutEffect, useRef, useState } from 'react';
import { LESSON_LIMITS, type MatchValue } from '../../lessons/format.ts';
import type { StepProblems } from './authoring.ts';
import { type ChoiceEdit, type ChoiceRow, engineRow } from './choiceRows.ts';
import { useLessonT } from './i18n.ts';

const INPUT =
  'h-9 w-full min-w-0 rounded-md border border-slate-400 bg-white px-2 font-mono text-sm aria-[invalid=true]:border-2 aria-[invalid=true]:border-vermillion-ink dark:border-slate-500 dark:bg-slate-800 dark:aria-[invalid=true]:border-orange';
const ICON =
  'inline-flex size-9 shrink-0 items-center justify-center rounded-md border border-slate-300 text-base hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent disabled:opacity-40 dark:border-slate-600 dark:hover:bg-slate-800';
const PROBLEM = 'text-xs text-vermillion-ink dark:text-orange';

/** The control of a row that keeps the focus after an edit. */
type Part = 'input' | 'up' | 'down' | 'remove';

interface ChoiceEditorProps {
  rows: readonly ChoiceRow[];
  edit: Dispatch<ChoiceEdit>;
  /** The engine's value at this moment: the row that holds it is marked; none holds it: `missing`. */
  current: MatchValue;
  missing: boolean;
  /** The lesson format's words about the choices (after a try), or null. */
  problems: StepProblems | null;
}

/**
 * ChoiceEditor is the choice list of a choice question being written: a text box per choice
 * ("Choice 2"), with Move up / Move down / Remove buttons that keep the focus on the moved row (or
 * the row that takes a removed one's place) and say what happened in a status; the row holding
 * the engine's answer is marked in words; when none does, a status says so and offers to add it.
 * The format's own messages sit beside the field they are about.
 */
export function ChoiceEditor({ rows, edit, current, missing, problems }: ChoiceEditorProps) {
  const t = useLessonT();
  const base = useId();
  const els = useRef(new Map<string, HTMLElement>());
  const pending = useRef<{ row: number; part: Part } | null>(null);
  const [said, setSaid] = useState('');
  const engine = engineRow(rows, current);
  const answer = String(current);
  const full = rows.length >= LESSON_LIMITS.choices;

  useLayoutEffect(() => {
    const p = pending.current;
    if (!p) return;
    pending.current = null;
    const r = rows[Math.min(p.row, rows.length - 1)];
    // A row moved to an end keeps the focus on its other move button, the one still enabled.
    let part = p.part;
    if (part === 'up' && p.row === 0) part = 'down';
    if (part === 'down' && p.row === rows.length - 1) part = 'up';
    (r ? els.current.get(`${r.id}:${part}`) : els.current.get('add'))?.focus();
  });
  const keep = (key: string) => (el: HTMLElement | null) => {
    if (el) els.current.set(key, el);
    else els.current.delete(key);
  };
  const move = (i: number, by: -1 | 1, part: Part) => {
    const r = rows[i];
    if (!r) return;
    edit({ type: 'move', id: r.id, by });
    pending.current = { row: i + by, part };
    setSaid(t('author.moved', { value: r.value.trim() || '—', n: i + 1 + by }));
  };
  const remove = (i: number) => {
    const r = rows[i];
    if (!r) return;
    edit({ type: 'remove', id: r.id });
    // The row that takes its place, else the one before, else Add a choice.
    pending.current = { row: Math.min(i, rows.length - 2), part: 'remove' };
    setSaid(t('author.removed', { n: i + 1 }));
  };
  const add = (offer?: string) => {
    const blank = rows.findIndex((r) => r.value.trim() === '');
    edit(offer === undefined ? { type: 'add' } : { type: 'offer', value: offer });
    pending.current = { row: offer !== undefined && blank >= 0 ? blank : rows.length, part: 'input' };
  };

  return (
    <fieldset className="flex flex-col gap-1.5" aria-describedby={`${base}-hint`}>
      <legend className="text-sm font-medium">{t('author.choices')}</legend>
      <p id={`${base}-hint`} className="text-xs text-slate-600 dark:text-slate-300">
        {t('author.choicesHint', { max: LESSON_LIMITS.choices, answer })}
      </p>
      <ol className="flex flex-col gap-1.5">
        {rows.map((r, i) => {
          const id = `${base}-${r.id}`;
          const problem = problems?.rows.get(i) ?? null;
          const describedBy = [i === engine ? `${id}-engine` : '', problem ? `${id}-problem` : '']
            .filter(Boolean)
            .join(' ');
          return (
            <li key={r.id} className="flex items-start gap-1">
              <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                <div className="flex items-center gap-2">
                  {/* On a phone the label shows its number only, so that the box keeps the width. */}
                  <label htmlFor={id} className="w-6 shrink-0 text-xs sm:w-16">
                    <span aria-hidden="true" className="sm:hidden">{`${i + 1}.`}</span>
                    <span className="max-sm:sr-only">{t('author.choice', { n: i + 1 })}</span>
                  </label>
                  <input
                    id={id}
                    ref={keep(`${r.id}:input`)}
                    value={r.value}
                    autoComplete="off"
                    spellCheck={false}
                    aria-invalid={problem ? true : undefined}
                    aria-describedby={describedBy || undefined}
                    onChange={(e) => edit({ type: 'set', id: r.id, value: e.target.value })}
                    className={INPUT}
                  />
                </div>
                {i === engine ? (
                  <p
                    id={`${id}-engine`}
                    className="pl-8 text-xs text-emerald-800 sm:pl-18 dark:text-emerald-300"
                  >
                    <span aria-hidden="true">✓ </span>
                    {t('author.engineAnswer')}
                  </p>
                ) : null}
                {problem ? (
                  <p id={`${id}-problem`} className={`pl-8 sm:pl-18 ${PROBLEM}`}>
                    {problem}
                  </p>
                ) : null}
              </div>
              {(
                [
                  ['up', '↑', t('author.moveUp', { n: i + 1 }), i === 0, () => move(i, -1, 'up')],
                  [
                    'down',
                    '↓',
                    t('author.moveDown', { n: i + 1 }),
                    i === rows.length - 1,
                    () => move(i, 1, 'down'),
                  ],
                  ['remove', '✕', t('author.remove', { n: i + 1 }), false, () => remove(i)],
                ] as const
              ).map(([part, glyph, label, disabled, onClick]) => (
                <button
                  key={part}
                  type="button"
                  ref={keep(`${r.id}:${part}`)}
                  aria-label={label}
                  title={label}
                  disabled={disabled}
                  onClick={onClick}
                  className={ICON}
                >
                  <span aria-hidden="true">{glyph}</span>
                </button>
              ))}
            </li>
          );
        })}
      </ol>
      {problems?.list ? <p className={PROBLEM}>{problems.list}</p> : null}
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          ref={keep('add')}
          disabled={full}
          onClick={() => add()}
          className={`${ICON} w-auto px-2 text-sm`}
        >
          {t('author.addChoice')}
        </button>
      </div>
      <div role="status" className="flex flex-col items-start gap-1">
        {missing ? (
          <>
            <p
              data-refused
              tabIndex={-1}
              className="text-sm font-medium text-vermillion-ink outline-none dark:text-orange"
            >
              <span aria-hidden="true">⚠ </span>
              {t('author.missing', { answer })}
            </p>
            {full && !rows.some((r) => r.value.trim() === '') ? null : (
              <button type="button" onClick={() => add(answer)} className={`${ICON} w-auto px-2 text-sm`}>
                {t('author.offer', { answer })}
              </button>
            )}
          </>
        ) : null}
      </div>
      <p role="status" className="sr-only">
        {said}
      </p>
    </fieldset>
  );
}
