import type { AppState } from './store.ts';
import type { Theme } from './themeSlice.ts';

export const workerStatusSelector = (s: AppState) => s.workerStatus;
export const kubernetesVersionSelector = (s: AppState) => s.kubernetesVersion;
export const workerErrorSelector = (s: AppState) => s.workerError;

/** themeSelector is the theme in force: the reader's choice, else the system's. */
export const themeSelector = (s: AppState): Theme => s.themeChoice ?? s.systemTheme;
