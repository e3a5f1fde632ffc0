import { lazy, Suspense, useCallback, useDeferredValue, useMemo, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useAppStore } from '../../state/hooks.ts';
import { getPackedPods } from '../../state/podBuffer.ts';
import {
  nodesSelector,
  playingSelector,
  podCountSelector,
  podsPackedSelector,
  podsSelector,
  replicaSetsSelector,
  selectedPodSelector,
  selectedPodViewSelector,
} from '../../state/selectors.ts';
import { appStore } from '../../state/store.ts';
import type { PodView } from '../../worker/protocol.ts';
import { Panel } from '../common/Panel.tsx';
import { revisionIndex } from '../common/revisionStyle.ts';
import { SimGate } from '../common/SimGate.tsx';
import { useT } from '../common/useT.ts';
import { ClusterSummary } from './ClusterSummary.tsx';
import { Legend } from './Legend.tsx';
import { NodeEntry } from './NodeEntry.tsx';
import { byRevisionThenAge, NodePods } from './NodePods.tsx';
import { PackedNodeCanvas } from './PackedNodeCanvas.tsx';
import { packedRevisionPairs } from './packedLooks.ts';
import './pods.css';

// A pod's details load when the first pod is opened (the first page stays within 160 KB of gzipped JS).
const PodDetails = lazy(() => import('./PodDetails.tsx').then((m) => ({ default: m.PodDetails })));
// A StatefulSet's ordinals load only when the run has one.
const StatefulSetOrdinals = lazy(() =>
  import('../statefulset/parts.ts').then((m) => ({ default: m.StatefulSetOrdinals })),
);
const hasStatefulSetSelector = (s: Parameters<typeof podsSelector>[0]) =>
  s.workloads.some((w) => w.kind === 'StatefulSet');

const packedVersionSelector = (s: Parameters<typeof podsPackedSelector>[0]) => s.podsPacked?.version ?? -1;

const NO_PODS: readonly PodView[] = [];

/** useHeldWhile is `on`, and stays true once it was while `hold` is (reset when `hold` ends). */
function useHeldWhile(on: boolean, hold: boolean): boolean {
  const held = useRef(false);
  held.current = on || (hold && held.current);
  return held.current;
}

