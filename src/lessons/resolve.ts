/**
 * resolveSteps finds each step's moment in a recorded run and reads each question's answer from
 * the engine's own record of the decision, so a lesson never holds an answer that could go stale.
 * It runs in the worker (over the recording) and in the tests (over a headless run), the same code.
 */
import type { Decision, DecisionValue } from '../engine/api/decision.ts';
import type { TickRecord } from '../engine/sim.ts';
import { summaryNoteViews } from '../engine/client/summaryCatalog.ts';
import { classifyTick } from '../timeline/decisions.ts';
import type { TickRecords } from '../timeline/tickLog.ts';
import type { AnswerRef, DecisionRef, LessonAnchor, LessonChoice, LessonStep } from './format.ts';

/** A step placed in the run. */
export interface LessonPoint {
  /** The tick the step stops at, or null when the run has no such moment. */
  tick: number | null;
  /** For a question: the engine's value (a number, a string the UI reads as one, or a choice's value), else null. */
  answer: DecisionValue;
  /** The decisions that show the answer's formula, in the tick's order. */
  formula: Decision[];
  /** Why the step could not be placed or its answer read, in English; null when all is well. */
  problem: string | null;
}

/** Where the recorded ticks come from: `more()` records further and tells whether it could. */
export interface TickSource {
  records: TickRecords;
  more(): boolean;
}

function matches(d: Decision, ref: DecisionRef): boolean {
  return d.fn === ref.fn && d.key === ref.key && hasValues(d.values, ref.where);
}

/** hasValues: a record's values include every value of `where` (none: any record). */
function hasValues(values: Readonly<Record<string, unknown>>, where: DecisionRef['where']): boolean {
  if (!where) return true;
  for (const [k, v] of Object.entries(where)) if (!Object.hasOwn(values, k) || values[k] !== v) return false;
  return true;
}

function describeRef(ref: DecisionRef): string {
  return `${ref.fn}.${ref.key}${ref.where ? ` ${JSON.stringify(ref.where)}` : ''}`;
}

/** findTick places one anchor after tick `prev`; a string says why it could not. */
function findTick(at: LessonAnchor, prev: number, src: TickSource): number | string {
  if (at.tick !== undefined) {
    while (src.records.length < at.tick && src.more()) {
      // recording up to the tick
    }
    return at.tick <= src.records.length
      ? at.tick
      : `the run ends at tick ${src.records.length}, before tick ${at.tick}`;
  }
  if (at.time !== undefined) {
    const ms = at.time * 1000;
    for (let i = 0; ; i++) {
      if (i >= src.records.length && !src.more()) return `the run ends before ${at.time} s`;
      const r = src.records.at(i);
      if (r && r.time >= ms) return r.tick;
    }
  }
  if (at.note !== undefined) {
    let left = at.note.nth ?? 1;
    for (let t = prev + 1; ; t++) {
      if (t > src.records.length && !src.more()) return `no tick with note ${at.note.key} after tick ${prev}`;
      const r = src.records.at(t - 1);
      if (r && summaryNoteViews(r.notes).some((n) => n.key === at.note?.key) && --left === 0) return t;
    }
  }
  const d = at.decision;
  if (!d) return 'the step has no tick, time, decision or note';
  let left = d.nth ?? 1;
  for (let t = d.orSame ? Math.max(prev, 1) : prev + 1; ; t++) {
    if (t > src.records.length && !src.more()) {
      return `no ${left > 1 ? `${left} more ticks` : 'tick'} with ${describeRef(d)} after tick ${prev}`;
    }
    const r = src.records.at(t - 1);
    if (!r) continue;
    if (d.actor !== undefined && r.actor !== d.actor) continue;
    const kind = classifyTick(r);
    if (kind === 'retry' || (!d.any && kind !== 'decision')) continue;
    if (!r.decisions.some((x) => matches(x, d))) continue;
    if (--left === 0) return t;
  }
}

