/**
 * Writing a lesson from the page: "add this moment as a step" makes a step that stops at the
 * current tick, optionally asking for one of that tick's decision values (read from the engine
 * when the lesson runs, never copied into the lesson).
 */
import type { Lesson, LessonLang, LessonStep } from '../../lessons/format.ts';
import type { DecisionView } from '../../worker/protocol.ts';

/** A value of the current tick a question can ask for. */
export interface AskableValue {
  fn: string;
  key: string;
  value: string;
  /** What the engine decided (shown to the teacher, not stored). */
  current: number;
}

/** askableValues lists the numeric values of a tick's decisions, in the tick's order, once each. */
export function askableValues(decisions: readonly DecisionView[]): AskableValue[] {
  const out: AskableValue[] = [];
  const seen = new Set<string>();
  for (const d of decisions) {
    for (const [value, v] of Object.entries(d.values)) {
      const id = `${d.fn}.${d.key}.${value}`;
      if (typeof v !== 'number' || seen.has(id)) continue;
      seen.add(id);
      out.push({ fn: d.fn, key: d.key, value, current: v });
    }
  }
  return out;
}

/**
 * withMoment returns `lesson` (or a new one) with a step at `tick` inserted after step `after`
 * (-1: first), and the new step's index.
 */
export function withMoment(
  lesson: Lesson | null,
  opts: {
    tick: number;
    text: string;
    lang: LessonLang;
    after: number;
    title: string;
    ask: AskableValue | null;
    question: string;
  },
): { lesson: Lesson; index: number } {
  const step: LessonStep = {
    text: { [opts.lang]: opts.text },
    at: { tick: opts.tick },
    ...(opts.ask
      ? {
          question: {
            text: { [opts.lang]: opts.question },
            answer: { fn: opts.ask.fn, key: opts.ask.key, value: opts.ask.value },
          },
        }
      : {}),
  };
  const base: Lesson = lesson ?? { id: 'my-lesson', title: { [opts.lang]: opts.title }, steps: [] };
  const index = Math.max(0, Math.min(opts.after + 1, base.steps.length));
  const steps = [...base.steps.slice(0, index), step, ...base.steps.slice(index)];
  return { lesson: { ...base, steps }, index };
}
