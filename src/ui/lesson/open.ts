/**
 * Opening lessons: a built-in one (its scenario is loaded with the lesson in it), or a lesson link
 * `&lesson=<id>&step=<n>` (the link's scenario's own lesson when it has that id, else the built-in).
 * Loaded on demand with the lessons.
 */
import { type ActionResult, openLesson } from '../../state/actions.ts';
import { type AppStore, appStore } from '../../state/store.ts';
import { type BuiltInLesson, builtInLesson } from '../../lessons/catalog/index.ts';

/** openBuiltIn loads a built-in lesson's scenario with the lesson and opens it at `step` (0-based). */
export function openBuiltIn(b: BuiltInLesson, step = 0): Promise<ActionResult> {
  return openLesson(b.lesson, b.preset ? { presetId: b.preset } : { text: JSON.stringify(b.scenario) }, step);
}

/**
 * openLessonFromLink opens lesson `id` at step `step` (1-based, as links count); null when it
 * opened, else the banner's message (no such lesson, or the simulator's message).
 */
export async function openLessonFromLink(
  id: string,
  step: number,
  store: AppStore = appStore,
): Promise<{ key: string; values: Record<string, string> } | null> {
  const s = store.getState();
  if (s.lesson?.id === id) {
    s.openLessonPanel(step - 1);
    return null;
  }
  const b = builtInLesson(id);
  if (!b) return { key: 'link.lessonMissing', values: { id } };
  const r = await openBuiltIn(b, step - 1);
  return r.ok
    ? null
    : { key: 'link.lessonFailed', values: { reason: r.message ?? 'it could not be loaded' } };
}
