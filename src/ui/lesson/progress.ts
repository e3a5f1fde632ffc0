/**
 * Lesson progress kept in this browser (localStorage): per lesson id, the step reached and each
 * question's last answer. Storage that is full or blocked loses the progress, never the lesson.
 */
export const PROGRESS_KEY = 'rollout-lab.lesson-progress';

export interface StepAnswer {
  input: string;
  right: boolean;
}

export interface LessonProgress {
  /** The step reached, 0-based. */
  step: number;
  /** Steps in the lesson when last seen. */
  total: number;
  answers: Record<string, StepAnswer>;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** readAllProgress is every lesson's progress ({} when none or unreadable). */
export function readAllProgress(
  store: Pick<Storage, 'getItem'> | null = storage(),
): Record<string, LessonProgress> {
  try {
    const x: unknown = JSON.parse(store?.getItem(PROGRESS_KEY) ?? '{}');
    return typeof x === 'object' && x !== null && !Array.isArray(x)
      ? (x as Record<string, LessonProgress>)
      : {};
  } catch {
    return {};
  }
}

/** readProgress is one lesson's progress, or null. */
export function readProgress(id: string, store = storage()): LessonProgress | null {
  const p = readAllProgress(store)[id];
  return p && typeof p.step === 'number' && typeof p.answers === 'object' ? p : null;
}

function write(id: string, change: (p: LessonProgress) => LessonProgress, store = storage()): void {
  const all = readAllProgress(store);
  const cur = all[id] ?? { step: 0, total: 0, answers: {} };
  all[id] = change(cur);
  try {
    store?.setItem(PROGRESS_KEY, JSON.stringify(all));
  } catch {
    // full or blocked: the lesson goes on without saved progress
  }
}

/** saveStep remembers the step reached (never going back below the furthest one). */
export function saveStep(id: string, step: number, total: number, store = storage()): void {
  write(id, (p) => ({ ...p, step: Math.max(p.total === total ? p.step : 0, step), total }), store);
}

/** saveAnswer remembers a question's last answer. */
export function saveAnswer(id: string, step: number, answer: StepAnswer, store = storage()): void {
  write(id, (p) => ({ ...p, answers: { ...p.answers, [String(step)]: answer } }), store);
}
