/**
 * UI preferences kept across visits: large-text mode (also applied as the `large-text` class on
 * <html>, see largeText.css) and whether the Expectations intro was dismissed.
 */
import type { AppStore } from '../../state/store.ts';
import './largeText.css';

export const UI_PREFS_KEY = 'rollout-lab.ui';

interface Prefs {
  largeText?: boolean;
  expectationsIntroSeen?: boolean;
}

function read(): Prefs {
  try {
    const raw = localStorage.getItem(UI_PREFS_KEY);
    return raw ? (JSON.parse(raw) as Prefs) : {};
  } catch {
    return {};
  }
}

function write(prefs: Prefs): void {
  try {
    localStorage.setItem(UI_PREFS_KEY, JSON.stringify(prefs));
  } catch {
    // not remembered; the page still works
  }
}

/** startUiPrefs restores the saved preferences and keeps them (and <html>'s class) in step. */
export function startUiPrefs(store: AppStore): () => void {
  const saved = read();
  const state = store.getState();
  if (saved.largeText) state.setLargeText(true);
  if (saved.expectationsIntroSeen) state.markExpectationsIntroSeen();
  const apply = () => document.documentElement.classList.toggle('large-text', store.getState().largeText);
  apply();
  return store.subscribe((next, prev) => {
    if (next.largeText === prev.largeText && next.expectationsIntroSeen === prev.expectationsIntroSeen)
      return;
    write({ largeText: next.largeText, expectationsIntroSeen: next.expectationsIntroSeen });
    apply();
  });
}
