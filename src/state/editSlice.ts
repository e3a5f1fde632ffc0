import type { StateCreator } from 'zustand/vanilla';
import type { ActionView, ImageBehaviourView, WorkloadView } from '../worker/protocol.ts';

/** A working scenario the reader can go back to: its text, preset and the tick they were at. */
export interface UndoEntry {
  text: string;
  presetId: string | null;
  tick: number;
  name: string;
}

/** A change waiting for the reader's yes: the scripted actions it would drop. */
export interface PendingFork {
  actions: ActionView[];
  tick: number;
}

/** Most undo steps kept (each holds a scenario text, at most 1 MiB; most are a few KiB). */
export const UNDO_LIMIT = 20;

/**
 * What the page knows of the working scenario itself (not of the run): its manifests and images
 * (the Controls edit them at tick 0; the image behaviour editor lists them), the undo history,
 * and the change waiting for confirmation because it drops scripted actions.
 */
export interface EditSlice {
  scenarioWorkloads: WorkloadView[];
  scenarioImages: ImageBehaviourView[];
  /** Newest last. */
  undoStack: UndoEntry[];
  pendingFork: PendingFork | null;
  pushUndo(entry: UndoEntry): void;
  /** popUndo takes the newest entry off the stack (null when empty). */
  popUndo(): UndoEntry | null;
  setPendingFork(pending: PendingFork | null): void;
  setScenarioViews(workloads: WorkloadView[], images: ImageBehaviourView[]): void;
}

/** createEditSlice holds the scenario views, the undo stack and the pending fork. */
export const createEditSlice: StateCreator<EditSlice, [], [], EditSlice> = (set, get) => ({
  scenarioWorkloads: [],
  scenarioImages: [],
  undoStack: [],
  pendingFork: null,
  pushUndo: (entry) => set((s) => ({ undoStack: [...s.undoStack.slice(-(UNDO_LIMIT - 1)), entry] })),
  popUndo: () => {
    const stack = get().undoStack;
    const last = stack.at(-1) ?? null;
    if (last) set({ undoStack: stack.slice(0, -1) });
    return last;
  },
  setPendingFork: (pendingFork) => set({ pendingFork }),
  setScenarioViews: (scenarioWorkloads, scenarioImages) => set({ scenarioWorkloads, scenarioImages }),
});
