import { useDraft } from './use-draft';

/**
 * A number input that only sends numbers within range; anything else is marked invalid and
 * not sent. While it has focus it shows what the user typed (use-draft.ts).
 */
export function NumberField(props: {
  id: string;
  value: number;
  min: number;
  max: number;
  step: number;
  integer?: boolean;
  onChange(value: number): void;
}) {
  const { id, value, min, max, step, integer = false, onChange } = props;
  const valid = (text: string) => {
    const number = Number(text);
    return (
      text.trim() !== '' &&
      Number.isFinite(number) &&
      number >= min &&
      number <= max &&
      (!integer || Number.isInteger(number))
    );
  };
  const field = useDraft(String(value), (text) => {
    if (valid(text)) onChange(Number(text));
  });
  return (
    <input
      id={id}
      type="number"
      inputMode="decimal"
      min={min}
      max={max}
      step={step}
      value={field.value}
      aria-invalid={!valid(field.value)}
      onFocus={field.onFocus}
      onBlur={field.onBlur}
      onChange={(event) => field.onChange(event.target.value)}
    />
  );
}
