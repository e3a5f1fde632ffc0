import { useMemo } from 'react';
import { useAppStore } from '../../state/hooks.ts';
import { getPackedPods } from '../../state/podBuffer.ts';
import { nodesSelector, podCountSelector, podsPackedSelector, podsSelector } from '../../state/selectors.ts';
import { useT } from '../common/useT.ts';
import { terminatingCount } from './podCounts.ts';

/**
 * ClusterSummary is the cluster header's count: "3 nodes · 16 pods · 3 terminating". Terminating
 * pods are counted apart: during a rollout they would otherwise look like extra running pods.
 */
export function ClusterSummary() {
  const t = useT();
  const nodes = useAppStore(nodesSelector).length;
  const total = useAppStore(podCountSelector);
  const pods = useAppStore(podsSelector);
  const packed = useAppStore(podsPackedSelector);
  const terminating = useMemo(() => terminatingCount(pods, packed ? getPackedPods() : null), [pods, packed]);
  return (
    <span data-testid="cluster-summary" className="text-sm text-slate-600 tabular-nums dark:text-slate-400">
      {terminating > 0
        ? t('cluster.summaryTerminating', { nodes, pods: total - terminating, terminating })
        : t('cluster.summary', { nodes, pods: total })}
    </span>
  );
}
