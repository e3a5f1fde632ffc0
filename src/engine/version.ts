/**
 * The Kubernetes release whose controller behaviour this engine reproduces.
 * kubectl and apimachinery strings were read at tag kubernetes-1.36.3; the controllers from
 * 1.35/1.36-era sources (see src/engine/README.md for what was read and what differs).
 */
export const KUBERNETES_VERSION = 'v1.36.3';

/** Version of the engine's own recording format; bumped when ticks or keyframes change shape. */
export const ENGINE_FORMAT_VERSION = 1;
