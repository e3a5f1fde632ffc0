import { useId, useState } from 'react';
import type { NodeView } from '../../worker/protocol.ts';
import { useT } from '../common/useT.ts';
import { NodeResources } from './NodeResources.tsx';

interface NodeCardProps {
  node: NodeView;
  children: React.ReactNode;
}

/**
 * NodeCard is one node (DESIGN.md §7 data attributes): its name, Ready/NotReady, cordon and taints,
 * with its labels and taints in a tooltip on hover or keyboard focus, and its pods inside.
 */
export function NodeCard({ node, children }: NodeCardProps) {
  const t = useT();
  const titleId = useId();
  const infoId = useId();
  const [pinned, setPinned] = useState(false);
  const labels = Object.entries(node.labels);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a node card is a labelled group, not a form fieldset
    <div
      data-testid="node"
      data-node-name={node.name}
      data-pod-count={node.podCount}
      data-ready={node.ready}
      role="group"
      aria-labelledby={titleId}
      className={`flex min-w-0 flex-col gap-1.5 rounded-md border p-2 [contain:layout_style] ${
        node.ready
          ? 'border-slate-300 bg-slate-50 dark:border-slate-700 dark:bg-slate-800/60'
          : 'border-dashed border-red-600 bg-red-50 dark:border-red-400 dark:bg-red-950/40'
      }`}
    >
      <div className="group relative flex flex-wrap items-center gap-1">
        <button
          type="button"
          id={titleId}
          aria-describedby={infoId}
          aria-expanded={pinned}
          onClick={() => setPinned(!pinned)}
          className="truncate rounded font-mono text-sm font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-accent dark:text-slate-100"
        >
          {node.name}
        </button>
        <span className="text-xs text-slate-600 tabular-nums dark:text-slate-400">
          {t('cluster.podCount', { count: node.podCount })}
        </span>
        <span className="ml-auto flex flex-wrap gap-1">
          <Badge tone={node.ready ? 'ok' : 'bad'}>{node.ready ? 'Ready' : 'NotReady'}</Badge>
          {node.unschedulable ? <Badge tone="warn">SchedulingDisabled</Badge> : null}
          {node.taints.length > 0 ? (
            <Badge tone="warn">{t('cluster.taints', { count: node.taints.length })}</Badge>
          ) : null}
        </span>
        <div
          id={infoId}
          role="tooltip"
          data-pinned={pinned}
          className="pointer-events-none invisible absolute top-full left-0 z-20 mt-1 w-max max-w-72 rounded-md border border-slate-300 bg-white p-2 text-xs opacity-0 shadow-lg transition-opacity group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100 data-[pinned=true]:visible data-[pinned=true]:opacity-100 dark:border-slate-600 dark:bg-slate-800"
        >
          <p className="font-semibold">{t('cluster.labels')}</p>
          {labels.length === 0 ? <p>{t('cluster.none')}</p> : null}
          {labels.map(([k, v]) => (
            <p key={k} className="font-mono break-all">
              {k}={v}
            </p>
          ))}
          <p className="mt-1 font-semibold">{t('cluster.taintsTitle')}</p>
          {node.taints.length === 0 ? <p>{t('cluster.none')}</p> : null}
          {node.taints.map((taint) => (
            <p key={taint} className="font-mono break-all">
              {taint}
            </p>
          ))}
        </div>
      </div>
      <NodeResources node={node} />
      {children}
    </div>
  );
}

const TONES = {
  ok: 'border-bluish-green text-emerald-800 dark:text-emerald-300',
  bad: 'border-red-600 text-red-700 dark:border-red-400 dark:text-red-300',
  warn: 'border-orange text-amber-800 dark:text-amber-300',
} as const;

function Badge({ tone, children }: { tone: keyof typeof TONES; children: React.ReactNode }) {
  return (
    <span className={`rounded-full border px-1.5 text-[0.7rem] leading-4 font-medium ${TONES[tone]}`}>
      {children}
    </span>
  );
}
