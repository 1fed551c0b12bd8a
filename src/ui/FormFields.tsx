/**
 * The form fields the sign-up, profile, project and builder forms share: a labelled
 * text input or select in a `.field` box, with the field's error under it
 * (tied to the control by `aria-describedby`, the control marked
 * `aria-invalid`), an optional hint, and whatever the form adds below (the
 * "changed on another device" notice). The value the user typed is kept as
 * it is, error or not.
 */
import { useId, type ReactNode } from 'react';

interface FieldFrame {
  /** The control's id (the label's `htmlFor`; one is made when absent); the error's id is `${id}-err`. */
  id?: string;
  label: string;
  /** The field's validation text, shown under the control; none when valid. */
  error?: string | null;
  /** Spans both columns of a `.form-grid`. */
  span?: boolean;
  /** A standing hint under the control (the password rule). */
  hint?: ReactNode;
  /** Shown last in the field (the "changed on another device" notice). */
  children?: ReactNode;
}

function errorProps(id: string | undefined, error: string | null | undefined) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-err` : undefined,
  } as const;
}

function Frame({
  id,
  label,
  error,
  span,
  hint,
  children,
  control,
}: FieldFrame & { id: string; control: ReactNode }) {
  return (
    <div className={`field${span ? ' span-2' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {control}
      {hint ? <span className="hint">{hint}</span> : null}
      {error ? (
        <p className="field-error" id={`${id}-err`}>
          {error}
        </p>
      ) : null}
      {children}
    </div>
  );
}

/** A labelled text input (`type` text, email, password…). */
export function TextField({
  value,
  onChange,
  type = 'text',
  autoComplete,
  placeholder,
  readOnly,
  ...frame
}: FieldFrame & {
  value: string;
  onChange: (value: string) => void;
  type?: string;
  autoComplete?: string;
  placeholder?: string;
  /** Shown and sent but not editable (an invitation's email address). */
  readOnly?: boolean;
}) {
  const made = useId();
  const id = frame.id ?? made;
  return (
    <Frame
      {...frame}
      id={id}
      control={
        <input
          id={id}
          type={type}
          autoComplete={autoComplete}
          placeholder={placeholder}
          readOnly={readOnly}
          value={value}
          {...errorProps(id, frame.error)}
          onChange={(e) => onChange(e.target.value)}
        />
      }
    />
  );
}

/** A labelled select over `options`, with an optional first choice of no value (`empty`). */
export function SelectField({
  value,
  onChange,
  options,
  empty,
  ...frame
}: FieldFrame & {
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  /** The label of a first option with the value '' ("Select a project type"). */
  empty?: string;
}) {
  const made = useId();
  const id = frame.id ?? made;
  return (
    <Frame
      {...frame}
      id={id}
      control={
        <select
          id={id}
          value={value}
          {...errorProps(id, frame.error)}
          onChange={(e) => onChange(e.target.value)}
        >
          {empty !== undefined ? <option value="">{empty}</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      }
    />
  );
}
