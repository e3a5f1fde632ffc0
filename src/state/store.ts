/**
 * The one app store: vanilla zustand built from slices, so actions and tests use it without React.
 * It holds view state and a mirror of what the worker reports, never the engine itself.
 */
import { createStore } from 'zustand/vanilla';
import { createLessonSlice, type LessonSlice } from './lessonSlice.ts';
import { createSimSlice, type SimSlice } from './simSlice.ts';
import { createThemeSlice, type ThemeSlice } from './themeSlice.ts';
import { createUiSlice, type UiSlice } from './uiSlice.ts';
import { createWorkerSlice, type WorkerSlice } from './workerSlice.ts';

export type AppState = WorkerSlice & ThemeSlice & SimSlice & UiSlice & LessonSlice;

/** createAppStore builds a fresh store (tests make their own). */
export function createAppStore() {
  return createStore<AppState>()((...a) => ({
    ...createWorkerSlice(...a),
    ...createThemeSlice(...a),
    ...createSimSlice(...a),
    ...createUiSlice(...a),
    ...createLessonSlice(...a),
  }));
}

export type AppStore = ReturnType<typeof createAppStore>;

/** appStore is the page's store. */
export const appStore: AppStore = createAppStore();
