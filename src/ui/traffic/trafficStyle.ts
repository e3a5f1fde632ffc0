/**
 * How each Traffic layer is drawn, the same in the chart and its legend. ok requests take their
 * revision's colour (the pods' and the timeline lines' colour: revision 1 vermillion, 2 bluish
 * green …). The errors take the four Okabe–Ito colours the revisions leave free, and each also
 * has its own stripe pattern, so an error reads as an error without colour (colour-blind readers,
 * a washed-out projector): and they hang below the line, which says "failed" by position alone.
 */
import { revisionStyle } from '../common/revisionStyle.ts';
import type { ErrorOutcome } from './trafficSeries.ts';

export interface ErrorStyle {
  /** The fill under the stripes, as a Tailwind fill class per theme (black is invisible on dark). */
  fillClass: string;
  /** Stripe angle in degrees, and whether they cross (a second set at 90° more). */
  angle: number;
  cross: boolean;
}

/** ERROR_STYLE: one colour and one stripe direction per outcome. */
export const ERROR_STYLE: Record<ErrorOutcome, ErrorStyle> = {
  refused: { fillClass: 'fill-orange', angle: 45, cross: false },
  reset: { fillClass: 'fill-yellow', angle: -45, cross: false },
  timeout: { fillClass: 'fill-sky-blue', angle: 0, cross: false },
  http503: { fillClass: 'fill-oi-black dark:fill-slate-300', angle: 45, cross: true },
};

/** okColor is the colour of the ok requests a revision served ("2" → bluish green). */
export function okColor(revision: string): string {
  return revisionStyle(Number(revision)).color;
}

/** patternId is the id of an outcome's stripe pattern inside one chart (`uid` from useId keeps two charts apart). */
export function patternId(uid: string, outcome: ErrorOutcome): string {
  return `traffic-${uid.replace(/[^\w-]/g, '')}-${outcome}`;
}
