import type { StateCreator } from 'zustand/vanilla';

/** A colour theme. */
export type Theme = 'light' | 'dark';

/** The theme the reader picked (null: follow the system) and what the system prefers. */
export interface ThemeSlice {
  themeChoice: Theme | null;
  systemTheme: Theme;
  chooseTheme(theme: Theme | null): void;
  systemThemeChanged(theme: Theme): void;
}

/** createThemeSlice holds the theme choice; src/app/theme.ts persists it and applies it to the page. */
export const createThemeSlice: StateCreator<ThemeSlice, [], [], ThemeSlice> = (set) => ({
  themeChoice: null,
  systemTheme: 'light',
  chooseTheme: (themeChoice) => set({ themeChoice }),
  systemThemeChanged: (systemTheme) => set({ systemTheme }),
});
