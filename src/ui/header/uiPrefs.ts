/**
 * UI preferences kept across visits: large-text mode (also applied as the `large-text` class on
 * <html>, see largeText.css) and whether the Expectations intro was dismissed. The presenter
 * layout and the embedded page come from the link only; they are applied as the `presenter` and
 * `embed` classes (src/app/layout.css).
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
  const apply = () => {
    const { largeText, presenter, embed } = store.getState();
    const html = document.documentElement.classList;
    html.toggle('large-text', largeText);
    html.toggle('presenter', presenter);
    html.toggle('embed', embed);
  };
  apply();
  return store.subscribe((next, prev) => {
    if (next.presenter !== prev.presenter || next.embed !== prev.embed) apply();
    if (next.largeText === prev.largeText && next.expectationsIntroSeen === prev.expectationsIntroSeen)
      return;
    // An embedded page follows its link; the reader's own choice is kept for the full app.
    if (!next.embed) write({ largeText: next.largeText, expectationsIntroSeen: next.expectationsIntroSeen });
    apply();
  });
}
