/**
 * The rules judged from what a server listed, as it sent it (raw pages, never the SDK's
 * parse): pagination, required fields, `size`, annotations. Pure.
 */
import { checkAnnotations } from '../catalog/validate-item';
import type { Evidence, RuleResult, SpecReference } from './check-types';

/** One page as the server sent it, and the cursor that asked for it. */
export interface RawPage {
  cursor: string | undefined;
  result: unknown;
}

/** How the walk ended: the pages it got, and why it stopped. */
export interface RawWalk {
  pages: RawPage[];
  /** The walk stopped by itself (a loop, a cap), not at a page without `nextCursor`. */
  stopped?: string;
}

const LISTING: SpecReference = {
  revision: '2026-07-28',
  section: 'Resources › Listing resources (pagination)',
};
const FIELDS: SpecReference = {
  revision: '2026-07-28',
  section: 'Resources › Data types › Resource',
};
const ANNOTATIONS: SpecReference = { revision: '2026-07-28', section: 'Resources › Annotations' };

export const cut = (value: unknown, max = 2000): unknown => {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length <= max
    ? value
    : `${text.slice(0, max)}… (${text.length.toLocaleString('en')} characters)`;
};

const items = (page: RawPage): unknown[] => {
  const list = (page.result as { resources?: unknown } | undefined)?.resources;
  return Array.isArray(list) ? list : [];
};

function result(
  rule: string,
  title: string,
  spec: SpecReference,
  failures: { detail: string; evidence?: Evidence }[],
  passDetail: string,
  verdict: 'fail' | 'warn' = 'fail',
): RuleResult {
  if (failures.length === 0) return { rule, title, verdict: 'pass', detail: passDetail, spec };
  const first = failures[0] as { detail: string; evidence?: Evidence };
  const more = failures.length > 1 ? ` (and ${failures.length - 1} more)` : '';
  return {
    rule,
    title,
    verdict,
    detail: `${first.detail}${more}`,
    spec,
    ...(first.evidence && { evidence: first.evidence }),
  };
}

/** Pagination: the list ends, "" is a cursor (2026-07-28), no URI is listed twice. */
export function paginationRules(walk: RawWalk, era: 'legacy' | 'modern' | undefined): RuleResult[] {
  const out: RuleResult[] = [];
  out.push(
    result(
      'pagination.ends',
      'The list ends',
      LISTING,
      walk.stopped ? [{ detail: walk.stopped }] : [],
      `the list ended after ${walk.pages.length} ${walk.pages.length === 1 ? 'page' : 'pages'}`,
    ),
  );
  const empty = walk.pages.findIndex(
    (page) => (page.result as { nextCursor?: unknown } | undefined)?.nextCursor === '',
  );
  if (empty < 0)
    out.push({
      rule: 'pagination.empty-cursor',
      title: 'An empty cursor is a cursor',
      verdict: 'n/a',
      detail: 'no page offered "" as its next cursor',
      spec: LISTING,
    });
  else {
    const followed = walk.pages[empty + 1]?.cursor === '';
    out.push({
      rule: 'pagination.empty-cursor',
      title: 'An empty cursor is a cursor',
      verdict: era === 'modern' || followed ? 'pass' : 'warn',
      detail: `page ${empty + 1} offers "" as its next cursor${era === 'modern' ? ', a real cursor since 2026-07-28; it was followed' : ': before 2026-07-28 clients may take it for the end'}`,
      spec: LISTING,
    });
  }
  const seen = new Map<string, number>();
  const duplicates: { detail: string; evidence?: Evidence }[] = [];
  walk.pages.forEach((page, index) => {
    for (const item of items(page)) {
      const uri = (item as { uri?: unknown })?.uri;
      if (typeof uri !== 'string') continue;
      const first = seen.get(uri);
      if (first === undefined) seen.set(uri, index + 1);
      else
        duplicates.push({
          detail: `page ${index + 1} lists ${uri} again (first on page ${first})`,
          evidence: {
            request: {
              method: 'resources/list',
              params: page.cursor === undefined ? {} : { cursor: page.cursor },
            },
            response: cut(item),
          },
        });
    }
  });
  out.push(
    result(
      'pagination.no-duplicates',
      'No URI is listed twice',
      LISTING,
      duplicates,
      `${seen.size.toLocaleString('en')} URIs, each listed once`,
    ),
  );
  return out;
}

/** Required fields with the right types, `size` a non-negative integer, annotations in range. */
export function fieldRules(walk: RawWalk): RuleResult[] {
  const fields: { detail: string; evidence?: Evidence }[] = [];
  const sizes: { detail: string; evidence?: Evidence }[] = [];
  const annotations: { detail: string; evidence?: Evidence }[] = [];
  let count = 0;
  walk.pages.forEach((page, pageIndex) => {
    items(page).forEach((item, index) => {
      count += 1;
      const where = `page ${pageIndex + 1}, item ${index + 1}`;
      const evidence = {
        request: {
          method: 'resources/list',
          params: page.cursor === undefined ? {} : { cursor: page.cursor },
        },
        response: cut(item),
      };
      if (typeof item !== 'object' || item === null || Array.isArray(item))
        return fields.push({ detail: `${where} is not an object`, evidence });
      const raw = item as Record<string, unknown>;
      const label = typeof raw.uri === 'string' ? raw.uri.slice(0, 200) : where;
      if (typeof raw.uri !== 'string' || raw.uri === '')
        fields.push({ detail: `${where} has no uri string`, evidence });
      if (typeof raw.name !== 'string')
        fields.push({ detail: `${label} has no name string`, evidence });
      for (const optional of ['title', 'description', 'mimeType'] as const) {
        if (raw[optional] !== undefined && typeof raw[optional] !== 'string')
          fields.push({ detail: `${label}: ${optional} is not a string`, evidence });
      }
      if (
        raw.size !== undefined &&
        !(typeof raw.size === 'number' && Number.isInteger(raw.size) && raw.size >= 0)
      )
        sizes.push({
          detail: `${label}: size is ${JSON.stringify(raw.size)}, not a non-negative integer`,
          evidence,
        });
      if (raw.annotations !== undefined) {
        const problems: string[] = [];
        checkAnnotations(raw.annotations, problems);
        for (const problem of problems)
          annotations.push({
            detail: `${label}: ${problem}`,
            evidence: { ...evidence, response: cut(raw.annotations) },
          });
      }
    });
  });
  return [
    result(
      'fields.required',
      'Required fields, with the right types',
      FIELDS,
      fields,
      `${count.toLocaleString('en')} resources, each with its uri and name`,
    ),
    result(
      'fields.size',
      'size is a non-negative integer',
      FIELDS,
      sizes,
      'every size given is a non-negative integer',
    ),
    result(
      'annotations.valid',
      'Annotations in range: priority in [0,1], audience of user and assistant, lastModified ISO 8601',
      ANNOTATIONS,
      annotations,
      'every annotation given is valid',
    ),
  ];
}
