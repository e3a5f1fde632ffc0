/**
 * Writing a lesson from the page: "add this moment as a step" makes a step that stops at the
 * current tick, optionally asking for one of that tick's decision values (read from the engine
 * when the lesson runs, never copied into the lesson): a number to type, or one of a few choices
 * the teacher writes, of which the engine's value must be one.
 */
import {
  type AnswerRef,
  LESSON_LIMITS,
  type Lesson,
  type LessonLang,
  type LessonStep,
  type MatchValue,
} from '../../lessons/format.ts';
import type { DecisionView } from '../../worker/protocol.ts';

/** A value of the current tick a question can ask for: which record, which value, what it is now. */
export interface AskableValue {
  fn: string;
  key: string;
  /** The value's name. */
  value: string;
  /** Values that single the record out among the tick's records of fn.key (absent: it is the only one). */
  where?: Record<string, MatchValue>;
  /** Its place among the records `where` leaves, when that is not 1. */
  nth?: number;
  /** What the engine decided (shown to the teacher, and offered as a choice; never stored). */
  current: MatchValue;
  /** The other values of this name in the tick's records of fn.key, distinct: choices to offer. */
  others: string[];
}

type Values = DecisionView['values'];

/** choosable: a value a choice can hold (a choice's value is a short trimmed string). */
function choosable(v: Values[string]): v is MatchValue {
  if (typeof v === 'number') return Number.isFinite(v);
  if (typeof v === 'string') return v !== '' && v.trim() === v && v.length <= LESSON_LIMITS.title;
  return typeof v === 'boolean';
}

function sameValues(a: Values, b: Values): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && a[k] === b[k]);
}

/**
 * singleOut picks the record `d` among `group` (the tick's records of its fn.key) without the
 * asked value `name`: greedily the values that rule out the most other records, in the record's
 * order (the scheduler's three rejections of one pod: `{ node: node-1 }`), then its place among
 * the records those leave when some are alike but for the asked value.
 */
function singleOut(
  d: DecisionView,
  group: readonly DecisionView[],
  name: string,
): { where?: Record<string, MatchValue>; nth?: number } {
  if (group.length < 2) return {};
  const where: Record<string, MatchValue> = {};
  let left = group.filter((x) => x !== d);
  const keys = Object.keys(d.values).filter((k) => k !== name && choosable(d.values[k] ?? null));
  while (left.length > 0) {
    let best = '';
    let ruledOut = 0;
    for (const k of keys) {
      if (Object.hasOwn(where, k)) continue;
      const n = left.filter((x) => x.values[k] !== d.values[k]).length;
      if (n > ruledOut) [best, ruledOut] = [k, n];
    }
    if (ruledOut === 0) break;
    where[best] = d.values[best] as MatchValue;
    left = left.filter((x) => x.values[best] === d.values[best]);
  }
  const alike = group.filter((x) => Object.entries(where).every(([k, v]) => x.values[k] === v));
  const nth = alike.indexOf(d) + 1;
  return { ...(Object.keys(where).length > 0 ? { where } : {}), ...(nth > 1 ? { nth } : {}) };
}

/**
 * askableValues lists every value of a tick's decisions a question can ask for, in the tick's
 * order: numbers (typed, or picked from choices) and short texts and booleans (picked from
 * choices), each with what singles its record out. A record just like an earlier one is skipped.
 */
export function askableValues(decisions: readonly DecisionView[]): AskableValue[] {
  const out: AskableValue[] = [];
  decisions.forEach((d, i) => {
    const group = decisions.filter((x) => x.fn === d.fn && x.key === d.key);
    if (decisions.slice(0, i).some((x) => group.includes(x) && sameValues(x.values, d.values))) return;
    for (const [value, v] of Object.entries(d.values)) {
      if (!choosable(v)) continue;
      const others = new Set<string>();
      for (const x of group) {
        const o = x.values[value];
        if (o !== undefined && o !== v && choosable(o)) others.add(String(o));
      }
      out.push({
        fn: d.fn,
        key: d.key,
        value,
        ...singleOut(d, group, value),
        current: v,
        others: [...others],
      });
    }
  });
  return out;
}

