import { useEffect, useId, useRef, useState } from 'react';
import { objectYaml, podDetails } from '../../state/actions.ts';
import { useAppStore } from '../../state/hooks.ts';
import { tickSelector } from '../../state/selectors.ts';
import { objectRef, type PodDetailView, type PodEndpointView, type PodView } from '../../worker/protocol.ts';
import { useT } from '../common/useT.ts';
import { decisionText } from '../explain/decisionText.ts';
import { PodConditions } from './PodConditions.tsx';
import { PodLogs } from './PodLogs.tsx';

interface PodDetailsProps {
  /** The selected pod's name. */
  name: string;
  /** Its view (small clusters), or null: gone at this tick, or a packed (big) cluster. */
  pod: PodView | null;
  /** Whether the pods travel packed (then the details come from `kubectl get pod -o yaml`). */
  packed: boolean;
  onClose(): void;
}

const seconds = (s: number | null) => (s === null ? '—' : `${s.toFixed(1)} s`);

/**
 * PodDetails is the non-modal dialog of one pod: node, labels (pod-template-hash /
 * controller-revision-hash included), conditions with their times, restarts. Escape closes it.
 */
export function PodDetails({ name, pod, packed, onClose }: PodDetailsProps) {
  const t = useT();
  // Read here, not passed down: the cluster panel need not re-render at every tick.
  const tick = useAppStore(tickSelector);
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  const [yaml, setYaml] = useState<string | null>(null);
  // Frames carry no labels or conditions (they would double a 1,000-pod frame): these come from
  // a `pod` query at each tick. The last answer stays up until the next one arrives.
  const [detail, setDetail] = useState<PodDetailView | null>(null);
  // The pod in its own namespace; a packed cluster's pod is known by name only.
  const ref = pod ? objectRef(pod) : name;

  useEffect(() => {
    closeRef.current?.focus();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new tick means new object YAML
  useEffect(() => {
    if (!packed) return;
    let live = true;
    setYaml(null);
    void objectYaml('pod', ref).then((text) => live && setYaml(text));
    return () => {
      live = false;
    };
  }, [packed, ref, tick]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new tick means new labels and conditions
  useEffect(() => {
    if (packed) return;
    let live = true;
    void podDetails(ref)
      .then((d) => live && setDetail(d))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [packed, ref, tick]);

  return (
    <div
      role="dialog"
      aria-labelledby={titleId}
      data-testid="pod-details"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
      className="absolute top-12 right-2 z-30 flex max-h-[calc(100%-3.5rem)] w-96 max-w-[calc(100%-1rem)] flex-col rounded-lg border border-slate-300 bg-white text-sm shadow-xl dark:border-slate-600 dark:bg-slate-800"
    >
      <div className="flex items-start gap-2 border-b border-slate-200 p-2 dark:border-slate-700">
        <h3 id={titleId} className="min-w-0 flex-1 font-mono text-sm font-semibold break-all">
          {name}
        </h3>
        <button
          ref={closeRef}
          type="button"
          onClick={onClose}
          className="rounded border border-slate-300 px-2 text-xs hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-accent dark:border-slate-600 dark:hover:bg-slate-700"
        >
          {t('common.close')}
        </button>
      </div>
      <div
        className="min-h-0 overflow-auto p-2 focus-visible:outline-2 focus-visible:outline-accent"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the details scroll, so keyboard users must reach them
        tabIndex={0}
      >
        {pod ? <PodFacts pod={pod} detail={detail?.name === name ? detail : null} /> : null}
        {!pod && !packed ? <p>{t('cluster.podGone', { tick })}</p> : null}
        {!pod && packed ? (
          <pre className="font-mono text-xs whitespace-pre">{yaml ?? t('common.loading')}</pre>
        ) : null}
        {pod || packed ? <PodLogs podRef={ref} tick={tick} /> : null}
      </div>
    </div>
  );
}

function PodFacts({ pod, detail }: { pod: PodView; detail: PodDetailView | null }) {
  const t = useT();
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
      <dt className="text-slate-600 dark:text-slate-400">{t('cluster.namespace')}</dt>
      <dd className="font-mono">{pod.namespace}</dd>
      <dt className="text-slate-600 dark:text-slate-400">{t('cluster.node')}</dt>
      <dd className="font-mono">{pod.node ?? t('cluster.unscheduled')}</dd>
      <dt className="text-slate-600 dark:text-slate-400">{t('cluster.phase')}</dt>
      <dd>{t(`phase.${pod.phase}`)}</dd>
      {detail ? (
        <>
          <dt className="text-slate-600 dark:text-slate-400">{t('cluster.kubectlStatus')}</dt>
          <dd className="font-mono" data-testid="pod-kubectl-status">
            {detail.status}
          </dd>
        </>
      ) : null}
      <dt className="text-slate-600 dark:text-slate-400">{t('cluster.owner')}</dt>
      {pod.owner === '' ? (
        <dd>{t('cluster.noOwner')}</dd>
      ) : (
        <dd className="font-mono break-all">
          {pod.owner} ({t('view.rev', { revision: pod.revision })})
        </dd>
      )}
      <dt className="text-slate-600 dark:text-slate-400">{t('cluster.image')}</dt>
      <dd className="font-mono break-all">{pod.image}</dd>
      <dt className="text-slate-600 dark:text-slate-400">{t('cluster.restarts')}</dt>
      <dd className="tabular-nums">{pod.restarts}</dd>
      <dt className="text-slate-600 dark:text-slate-400">{t('cluster.created')}</dt>
      <dd className="tabular-nums">{seconds(pod.created)}</dd>
      {detail?.endpoint ? <EndpointFacts endpoint={detail.endpoint} /> : null}
      <dt className="col-span-2 mt-1 font-semibold">{t('cluster.labels')}</dt>
      {detail ? null : <dd className="col-span-2 text-xs">{t('common.loading')}</dd>}
      {Object.entries(detail?.labels ?? {}).map(([k, v]) => (
        <dd key={k} className="col-span-2 font-mono text-xs break-all">
          {k}={v}
        </dd>
      ))}
      <dt className="col-span-2 mt-1 font-semibold">{t('cluster.conditions')}</dt>
      <dd className="col-span-2">
        <PodConditions conditions={detail?.conditions ?? []} />
      </dd>
    </dl>
  );
}

/**
 * EndpointFacts: whether the pod is a ready, serving-terminating or no endpoint of the Service that
 * selects it (DESIGN.md §15), and why, in the Explain panel's words (its `podToEndpoint` record).
 */
function EndpointFacts({ endpoint }: { endpoint: PodEndpointView }) {
  const t = useT();
  return (
    <>
      <dt className="text-slate-600 dark:text-slate-400">{t('cluster.endpoint')}</dt>
      <dd data-testid="pod-endpoint" data-state={endpoint.state}>
        {t(`cluster.endpointState.${endpoint.state}`)}{' '}
        <span className="font-mono text-xs break-all">({endpoint.service})</span>
        <span className="block text-xs text-slate-600 dark:text-slate-400" data-testid="pod-endpoint-why">
          {endpoint.why ? decisionText(t, endpoint.why) : t('cluster.endpointNoSlice')}
        </span>
      </dd>
    </>
  );
}
