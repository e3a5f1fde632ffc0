/**
 * The lesson format (README.md beside this file): a lesson is a scenario plus steps. Each step has
 * text in English and Simplified Chinese, the moment it stops at (a tick, a time, or the nth
 * decision of a kind after the previous step), and optionally a question: the learner predicts a
 * number the engine is about to decide (or picks one of the question's choices, e.g. which
 * scheduler plugin says no), and the answer is read from the engine's own record of that decision
 * (never written in the lesson), then its formula is shown.
 *
 * Plain JSON data: a lesson travels inside a scenario file (`lesson:`), in exports and share links.
 */

/** The languages a lesson is written in. */
export const LESSON_LANGS = ['en', 'zh-CN'] as const;
export type LessonLang = (typeof LESSON_LANGS)[number];

/** A text in the lesson's languages; a teacher's own lesson may have only one of them. */
export type LocalText = Partial<Record<LessonLang, string>>;

/** A decision value a `where` may ask for. */
export type MatchValue = string | number | boolean;

/** Which recorded decision: its Go function and message key, optionally some of its values. */
export interface DecisionRef {
  fn: string;
  key: string;
  /** Values the decision must have, e.g. `{ from: 10 }`. */
  where?: Record<string, MatchValue>;
}

/** The moment a step stops at. Exactly one of tick, time, decision and note. */
export interface LessonAnchor {
  /** A fixed tick (0 = before anything happened). */
  tick?: number;
  /** The first tick at or after this many virtual seconds. */
  time?: number;
  /**
   * The nth tick after the previous step's (or at it, with `orSame`) whose decisions include
   * this one. Only decision ticks count (a controller changed, created or deleted an object)
   * unless `any`; retries after a Conflict never count (they repeat an earlier sync).
   */
  decision?: DecisionRef & { actor?: string; nth?: number; any?: boolean; orSame?: boolean };
  /** The nth tick after the previous step's with this summary note (the kubelet's steps record notes). */
  note?: { key: string; nth?: number };
}

/** Where a question's answer is read: a value of a recorded decision (or summary note) of the step's tick. */
export interface AnswerRef {
  fn?: string;
  key?: string;
  /**
   * Values the record must have, to pick one of several such records of the tick, e.g.
   * `{ node: node-1 }` among the scheduler's rejections. Never the answered value itself: that
   * would write the answer into the lesson.
   */
  where?: Record<string, MatchValue>;
  /** A summary note instead of a decision (the kubelet records notes, not decisions). */
  note?: string;
  /** The value's name, e.g. `to`, `newReplicasCount`. */
  value: string;
  /** The nth such record of the tick, among those `where` leaves (default 1). */
  nth?: number;
}

/**
 * One choice of a choice question: `value` is compared with the engine's value (a plugin name, a
 * reason, a number); `text` is what the learner reads (default: the value).
 */
export interface LessonChoice {
  value: string;
  text?: LocalText;
}

/**
 * A prediction the learner makes before the step's decision is shown: a number typed in, or,
 * with `choices`, one of them picked. The right one is still the engine's value, never marked here.
 */
export interface LessonQuestion {
  text: LocalText;
  answer: AnswerRef;
  /** The answers to pick from (2 to LESSON_LIMITS.choices, distinct values); none: type a number. */
  choices?: LessonChoice[];
  /** The decisions of the step's tick that show the formula (default: the answer's). */
  formula?: DecisionRef[];
}

export interface LessonStep {
  text: LocalText;
  at: LessonAnchor;
  question?: LessonQuestion;
}

/** A lesson. In a scenario file's `lesson:` the scenario is the file; a built-in names a preset or holds one. */
export interface Lesson {
  /** Lower-case letters, digits and dashes: `seed-rollout`. */
  id: string;
  title: LocalText;
  /** The course chapter it belongs to. */
  chapter?: LocalText;
  steps: LessonStep[];
}

/** Limits that keep a lesson (and a link carrying one) small. */
export const LESSON_LIMITS = { steps: 60, text: 2000, title: 200, choices: 8 } as const;

/** localText is the text in `lang`, else in the other language, else ''. */
export function localText(t: LocalText | undefined, lang: LessonLang): string {
  if (!t) return '';
  return t[lang] ?? t.en ?? t['zh-CN'] ?? '';
}
