/**
 * What the worker does for decision stepping and lessons: find the previous / next decision under
 * an Explain Follow filter (recording further when the next one is not recorded yet), and place a
 * lesson's steps in the run with their answers read from the recorded decisions.
 */
import { resolveSteps } from '../lessons/resolve.ts';
import { validateLesson } from '../lessons/validate.ts';
import { type Follow, findStop } from '../timeline/decisions.ts';
import type { Timeline } from '../timeline/timeline.ts';
import { decisionView } from './frames.ts';
import { Refusal } from './hostQueries.ts';
import type { Playback } from './playback.ts';
import type { LessonPointView } from './protocol.ts';

/** Longest wall time one request records ahead looking for a decision or a lesson step. */
export const LOOK_AHEAD_MS = 3000;
/** Ticks recorded per look-ahead chunk. */
const CHUNK_TICKS = 5000;

/** recordMore records one more chunk; false when nothing more can be recorded (or time is up). */
function recorder(tl: Timeline, pb: Playback, now: () => number): () => boolean {
  const start = now();
  return () => {
    if (pb.ended() || now() - start > LOOK_AHEAD_MS) return false;
    const before = tl.length;
    pb.safeRecord({ untilTick: before + CHUNK_TICKS, budgetMs: 100 });
    return tl.length > before;
  };
}

/**
 * stepDecision moves the playhead to the previous or next decision tick and returns it, or null
 * (the playhead stays) when there is none that way.
 */
export function stepDecision(
  tl: Timeline,
  pb: Playback,
  now: () => number,
  direction: 1 | -1,
  follow: Follow,
): number | null {
  pb.pause();
  const more = recorder(tl, pb, now);
  let from = pb.tick;
  let found = findStop(tl.records, from, direction, follow);
  while (found === null && direction === 1) {
    from = Math.max(from, tl.length);
    if (!more()) break;
    found = findStop(tl.records, from, 1, follow);
  }
  if (found !== null) pb.moveTo(found);
  return found;
}

/** resolveLesson places the working scenario's lesson steps in the run. */
export function resolveLesson(tl: Timeline, pb: Playback, now: () => number): LessonPointView[] {
  const lesson = tl.scenario.lesson;
  if (!lesson) throw new Refusal('the scenario has no lesson');
  const points = resolveSteps(lesson.steps, { records: tl.records, more: recorder(tl, pb, now) });
  return points.map((p) => ({
    tick: p.tick,
    answer: p.answer,
    formula: p.formula.map(decisionView),
    problem: p.problem,
  }));
}

/** checkLesson refuses a lesson that is not one, with the validator's first message. */
export function checkLesson(x: unknown): void {
  const r = validateLesson(x);
  if (!r.ok) throw new Refusal(r.errors[0] ?? 'not a lesson');
}
