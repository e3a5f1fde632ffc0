// Port of kubernetes pkg/scheduler/framework/plugins/imagelocality/image_locality.go (v1.36).
import type { Pod } from '../../api/types.ts';
import { type ImageState, normalizedImageName } from '../cache/cache.ts';
import type { NodeInfo } from '../framework/nodeInfo.ts';
import { MaxNodeScore } from '../framework/types.ts';

const mb = 1024 * 1024;
/** Images below 23 MB score nothing; 1000 MB per container is the most that counts. */
export const minThreshold = 23 * mb;
export const maxContainerThreshold = 1000 * mb;

/** scaledImageScore: the image size × the share of nodes that have it (a rare image counts little). */
export function scaledImageScore(state: ImageState, totalNumNodes: number): number {
  return Math.trunc(state.size * (state.numNodes / totalNumNodes));
}

/** calculatePriority maps the summed sizes onto 0–100 between the thresholds. */
export function calculatePriority(sumScores: number, numContainers: number): number {
  const maxThreshold = maxContainerThreshold * numContainers;
  const s = Math.min(Math.max(sumScores, minThreshold), maxThreshold);
  return Math.trunc((MaxNodeScore * (s - minThreshold)) / (maxThreshold - minThreshold));
}

/**
 * score favours nodes that already hold the pod's images (node.status.images). The simulated
 * kubelet does not report the images it pulled, so only nodes imported with images score here.
 */
export function score(pod: Pod, ni: NodeInfo, images: Map<string, ImageState>, totalNumNodes: number): number {
  const numContainers = (pod.spec.initContainers?.length ?? 0) + pod.spec.containers.length;
  const nodeImages = ni.node?.status?.images;
  if (images.size === 0 || nodeImages === undefined) return calculatePriority(0, numContainers);
  const own = new Set<string>();
  for (const img of nodeImages) for (const n of img.names) own.add(n);
  let sum = 0;
  for (const c of [...(pod.spec.initContainers ?? []), ...pod.spec.containers]) {
    const name = normalizedImageName(c.image);
    const st = own.has(name) ? images.get(name) : undefined;
    if (st !== undefined) sum += scaledImageScore(st, totalNumNodes);
  }
  return calculatePriority(sum, numContainers);
}
