import { useEffect } from 'react';
import { jump, seekEnd, seekStart, stepBack, stepForward, togglePlay } from '../../state/actions.ts';
import { type AppStore, appStore } from '../../state/store.ts';
import { goDecision } from './DecisionButtons.tsx';

/** Whether a key event belongs to a control that uses the key itself (text, select, slider, button…). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') return true; // text boxes, sliders, checkboxes all use these keys
  const role = target.getAttribute('role');
  return role === 'slider' || role === 'tab' || role === 'textbox' || role === 'listbox' || role === 'menu';
}

/** lessonMove moves the open lesson by `delta` steps. */
function lessonMove(store: AppStore, delta: number): () => void {
  return () => {
    const s = store.getState();
    s.goLessonStep(s.lessonStep + delta);
  };
}

/**
 * shortcutFor maps a key press to a timeline action: Space play/pause, ←/→ step, Shift+←/→ jump
 * 10 ticks, Home/End. The keys presentation clickers send step through the open lesson, else
 * through the decisions: PageDown / PageUp (and ←/→ while a lesson is open); B or . blanks the
 * screen, and any key brings it back. Space on a button is the button's own.
 */
export function shortcutFor(
  e: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target'>,
  store: AppStore = appStore,
): (() => void) | null {
  const s = store.getState();
  if (s.blank) return () => s.setBlank(false);
  if (e.ctrlKey || e.metaKey || e.altKey || isTypingTarget(e.target)) return null;
  const lesson = s.lessonOpen && s.lesson !== null;
  if (e.key === 'PageDown') return lesson ? lessonMove(store, 1) : () => void goDecision(1);
  if (e.key === 'PageUp') return lesson ? lessonMove(store, -1) : () => void goDecision(-1);
  if (e.key === 'b' || e.key === 'B' || e.key === '.') return () => s.setBlank(true);
  if (lesson && !e.shiftKey && (e.key === 'ArrowLeft' || e.key === 'ArrowRight')) {
    return lessonMove(store, e.key === 'ArrowRight' ? 1 : -1);
  }
  const onButton =
    e.target instanceof HTMLElement &&
    (e.target.tagName === 'BUTTON' || e.target.tagName === 'SUMMARY' || e.target.tagName === 'A');
  switch (e.key) {
    case ' ':
      return onButton ? null : togglePlay;
    case 'ArrowLeft':
      return e.shiftKey ? () => jump(-10) : stepBack;
    case 'ArrowRight':
      return e.shiftKey ? () => jump(10) : stepForward;
    case 'Home':
      return seekStart;
    case 'End':
      return seekEnd;
    default:
      return null;
  }
}

/** useKeyboardShortcuts installs the timeline's keyboard shortcuts on the window. */
export function useKeyboardShortcuts(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const action = shortcutFor(e);
      if (!action) return;
      e.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
