import { useEffect, useRef, useState } from 'react';
import { setWorkloadField, type WorkloadField } from '../../state/actions.ts';

export interface FieldDraft<T> {
  /** The value to show: the draft while one is pending, else the workload's. */
  value: T;
  pending: boolean;
  /** The API server's message when the last change was refused (nothing changed then). */
  error: string | null;
  change(value: T): void;
  /**
   * hold(true) keeps changes as a draft while a pointer drags the control; hold(false) sends the
   * last one (after the same delay). A slow drag paused for more than `delay` on its way (30% on
   * the way to 50%) forked the run at each pause, once per value it passed.
   */
  hold(on: boolean): void;
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

  const held = useRef<{ on: boolean; value: T | undefined }>({ on: false, value: undefined });

  const send = (value: T) => {
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

  const change = (value: T) => {
    setDraft({ value });
    if (!held.current.on) return send(value);
    clearTimeout(timer.current);
    held.current.value = value;
  };

  const hold = (on: boolean) => {
    const h = held.current;
    if (on === h.on) return;
    h.on = on;
    if (on) return;
    const value = h.value;
    h.value = undefined;
    if (value !== undefined) send(value);
  };

  return { value: draft ? draft.value : current, pending: draft !== null, error, change, hold };
}

/**
 * holdWhileDragging is a range input's onPointerDown: the draft is held until the pointer is
 * released anywhere (the window's pointerup or pointercancel: a drag may end off the control).
 */
export function holdWhileDragging(draft: Pick<FieldDraft<number | string>, 'hold'>): () => void {
  return () => {
    draft.hold(true);
    const release = () => {
      window.removeEventListener('pointerup', release);
      window.removeEventListener('pointercancel', release);
      draft.hold(false);
    };
    window.addEventListener('pointerup', release);
    window.addEventListener('pointercancel', release);
  };
}
