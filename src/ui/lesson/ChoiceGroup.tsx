/** A choice of a choice question as the page shows it: its value and its text in the UI language. */
export interface ChoiceView {
  value: string;
  /** The choice's text in the reader's language, else its value. */
  label: string;
  /** The label is the value itself (a plugin name, a reason): shown in the code font. */
  code: boolean;
}

interface ChoiceGroupProps {
  /** The id of the question's text, the group's accessible name. */
  labelledBy: string;
  /** The radios' shared name (one group per question). */
  name: string;
  choices: readonly ChoiceView[];
  picked: string;
  onPick(value: string): void;
}

/**
 * ChoiceGroup is a choice question's radio group, named by the question's text; native radios, so
 * the arrow keys move within the group and Tab leaves it for Check.
 */
export function ChoiceGroup({ labelledBy, name, choices, picked, onPick }: ChoiceGroupProps) {
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} className="flex flex-wrap gap-1.5">
      {choices.map((c) => (
        <label
          key={c.value}
          className="inline-flex min-h-8 cursor-pointer items-center gap-1.5 rounded-md border border-slate-400 bg-white px-2 py-1 text-sm has-[:checked]:border-blue has-[:checked]:bg-blue/10 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-accent dark:border-slate-500 dark:bg-slate-800 dark:has-[:checked]:border-sky-blue dark:has-[:checked]:bg-sky-blue/15"
        >
          <input
            type="radio"
            name={name}
            value={c.value}
            checked={picked === c.value}
            onChange={() => onPick(c.value)}
            className="size-4 shrink-0 accent-accent focus-visible:outline-none"
          />
          <span className={c.code ? 'font-mono text-xs lg:text-sm' : undefined}>{c.label}</span>
        </label>
      ))}
    </div>
  );
}
