import type { StateCreator } from 'zustand/vanilla';
import type { Lesson, LessonPointView } from '../worker/protocol.ts';

/**
 * The lesson state the whole page reads (the header's button, the keys, the share link): which
 * lesson the working scenario carries, whether its panel is open, at which step, and where its
 * steps fall in the run. The lesson panel itself and the built-in lessons load on demand.
 */
export interface LessonSlice {
  /** The working scenario's lesson (the worker reports it with the scenario), or null. */
  lesson: Lesson | null;
  /** Whether the Lesson region is shown. */
  lessonOpen: boolean;
  /** The current step, 0-based. */
  lessonStep: number;
  /** The steps placed in the run (null until the worker answered for this scenario revision). */
  lessonPoints: LessonPointView[] | null;
  /** A black screen, as presentation clickers ask with B (any key or click brings the page back). */
  blank: boolean;
  /** The working scenario changed: keep the step when it is the same lesson, else start over. */
  lessonFromScenario(lesson: Lesson | null): void;
  openLessonPanel(step?: number): void;
  closeLessonPanel(): void;
  /** goLessonStep moves to step `i` (clamped to the lesson). */
  goLessonStep(i: number): void;
  setLessonPoints(points: LessonPointView[] | null): void;
  setBlank(on: boolean): void;
}

/** createLessonSlice holds the open lesson's place. */
export const createLessonSlice: StateCreator<LessonSlice, [], [], LessonSlice> = (set) => ({
  lesson: null,
  lessonOpen: false,
  lessonStep: 0,
  lessonPoints: null,
  blank: false,
  lessonFromScenario: (lesson) =>
    set((s) => {
      const same = lesson !== null && s.lesson?.id === lesson.id;
      const last = lesson ? lesson.steps.length - 1 : 0;
      return {
        lesson,
        lessonPoints: null,
        lessonOpen: lesson !== null && s.lessonOpen && same,
        lessonStep: same ? Math.min(s.lessonStep, last) : 0,
      };
    }),
  openLessonPanel: (step) =>
    set((s) =>
      s.lesson === null
        ? {}
        : {
            lessonOpen: true,
            lessonStep: Math.max(0, Math.min(step ?? s.lessonStep, s.lesson.steps.length - 1)),
          },
    ),
  closeLessonPanel: () => set({ lessonOpen: false }),
  goLessonStep: (i) =>
    set((s) =>
      s.lesson === null ? {} : { lessonStep: Math.max(0, Math.min(i, s.lesson.steps.length - 1)) },
    ),
  setLessonPoints: (lessonPoints) => set({ lessonPoints }),
  setBlank: (blank) => set({ blank }),
});
