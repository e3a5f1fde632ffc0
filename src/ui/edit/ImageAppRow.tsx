import type { DraftRowProps } from './DraftTable.tsx';
import type { ImageDraft } from './imageDraft.ts';

const FIELD =
  'h-7 rounded border border-slate-300 bg-white px-1 font-mono text-sm placeholder:text-slate-500 dark:border-slate-600 dark:bg-slate-800 dark:placeholder:text-slate-400';

/**
 * ImageAppRow edits how one image's application answers its callers (DESIGN.md §15): what it does
 * at SIGTERM, how long a request takes and how many a second one pod answers. It listens from its
 * "Ready after" time (the row above). A placeholder is what applies when the field is empty.
 */
export function ImageAppRow({ t, row, draft, onChange }: DraftRowProps) {
  const label = row.image === 'default' ? t('images.defaultRow') : row.image;
  const effective = row.effective.onSigterm ?? 'exit';
  const maxRps = row.effective.maxRps ?? null;
  return (
    <tr
      className="border-b border-slate-100 align-middle last:border-0 dark:border-slate-800"
      data-image={row.image}
    >
      <th scope="row" className="py-1 pr-2 text-left font-normal">
        <span className={row.image === 'default' ? 'italic' : 'font-mono break-all'}>{label}</span>
      </th>
      <td className="py-1 pr-2">
        <select
          aria-label={`${t('images.onSigterm')}: ${label}`}
          value={draft.onSigterm}
          onChange={(e) => onChange({ ...draft, onSigterm: e.target.value as ImageDraft['onSigterm'] })}
          className={`${FIELD} w-40`}
        >
          <option value="">{t('images.sigtermDefault', { value: t(`images.sigterm.${effective}`) })}</option>
          <option value="exit">{t('images.sigterm.exit')}</option>
          <option value="drain">{t('images.sigterm.drain')}</option>
        </select>
      </td>
      <td className="py-1 pr-2">
        <input
          aria-label={`${t('images.requestMs')}: ${label}`}
          value={draft.requestMs}
          placeholder={String(row.effective.requestMs ?? 20)}
          onChange={(e) => onChange({ ...draft, requestMs: e.target.value })}
          className={`${FIELD} w-16`}
          inputMode="decimal"
          spellCheck={false}
        />
      </td>
      <td className="py-1 pr-2">
        <input
          aria-label={`${t('images.maxRps')}: ${label}`}
          value={draft.maxRps}
          placeholder={maxRps === null ? t('images.noLimit') : String(maxRps)}
          onChange={(e) => onChange({ ...draft, maxRps: e.target.value })}
          className={`${FIELD} w-20`}
          inputMode="decimal"
          spellCheck={false}
        />
      </td>
    </tr>
  );
}
