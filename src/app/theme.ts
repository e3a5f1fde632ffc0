/**
 * Theme wiring: follows the system's light/dark setting until the reader picks one with the header
 * button; the pick is remembered in localStorage. The `dark` class on <html> drives Tailwind's
 * `dark:` variant (see index.css).
 */
import { themeSelector } from '../state/selectors.ts';
import { type AppStore, appStore } from '../state/store.ts';
import type { Theme } from '../state/themeSlice.ts';

export const THEME_STORAGE_KEY = 'rollout-lab.theme';

function readChoice(): Theme | null {
  try {
    const saved = localStorage.getItem(THEME_STORAGE_KEY);
    return saved === 'light' || saved === 'dark' ? saved : null;
  } catch {
    return null; // storage can be blocked (private mode, sandboxed frames)
  }
}

function writeChoice(choice: Theme | null): void {
  try {
    if (choice) localStorage.setItem(THEME_STORAGE_KEY, choice);
    else localStorage.removeItem(THEME_STORAGE_KEY);
  } catch {
    // not remembered; the page still switches
  }
}

function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}

/** startTheme loads the saved choice, tracks the system setting and keeps <html> in step. */
export function startTheme(store: AppStore = appStore): () => void {
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  const state = store.getState();
  state.systemThemeChanged(media.matches ? 'dark' : 'light');
  state.chooseTheme(readChoice());
  applyTheme(themeSelector(store.getState()));

  const onSystemChange = (event: MediaQueryListEvent) =>
    store.getState().systemThemeChanged(event.matches ? 'dark' : 'light');
  media.addEventListener('change', onSystemChange);
  const unsubscribe = store.subscribe((next, prev) => {
    if (next.themeChoice !== prev.themeChoice) writeChoice(next.themeChoice);
    applyTheme(themeSelector(next));
  });
  return () => {
    media.removeEventListener('change', onSystemChange);
    unsubscribe();
  };
}
