import { useId, useState } from 'react';

interface Props {
  label: string;
  /** Extra words for screen readers, e.g. "Cabinet 3 Door 1". */
  context?: string;
  value: number;
  onCommit: (value: number) => void;
}

/**
 * A stile/rail number input (spec §5: numbers, minimum 0). Keeps what is typed
 * while it is being typed and commits only valid numbers ≥ 0; on blur an
 * invalid entry snaps back to the last committed value.
 */
export function NumberField({ label, context, value, onCommit }: Props) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? String(value);
  return (
    <div className="field bld-num">
      <label htmlFor={id}>
        {context ? <span className="visually-hidden">{context} </span> : null}
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        min={0}
        step={0.01}
        value={shown}
        onChange={(e) => {
          const text = e.target.value;
          setDraft(text);
          const n = Number(text);
          if (text.trim() !== '' && Number.isFinite(n) && n >= 0) onCommit(n);
        }}
        onBlur={() => setDraft(null)}
      />
    </div>
  );
}
