import type { StateCreator } from 'zustand/vanilla';
import type { CompareVariantSpec } from '../worker/compareProtocol.ts';
import type { RolloutView } from '../worker/protocol.ts';

/** Which page the app shows: the run, its variants side by side, or a sweep over two fields. */
export type AppView = 'run' | 'compare' | 'sweep';

/** One variant as the compare view shows it. */
export interface CompareVariantState {
  /** Stable while the variant stays in the list (React keys). */
  id: number;
  spec: CompareVariantSpec;
  /** For a variant made from the working scenario, the virtual second it was taken at; else null. */
  madeAt: number | null;
  /** The API server's refusal, or null. */
  error: string | null;
  recording: boolean;
  podCount: number;
  /** Its workload's first rollout after t = 0 (DESIGN.md §10 figures), null until one starts. */
  rollout: RolloutView | null;
  /** The chart of its workload: time (virtual s), available and non-terminating pods. */
  series: { time: number[]; available: number[]; pods: number[] };
}

/** The compare view's state (the variants' pods live in compareBuffer.ts, outside the store). */
export interface CompareSlice {
  view: AppView;
  /** The scenario the variants vary (YAML), or null before compare opens. */
  compareBase: string | null;
  /** The workload varied and summarised (`deployment/default/web`). */
  compareWorkload: string;
  compareVariants: CompareVariantState[];
  compareTime: number;
  compareEndTime: number;
  comparePlaying: boolean;
  compareSpeed: number;
  /** Why compare could not load (a bad link, an invalid variant list), or null. */
  compareMessage: string | null;
  setView(view: AppView): void;
  compareUpdate(patch: Partial<Omit<CompareSlice, 'setView' | 'compareUpdate'>>): void;
}

/** createCompareSlice holds the view switch and the compare view's state. */
export const createCompareSlice: StateCreator<CompareSlice, [], [], CompareSlice> = (set) => ({
  view: 'run',
  compareBase: null,
  compareWorkload: '',
  compareVariants: [],
  compareTime: 0,
  compareEndTime: 0,
  comparePlaying: false,
  compareSpeed: 1,
  compareMessage: null,
  setView: (view) => set({ view }),
  compareUpdate: (patch) => set(patch),
});
