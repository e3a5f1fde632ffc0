import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PodView } from '../../worker/protocol.ts';
import type { RevisionStyle } from '../common/revisionStyle.ts';
import { PodGlyph } from './PodGlyph.tsx';

interface PodChipProps {
  pod: PodView;
  style: RevisionStyle;
  selected: boolean;
  leaving?: boolean;
  onSelect(name: string, chip: HTMLButtonElement): void;
}

/**
 * PodChip is one pod as a button (DESIGN.md §7 data attributes): it opens the pod's details.
 * A chip that is leaving (the pod is gone) is hidden from tests and screen readers while it fades.
 */
export const PodChip = memo(PodChipView, samePodChip);

function PodChipView({ pod, style, selected, leaving = false, onSelect }: PodChipProps) {
  const { t } = useTranslation();
  const phase = t(`phase.${pod.phase}`);
  const label = t('cluster.podLabel', { name: pod.name, phase, revision: pod.revision });
  return (
    <button
      type="button"
      className="pod-chip"
      data-testid={leaving ? 'pod-leaving' : 'pod'}
      data-pod-name={pod.name}
      data-node-name={pod.node ?? ''}
      data-phase={pod.phase}
      data-revision={pod.revision}
      data-leaving={leaving}
      aria-hidden={leaving || undefined}
      tabIndex={leaving ? -1 : undefined}
      aria-label={label}
      aria-haspopup="dialog"
      aria-expanded={selected}
      title={`${pod.name} · ${phase} · rev ${pod.revision}`}
      onClick={(e) => onSelect(pod.name, e.currentTarget)}
    >
      <PodGlyph phase={pod.phase} shape={style.shape} color={style.color} />
    </button>
  );
}

/** samePodChip skips a re-render when nothing drawn changed (the worker sends fresh objects each frame). */
function samePodChip(a: PodChipProps, b: PodChipProps): boolean {
  return (
    a.pod.name === b.pod.name &&
    a.pod.phase === b.pod.phase &&
    a.pod.revision === b.pod.revision &&
    a.pod.node === b.pod.node &&
    a.style.color === b.style.color &&
    a.style.shape === b.style.shape &&
    a.selected === b.selected &&
    a.leaving === b.leaving &&
    a.onSelect === b.onSelect
  );
}
