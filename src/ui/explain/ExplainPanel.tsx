import { EmptyState } from '../common/EmptyState.tsx';
import { Panel } from '../common/Panel.tsx';

/** ExplainPanel will show the decision log of the sync at the current tick. */
export function ExplainPanel() {
  return (
    <Panel title="Explain" area="explain">
      <EmptyState title="No decisions yet">
        Every sync shows the numbers behind its move, from maxSurge and maxUnavailable to the replicas it
        scales.
      </EmptyState>
    </Panel>
  );
}
