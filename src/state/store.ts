/**
 * The one app store: vanilla zustand built from slices, so actions and tests use it without React.
 * It holds view state and a mirror of what the worker reports, never the engine itself.
 */
import { createStore } from 'zustand/vanilla';
import { type CompareSlice, createCompareSlice } from './compareSlice.ts';
import { createEditSlice, type EditSlice } from './editSlice.ts';
import { createLessonSlice, type LessonSlice } from './lessonSlice.ts';
import { createLiveSlice, type LiveSlice } from './liveSlice.ts';
import { createSimSlice, type SimSlice } from './simSlice.ts';
import { createSweepSlice, type SweepSlice } from './sweepSlice.ts';
import { createThemeSlice, type ThemeSlice } from './themeSlice.ts';
import { createUiSlice, type UiSlice } from './uiSlice.ts';
import { createWorkerSlice, type WorkerSlice } from './workerSlice.ts';

export type AppState = WorkerSlice &
  ThemeSlice &
  SimSlice &
  UiSlice &
  EditSlice &
  LessonSlice &
  CompareSlice &
  SweepSlice &
  LiveSlice;

/** createAppStore builds a fresh store (tests make their own). */
export function createAppStore() {
  return createStore<AppState>()((...a) => ({
    ...createWorkerSlice(...a),
    ...createThemeSlice(...a),
    ...createSimSlice(...a),
    ...createUiSlice(...a),
    ...createEditSlice(...a),
    ...createCompareSlice(...a),
    ...createSweepSlice(...a),
    ...createLessonSlice(...a),
    ...createLiveSlice(...a),
  }));
}

export type AppStore = ReturnType<typeof createAppStore>;

/** appStore is the page's store. */
export const appStore: AppStore = createAppStore();
