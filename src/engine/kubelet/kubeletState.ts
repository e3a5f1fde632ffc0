/**
 * What the simulated kubelet keeps about a pod between steps (its image-pull and crash back-offs,
 * the pull time until the first start reports it) and the draws its steps share: a behaviour's
 * seconds as ms, and the scenario's behaviour of an image.
 */
import { DEFAULT_IMAGE_BEHAVIOUR, type ImageBehaviour, type SecondsSpec } from '../config.ts';
import type { Tx } from '../client/tx.ts';
import { nextFloat } from '../lib/prng.ts';

/** What the kubelet remembers about a pod between steps (image and crash back-off). */
export interface KubeletPodState {
  pullBackoffMs: number;
  crashBackoffMs: number;
  /**
   * A probe's kill restarted the container once: the restart back-off entry exists, so the next
   * exit waits crashBackoffMs (flowcontrol.Backoff: the first restart is immediate).
   */
  restarted?: true;
  /** The image pull the accept step drew (ms), until the first start's Pulled Event reports it. */
  pulledMs?: number;
  /** The volume manager's back-off since a ConfigMap or Secret volume failed to mount (volumeMounts.ts). */
  mountBackoffMs?: number;
  /** The init container the kubelet is on, an index into spec.initContainers (initContainers.ts). */
  initIndex?: number;
  /** The pull the init container's start reports in its Pulled Event (ms). */
  initPulledMs?: number;
  /** The containers of a deleted pod that its grace period cuts short (SIGKILL: they exit 137; terminalStatus.ts). */
  sigkilled?: readonly string[];
  /** The containers a changed image is restarting, and those of them SIGKILLed at the grace period (definitionChanged.ts). */
  definitionKill?: { containers: readonly string[]; sigkill: readonly string[] };
}

declare module '../client/state.ts' {
  interface EngineState {
    kubelet: Map<string, KubeletPodState>;
  }
}

/** The image-pull and crash back-offs: 10 s, doubling to 5 min (the kubelet's flowcontrol.Backoff). */
export const BACKOFF_INITIAL_MS = 10_000;
export const BACKOFF_MAX_MS = 300_000;

/** drawMs turns a SecondsSpec into ms with the engine PRNG: 2 → 2000; [1, 4] → uniform 1000–4000. */
export function drawMs(tx: Tx, spec: SecondsSpec): number {
  if (typeof spec === 'number') return Math.round(spec * 1000);
  const [lo, hi] = spec;
  return Math.round((lo + (hi - lo) * nextFloat(tx.st.prng)) * 1000);
}

/** imageBehaviour is the scenario's behaviour for an image: its own, else the `default` entry, else the engine's default. */
export function imageBehaviour(tx: Tx, image: string): ImageBehaviour {
  const imgs = tx.st.config.images;
  // Own keys only: an image called `constructor` must not find Object.prototype's function.
  if (Object.hasOwn(imgs, image)) return imgs[image] as ImageBehaviour;
  return Object.hasOwn(imgs, 'default') ? (imgs.default as ImageBehaviour) : DEFAULT_IMAGE_BEHAVIOUR;
}

/**
 * kubeletState is what the kubelet remembers of a pod's back-offs. Only the back-off steps read
 * it, so the 40,000 steps of a healthy rollout make no default object.
 */
export function kubeletState(tx: Tx, podKey: string): KubeletPodState {
  return tx.st.kubelet.get(podKey) ?? { pullBackoffMs: BACKOFF_INITIAL_MS, crashBackoffMs: BACKOFF_INITIAL_MS };
}
