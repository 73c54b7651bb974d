/** Cuts a label into plain and matched pieces for <mark>. Pure; ranges may overlap or overrun. */
import type { MatchRange, NodeMatch } from '../../../shared/catalog/tree-types';
import type { CatalogNode } from '../../../shared/catalog/tree-types';

export interface Segment {
  text: string;
  marked: boolean;
}

export function highlightSegments(
  text: string,
  ranges: readonly { start: number; end: number }[],
): Segment[] {
  const spans = ranges
    .map(({ start, end }) => ({ start: Math.max(0, start), end: Math.min(text.length, end) }))
    .filter(({ start, end }) => end > start)
    .sort((a, b) => a.start - b.start);
  const segments: Segment[] = [];
  let at = 0;
  for (const span of spans) {
    if (span.end <= at) continue;
    const start = Math.max(at, span.start);
    if (start > at) segments.push({ text: text.slice(at, start), marked: false });
    const last = segments.at(-1);
    // Touching or overlapping ranges make one <mark>, not several.
    if (start === at && last?.marked) last.text += text.slice(start, span.end);
    else segments.push({ text: text.slice(start, span.end), marked: true });
    at = span.end;
  }
  if (at < text.length || segments.length === 0)
    segments.push({ text: text.slice(at), marked: false });
  return segments;
}

/**
 * The field a row's label was taken from (build-tree.ts: title, else name), so only its ranges
 * apply.
 */
export function labelField(node: CatalogNode): MatchRange['field'] | null {
  const entry = node.resource ?? node.template;
  if (!entry) return null;
  if (entry.title) return 'title';
  if (entry.name) return 'name';
  return node.template ? 'uriTemplate' : 'uri';
}

/** The ranges of `match` that fall on the label. */
export function labelRanges(node: CatalogNode, match: NodeMatch | undefined): MatchRange[] {
  const field = labelField(node);
  if (!match || !field) return [];
  return match.ranges.filter((range) => range.field === field);
}
