/** The React side of the store: the only file in src/state that imports React. */
import { useStore } from 'zustand';
import type { AppState } from './store.ts';
import { appStore } from './store.ts';

/** useAppStore selects from the page's store; pass a module-scope selector. */
export function useAppStore<T>(selector: (state: AppState) => T): T {
  return useStore(appStore, selector);
}
