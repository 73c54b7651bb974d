/** The form's values turned into a URI, and the words that explain each operator. Pure. */
import { parseTemplate, type PrimitiveValue } from 'url-template';
import type {
  TemplateOperator,
  TemplateVariable,
} from '../../../shared/catalog/uri-template-variables';

/** The values typed into the form, by variable name. */
export type VariableValues = Record<string, string>;

/**
 * Expands `uriTemplate` with RFC 6570 rules. An empty field counts as undefined, so its
 * expression drops out (`{?q}` gives nothing rather than `?q=`). An exploded variable takes a
 * comma-separated list, one element per item.
 */
export function expandTemplate(
  uriTemplate: string,
  variables: readonly TemplateVariable[],
  values: VariableValues,
): string {
  const context: Record<string, PrimitiveValue | PrimitiveValue[]> = {};
  for (const variable of variables) {
    const value = values[variable.name] ?? '';
    if (value === '') continue;
    if (variable.explode) {
      const items = value
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== '');
      if (items.length > 0) context[variable.name] = items;
    } else {
      context[variable.name] = value;
    }
  }
  return parseTemplate(uriTemplate).expand(context);
}

/** The values of every variable but `name` that are filled in: what the server may narrow on. */
export function otherValues(values: VariableValues, name: string): VariableValues {
  const context: VariableValues = {};
  for (const [key, value] of Object.entries(values))
    if (key !== name && value !== '') context[key] = value;
  return context;
}

const OPERATOR_MEANINGS: Record<TemplateOperator, string> = {
  '': 'path text, reserved characters are encoded',
  '+': 'reserved characters such as / are kept',
  '#': 'fragment, after #',
  '.': 'label, after a dot',
  '/': 'path segment, after a slash',
  ';': 'path parameter, after ;',
  '?': 'query parameter',
  '&': 'query continuation, after &',
};

/** One line that tells the user how a variable ends up in the URI. */
export function describeVariable(variable: TemplateVariable): string {
  const parts = [OPERATOR_MEANINGS[variable.operator]];
  if (variable.explode) parts.push('separate several values with commas');
  if (variable.maxLength !== undefined)
    parts.push(`only the first ${variable.maxLength} characters are used`);
  return parts.join('; ');
}

/** The short mark shown beside the name, e.g. "(?)" or "(/, list)"; empty for plain `{name}`. */
export function operatorMark(variable: TemplateVariable): string {
  const marks: string[] = [];
  if (variable.operator !== '') marks.push(variable.operator);
  if (variable.explode) marks.push('list');
  if (variable.maxLength !== undefined) marks.push(`:${variable.maxLength}`);
  return marks.length === 0 ? '' : `(${marks.join(', ')})`;
}
