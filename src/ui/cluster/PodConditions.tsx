import type { PodConditionView } from '../../worker/protocol.ts';
import { useT } from '../common/useT.ts';

const seconds = (s: number | null) => (s === null ? '—' : `${s.toFixed(1)} s`);

/**
 * PodConditions lists a pod's conditions as a table with room between its columns: the type
 * (PodReadyToStartContainers is 25 characters) on its own line when the dialog is narrow, its
 * status as a word in a pill (True / False), the reason under it, and the time of the last
 * transition. Nothing is cut: long words break, the table never scrolls sideways.
 */
export function PodConditions({ conditions }: { conditions: readonly PodConditionView[] }) {
  const t = useT();
  return (
    <table className="w-full table-fixed border-collapse text-xs" data-testid="pod-conditions">
      <colgroup>
        <col />
        <col className="w-14" />
        <col className="w-12" />
      </colgroup>
      <thead>
        <tr className="border-b border-slate-200 text-left text-slate-600 dark:border-slate-700 dark:text-slate-400">
          <th scope="col" className="py-0.5 pr-2 font-medium">
            {t('cluster.conditionType')}
          </th>
          <th scope="col" className="py-0.5 pr-2 font-medium">
            {t('cluster.conditionStatus')}
          </th>
          <th scope="col" className="py-0.5 text-right font-medium">
            {t('cluster.conditionSince')}
          </th>
        </tr>
      </thead>
      <tbody>
        {conditions.map((c) => (
          <tr
            key={c.type}
            className="border-b border-slate-100 align-top last:border-0 dark:border-slate-800"
          >
            <th scope="row" className="py-1 pr-2 text-left font-mono font-normal break-all">
              {c.type}
            </th>
            <td className="py-1 pr-2">
              <span
                data-status={c.status}
                className="inline-block rounded px-1 font-mono data-[status=False]:bg-amber-100 data-[status=False]:text-amber-900 data-[status=True]:bg-emerald-100 data-[status=True]:text-emerald-900 dark:data-[status=False]:bg-amber-900/50 dark:data-[status=False]:text-amber-100 dark:data-[status=True]:bg-emerald-900/50 dark:data-[status=True]:text-emerald-100"
              >
                {c.status}
              </span>
              {c.reason ? <span className="mt-0.5 block font-mono break-all">{c.reason}</span> : null}
            </td>
            <td className="py-1 text-right tabular-nums">{seconds(c.since)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
