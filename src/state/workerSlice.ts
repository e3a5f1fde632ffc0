import type { StateCreator } from 'zustand/vanilla';

/** Where the simulation worker is: starting, answering, or broken. */
export type WorkerStatus = 'starting' | 'ready' | 'error';

/** What the UI knows about the simulation worker (filled from its `hello` answer). */
export interface WorkerSlice {
  workerStatus: WorkerStatus;
  /** The Kubernetes release the worker's engine reproduces, e.g. `v1.36.3`; null until it answers. */
  kubernetesVersion: string | null;
  /** Why the worker is in `error`, in words for the header's tooltip. */
  workerError: string | null;
  workerReady(kubernetesVersion: string): void;
  workerFailed(message: string): void;
}

/** createWorkerSlice holds the worker's status and versions. */
export const createWorkerSlice: StateCreator<WorkerSlice, [], [], WorkerSlice> = (set) => ({
  workerStatus: 'starting',
  kubernetesVersion: null,
  workerError: null,
  workerReady: (kubernetesVersion) => set({ workerStatus: 'ready', kubernetesVersion, workerError: null }),
  workerFailed: (message) => set({ workerStatus: 'error', workerError: message }),
});
