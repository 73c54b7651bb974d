/**
 * The variables of an RFC 6570 URI template, so a form can ask for each one. Pure.
 *
 * Malformed templates come from untrusted servers, so this never throws: it returns the
 * variables of every well-formed expression plus one line describing the first problem.
 */

/** An RFC 6570 expression operator; `''` is simple string expansion. */
export type TemplateOperator = '' | '+' | '#' | '.' | '/' | ';' | '?' | '&';

/** One variable, as first written in the template. */
export interface TemplateVariable {
  name: string;
  /** The operator of the expression the variable first appears in. */
  operator: TemplateOperator;
  /** `var*`: a list value expands to one item per element. */
  explode: boolean;
  /** `var:N`: only the first N characters are used (1 to 9999). */
  maxLength?: number;
}

/**
 * What a template asks for. When `error` is set the template is malformed and should not be
 * expanded; `variables` still holds those of the well-formed expressions, for display.
 */
export interface TemplateVariables {
  variables: TemplateVariable[];
  error?: string;
}

const OPERATORS = new Set<string>(['+', '#', '.', '/', ';', '?', '&']);
/** RFC 6570 §2.2 reserves these for future extensions: a processor must reject them. */
const RESERVED_OPERATORS = new Set<string>(['=', ',', '!', '@', '|']);
/**
 * RFC 6570 §2.3: varchar = ALPHA / DIGIT / "_" / pct-encoded, with single dots between varchars.
 */
const VARNAME = /^(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})+(?:\.(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})+)*$/;
/** RFC 6570 §2.4.1: max-length = %x31-39 0*3DIGIT, i.e. 1 to 9999 without a leading zero. */
const MAX_LENGTH = /^[1-9][0-9]{0,3}$/;

/**
 * Reads every `{…}` expression of `uriTemplate`, in order, deduplicated by name (first appearance
 * wins).
 */
export function templateVariables(uriTemplate: string): TemplateVariables {
  const variables: TemplateVariable[] = [];
  const seen = new Set<string>();
  let error: string | undefined;
  const fail = (message: string) => {
    error ??= message;
  };

  // The next "}" is found once and kept until passed: searched again from every "{", a hostile
  // "{{{{…" made this quadratic.
  let nextClose = uriTemplate.indexOf('}');
  const closeFrom = (from: number) => {
    if (nextClose !== -1 && nextClose < from) nextClose = uriTemplate.indexOf('}', from);
    return nextClose;
  };
  let position = 0;
  while (position < uriTemplate.length) {
    const open = uriTemplate.indexOf('{', position);
    const close = closeFrom(position);
    if (close !== -1 && (open === -1 || close < open))
      fail(`unmatched "}" at position ${close + 1}`);
    if (open === -1) break;
    const end = closeFrom(open + 1);
    const nextOpen = uriTemplate.indexOf('{', open + 1);
    if (end === -1 || (nextOpen !== -1 && nextOpen < end)) {
      fail(`unclosed "{" at position ${open + 1}`);
      // Carry on after the stray brace so later expressions still show.
      position = open + 1;
      continue;
    }
    const parsed = parseExpression(uriTemplate.slice(open + 1, end), open + 1);
    if ('error' in parsed) fail(parsed.error);
    else {
      for (const variable of parsed.variables) {
        if (seen.has(variable.name)) continue;
        seen.add(variable.name);
        variables.push(variable);
      }
    }
    position = end + 1;
  }
  return error === undefined ? { variables } : { variables, error };
}

function parseExpression(
  body: string,
  position: number,
): { variables: TemplateVariable[] } | { error: string } {
  const where = `in the expression at position ${position}`;
  if (body === '') return { error: `empty expression at position ${position}` };
  const first = body[0] as string;
  if (RESERVED_OPERATORS.has(first)) return { error: `reserved operator "${first}" ${where}` };
  const operator = (OPERATORS.has(first) ? first : '') as TemplateOperator;
  const list = operator === '' ? body : body.slice(1);
  if (list === '') return { error: `operator "${operator}" without a variable ${where}` };

  const variables: TemplateVariable[] = [];
  for (const spec of list.split(',')) {
    const parsed = parseVarspec(spec, operator);
    if (typeof parsed === 'string') return { error: `${parsed} ${where}` };
    variables.push(parsed);
  }
  return { variables };
}

function parseVarspec(spec: string, operator: TemplateOperator): TemplateVariable | string {
  if (spec.endsWith('*')) {
    const name = spec.slice(0, -1);
    return VARNAME.test(name) ? { name, operator, explode: true } : invalidName(name);
  }
  const colon = spec.indexOf(':');
  if (colon !== -1) {
    const name = spec.slice(0, colon);
    const length = spec.slice(colon + 1);
    if (!VARNAME.test(name)) return invalidName(name);
    if (!MAX_LENGTH.test(length)) return `prefix length "${length}" of "${name}" is not 1 to 9999`;
    return { name, operator, explode: false, maxLength: Number(length) };
  }
  return VARNAME.test(spec) ? { name: spec, operator, explode: false } : invalidName(spec);
}

function invalidName(name: string): string {
  return name === '' ? 'missing variable name' : `invalid variable name "${name}"`;
}
