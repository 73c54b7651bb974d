/**
 * The rules on templates judged from what a server sent, pure: the template list ends, each
 * template parses as RFC 6570, and completion/complete answers as the schema says (at most 100
 * string values, `total` an integer, `hasMore` a boolean), with an error for a template nobody
 * lists.
 */
import { templateVariables } from '../catalog/uri-template-variables';
import type { RuleResult } from './check-types';
import { firstOf, judge } from './judge';
import { cut, type RawWalk } from './list-rules';

const list = (result: unknown, field: string): unknown[] => {
  const value = (result as Record<string, unknown> | undefined)?.[field];
  return Array.isArray(value) ? value : [];
};

/** The template list ends (a loop is reported, as in the resource list), and each parses. */
export function templateRules(templates: RawWalk | undefined): RuleResult[] {
  const ends = judge('templates.ends');
  return [
    templates
      ? firstOf(
          ends,
          templates.stopped ? [{ detail: templates.stopped }] : [],
          `the list ended after ${templates.pages.length} ${templates.pages.length === 1 ? 'page' : 'pages'}`,
        )
      : ends.notApplicable('resources/templates/list is not answered'),
    templateRule(templates),
  ];
}

/** Each template parses as RFC 6570. */
function templateRule(templates: RawWalk | undefined): RuleResult {
  const rule = judge('templates.rfc6570');
  if (!templates) return rule.notApplicable('resources/templates/list is not answered');
  const all = templates.pages.flatMap((page) => list(page.result, 'resourceTemplates'));
  if (all.length === 0) return rule.notApplicable('no templates are listed');
  const request = { method: 'resources/templates/list' };
  for (const item of all) {
    const uriTemplate = (item as { uriTemplate?: unknown })?.uriTemplate;
    if (typeof uriTemplate === 'string' && uriTemplate.length > 10_000)
      return rule.broken(
        `a template is ${uriTemplate.length.toLocaleString('en')} characters long`,
        { request, response: cut(item, 300) },
      );
    if (typeof uriTemplate !== 'string')
      return rule.broken('a template has no uriTemplate string', { request, response: cut(item) });
    const parsed = templateVariables(uriTemplate);
    if (parsed.error)
      return rule.broken(`${uriTemplate.slice(0, 200)}: ${parsed.error}`, {
        request,
        response: cut(item),
      });
  }
  return rule.pass(
    all.length === 1
      ? 'the one template is well formed'
      : `${all.length} templates, each well formed`,
  );
}

/** One completion/complete asked of a listed template's variable, and what came back. */
export interface CompletionAnswer {
  template: string;
  variable: string;
  result?: unknown;
  error?: string;
}

/** What is wrong with one completion result by the schema: values, total, hasMore. */
function completionProblem(result: unknown): string | undefined {
  const completion = (result as { completion?: unknown } | undefined)?.completion;
  if (typeof completion !== 'object' || completion === null) return 'no completion object';
  const { values, total, hasMore } = completion as Record<string, unknown>;
  if (!Array.isArray(values)) return 'no values array';
  if (values.length > 100) return `${values.length} values, where at most 100 are allowed`;
  const notString = values.findIndex((value) => typeof value !== 'string');
  if (notString >= 0)
    return `value ${notString + 1} is ${JSON.stringify(values[notString])?.slice(0, 60)}, not a string`;
  if (total !== undefined && !(typeof total === 'number' && Number.isInteger(total)))
    return `total ${JSON.stringify(total)?.slice(0, 60)}, not an integer`;
  if (hasMore !== undefined && typeof hasMore !== 'boolean')
    return `hasMore ${JSON.stringify(hasMore)?.slice(0, 60)}, not a boolean`;
  return undefined;
}

/**
 * Completion of a listed template's variables: each answer holds at most 100 string values, a
 * `total` that is an integer and a `hasMore` that is a boolean, where given (the schema's MUST).
 * An error answers no values, and is not judged here.
 */
export function completionRule(
  answers: readonly CompletionAnswer[],
  declared: boolean,
): RuleResult {
  const rule = judge('templates.completion');
  if (!declared) return rule.notApplicable('completions is not declared');
  if (answers.length === 0) return rule.notApplicable('no template has a variable to complete');
  const judged = answers.filter((answer) => answer.error === undefined);
  if (judged.length === 0) {
    const first = answers[0] as CompletionAnswer;
    return rule.notApplicable(
      `completing ${first.template.slice(0, 200)} answered an error (${first.error}): no values to judge`,
    );
  }
  const problems = judged.flatMap((answer) => {
    const problem = completionProblem(answer.result);
    return problem
      ? [
          {
            detail: `completing ${answer.variable} of ${answer.template.slice(0, 200)} answered ${problem}`,
            evidence: { response: cut(answer.result) },
          },
        ]
      : [];
  });
  return firstOf(
    rule,
    problems,
    `${judged.length} ${judged.length === 1 ? 'completion' : 'completions'} asked, each within 100 string values, total and hasMore of their types`,
  );
}

/**
 * completion/complete of a template nobody lists gets an error (the spec's SHOULD: -32602 for
 * what does not exist), never values.
 */
export function unknownTemplateRule(
  answer: { result?: unknown; error?: { code: number; message: string } } | undefined,
  declared: boolean,
): RuleResult {
  const rule = judge('completion.unknown-template');
  if (!declared || !answer) return rule.notApplicable('completions is not declared');
  if (answer.result !== undefined)
    return rule.broken(
      'answered a completion for a template nobody lists, where -32602 is asked for',
      {
        response: cut(answer.result),
      },
    );
  const code = answer.error?.code;
  if (code === -32602) return rule.pass('answered -32602 (Invalid Params)');
  return rule.broken(
    Number.isNaN(code)
      ? `got no answer (${answer.error?.message ?? ''}), where -32602 is asked for`
      : `answered ${code}, where -32602 is asked for`,
    { response: cut(answer.error) },
  );
}