/** askLabel is how the teacher's list shows a value: `runFilterPlugins.rejected [node=node-1] → plugin (VolumeBinding)`. */
export function askLabel(a: AskableValue): string {
  const where = a.where
    ? ` [${Object.entries(a.where)
        .map(([k, v]) => `${k}=${v}`)
        .join(', ')}]`
    : '';
  return `${a.fn}.${a.key}${where}${a.nth ? ` #${a.nth}` : ''} → ${a.value} (${a.current})`;
}

/** typable: the learner can type the value (a number, or a text that reads as one), not only pick it. */
export function typable(a: AskableValue): boolean {
  return (
    typeof a.current === 'number' || (typeof a.current === 'string' && /^-?\d+(\.\d+)?$/.test(a.current))
  );
}

/** offeredChoices: what a new choice question starts with: the engine's value, then the tick's others of that name. */
export function offeredChoices(a: AskableValue): string[] {
  const out = [String(a.current), ...a.others].slice(0, LESSON_LIMITS.choices);
  return out.length < 2 ? [...out, ''] : out;
}

/** answerRef is where the lesson reads an askable value: its record's fn, key, where and nth. */
export function answerRef(a: AskableValue): AnswerRef {
  return {
    fn: a.fn,
    key: a.key,
    ...(a.where ? { where: { ...a.where } } : {}),
    value: a.value,
    ...(a.nth ? { nth: a.nth } : {}),
  };
}

/**
 * withMoment returns `lesson` (or a new one) with a step at `tick` inserted after step `after`
 * (-1: first), and the new step's index. With `choices` the question is a choice question (the
 * values as typed, trimmed), else the learner types a number.
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
    choices?: readonly string[] | null;
  },
): { lesson: Lesson; index: number } {
  const step: LessonStep = {
    text: { [opts.lang]: opts.text },
    at: { tick: opts.tick },
    ...(opts.ask
      ? {
          question: {
            text: { [opts.lang]: opts.question },
            answer: answerRef(opts.ask),
            ...(opts.choices ? { choices: opts.choices.map((v) => ({ value: v.trim() })) } : {}),
          },
        }
      : {}),
  };
  const base: Lesson = lesson ?? { id: 'my-lesson', title: { [opts.lang]: opts.title }, steps: [] };
  const index = Math.max(0, Math.min(opts.after + 1, base.steps.length));
  const steps = [...base.steps.slice(0, index), step, ...base.steps.slice(index)];
  return { lesson: { ...base, steps }, index };
}

/** What the lesson format says about a new step, sorted by the field it belongs to. */
export interface StepProblems {
  /** About the choice list as a whole (`must be a list of 2 to 8 choices, each with a value`). */
  list: string | null;
  /** About one choice, by its place in the list (`repeats the choice "A"`). */
  rows: Map<number, string>;
  /** Anything else, as the validator words it, path first. */
  other: string[];
}

/**
 * stepProblems sorts validateLesson's messages about step `index` by field: the choices' own go
 * beside them without the path (the field says where), the rest stay whole. Messages about other
 * steps are not the new step's and are left out.
 */
export function stepProblems(errors: readonly string[], index: number): StepProblems {
  const out: StepProblems = { list: null, rows: new Map(), other: [] };
  const step = `lesson.steps[${index}]`;
  const choice = /^\.question\.choices(?:\[(\d+)\](?:\.value)?)?: (.*)$/s;
  for (const e of errors) {
    if (!e.startsWith(`${step}.`) && !e.startsWith(`${step}:`)) continue;
    const m = choice.exec(e.slice(step.length));
    if (!m) out.other.push(e);
    else if (m[1] === undefined) out.list ??= m[2] as string;
    else if (!out.rows.has(Number(m[1]))) out.rows.set(Number(m[1]), m[2] as string);
  }
  return out;
}
