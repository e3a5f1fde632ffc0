import type { StateCreator } from 'zustand/vanilla';
import type { WatchKind } from '../worker/protocol.ts';

/** Which controller's decisions the Explain panel lists. */
export type ExplainFilter =
  | 'all'
  | 'deployment-controller'
  | 'replicaset-controller'
  | 'daemonset-controller'
  | 'kubelet'
  | 'default-scheduler';

/** The tab of the watch/text panel. */
export type WatchTab = WatchKind | 'rollout-status' | 'rollout-history' | 'describe' | 'policy';

/** The UI's language. */
export type Language = 'en' | 'zh-CN';

/** UI-only state: what the reader picked, never engine facts. */
export interface UiSlice {
  selectedPod: string | null;
  explainFilter: ExplainFilter;
  watchTab: WatchTab;
  language: Language;
  /** Whether the reader picked the language (only then it goes into the share URL). */
  languageChosen: boolean;
  largeText: boolean;
  expectationsIntroSeen: boolean;
  selectPod(name: string | null): void;
  setExplainFilter(filter: ExplainFilter): void;
  setWatchTab(tab: WatchTab): void;
  /** The reader picks a language: it goes into the share URL. */
  setLanguage(language: Language): void;
  /** The browser's language, followed until the reader picks one; never marks it chosen. */
  setBrowserLanguage(language: Language): void;
  setLargeText(on: boolean): void;
  markExpectationsIntroSeen(): void;
}

/** createUiSlice holds the reader's UI choices. */
export const createUiSlice: StateCreator<UiSlice, [], [], UiSlice> = (set) => ({
  selectedPod: null,
  explainFilter: 'all',
  watchTab: 'rs',
  language: 'en',
  languageChosen: false,
  largeText: false,
  expectationsIntroSeen: false,
  selectPod: (selectedPod) => set({ selectedPod }),
  setExplainFilter: (explainFilter) => set({ explainFilter }),
  setWatchTab: (watchTab) => set({ watchTab }),
  setLanguage: (language) => set({ language, languageChosen: true }),
  setBrowserLanguage: (language) => set((s) => (s.languageChosen ? {} : { language })),
  setLargeText: (largeText) => set({ largeText }),
  markExpectationsIntroSeen: () => set({ expectationsIntroSeen: true }),
});
