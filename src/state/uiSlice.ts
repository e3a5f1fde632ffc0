import type { StateCreator } from 'zustand/vanilla';
import type { WatchKind } from '../worker/protocol.ts';

/** Which controller's decisions the Explain panel lists. */
export type ExplainFilter =
  | 'all'
  | 'deployment-controller'
  | 'replicaset-controller'
  | 'daemonset-controller'
  | 'statefulset-controller'
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
  // Presenter layout, embedding and the service worker's update (issue 14, DESIGN §12)
  /** Presenter layout (`&present=1`): one screen, nothing clipped, everything sized by the text. */
  presenter: boolean;
  /** The page for an iframe (`&embed=1`): cluster and timeline, no header menus. */
  embed: boolean;
  /** A new version of the app is installed and waits for a reload. */
  updateReady: boolean;
  selectPod(name: string | null): void;
  setExplainFilter(filter: ExplainFilter): void;
  setWatchTab(tab: WatchTab): void;
  /** The reader picks a language: it goes into the share URL. */
  setLanguage(language: Language): void;
  /** The browser's language, followed until the reader picks one; never marks it chosen. */
  setBrowserLanguage(language: Language): void;
  setLargeText(on: boolean): void;
  markExpectationsIntroSeen(): void;
  setPresenter(on: boolean): void;
  setEmbed(on: boolean): void;
  setUpdateReady(on: boolean): void;
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
  presenter: false,
  embed: false,
  updateReady: false,
  setPresenter: (presenter) => set({ presenter }),
  setEmbed: (embed) => set({ embed }),
  setUpdateReady: (updateReady) => set({ updateReady }),
});
