import { EmptyState } from '../common/EmptyState.tsx';
import { Panel } from '../common/Panel.tsx';

/** ExpectationsPanel will show each controller's pending creations and deletions. */
export function ExpectationsPanel() {
  return (
    <Panel title="Expectations" area="expectations">
      <EmptyState title="Nothing pending">
        The add and delete counters a controller waits on before it syncs again.
      </EmptyState>
    </Panel>
  );
}
