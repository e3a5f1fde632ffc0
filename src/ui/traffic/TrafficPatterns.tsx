import { ERROR_STYLE, patternId } from './trafficStyle.ts';
import { ERROR_OUTCOMES } from './trafficSeries.ts';

/**
 * TrafficPatterns defines each error outcome's fill: its colour with dark stripes over it (light
 * stripes on the dark theme's pale 503 fill), 6 px apart — the chart and the legend swatches use
 * the same ones.
 */
export function TrafficPatterns({ uid }: { uid: string }) {
  return (
    <defs>
      {ERROR_OUTCOMES.map((o) => {
        const s = ERROR_STYLE[o];
        return (
          <pattern
            key={o}
            id={patternId(uid, o)}
            width="6"
            height="6"
            patternUnits="userSpaceOnUse"
            patternTransform={`rotate(${s.angle})`}
          >
            <rect width="6" height="6" className={s.fillClass} />
            <line
              x1="0"
              y1="0"
              x2="0"
              y2="6"
              strokeWidth="2"
              className="stroke-slate-900/55 dark:stroke-slate-950/70"
            />
            {s.cross ? (
              <line
                x1="0"
                y1="3"
                x2="6"
                y2="3"
                strokeWidth="1.5"
                className="stroke-slate-100/80 dark:stroke-slate-950/70"
              />
            ) : null}
          </pattern>
        );
      })}
    </defs>
  );
}
