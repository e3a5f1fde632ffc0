import { useEffect } from 'react';
import { resolveLessonPoints, seekRecorded } from '../../state/actions.ts';
import { useAppStore } from '../../state/hooks.ts';
import {
  lessonOpenSelector,
  lessonPointsSelector,
  lessonSelector,
  lessonStepSelector,
  scenarioRevisionSelector,
} from '../../state/selectors.ts';
import { appStore } from '../../state/store.ts';
import { saveStep } from './progress.ts';

/**
 * useLessonPlace keeps the run at the open lesson's step: it asks the worker where the steps fall
 * (again after every change of the scenario) and moves the playhead to the step's tick, or to the
 * tick just before it while the step's question is unanswered, so the decision is not yet shown.
 */
export function useLessonPlace(answered: (step: number) => boolean): void {
  const lesson = useAppStore(lessonSelector);
  const open = useAppStore(lessonOpenSelector);
  const step = useAppStore(lessonStepSelector);
  const points = useAppStore(lessonPointsSelector);
  const revision = useAppStore(scenarioRevisionSelector);
  useEffect(() => {
    if (!open || !lesson || points !== null) return;
    let live = true;
    void resolveLessonPoints().then((p) => {
      // An answer for an older scenario (an edit came in meanwhile) is dropped: it asks again.
      const s = appStore.getState();
      if (live && s.lessonPoints === null && s.scenarioRevision === revision) s.setLessonPoints(p ?? []);
    });
    return () => {
      live = false;
    };
  }, [open, lesson, points, revision]);
  const tick = points?.[step]?.tick ?? null;
  const asks = !!lesson?.steps[step]?.question;
  const done = answered(step);
  useEffect(() => {
    if (!open || !lesson || tick === null) return;
    saveStep(lesson.id, step, lesson.steps.length);
    seekRecorded(asks && !done ? tick - 1 : tick);
  }, [open, lesson, step, tick, asks, done]);
}
