import { useId } from 'react';
import type { ConfigInput } from '../../../shared/config/config-inputs';

/** The inputs the ticked servers of one file ask for: a secret typed unseen, a choice as a list. */
export function ImportInputs({
  inputs,
  value,
  onChange,
}: {
  inputs: ConfigInput[];
  value(input: ConfigInput): string | undefined;
  onChange(input: ConfigInput, value: string): void;
}) {
  const id = useId();
  if (inputs.length === 0) return null;
  return (
    <div className="import-inputs">
      {inputs.map((input) => {
        const field = `${id}-${input.id}`;
        return (
          <div key={input.id} className="field">
            <label htmlFor={field}>
              {input.description} <span className="muted mono">{`\${input:${input.id}}`}</span>
            </label>
            {input.options ? (
              <select
                id={field}
                value={value(input) ?? input.default ?? input.options[0]}
                onChange={(event) => onChange(input, event.target.value)}
              >
                {input.options.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={field}
                type={input.password ? 'password' : 'text'}
                className="mono"
                autoComplete="off"
                spellCheck={false}
                value={value(input) ?? ''}
                placeholder={input.default ?? ''}
                onChange={(event) => onChange(input, event.target.value)}
              />
            )}
          </div>
        );
      })}
    </div>
  );
}