/** ClusterPanel shows each node with its pods, coloured by revision, and the unscheduled tray. */
export function ClusterPanel() {
  const t = useT();
  const nodes = useAppStore(nodesSelector);
  const livePods = useAppStore(podsSelector);
  const livePacked = useAppStore(podsPackedSelector) !== null;
  const liveVersion = useAppStore(packedVersionSelector);
  // The pods are drawn from a deferred copy: a frame that brings hundreds of new chips (a ramp,
  // or the switch from canvases back to chips at 1,000 pods) renders them in the background, in
  // slices that yield to the browser, instead of one 50–90 ms task; until then the nodes show the
  // pods as they were (canvases keep their last picture).
  const shown = useDeferredValue(
    useMemo(
      () => ({ pods: livePods, packed: livePacked, packedVersion: liveVersion }),
      [livePods, livePacked, liveVersion],
    ),
  );
  const { pods, packed, packedVersion } = shown;
  const podCount = useAppStore(podCountSelector);
  const replicaSets = useAppStore(replicaSetsSelector);
  const selected = useAppStore(selectedPodSelector);
  const selectedPod = useAppStore(useShallow(selectedPodViewSelector));
  const playing = useAppStore(playingSelector);
  const hasStatefulSet = useAppStore(hasStatefulSetSelector);
  const trigger = useRef<HTMLElement | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: packedVersion marks a new packed buffer
  const index = useMemo(() => {
    const buffer = packed ? getPackedPods() : null;
    return revisionIndex(replicaSets, buffer ? packedRevisionPairs(buffer) : pods);
  }, [replicaSets, pods, packed, packedVersion]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: packedVersion marks a new packed buffer
  const hasEndpoints = useMemo(
    () =>
      packed ? getPackedPods()?.endpoint !== undefined : pods.some((p) => p.endpointState !== undefined),
    [pods, packed, packedVersion],
  );

  const byNode = useMemo(() => {
    const map = new Map<string | null, PodView[]>();
    for (const pod of pods) {
      const list = map.get(pod.node) ?? [];
      list.push(pod);
      map.set(pod.node, list);
    }
    for (const list of map.values()) list.sort(byRevisionThenAge);
    return map;
  }, [pods]);

  const onSelect = useCallback((name: string, target: HTMLElement) => {
    trigger.current = target;
    const state = appStore.getState();
    state.selectPod(state.selectedPod === name ? null : name);
  }, []);
  const onClose = useCallback(() => {
    appStore.getState().selectPod(null);
    trigger.current?.focus();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: packedVersion marks a new packed buffer
  const packedUnscheduled = useMemo(() => {
    const buffer = packed ? getPackedPods() : null;
    let n = 0;
    if (buffer) for (let i = 0; i < buffer.count; i++) if (buffer.node[i] === -1) n++;
    return n;
  }, [packed, packedVersion]);
  const unscheduled = packed ? [] : (byNode.get(null) ?? []);
  const trayCount = packed ? packedUnscheduled : unscheduled.length;
  // Pods wait here between creation and binding, so during a rollout the tray would come and go
  // several times a second, shifting every node below it: once shown it stays until paused.
  const showTray = useHeldWhile(trayCount > 0, playing);
  // Chips follow the deferred pods (all of them while they travel as views), so their size changes with them.
  const shownCount = packed ? podCount : pods.length;
  const chipSize = shownCount <= 40 ? 'lg' : shownCount <= 300 ? 'md' : 'sm';
  const painted = chipSize === 'sm';
  return (
    <Panel
      title={t('panels.cluster')}
      area="cluster"
      actions={<ClusterSummary />}
      bodyClassName="flex flex-col gap-2 p-3"
    >
      <SimGate
        primary
        hasData={nodes.length > 0}
        emptyTitle={t('cluster.emptyTitle')}
        emptyText={t('cluster.emptyText')}
      >
        {showTray ? (
          <section
            aria-label={t('cluster.unscheduledTray')}
            data-testid="unscheduled-tray"
            data-chip-size={chipSize}
            className="rounded-md border border-dashed border-slate-400 p-2 dark:border-slate-500"
          >
            <h3 className="mb-1 text-xs font-semibold">
              {t('cluster.unscheduledTray')}
              {packed ? ` · ${packedUnscheduled}` : null}
            </h3>
            {/* A few rows at most: hundreds of pods can wait here when the nodes are full, and
                the nodes must stay in view below. Painted (big clusters), the strip keeps one
                height (3 rows) while its count swings, so the nodes below never jump. */}
            <div className={`overflow-y-auto ${packed ? 'h-9' : 'max-h-28'}`}>
              {packed ? (
                <PackedNodeCanvas node={null} count={packedUnscheduled} onSelect={onSelect} />
              ) : (
                <NodePods pods={unscheduled} selected={selected} onSelect={onSelect} painted={painted} />
              )}
            </div>
          </section>
        ) : null}
        <div className="grid grid-cols-[repeat(auto-fill,minmax(10rem,1fr))] gap-2" data-chip-size={chipSize}>
          {nodes.map((node) => (
            <NodeEntry
              key={node.name}
              node={node}
              packed={packed}
              painted={painted}
              pods={byNode.get(node.name) ?? NO_PODS}
              selected={selected}
              onSelect={onSelect}
            />
          ))}
        </div>
        {hasStatefulSet ? (
          <Suspense fallback={null}>
            <StatefulSetOrdinals selected={selected} onSelect={onSelect} />
          </Suspense>
        ) : null}
        <Legend index={index} endpoints={hasEndpoints} />
        {selected ? (
          <Suspense fallback={null}>
            <PodDetails name={selected} pod={selectedPod} packed={packed} onClose={onClose} />
          </Suspense>
        ) : null}
      </SimGate>
    </Panel>
  );
}
