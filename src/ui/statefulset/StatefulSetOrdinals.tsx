import { useAppStore } from '../../state/hooks.ts';
import { workloadsSelector } from '../../state/selectors.ts';
import type { OrdinalView, WorkloadView } from '../../worker/protocol.ts';
import { revisionStyle } from '../common/revisionStyle.ts';
import { useT } from '../common/useT.ts';
import { PodGlyph } from '../cluster/PodGlyph.tsx';
import { type StsT, useStsT } from './i18n.ts';
import { ordinalNotes } from './ordinalNotes.ts';

interface Props {
  selected: string | null;
  onSelect(name: string, target: HTMLElement): void;
}

/**
 * StatefulSetOrdinals lists each StatefulSet's pods by ordinal (DESIGN.md §16): the pod's phase,
 * its revision (colour and shape as everywhere, and the word update / current), its claims (a
 * claim without a pod sits on its empty ordinal), and under it why the ordinals look so.
 */
export function StatefulSetOrdinals({ selected, onSelect }: Props) {
  const workloads = useAppStore(workloadsSelector);
  const sets = workloads.filter((w) => w.statefulSet !== undefined);
  if (sets.length === 0) return null;
  return (
    <>
      {sets.map((w) => (
        <SetOrdinals key={`${w.namespace}/${w.name}`} w={w} selected={selected} onSelect={onSelect} />
      ))}
    </>
  );
}

function SetOrdinals({ w, selected, onSelect }: Props & { w: WorkloadView }) {
  const t = useT();
  const ts = useStsT();
  const x = w.statefulSet;
  if (!x) return null;
  const revisions =
    x.updateRevision === x.currentRevision
      ? ts('ordinals.sameRevision', { revision: x.updateRevisionNumber })
      : ts('ordinals.revisions', { update: x.updateRevisionNumber, current: x.currentRevisionNumber });
  const notes = ordinalNotes(x, w.replicas);
  return (
    <section
      aria-label={ts('ordinals.region', { name: w.name })}
      data-testid="statefulset-ordinals"
      className="rounded-md border border-slate-300 p-2 dark:border-slate-600"
    >
      <h3 className="mb-1 flex flex-wrap gap-x-2 text-xs">
        <span className="font-mono font-semibold">statefulset/{w.name}</span>
        <span>{ts('ordinals.policy', { policy: x.podManagementPolicy, partition: x.partition })}</span>
        {x.updateRevision ? <span>{revisions}</span> : null}
      </h3>
      <ol className="flex flex-wrap gap-1.5">
        {x.ordinals.map((o) => (
          <OrdinalCell
            key={o.ordinal}
            o={o}
            ts={ts}
            selected={selected === o.pod}
            onSelect={onSelect}
            phaseText={(p) => t(`phase.${p}`)}
          />
        ))}
      </ol>
      {x.more > 0 ? <p className="mt-1 text-xs">{ts('ordinals.more', { count: x.more })}</p> : null}
      {notes.length > 0 ? (
        <ul
          aria-label={ts('ordinals.why')}
          data-testid="ordinal-notes"
          className="mt-1.5 flex flex-col gap-0.5 text-xs text-slate-700 dark:text-slate-300"
        >
          {notes.map((n) => (
            <li key={`${n.key}/${String(n.values.pod ?? n.values.pods)}`}>
              {ts(n.key, { ...n.values, ...(n.phase ? { phase: t(`phase.${n.phase}`) } : {}) })}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

interface CellProps {
  o: OrdinalView;
  ts: StsT;
  selected: boolean;
  onSelect(name: string, target: HTMLElement): void;
  phaseText(p: string): string;
}

function OrdinalCell({ o, ts, selected, onSelect, phaseText }: CellProps) {
  const t = useT();
  const style = revisionStyle(o.revision);
  const which = o.onRevision ? ts(`ordinals.which.${o.onRevision}`) : '';
  // wrap-anywhere, not break-all: a long claim name may still break anywhere, but `claim www-web-0: Bound`
  // wraps before `Bound` on a phone, not inside it (`B` / `ound`).
  const claims = o.claims.map((c) => (
    <span
      key={c.name}
      data-testid="claim"
      data-claim-name={c.name}
      data-claim-phase={c.phase}
      className="block font-mono text-[0.7rem] wrap-anywhere text-slate-600 dark:text-slate-400"
    >
      {ts('ordinals.claim', { name: c.name, phase: c.phase })}
    </span>
  ));
  return (
    <li
      data-testid="ordinal"
      data-ordinal={o.ordinal}
      data-pod-name={o.pod}
      data-phase={o.phase ?? ''}
      data-revision={o.revision}
      data-on-revision={o.onRevision ?? ''}
      data-condemned={o.condemned || undefined}
      className="w-36 rounded border border-slate-300 px-1.5 py-1 text-xs data-condemned:opacity-80 dark:border-slate-600"
      style={o.phase ? { borderLeft: `4px solid ${style.color}` } : { borderStyle: 'dashed' }}
    >
      {o.phase ? (
        <button
          type="button"
          aria-haspopup="dialog"
          aria-expanded={selected}
          aria-label={ts('ordinals.podLabel', {
            pod: o.pod,
            phase: phaseText(o.phase),
            revision: o.revision,
            which,
          })}
          onClick={(e) => onSelect(o.pod, e.currentTarget)}
          className="flex w-full flex-col items-start rounded text-left focus-visible:outline-2 focus-visible:outline-accent"
        >
          <span className="flex items-center gap-1">
            <span className="inline-flex">
              <PodGlyph phase={o.phase} shape={style.shape} color={style.color} />
            </span>
            <span className="font-mono font-semibold whitespace-nowrap">{o.pod}</span>
          </span>
          <span className="whitespace-nowrap">
            {t('view.rev', { revision: o.revision })} · {which}
          </span>
        </button>
      ) : (
        <span className="flex items-center gap-1 text-slate-600 dark:text-slate-400">
          <span className="font-mono">{o.pod}</span>
          <span className="ml-auto italic">{ts('ordinals.noPod')}</span>
        </span>
      )}
      {o.phase ? <span className="block truncate text-[0.7rem]">{phaseText(o.phase)}</span> : null}
      {claims}
    </li>
  );
}
