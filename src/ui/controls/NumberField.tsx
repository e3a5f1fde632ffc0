import { useEffect, useId, useState } from 'react';
import { setWorkloadField, type WorkloadField } from '../../state/actions.ts';

interface NumberFieldProps {
  workload: string;
  field: WorkloadField;
  value: number;
}

/** NumberField edits a whole-number field; Enter or leaving the box applies it. */
export function NumberField({ workload, field, value }: NumberFieldProps) {
  const id = useId();
  const [text, setText] = useState(String(value));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setText(String(value)), [value]);

  const apply = () => {
    if (text.trim() === String(value)) return;
    const n = Number(text);
    void setWorkloadField(workload, field, Number.isFinite(n) && text.trim() !== '' ? n : text).then((r) => {
      setError(r.ok ? null : (r.message ?? 'refused'));
      if (!r.ok) setText(String(value));
    });
  };

  return (
    <div className="flex flex-col">
      <label htmlFor={id} className="flex items-center gap-1 text-xs">
        <span className="font-mono">{field}</span>
        <input
          id={id}
          type="text"
          inputMode="numeric"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onBlur={apply}
          onKeyDown={(e) => {
            if (e.key === 'Enter') apply();
          }}
          className="w-14 rounded border border-slate-300 bg-white px-1 py-0.5 font-mono tabular-nums dark:border-slate-600 dark:bg-slate-800"
        />
      </label>
      <FieldError message={error} />
    </div>
  );
}

/** FieldError shows the API server's message for a refused value (nothing changed). */
export function FieldError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="font-mono text-xs break-words text-red-700 dark:text-red-300">
      {message}
    </p>
  );
}
