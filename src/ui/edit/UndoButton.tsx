import { useEffect } from 'react';
import { undo } from '../../state/editActions.ts';
import { useAppStore } from '../../state/hooks.ts';
import { undoStackSelector } from '../../state/selectors.ts';
import { headerButton } from '../scenario/styles.ts';
import { useEditT } from './i18n.ts';

/** isTextField tells whether a key press belongs to a field that has its own undo (text boxes). */
export function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.tagName === 'TEXTAREA') return true;
  if (target.tagName !== 'INPUT') return false;
  // Sliders, checkboxes, radios and buttons have no text to undo: Ctrl+Z there undoes the scenario.
  const type = (target as HTMLInputElement).type;
  return !['range', 'checkbox', 'radio', 'button', 'submit', 'reset', 'color', 'file'].includes(type);
}

/** isUndoKey: Ctrl+Z, or Cmd+Z on a Mac, without Shift (Shift is redo) or Alt. */
export function isUndoKey(
  e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>,
): boolean {
  return (e.ctrlKey || e.metaKey) && !e.shiftKey && !e.altKey && e.key.toLowerCase() === 'z';
}

/**
 * UndoButton brings back the scenario and the tick before the last change (an edit, a fork, an
 * import, another preset), several levels deep; Ctrl+Z / Cmd+Z does the same outside text fields.
 */
export function UndoButton() {
  const t = useEditT();
  const stack = useAppStore(undoStackSelector);
  const last = stack.at(-1);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isUndoKey(e) || isTextField(e.target) || e.defaultPrevented) return;
      // A modal dialog (the fork warning, an import) keeps the keys to itself.
      if (document.querySelector('dialog[open]')) return;
      e.preventDefault();
      void undo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <button
      type="button"
      className={`${headerButton} disabled:cursor-not-allowed disabled:opacity-40`}
      disabled={!last}
      onClick={() => void undo()}
      title={last ? t('undo.title', { name: last.name, tick: last.tick }) : t('undo.nothing')}
      aria-keyshortcuts="Control+Z Meta+Z"
      data-undo-depth={stack.length}
      data-compact=""
    >
      <svg
        viewBox="0 0 24 24"
        className="size-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden="true"
      >
        <path d="M9 14L4 9l5-5 M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />
      </svg>
      {t('undo.button')}
    </button>
  );
}
