import type { ComponentType, Dispatch, ReactNode, SetStateAction } from 'react';
import type { ImageBehaviourView } from '../../worker/protocol.ts';
import { type EditT, useEditT } from './i18n.ts';
import { draftOf, type ImageDraft } from './imageDraft.ts';

/** A row of the image dialog: one image, its draft, and the change of that draft. */
export interface DraftRowProps {
  t: EditT;
  row: ImageBehaviourView;
  draft: ImageDraft;
  onChange(draft: ImageDraft): void;
}

/**
 * DraftTable is one table of the image dialog: a column per header (centred for the switches),
 * a `Row` per image editing that image's draft in the dialog's shared list. The dialog's two
 * tables (times and switches; how the application answers requests) differ only in these.
 */
export function DraftTable(props: {
  testId: string;
  caption?: ReactNode;
  headers: readonly { label: string; center?: boolean }[];
  rows: readonly ImageBehaviourView[];
  drafts: readonly ImageDraft[];
  setDrafts: Dispatch<SetStateAction<ImageDraft[]>>;
  Row: ComponentType<DraftRowProps>;
}) {
  const t = useEditT();
  const { rows, drafts, setDrafts, Row } = props;
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-sm" data-testid={props.testId}>
        {props.caption ? (
          <caption className="pb-1 text-left text-xs text-slate-700 dark:text-slate-300">
            {props.caption}
          </caption>
        ) : null}
        <thead>
          <tr className="border-b border-slate-200 text-left text-xs text-slate-600 dark:border-slate-700 dark:text-slate-400">
            {props.headers.map((h) => (
              <th
                key={h.label}
                className={h.center ? 'py-1 pr-2 text-center font-medium' : 'py-1 pr-2 font-medium'}
              >
                {h.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <Row
              key={row.image}
              t={t}
              row={row}
              draft={drafts[i] ?? draftOf(row)}
              onChange={(d) => setDrafts((cur) => cur.map((x, k) => (k === i ? d : x)))}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
