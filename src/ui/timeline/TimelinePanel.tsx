import { EmptyState } from '../common/EmptyState.tsx';
import { Panel } from '../common/Panel.tsx';

/** TimelinePanel will hold the recorded ticks and the scrubber. */
export function TimelinePanel() {
  return (
    <Panel title="Timeline" area="timeline">
      <EmptyState title="Nothing recorded">
        The run's ticks, as a <code className="font-mono">kubectl get rs -w</code> history you can scrub
        through.
      </EmptyState>
    </Panel>
  );
}
