import type { TFunction } from 'i18next';
import { memo } from 'react';
import {
  type EndpointState,
  POD_DISPLAY_PHASES,
  type PodDisplayPhase,
  type PodView,
} from '../../worker/protocol.ts';
import { ENDPOINT_STATES } from '../../worker/endpointCodes.ts';
import type { RevisionStyle } from '../common/revisionStyle.ts';

interface PodChipProps {
  pod: PodView;
  /** The revision's colour and shape; none when the chip is `painted`. */
  style?: RevisionStyle;
  /** Drawn by a canvas under it (PaintedPods): the button shows only its outlines. */
  painted?: boolean;
  selected: boolean;
  leaving?: boolean;
  onSelect(name: string, chip: HTMLButtonElement): void;
  /** Phase names and the label template, translated once per language (see chipLabels). */
  labels: ChipLabels;
}

/** Translated chip words: hundreds of chips mount while a rollout plays, so no i18n call per chip. */
export interface ChipLabels {
  phase: Partial<Record<PodDisplayPhase, string>>;
  /** `cluster.podLabel` with \u0001 name, \u0002 phase, \u0003 revision. */
  pod: string;
  /** `view.rev` with \u0003 for the revision. */
  rev: string;
  /** `cluster.podEndpointLabel` for each endpoint state: the badge's words after the label, separator first. */
  endpoint: Record<EndpointState, string>;
  /** `cluster.endpointState` for each state (the tooltip's words). */
  endpointState: Record<EndpointState, string>;
}

/** chipLabels translates the chips' words once for a language. */
export function chipLabels(t: TFunction): ChipLabels {
  const phase: Partial<Record<PodDisplayPhase, string>> = {};
  for (const p of POD_DISPLAY_PHASES) phase[p] = t(`phase.${p}`);
  return {
    phase,
    pod: t('cluster.podLabel', { name: '\u0001', phase: '\u0002', revision: '\u0003' }),
    rev: t('view.rev', { revision: '\u0003' }),
    endpoint: Object.fromEntries(
      ENDPOINT_STATES.map((e) => [
        e,
        t('cluster.podEndpointLabel', { state: t(`cluster.endpointState.${e}`) }),
      ]),
    ) as Record<EndpointState, string>,
    endpointState: Object.fromEntries(
      ENDPOINT_STATES.map((e) => [e, t(`cluster.endpointState.${e}`)]),
    ) as Record<EndpointState, string>,
  };
}

/**
 * PodChip is one pod as a button (DESIGN.md §7 data attributes): it opens the pod's details.
 * A chip that is leaving (the pod is gone) is hidden from tests and screen readers while it fades.
 * A pod a Service selects carries its endpoint state (data-endpoint): a badge in its corner
 * (pods.css: a filled dot, a half dot, a slashed ring) and words in its name and tooltip.
 */
export const PodChip = memo(PodChipView, samePodChip);

function PodChipView({
  pod,
  style,
  painted = false,
  selected,
  leaving = false,
  onSelect,
  labels,
}: PodChipProps) {
  const phase = labels.phase[pod.phase] ?? pod.phase;
  const ep = pod.endpointState;
  const endpoint = ep === undefined ? '' : labels.endpoint[ep];
  const label = `${labels.pod.replace('\u0001', pod.name).replace('\u0002', phase).replace('\u0003', String(pod.revision))}${endpoint}`;
  return (
    <button
      type="button"
      className={painted ? 'pod-cell' : 'pod-chip'}
      data-shape={style?.shape}
      style={style ? ({ '--rev': style.color } as React.CSSProperties) : undefined}
      data-testid={leaving ? 'pod-leaving' : 'pod'}
      data-pod-name={pod.name}
      data-node-name={pod.node ?? ''}
      data-phase={pod.phase}
      data-revision={pod.revision}
      data-endpoint={ep}
      data-leaving={leaving}
      aria-hidden={leaving || undefined}
      tabIndex={leaving ? -1 : undefined}
      aria-label={label}
      aria-haspopup="dialog"
      aria-expanded={selected}
      title={`${pod.name} · ${phase} · ${labels.rev.replace('\u0003', String(pod.revision))}${ep === undefined ? '' : ` · ${labels.endpointState[ep]}`}`}
      onClick={(e) => onSelect(pod.name, e.currentTarget)}
    />
  );
}

/** samePodChip skips a re-render when nothing drawn changed (the worker sends fresh objects each frame). */
function samePodChip(a: PodChipProps, b: PodChipProps): boolean {
  return (
    a.pod.name === b.pod.name &&
    a.pod.phase === b.pod.phase &&
    a.pod.revision === b.pod.revision &&
    a.pod.endpointState === b.pod.endpointState &&
    a.pod.node === b.pod.node &&
    a.style?.color === b.style?.color &&
    a.style?.shape === b.style?.shape &&
    a.painted === b.painted &&
    a.selected === b.selected &&
    a.leaving === b.leaving &&
    a.onSelect === b.onSelect &&
    a.labels === b.labels
  );
}
