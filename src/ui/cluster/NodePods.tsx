import { useMemo } from 'react';
import type { PodView } from '../../worker/protocol.ts';
import { revisionStyle } from '../common/revisionStyle.ts';
import { type Present, usePresence } from '../common/usePresence.ts';
import { useT } from '../common/useT.ts';
import { PaintedPods } from './PaintedPods.tsx';
import { chipLabels, PodChip } from './PodChip.tsx';

interface NodePodsProps {
  pods: readonly PodView[];
  selected: string | null;
  onSelect(name: string, chip: HTMLButtonElement): void;
  /** Hundreds of pods in the cluster: paint them under bare buttons (PaintedPods), no fades. */
  painted?: boolean;
}

const podKey = (p: PodView) => p.name;

/**
 * NodePods lays out a node's pods (old revisions first), fading out the ones that left (styled
 * chips; hundreds of pods are painted, see PaintedPods). When pods
 * of several workloads share the node (a Deployment and a DaemonSet), each workload gets its own
 * labelled row, since colours and shapes mark revisions within a workload.
 */
export function NodePods({ pods, selected, onSelect, painted = false }: NodePodsProps) {
  const t = useT();
  const labels = useMemo(() => chipLabels(t), [t]);
  // Painted chips do not fade (neither do styled ones at this size, see pods.css): a pod that left
  // goes at once instead of holding its cell, and a node does not render twice more per update.
  const present = usePresence(pods, podKey, painted ? 0 : undefined);
  if (present.length === 0) {
    return <p className="text-xs text-slate-500 dark:text-slate-400">{t('cluster.noPods')}</p>;
  }
  const workloads = [...new Set(present.map((p) => p.item.workload))];
  const chips = (list: Present<PodView>[]) =>
    painted ? (
      <PaintedPods
        pods={list.length === pods.length ? pods : list.map((p) => p.item)}
        selected={selected}
        onSelect={onSelect}
        labels={labels}
      />
    ) : (
      <div className="flex flex-wrap gap-1 text-slate-900 dark:text-slate-100">
        {list.map(({ item, leaving }) => (
          <PodChip
            key={item.name}
            pod={item}
            style={revisionStyle(item.revision)}
            selected={selected === item.name}
            leaving={leaving}
            onSelect={onSelect}
            labels={labels}
          />
        ))}
      </div>
    );
  if (workloads.length < 2) return chips(present);
  return (
    <div className="flex flex-col gap-1">
      {workloads.sort().map((w) => (
        <div key={w} className="flex items-center gap-1.5">
          <span
            className="w-16 shrink-0 truncate font-mono text-[0.65rem] text-slate-600 dark:text-slate-400"
            title={w}
          >
            {w}
          </span>
          {chips(present.filter((p) => p.item.workload === w))}
        </div>
      ))}
    </div>
  );
}

/** byRevisionThenAge orders a node's pods: older revisions first, then by creation, then name. */
export function byRevisionThenAge(a: PodView, b: PodView): number {
  return a.revision - b.revision || a.created - b.created || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}
