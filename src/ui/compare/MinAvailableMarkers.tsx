import type { RolloutView } from '../../worker/protocol.ts';
import { useT } from '../common/useT.ts';
import { seconds } from './format.ts';

interface MinAvailableMarkersProps {
  rollouts: readonly RolloutView[];
  x: (time: number) => number;
  y: (value: number) => number;
  plotTop: number;
  plotBottom: number;
}

/**
 * MinAvailableMarkers marks on the chart, for each rollout after the start, the moment the fewest
 * of the workload's pods were available (a downward triangle at that count and a faint line).
 * The creation of a workload starts from no pods, so it gets none.
 */
export function MinAvailableMarkers({ rollouts, x, y, plotTop, plotBottom }: MinAvailableMarkersProps) {
  const t = useT();
  return (
    <>
      {rollouts
        .filter((r) => r.startSeconds > 0)
        .map((r) => {
          const px = x(r.minAvailableSeconds);
          const py = y(r.minAvailable);
          const label = t('compare.summary.marker', {
            n: r.minAvailable,
            replicas: r.replicas,
            time: seconds(r.minAvailableSeconds),
            revision: r.revision ?? '?',
          });
          return (
            <g
              key={`${r.workload}-${r.startSeconds}`}
              data-testid="min-available-marker"
              data-time={r.minAvailableSeconds}
              data-value={r.minAvailable}
            >
              <title>{label}</title>
              <line
                x1={px}
                x2={px}
                y1={plotTop}
                y2={plotBottom}
                className="stroke-reddish-purple"
                strokeDasharray="1 3"
                strokeWidth={1.5}
              />
              <path
                d={`M${px - 5},${py - 10}h10l-5,9z`}
                className="fill-reddish-purple stroke-white dark:stroke-slate-900"
                strokeWidth={1}
              />
            </g>
          );
        })}
    </>
  );
}
