// Port of kubernetes pkg/scheduler/framework/plugins/helper/normalize_score.go (v1.36).
import { MaxNodeScore } from '../../framework/types.ts';

/**
 * defaultNormalizeScore scales scores to [0, 100] by the highest one, integer division as in Go;
 * reverse flips them (fewer untolerated taints → higher score). All zero: 0 each, or 100 each reversed.
 * Worked example: [2, 1, 0] → [100, 50, 0], reversed [0, 50, 100].
 */
export function defaultNormalizeScore(scores: number[] | Float64Array, reverse: boolean, maxPriority = MaxNodeScore): void {
  let max = 0;
  for (let i = 0; i < scores.length; i++) if ((scores[i] as number) > max) max = scores[i] as number;
  if (max === 0) {
    if (reverse) scores.fill(maxPriority);
    return;
  }
  for (let i = 0; i < scores.length; i++) {
    let s = Math.trunc((maxPriority * (scores[i] as number)) / max);
    if (reverse) s = maxPriority - s;
    scores[i] = s;
  }
}
