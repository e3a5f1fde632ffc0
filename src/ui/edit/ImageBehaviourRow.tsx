import type { ImageBehaviourView } from '../../worker/protocol.ts';
import type { DraftRowProps } from './DraftTable.tsx';
import { secondsText } from './imageDraft.ts';

const INPUT =
  'h-7 w-16 rounded border border-slate-300 bg-white px-1 font-mono text-sm placeholder:text-slate-500 dark:border-slate-600 dark:bg-slate-800 dark:placeholder:text-slate-400';

/**
 * ImageBehaviourRow edits one image: four delays (the placeholder is what applies when the
 * field is empty) and three switches. Each control's accessible name says which image it is for.
 */
export function ImageBehaviourRow({ t, row, draft, onChange }: DraftRowProps) {
  const label = row.image === 'default' ? t('images.defaultRow') : row.image;
  const delay = (
    key: 'pull' | 'start' | 'ready' | 'run',
    title: string,
    effective: ImageBehaviourView['effective']['pullSeconds'],
  ) => (
    <td className="py-1 pr-2">
      <input
        aria-label={`${title}: ${label}`}
        value={draft[key]}
        placeholder={secondsText(effective)}
        onChange={(e) => onChange({ ...draft, [key]: e.target.value })}
        className={INPUT}
        inputMode="decimal"
        spellCheck={false}
      />
    </td>
  );
  const flag = (key: 'pullFails' | 'crashes' | 'neverReady', title: string) => (
    <td className="py-1 pr-2 text-center">
      <input
        type="checkbox"
        aria-label={`${title}: ${label}`}
        checked={draft[key]}
        onChange={(e) => onChange({ ...draft, [key]: e.target.checked })}
        className="size-4 accent-accent"
      />
    </td>
  );
  return (
    <tr
      className="border-b border-slate-100 align-middle last:border-0 dark:border-slate-800"
      data-image={row.image}
    >
      <th scope="row" className="py-1 pr-2 text-left font-normal">
        <span className={row.image === 'default' ? 'italic' : 'font-mono break-all'}>{label}</span>
        {!row.used && row.image !== 'default' ? (
          <span className="ml-1 text-xs text-slate-600 dark:text-slate-400">({t('images.unused')})</span>
        ) : null}
      </th>
      {delay('pull', t('images.pull'), row.effective.pullSeconds)}
      {delay('start', t('images.start'), row.effective.startSeconds)}
      {delay('ready', t('images.ready'), row.effective.readySeconds)}
      {delay('run', t('images.run'), row.effective.runSeconds ?? 1)}
      {flag('pullFails', t('images.pullFails'))}
      {flag('crashes', t('images.crashes'))}
      {flag('neverReady', t('images.neverReady'))}
    </tr>
  );
}
