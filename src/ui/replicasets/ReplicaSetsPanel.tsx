import { EmptyState } from '../common/EmptyState.tsx';
import { Panel } from '../common/Panel.tsx';

/** ReplicaSetsPanel will list the workload's ReplicaSets with desired, current and ready counts. */
export function ReplicaSetsPanel() {
  return (
    <Panel title="ReplicaSets" area="replicasets">
      <EmptyState title="No ReplicaSets">
        Each revision's desired, current and ready counts, as{' '}
        <code className="font-mono">kubectl get rs</code> prints them.
      </EmptyState>
    </Panel>
  );
}
