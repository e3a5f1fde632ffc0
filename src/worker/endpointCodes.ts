/**
 * A pod's endpoint state as one byte (PackedPods.endpoint, FrameView.podEndpoints): 0 no Service
 * selects the pod (no badge); 1 `none`; 2 `serving-terminating`; 3 `ready`. Codes rank as the
 * states do (a pod two slices list shows its best state). Small on purpose: the page imports it.
 */
import type { EndpointState } from '../engine/traffic/types.ts';
import type { PodView } from './views.ts';

/** The endpoint states in the order the legend and the chips' words list them, best first. */
export const ENDPOINT_STATES: readonly EndpointState[] = ['ready', 'serving-terminating', 'none'];

export const ENDPOINT_CODE_STATES: readonly (EndpointState | null)[] = [
  null,
  'none',
  'serving-terminating',
  'ready',
];
export const ENDPOINT_CODE: Readonly<Record<EndpointState, number>> = {
  none: 1,
  'serving-terminating': 2,
  ready: 3,
};

/** endpointStateOf is the state of a code (null: no Service selects the pod, or a code unknown). */
export function endpointStateOf(code: number): EndpointState | null {
  return ENDPOINT_CODE_STATES[code] ?? null;
}

/**
 * attachEndpoints sets each pod view's `endpointState` from the frame's codes (the views are the
 * frame's own, fresh from the message): the chips read it, the wire carries one byte a pod.
 */
export function attachEndpoints(pods: readonly PodView[], codes: Uint8Array | undefined): void {
  if (!codes) return;
  for (let i = 0; i < pods.length; i++) {
    const state = endpointStateOf(codes[i] ?? 0);
    if (state !== null) (pods[i] as PodView).endpointState = state;
  }
}
