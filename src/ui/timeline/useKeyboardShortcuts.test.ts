// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../state/store.ts';
import { shortcutFor } from './useKeyboardShortcuts.ts';

const key = (k: string, extra: Partial<KeyboardEvent> = {}) => ({
  key: k,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  target: document.body,
  ...extra,
});

function withLesson() {
  const store = createAppStore();
  store.getState().lessonFromScenario({
    id: 'l',
    title: { en: 'L' },
    steps: [0, 1, 2].map((i) => ({ text: { en: `s${i}` }, at: { tick: i } })),
  });
  store.getState().openLessonPanel(1);
  return store;
}

describe('shortcutFor with presentation clicker keys', () => {
  it('steps through the open lesson with PageUp / PageDown and ← / →', () => {
    const store = withLesson();
    shortcutFor(key('PageDown'), store)?.();
    expect(store.getState().lessonStep).toBe(2);
    shortcutFor(key('ArrowLeft'), store)?.();
    shortcutFor(key('PageUp'), store)?.();
    expect(store.getState().lessonStep).toBe(0);
    shortcutFor(key('ArrowRight'), store)?.();
    expect(store.getState().lessonStep).toBe(1);
  });

  it('leaves the arrows to ticks and PageUp / PageDown to decisions without a lesson', () => {
    const store = createAppStore();
    expect(shortcutFor(key('PageDown'), store)).toBeTypeOf('function');
    expect(shortcutFor(key('ArrowRight'), store)?.name).toBe('stepForward');
  });

  it('blanks the screen with B or . and brings it back with any key', () => {
    const store = withLesson();
    shortcutFor(key('b'), store)?.();
    expect(store.getState().blank).toBe(true);
    shortcutFor(key('PageDown'), store)?.();
    expect(store.getState().blank).toBe(false);
    expect(store.getState().lessonStep).toBe(1);
    shortcutFor(key('.'), store)?.();
    expect(store.getState().blank).toBe(true);
  });

  it('leaves keys typed into a text box alone', () => {
    const input = document.createElement('input');
    expect(shortcutFor(key('b', { target: input }), withLesson())).toBeNull();
  });
});
