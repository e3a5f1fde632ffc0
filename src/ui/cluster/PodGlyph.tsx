import type { PodDisplayPhase } from '../../worker/protocol.ts';
import type { RevisionShape } from '../common/revisionStyle.ts';

/** Phases drawn with a red outline and a "!" (the pod will not become Ready by itself). */
export const ERROR_PHASES: ReadonlySet<PodDisplayPhase> = new Set([
  'Failed',
  'CrashLoopBackOff',
  'ImagePullBackOff',
  'ErrImagePull',
  'CreateContainerConfigError',
]);

interface PodGlyphProps {
  phase: PodDisplayPhase;
  shape: RevisionShape;
  /** The revision colour (CSS colour). */
  color: string;
}

/**
 * PodGlyph draws a pod as the chips do (one element, styled by pods.css), for the legend: the
 * revision's shape in its colour, styled by phase.
 */
export function PodGlyph({ phase, shape, color }: PodGlyphProps) {
  return (
    <span
      className="pod-chip pod-swatch"
      data-shape={shape}
      data-phase={phase}
      style={{ '--rev': color } as React.CSSProperties}
      aria-hidden="true"
    />
  );
}
