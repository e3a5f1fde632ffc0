import { useEffect } from 'react';
import { jump, seekEnd, seekStart, stepBack, stepForward, togglePlay } from '../../state/actions.ts';

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

/**
 * shortcutFor maps a key press to a timeline action: Space play/pause, ←/→ step, Shift+←/→ jump
 * 10 ticks, Home/End. Space on a button is the button's own.
 */
export function shortcutFor(
  e: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target'>,
): (() => void) | null {
  if (e.ctrlKey || e.metaKey || e.altKey || isTypingTarget(e.target)) return null;
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
