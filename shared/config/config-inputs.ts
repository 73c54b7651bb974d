/**
 * VS Code's `inputs`: the values a config asks the user for (`${input:id}`), a typed string
 * (`promptString`, hidden where `password` is set) or a choice (`pickString`). A `command`
 * input runs an editor command, which we cannot: it is asked for as a string instead.
 */
import { SECRET_NAME } from './server-name';

export interface ConfigInput {
  id: string;
  /** What to ask, in the file's words. */
  description: string;
  /** A secret: typed unseen, never shown, never written anywhere. */
  password: boolean;
  /** The values a `pickString` offers. */
  options?: string[];
  default?: string;
}

/** A JSON object (not an array, not null). */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function optionValue(option: unknown): string | undefined {
  if (typeof option === 'string') return option;
  if (isRecord(option) && typeof option.value === 'string') return option.value;
  return undefined;
}

/** The file's inputs; one that cannot be read is left out, with a warning. */
export function readInputs(raw: unknown, warnings: string[]): ConfigInput[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) {
    warnings.push('"inputs" must be a list; no input was read');
    return [];
  }
  const inputs: ConfigInput[] = [];
  for (const [at, item] of raw.entries()) {
    if (!isRecord(item) || typeof item.id !== 'string' || item.id === '') {
      warnings.push(`inputs[${at}] has no id; left out`);
      continue;
    }
    const input: ConfigInput = {
      id: item.id,
      description:
        typeof item.description === 'string' && item.description ? item.description : item.id,
      password: item.password === true,
    };
    if (item.type === 'pickString') {
      const options = Array.isArray(item.options)
        ? item.options.map(optionValue).filter((o): o is string => o !== undefined)
        : [];
      if (options.length > 0) input.options = options;
    } else if (item.type === 'command')
      warnings.push(
        `input "${item.id}" runs a VS Code command, which only VS Code can; it is asked for as text`,
      );
    else if (item.type !== 'promptString')
      warnings.push(`input "${item.id}" has type ${JSON.stringify(item.type)}; asked for as text`);
    if (typeof item.default === 'string') input.default = item.default;
    inputs.push(input);
  }
  return inputs;
}

/** The input `id` asks for: the file's own, or a plain one when the file does not declare it. */
export function inputFor(inputs: readonly ConfigInput[], id: string): ConfigInput {
  return (
    inputs.find((input) => input.id === id) ?? {
      id,
      description: id,
      password: SECRET_NAME.test(id),
    }
  );
}
