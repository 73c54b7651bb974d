/** The template questions of a check: completion/complete of a listed template's variable. */
import type { RawWalk } from '../../../shared/check/list-rules';
import { templateVariables } from '../../../shared/catalog/uri-template-variables';
import { listOf, said, type Ask } from './probe';

/** Completes the first variable of the first template that has one, with an empty value. */
export async function completeFirst(
  ask: Ask,
  templates: RawWalk,
): Promise<{ template: string; result?: unknown; error?: string }[]> {
  for (const page of templates.pages) {
    for (const item of listOf(page.result, 'resourceTemplates')) {
      const uriTemplate = (item as { uriTemplate?: unknown })?.uriTemplate;
      if (typeof uriTemplate !== 'string' || uriTemplate.length > 10_000) continue;
      const variable = templateVariables(uriTemplate).variables[0];
      if (!variable) continue;
      const answer = await ask('completion/complete', {
        ref: { type: 'ref/resource', uri: uriTemplate },
        argument: { name: variable.name, value: '' },
      });
      return [
        {
          template: uriTemplate,
          ...('result' in answer ? { result: answer.result } : { error: said(answer.error) }),
        },
      ];
    }
  }
  return [];
}
