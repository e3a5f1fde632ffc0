import { EmptyState } from '../common/EmptyState.tsx';
import { Panel } from '../common/Panel.tsx';

/** ControlsPanel will hold the strategy sliders, playback and the kubectl console. */
export function ControlsPanel() {
  return (
    <Panel title="Controls" area="controls">
      <EmptyState title="No scenario loaded">
        Set maxSurge, maxUnavailable and replicas, play the rollout, or type a kubectl command.
      </EmptyState>
    </Panel>
  );
}
