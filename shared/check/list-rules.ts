/**
 * The rules judged from what a server listed, as it sent it (raw pages, never the SDK's
 * parse): pagination, required fields, `size`, annotations. Pure.
 */
import { checkAnnotations } from '../catalog/validate-item';
import type { Evidence, RuleResult } from './check-types';
import { firstOf, judge } from './judge';
import { isUri } from './uri-syntax';

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

/** Pagination: the list ends, "" is a cursor (2026-07-28), no URI is listed twice. */
export function paginationRules(walk: RawWalk, era: 'legacy' | 'modern' | undefined): RuleResult[] {
  const out: RuleResult[] = [];
  out.push(
    firstOf(
      judge('pagination.ends', era),
      walk.stopped ? [{ detail: walk.stopped }] : [],
      `the list ended after ${walk.pages.length} ${walk.pages.length === 1 ? 'page' : 'pages'}`,
    ),
  );
  const emptyCursor = judge('pagination.empty-cursor', era);
  const empty = walk.pages.findIndex(
    (page) => (page.result as { nextCursor?: unknown } | undefined)?.nextCursor === '',
  );
  if (empty < 0) out.push(emptyCursor.notApplicable('no page offered "" as its next cursor'));
  else if (era === 'modern' || walk.pages[empty + 1]?.cursor === '')
    out.push(
      emptyCursor.pass(
        `page ${empty + 1} offers "" as its next cursor, a real cursor since 2026-07-28; it was followed`,
      ),
    );
  else
    out.push(
      emptyCursor.broken(
        `page ${empty + 1} offers "" as its next cursor: before 2026-07-28 clients may take it for the end`,
      ),
    );
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
    firstOf(
      judge('pagination.no-duplicates', era),
      duplicates,
      `${seen.size.toLocaleString('en')} URIs, each listed once`,
    ),
  );
  return out;
}

/** An item's annotations, where it was listed. */
export interface Annotated {
  label: string;
  annotations: unknown;
  evidence: Evidence;
}

/**
 * Annotations in range (priority, audience: the schema's MUST), and `lastModified` an ISO 8601
 * timestamp (the schema's SHOULD), judged apart so each keeps its level.
 */
export function annotationRules(annotated: readonly Annotated[]): RuleResult[] {
  const ranged: { detail: string; evidence?: Evidence }[] = [];
  const dated: { detail: string; evidence?: Evidence }[] = [];
  let timestamps = 0;
  for (const { label, annotations, evidence } of annotated) {
    const whole =
      typeof annotations === 'object' && annotations !== null && !Array.isArray(annotations);
    const { lastModified, ...rest } = whole ? (annotations as Record<string, unknown>) : {};
    const problems: string[] = [];
    // Annotations that are not an object at all are judged with the range.
    checkAnnotations(whole ? rest : annotations, problems);
    for (const problem of problems)
      ranged.push({
        detail: `${label}: ${problem}`,
        evidence: { ...evidence, response: cut(annotations) },
      });
    if (lastModified === undefined) continue;
    timestamps += 1;
    const late: string[] = [];
    checkAnnotations({ lastModified }, late);
    for (const problem of late)
      dated.push({
        detail: `${label}: ${problem}`,
        evidence: { ...evidence, response: cut(annotations) },
      });
  }
  const lastModified = judge('annotations.last-modified');
  return [
    firstOf(judge('annotations.valid'), ranged, 'every priority and audience given is valid'),
    timestamps === 0
      ? lastModified.notApplicable('no lastModified is given')
      : firstOf(
          lastModified,
          dated,
          `${timestamps} ${timestamps === 1 ? 'lastModified, an ISO 8601 timestamp' : 'lastModified values, each an ISO 8601 timestamp'}`,
        ),
  ];
}

/**
 * Required fields with the right types, `size` a non-negative integer, and annotations in range,
 * those of the templates (`templates`) as well as the resources'.
 */
export function fieldRules(walk: RawWalk, templates?: RawWalk): RuleResult[] {
  const fields: { detail: string; evidence?: Evidence }[] = [];
  const sizes: { detail: string; evidence?: Evidence }[] = [];
  const notUris: { detail: string; evidence?: Evidence }[] = [];
  let uris = 0;
  const annotated: Annotated[] = [];
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
      else {
        uris += 1;
        if (!isUri(raw.uri))
          notUris.push({
            detail: `${where}: ${JSON.stringify(raw.uri.slice(0, 200))} is not a URI`,
            evidence,
          });
      }
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
      if (raw.annotations !== undefined)
        annotated.push({ label, annotations: raw.annotations, evidence });
    });
  });
  return [
    firstOf(
      judge('fields.required'),
      fields,
      `${count.toLocaleString('en')} resources, each with its uri and name`,
    ),
    firstOf(
      judge('fields.uri'),
      notUris,
      `${uris.toLocaleString('en')} uris, each a URI by RFC 3986`,
    ),
    firstOf(judge('fields.size'), sizes, 'every size given is a non-negative integer'),
    ...annotationRules([...annotated, ...templateAnnotations(templates)]),
  ];
}

/** The annotations of each template listed, labelled with its uriTemplate. */
function templateAnnotations(templates: RawWalk | undefined): Annotated[] {
  return (templates?.pages ?? []).flatMap((page) => {
    const list = (page.result as { resourceTemplates?: unknown } | undefined)?.resourceTemplates;
    return (Array.isArray(list) ? list : []).flatMap((item, index) => {
      const raw = (item ?? {}) as Record<string, unknown>;
      if (raw.annotations === undefined) return [];
      const label =
        typeof raw.uriTemplate === 'string'
          ? `template ${raw.uriTemplate.slice(0, 200)}`
          : `template ${index + 1}`;
      const request = {
        method: 'resources/templates/list',
        params: page.cursor === undefined ? {} : { cursor: page.cursor },
      };
      return [{ label, annotations: raw.annotations, evidence: { request, response: cut(item) } }];
    });
  });
}
