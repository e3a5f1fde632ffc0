import type { ActionMarker } from '../../worker/protocol.ts';
import { useT } from '../common/useT.ts';
import { summaryText } from '../explain/summaryText.ts';

interface ChartMarkersProps {
  markers: readonly ActionMarker[];
  x: (time: number) => number;
  width: number;
  /** The plot's top edge (the chart's top margin, which grows with the text). */
  top: number;
  plotBottom: number;
}

/**
 * ChartMarkers draws a line at each user action, labelled where the label fits: the kubectl
 * command as typed, or (a node fault) the tick's summary in the reader's language.
 */
export function ChartMarkers({ markers, x, width, top, plotBottom }: ChartMarkersProps) {
  const t = useT();
  const labelled = labelledMarkers(markers, x, width);
  return (
    <>
      {markers.map((mk) => {
        const px = x(mk.time);
        const atEnd = labelAtEnd(px, width);
        const label = summaryText(t, mk.notes, mk.label);
        return (
          <g
            key={`${mk.tick}-${mk.label}`}
            data-testid="action-marker"
            data-tick={mk.tick}
            data-time={mk.time}
          >
            <line x1={px} x2={px} y1={top} y2={plotBottom} className="stroke-orange" strokeWidth={1.5} />
            <title>{label}</title>
            {labelled.has(mk) ? (
              <text
                x={px + (atEnd ? -3 : 3)}
                textAnchor={atEnd ? 'end' : 'start'}
                y={top * 2}
                className="fill-amber-800 text-[0.625rem] dark:fill-orange"
              >
                {shortLabel(label)}
              </text>
            ) : null}
          </g>
        );
      })}
    </>
  );
}

/** A marker label's width in pixels (30 characters at 10 px). */
const LABEL_PX = 170;

/** labelAtEnd tells whether a marker's label sits left of its line (near the right edge). */
function labelAtEnd(px: number, width: number): boolean {
  return px > width - LABEL_PX;
}

/** labelledMarkers picks the markers whose label fits without overlapping one already placed. */
function labelledMarkers(
  markers: readonly ActionMarker[],
  x: (t: number) => number,
  width: number,
): Set<ActionMarker> {
  const out = new Set<ActionMarker>();
  const placed: [number, number][] = [];
  for (const mk of markers) {
    const px = x(mk.time);
    const span: [number, number] = labelAtEnd(px, width) ? [px - LABEL_PX, px] : [px, px + LABEL_PX];
    if (placed.some(([a, b]) => span[0] < b && a < span[1])) continue;
    placed.push(span);
    out.add(mk);
  }
  return out;
}

/** shortLabel is a marker's label without `kubectl `, cut to 30 characters. */
function shortLabel(label: string): string {
  const text = label.replace(/^kubectl /, '');
  return text.length > 30 ? `${text.slice(0, 29)}…` : text;
}
