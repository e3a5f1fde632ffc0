/**
 * Recording: a Timeline with every track the views need, built together so each recorded tick
 * feeds them all and a fork cuts them all at the same tick.
 */
import type { Scenario } from '../scenario/types.ts';
import { MarkerTrack, SeriesTrack, WatchTrack } from './derived.ts';
import { InternalsTrack } from './internals.ts';
import { ObjectCursor } from './objectCursor.ts';
import { SummaryTrack } from './summaryTrack.ts';
import { Timeline, type TimelineOptions } from './timeline.ts';

export class Recording {
  readonly timeline: Timeline;
  readonly internals = new InternalsTrack();
  readonly series = new SeriesTrack();
  readonly watch = new WatchTrack();
  readonly markers = new MarkerTrack();
  /** What the run summary (summary.ts) is computed from. */
  readonly summary = new SummaryTrack();
  cursor!: ObjectCursor;

  constructor(scenario: Scenario, opts: Omit<TimelineOptions, 'tracks'> = {}) {
    this.timeline = new Timeline(scenario, {
      ...opts,
      tracks: () => {
        this.cursor = new ObjectCursor();
        return [this.cursor, this.internals, this.series, this.watch, this.markers, this.summary];
      },
    });
  }
}
