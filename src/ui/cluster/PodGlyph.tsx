import type { PodDisplayPhase } from '../../worker/protocol.ts';
import type { RevisionShape } from '../common/revisionStyle.ts';

/** Phases drawn with a red outline and a "!" (the pod will not become Ready by itself). */
export const ERROR_PHASES: ReadonlySet<PodDisplayPhase> = new Set([
  'Failed',
  'CrashLoopBackOff',
  'ImagePullBackOff',
  'ErrImagePull',
]);

/** Fill of the shape per phase: none (hollow), half (bottom half), full. */
function fillOf(phase: PodDisplayPhase): 'none' | 'half' | 'full' {
  switch (phase) {
    case 'RunningNotReady':
      return 'half';
    case 'Ready':
    case 'Available':
    case 'Terminating':
      return 'full';
    default:
      return 'none';
  }
}

function Shape({ shape, className }: { shape: RevisionShape; className?: string }) {
  switch (shape) {
    case 'circle':
      return <circle cx="10" cy="10" r="7.5" className={className} />;
    case 'diamond':
      return <path d="M10 1.8 18.2 10 10 18.2 1.8 10Z" className={className} />;
    default:
      return <rect x="2.5" y="2.5" width="15" height="15" rx="2" className={className} />;
  }
}

interface PodGlyphProps {
  phase: PodDisplayPhase;
  shape: RevisionShape;
  /** The revision colour (CSS colour). */
  color: string;
}

/**
 * PodGlyph draws one pod: the revision's shape in its colour, styled by phase — hollow dashed
 * (Pending), pulsing outline (ContainerCreating), half filled (RunningNotReady), filled (Ready),
 * filled with a tick (Available), faded and struck through (Terminating), red outline and "!"
 * (Failed, CrashLoopBackOff, ImagePullBackOff, ErrImagePull). Styles live in pods.css.
 */
export function PodGlyph({ phase, shape, color }: PodGlyphProps) {
  const fill = fillOf(phase);
  const error = ERROR_PHASES.has(phase);
  return (
    <svg
      viewBox="0 0 20 20"
      className="pod-glyph"
      data-phase={phase}
      style={{ '--rev': color } as React.CSSProperties}
      aria-hidden="true"
      focusable="false"
    >
      {fill !== 'none' ? (
        <Shape shape={shape} className={fill === 'half' ? 'pod-fill pod-fill-half' : 'pod-fill'} />
      ) : null}
      {shape === 'hatched' && fill !== 'none' ? <Shape shape={shape} className="pod-hatch" /> : null}
      <Shape shape={shape} className="pod-outline" />
      {phase === 'Available' || phase === 'Succeeded' ? (
        <path d="M6 10.4 8.8 13.2 14.2 7.2" className="pod-tick" />
      ) : null}
      {phase === 'Terminating' ? <path d="M3.5 16.5 16.5 3.5" className="pod-strike" /> : null}
      {error ? (
        <g className="pod-error-mark">
          <path d="M10 5.2v6" />
          <circle cx="10" cy="14.6" r="0.6" />
        </g>
      ) : null}
    </svg>
  );
}
