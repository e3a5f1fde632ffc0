import { EmptyState } from '../common/EmptyState.tsx';
import { Panel } from '../common/Panel.tsx';

/** ClusterPanel will show each node with its pods, coloured by revision. */
export function ClusterPanel() {
  return (
    <Panel title="Cluster" area="cluster">
      <EmptyState title="No workload loaded">
        Nodes and their pods appear here, old and new revisions side by side, as the rollout runs.
      </EmptyState>
    </Panel>
  );
}
