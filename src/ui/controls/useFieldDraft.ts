import { useEffect, useRef, useState } from 'react';
import { setWorkloadField, type WorkloadField } from '../../state/actions.ts';

export interface FieldDraft<T> {
  /** The value to show: the draft while one is pending, else the workload's. */
  value: T;
  pending: boolean;
  /** The API server's message when the last change was refused (nothing changed then). */
  error: string | null;
  change(value: T): void;
}

/**
 * useFieldDraft edits one workload field: the control shows the draft at once and the change is
 * sent after `delay` ms without further change: at tick 0 it edits the manifest, later it forks
 * the run at the current tick (after the fork warning when it drops scripted actions). A refused
 * value shows the API server's message and the control returns to the workload's value; so does
 * a change the reader cancelled at the warning.
 */
export function useFieldDraft<T extends number | string>(
  workload: string,
  field: WorkloadField,
  current: T,
  delay = 250,
): FieldDraft<T> {
  const [draft, setDraft] = useState<{ value: T } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const seq = useRef(0);

  useEffect(() => () => clearTimeout(timer.current), []);

  const change = (value: T) => {
    setDraft({ value });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const mine = ++seq.current;
      void setWorkloadField(workload, field, value).then((result) => {
        if (mine !== seq.current) return;
        // Cancelled at the fork warning: back to the workload's value, nothing to say.
        setError(result.ok || result.cancelled ? null : (result.message ?? 'refused'));
        setDraft(null);
      });
    }, delay);
  };

  return { value: draft ? draft.value : current, pending: draft !== null, error, change };
}
