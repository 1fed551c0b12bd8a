import { formatPhone } from '../domain/projectRules';

/**
 * The US phone field of the project and profile forms (product rules "Input checks"): at most 10
 * digits, shown as (555) 123-4567 while typing, the numeric keypad on tablets.
 */
export function PhoneInput(props: {
  id: string;
  value: string;
  onChange: (formatted: string) => void;
  /** id of the field's error text, when it shows one. */
  errorId?: string;
}) {
  return (
    <input
      id={props.id}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      placeholder="(555) 123-4567"
      value={props.value}
      aria-invalid={props.errorId ? true : undefined}
      aria-describedby={props.errorId}
      onChange={(e) => props.onChange(formatPhone(e.target.value))}
    />
  );
}