/** readAnswer reads a question's value at a tick: a decision's value, or a summary note's. */
function readAnswer(
  rec: TickRecord,
  a: AnswerRef,
): { value: DecisionValue; decision: Decision | null } | string {
  const nth = a.nth ?? 1;
  if (a.note !== undefined) {
    const notes = summaryNoteViews(rec.notes).filter((n) => n.key === a.note && hasValues(n.values, a.where));
    const n = notes[nth - 1];
    const which = `${a.note}${a.where ? ` ${JSON.stringify(a.where)}` : ''}`;
    if (!n) return `tick ${rec.tick} has no note ${which}`;
    if (!Object.hasOwn(n.values, a.value)) return `note ${which} of tick ${rec.tick} has no value ${a.value}`;
    return { value: n.values[a.value] as DecisionValue, decision: null };
  }
  const ref: DecisionRef = { fn: a.fn ?? '', key: a.key ?? '', ...(a.where ? { where: a.where } : {}) };
  const d = rec.decisions.filter((x) => matches(x, ref))[nth - 1];
  if (!d) return `tick ${rec.tick} has no decision ${describeRef(ref)}`;
  if (!Object.hasOwn(d.values, a.value))
    return `decision ${describeRef(ref)} of tick ${rec.tick} has no value ${a.value}`;
  return { value: d.values[a.value] as DecisionValue, decision: d };
}

/**
 * resolveSteps places every step, in order (a decision anchor searches after the previous step's
 * tick), and reads every answer and formula. A step that cannot be placed keeps the previous
 * step's tick for the steps after it.
 */
export function resolveSteps(steps: readonly LessonStep[], src: TickSource): LessonPoint[] {
  const out: LessonPoint[] = [];
  let prev = 0;
  for (const step of steps) {
    const found = findTick(step.at, prev, src);
    if (typeof found === 'string') {
      out.push({ tick: null, answer: null, formula: [], problem: found });
      continue;
    }
    prev = found;
    const rec = src.records.at(found - 1);
    const q = step.question;
    if (!q) {
      out.push({ tick: found, answer: null, formula: [], problem: null });
      continue;
    }
    const read = rec ? readAnswer(rec, q.answer) : `tick ${found} asks a question before anything happened`;
    if (typeof read === 'string' || !rec) {
      out.push({ tick: found, answer: null, formula: [], problem: typeof read === 'string' ? read : null });
      continue;
    }
    const formula = q.formula
      ? q.formula.flatMap((ref) => rec.decisions.filter((x) => matches(x, ref)).slice(0, 1))
      : read.decision
        ? [read.decision]
        : [];
    const missing = q.formula?.find((ref) => !rec.decisions.some((x) => matches(x, ref)));
    const offChoices = q.choices !== undefined && !choiceOf(q.choices, read.value);
    out.push({
      tick: found,
      answer: read.value,
      formula,
      problem: missing
        ? `tick ${found} has no decision ${describeRef(missing)} for the formula`
        : offChoices
          ? `the engine's value ${JSON.stringify(read.value)} at tick ${found} is none of the choices`
          : null,
    });
  }
  return out;
}

/**
 * isRightAnswer compares a learner's text with the engine's value: the same number (or text). For
 * a choice question the text is the picked choice's value, and only a value among `choices` counts.
 */
export function isRightAnswer(
  input: string,
  answer: DecisionValue,
  choices?: readonly LessonChoice[],
): boolean {
  const s = input.trim();
  if (s === '') return false;
  if (choices && !choices.some((c) => c.value === s)) return false;
  return sameValue(s, answer);
}

/** choiceOf is the choice whose value is the engine's value (undefined: none of them is). */
export function choiceOf(choices: readonly LessonChoice[], answer: DecisionValue): LessonChoice | undefined {
  return choices.find((c) => c.value !== '' && sameValue(c.value, answer));
}

/** sameValue: a trimmed, non-empty text and the engine's value are the same number (or text). */
function sameValue(s: string, answer: DecisionValue): boolean {
  const n = Number(s.replace(/,/g, ''));
  if (typeof answer === 'number') return Number.isFinite(n) && n === answer;
  if (typeof answer === 'string' && /^-?\d+(\.\d+)?$/.test(answer))
    return Number.isFinite(n) && n === Number(answer);
  return s === String(answer);
}
