/**
 * The template questions of a check: for the first few templates listed, each variable completed
 * (where completions are declared; the answers are judged by the completion rules), a URI built
 * from the values, and that URI read (templates.read); and a completion of a template nobody
 * lists.
 */
import type { Evidence, RuleResult } from '../../../shared/check/check-types';
import { judge } from '../../../shared/check/judge';
import { cut, type RawWalk } from '../../../shared/check/list-rules';
import { expandTemplate } from '../../../shared/check/template-expand';
import type { CompletionAnswer } from '../../../shared/check/template-rules';
import { templateVariables } from '../../../shared/catalog/uri-template-variables';
import { listOf, said, type Answer, type Ask } from './probe';
import { itemProblems } from './read-probes';

/** Templates read at most, and variables completed at most in each. */
const TEMPLATES_READ = 5;
const VARIABLES_COMPLETED = 4;
/** The value of a variable no completion offered one for: most identifiers take it. */
const FALLBACK_VALUE = '1';
/** The longest completion value put into a URI. */
const MAX_VALUE = 1024;

/** A URI built from a template, and what reading it answered. */
export interface TemplateRead {
  template: string;
  uri: string;
  /** Where its values came from: a completion, or the fallback. */
  completed: boolean;
  answer: Answer;
}

const firstValue = (result: unknown): string | undefined => {
  const values = (result as { completion?: { values?: unknown } } | undefined)?.completion?.values;
  // A value past any sensible identifier is not used: the fallback stands in (values are the
  // server's, unbounded).
  return Array.isArray(values) && typeof values[0] === 'string' && values[0].length <= MAX_VALUE
    ? values[0]
    : undefined;
};

/** Completes the variables of the first templates listed, builds a URI of each, and reads it. */
export async function probeTemplates(
  ask: Ask,
  templates: RawWalk | undefined,
  completions: boolean,
): Promise<{ completions: CompletionAnswer[]; reads: TemplateRead[] }> {
  const answers: CompletionAnswer[] = [];
  const reads: TemplateRead[] = [];
  for (const page of templates?.pages ?? []) {
    for (const item of listOf(page.result, 'resourceTemplates')) {
      if (reads.length >= TEMPLATES_READ) return { completions: answers, reads };
      const template = (item as { uriTemplate?: unknown })?.uriTemplate;
      if (typeof template !== 'string' || template.length > 10_000) continue;
      const parsed = templateVariables(template);
      if (parsed.error) continue;
      const values: Record<string, string> = {};
      let completed = parsed.variables.length > 0;
      for (const { name } of parsed.variables.slice(0, VARIABLES_COMPLETED)) {
        let value: string | undefined;
        if (completions) {
          const answer = await ask('completion/complete', {
            ref: { type: 'ref/resource', uri: template },
            argument: { name, value: '' },
            ...(Object.keys(values).length > 0 && { context: { arguments: { ...values } } }),
          });
          answers.push({
            template,
            variable: name,
            ...('result' in answer ? { result: answer.result } : { error: said(answer.error) }),
          });
          value = 'result' in answer ? firstValue(answer.result) : undefined;
        }
        if (value === undefined) completed = false;
        values[name] = value ?? FALLBACK_VALUE;
      }
      const uri = expandTemplate(template, values);
      reads.push({ template, uri, completed, answer: await ask('resources/read', { uri }) });
    }
  }
  return { completions: answers, reads };
}

/** completion/complete of a template nobody lists (where completions are declared). */
export async function completeUnknown(
  ask: Ask,
  declared: boolean,
): Promise<{ result?: unknown; error?: { code: number; message: string } } | undefined> {
  if (!declared) return undefined;
  const answer = await ask('completion/complete', {
    ref: { type: 'ref/resource', uri: 'mcp-context-check://no/such/{template}' },
    argument: { name: 'template', value: '' },
  });
  return 'result' in answer ? { result: answer.result } : { error: answer.error };
}

/**
 * A URI built from a template reads back well formed. One that answers an error is no resource,
 * and is not judged; one that answers empty contents may be either, and is warned of.
 */
export function templateReadRule(reads: readonly TemplateRead[]): RuleResult {
  const rule = judge('templates.read');
  if (reads.length === 0) return rule.notApplicable('no template listed could be expanded');
  const problems: ({ detail: string } & Evidence)[] = [];
  const read: string[] = [];
  const empty: TemplateRead[] = [];
  for (const entry of reads) {
    if ('error' in entry.answer) continue;
    const request = { method: 'resources/read', params: { uri: entry.uri } };
    const contents = entry.answer.result.contents;
    if (!Array.isArray(contents))
      problems.push({
        detail: `${entry.uri} (from ${entry.template}) reads as no contents array`,
        request,
        response: cut(entry.answer.result),
      });
    else if (contents.length === 0) empty.push(entry);
    else {
      read.push(entry.uri);
      problems.push(...itemProblems(entry.uri, contents, request));
    }
  }
  const first = problems[0];
  if (first)
    return rule.broken(
      `${first.detail}${problems.length > 1 ? ` (and ${problems.length - 1} more)` : ''}`,
      { request: first.request, response: first.response },
    );
  if (read.length > 0)
    return rule.pass(
      `${read.length} ${read.length === 1 ? 'URI' : 'URIs'} built from templates read back well formed: ${read.join(', ')}`,
    );
  const emptyOne = empty[0];
  if (emptyOne)
    return rule.doubtful(
      `${emptyOne.uri} (from ${emptyOne.template}) reads as an empty contents array: a resource with no contents, or none at all`,
      {
        request: { method: 'resources/read', params: { uri: emptyOne.uri } },
        response: cut('result' in emptyOne.answer ? emptyOne.answer.result : undefined),
      },
    );
  const failed = reads[0] as TemplateRead;
  return rule.notApplicable(
    `no URI built from a template named a resource: ${failed.uri} answered ${'error' in failed.answer ? said(failed.answer.error) : 'no contents'}${failed.completed ? '' : ' (its values were guessed: no completion offered one)'}`,
  );
}
