/**
 * What changed between two listings of one server's catalog: the resources and templates
 * added, removed and changed. Changed means the same URI (or URI template) with another
 * title, other annotations, another size or another MIME type; a name or a description that
 * moved alone is not a change a row shows. Pure; linear in the two lists.
 */
import type { Annotations, ResourceEntry, TemplateEntry } from '../mcp-types';

/** The difference of one list, as URIs (templates: URI templates), each in its listing's order. */
export interface ListDiff {
  added: string[];
  removed: string[];
  changed: string[];
}

export interface CatalogDiff {
  resources: ListDiff;
  templates: ListDiff;
}

/** The counts a summary shows, e.g. "+2 −1 ~3". */
export interface DiffCounts {
  added: number;
  removed: number;
  changed: number;
}

interface Listing {
  resources: readonly ResourceEntry[];
  templates: readonly TemplateEntry[];
}

/** The difference from `before` to `after`. A URI listed twice counts once, as first listed. */
export function diffCatalog(before: Listing, after: Listing): CatalogDiff {
  return {
    resources: diffList(before.resources, after.resources, (entry) => entry.uri, resourceFacts),
    templates: diffList(
      before.templates,
      after.templates,
      (entry) => entry.uriTemplate,
      templateFacts,
    ),
  };
}

/** Resources and templates together. */
export function diffCounts(diff: CatalogDiff): DiffCounts {
  return {
    added: diff.resources.added.length + diff.templates.added.length,
    removed: diff.resources.removed.length + diff.templates.removed.length,
    changed: diff.resources.changed.length + diff.templates.changed.length,
  };
}

/** True when nothing was added, removed or changed. */
export function isEmptyDiff(diff: CatalogDiff): boolean {
  const counts = diffCounts(diff);
  return counts.added === 0 && counts.removed === 0 && counts.changed === 0;
}

/** "+2 −1 ~3", leaving out what is zero; "no change" when all are. */
export function describeCounts(counts: DiffCounts): string {
  const parts = [
    counts.added > 0 && `+${counts.added}`,
    counts.removed > 0 && `\u2212${counts.removed}`,
    counts.changed > 0 && `~${counts.changed}`,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : 'no change';
}

function diffList<T>(
  before: readonly T[],
  after: readonly T[],
  key: (entry: T) => string,
  facts: (entry: T) => string,
): ListDiff {
  const old = new Map<string, T>();
  for (const entry of before) if (!old.has(key(entry))) old.set(key(entry), entry);
  const seen = new Set<string>();
  const diff: ListDiff = { added: [], removed: [], changed: [] };
  for (const entry of after) {
    const uri = key(entry);
    if (seen.has(uri)) continue;
    seen.add(uri);
    const previous = old.get(uri);
    if (previous === undefined) diff.added.push(uri);
    else if (previous !== entry && facts(previous) !== facts(entry)) diff.changed.push(uri);
  }
  for (const uri of old.keys()) if (!seen.has(uri)) diff.removed.push(uri);
  return diff;
}

function resourceFacts(entry: ResourceEntry): string {
  return JSON.stringify([
    entry.title,
    entry.mimeType,
    entry.size,
    annotationFacts(entry.annotations),
  ]);
}

function templateFacts(entry: TemplateEntry): string {
  return JSON.stringify([entry.title, entry.mimeType, annotationFacts(entry.annotations)]);
}

/** Annotations as compared: the audience as a set, so its order is no change. */
function annotationFacts(annotations: Annotations | undefined): unknown {
  if (!annotations) return null;
  return [
    annotations.audience ? [...annotations.audience].sort() : null,
    annotations.priority ?? null,
    annotations.lastModified ?? null,
  ];
}
