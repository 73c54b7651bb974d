import { useId } from 'react';

interface FormFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
  hint?: string;
  placeholder?: string;
  multiline?: boolean;
  mono?: boolean;
}

/** A labelled input or textarea whose error is announced and tied to it. */
export function FormField({
  label,
  value,
  onChange,
  error,
  hint,
  placeholder,
  multiline,
  mono,
}: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy =
    [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    value,
    placeholder,
    className: mono ? 'mono' : undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    spellCheck: false,
    autoComplete: 'off',
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea {...common} rows={3} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...common} type="text" onChange={(event) => onChange(event.target.value)} />
      )}
      {hint ? (
        <small id={hintId} className="muted">
          {hint}
        </small>
      ) : null}
      {error ? (
        <small id={errorId} className="error-text">
          {error}
        </small>
      ) : null}
    </div>
  );
}
