import { describe, expect, it } from 'vitest';
import type { Lesson } from '../worker/protocol.ts';
import { shareHashAt } from './actions.ts';
import { createAppStore } from './store.ts';

const lesson = (id: string, steps = 3): Lesson => ({
  id,
  title: { en: id },
  steps: Array.from({ length: steps }, (_, i) => ({ text: { en: `s${i}` }, at: { tick: i } })),
});

describe('lesson slice', () => {
  it('opens at a step, clamps moves and keeps the step across an edit of the same lesson', () => {
    const store = createAppStore();
    const s = () => store.getState();
    s().openLessonPanel(1);
    expect(s().lessonOpen).toBe(false);
    s().lessonFromScenario(lesson('a'));
    s().openLessonPanel(9);
    expect([s().lessonOpen, s().lessonStep]).toEqual([true, 2]);
    s().goLessonStep(-4);
    expect(s().lessonStep).toBe(0);
    s().goLessonStep(1);
    s().setLessonPoints([]);
    s().lessonFromScenario(lesson('a', 5));
    expect([s().lessonOpen, s().lessonStep, s().lessonPoints]).toEqual([true, 1, null]);
    s().lessonFromScenario(lesson('b'));
    expect([s().lessonOpen, s().lessonStep]).toEqual([false, 0]);
    s().lessonFromScenario(null);
    expect(s().lesson).toBeNull();
  });

  it('puts the open lesson and its step (from 1) into the share link', () => {
    const store = createAppStore();
    store.getState().simUpdate({ shareHash: '#v1.abc', tick: 185 });
    store.getState().lessonFromScenario(lesson('seed-rollout'));
    expect(shareHashAt(store)).toBe('#v1.abc&t=185');
    store.getState().openLessonPanel(2);
    expect(shareHashAt(store)).toBe('#v1.abc&t=185&lesson=seed-rollout&step=3');
  });
});
