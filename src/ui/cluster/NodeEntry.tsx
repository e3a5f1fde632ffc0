import { memo } from 'react';
import type { NodeView, PodView } from '../../worker/protocol.ts';
import { NodeCard } from './NodeCard.tsx';
import { NodePods } from './NodePods.tsx';
import { PackedNodeCanvas } from './PackedNodeCanvas.tsx';

interface NodeEntryProps {
  node: NodeView;
  /** Whether the pods travel packed (then a canvas paints them and `pods` is empty). */
  packed: boolean;
  /** Chips painted on a canvas under bare buttons (hundreds of pods; see PaintedPods). */
  painted: boolean;
  pods: readonly PodView[];
  selected: string | null;
  onSelect(name: string, target: HTMLElement): void;
}

/** sameNodeView tells whether two views of a node show the same (frames carry fresh objects). */
export function sameNodeView(a: NodeView, b: NodeView): boolean {
  if (a === b) return true;
  if (
    a.name !== b.name ||
    a.ready !== b.ready ||
    a.unschedulable !== b.unschedulable ||
    a.podCount !== b.podCount ||
    a.requested.cpuMilli !== b.requested.cpuMilli ||
    a.requested.memoryBytes !== b.requested.memoryBytes ||
    a.allocatable.cpuMilli !== b.allocatable.cpuMilli ||
    a.allocatable.memoryBytes !== b.allocatable.memoryBytes ||
    a.taints.length !== b.taints.length ||
    a.taints.some((t, i) => t !== b.taints[i])
  )
    return false;
  const la = Object.entries(a.labels);
  return la.length === Object.keys(b.labels).length && la.every(([k, v]) => b.labels[k] === v);
}

function sameEntry(a: NodeEntryProps, b: NodeEntryProps): boolean {
  if (
    a.packed !== b.packed ||
    a.painted !== b.painted ||
    a.onSelect !== b.onSelect ||
    !sameNodeView(a.node, b.node)
  )
    return false;
  // A canvas reads the pods and their colours itself; chips need the list and the selection.
  return a.packed || (a.pods === b.pods && a.selected === b.selected);
}

/**
 * NodeEntry is one node card with its pods, as chips or painted on a canvas. Memoised by what it
 * shows: the panel re-renders a few times a second while playing, and with 60 nodes most have
 * not changed (a canvas repaints its pods by itself).
 */
export const NodeEntry = memo(function NodeEntry({
  node,
  packed,
  painted,
  pods,
  selected,
  onSelect,
}: NodeEntryProps) {
  return (
    <NodeCard node={node}>
      {/* Scrolled out of view, the pods are not styled, laid out or painted at all (60 nodes'
          canvases or a thousand chips; the panel shows a handful of nodes at once). The padding
          keeps a focused or selected chip's outline inside the paint containment this brings. */}
      <div className="-m-1 p-1 [contain-intrinsic-size:auto_2.5rem] [content-visibility:auto]">
        {packed ? (
          <PackedNodeCanvas node={node.name} count={node.podCount} onSelect={onSelect} />
        ) : (
          <NodePods pods={pods} selected={selected} onSelect={onSelect} painted={painted} />
        )}
      </div>
    </NodeCard>
  );
}, sameEntry);
