import type { StateCreator } from 'zustand/vanilla';
import type { SweepLine } from '../timeline/sweep.ts';
import { percentValues, type SweepForm, type SweepSetup } from './sweepGrid.ts';

/** Where a sweep is. */
export type SweepStatus = 'idle' | 'running' | 'done' | 'cancelled' | 'failed';

/** The sweep view's state: the form, the run going on or last run, and its lines by task. */
export interface SweepSlice {
  sweepForm: SweepForm;
  sweepStatus: SweepStatus;
  /** The setup and scenario of the lines shown (null before the first run). */
  sweepRun: { setup: SweepSetup; base: string; tasks: number } | null;
  /** Lines by task index (null: not back yet). */
  sweepLines: (SweepLine | null)[];
  sweepDone: number;
  /** Wall-clock ms the last finished run took. */
  sweepElapsedMs: number | null;
  /** A form that does not read, or why the run failed. */
  sweepMessage: string | null;
  /** The cell picked on a heatmap. */
  sweepSelected: { xi: number; yi: number } | null;
  sweepUpdate(patch: Partial<Omit<SweepSlice, 'sweepUpdate'>>): void;
}

/** initialSweepForm: maxSurge × maxUnavailable, 0…100% in steps of 25%, one seed. */
export const initialSweepForm = (): SweepForm => ({
  xField: 'maxSurge',
  xValues: percentValues(25),
  yField: 'maxUnavailable',
  yValues: percentValues(25),
  seeds: 1,
});

/** createSweepSlice holds the sweep view's state. */
export const createSweepSlice: StateCreator<SweepSlice, [], [], SweepSlice> = (set) => ({
  sweepForm: initialSweepForm(),
  sweepStatus: 'idle',
  sweepRun: null,
  sweepLines: [],
  sweepDone: 0,
  sweepElapsedMs: null,
  sweepMessage: null,
  sweepSelected: null,
  sweepUpdate: (patch) => set(patch),
});
