/**
 * The characters to highlight for a search match. Worked out apart from scoring, and only for
 * the rows the UI shows, because a one-letter query matches nearly every row of a catalog.
 */
import { bestOccurrence, fuzzyScore, subsequencePositions } from './fuzzy-match';
import type { MatchRange } from './tree-types';

type Field = MatchRange['field'];

/**
 * What the highlighting reads of an indexed entry (search-index.ts's `IndexedEntry` has it).
 * Named here, not imported, so the index can call this file without a cycle.
 */
export interface HighlightedEntry {
  /** Case-folded title, name, uri (or uriTemplate) and description; "" where absent. */
  fields: readonly [string, string, string, string];
  /** The fields joined by a character no query word holds. */
  joined: string;
  isTemplate: boolean;
}

/**
 * Where each word matched: every field holding it contiguously, else the characters of the
 * field that matched it best as a subsequence. Adjacent and overlapping spans of one field are
 * merged, so "bill" and "billing" highlight as one run.
 */
export function matchRanges(entry: HighlightedEntry, words: readonly string[]): MatchRange[] {
  const names: readonly Field[] = [
    'title',
    'name',
    entry.isTemplate ? 'uriTemplate' : 'uri',
    'description',
  ];
  const spans: MatchRange[] = [];
  for (const word of words) {
    if (entry.joined.includes(word)) {
      entry.fields.forEach((text, field) => {
        const index = bestOccurrence(text, word);
        if (index !== -1)
          spans.push({ field: names[field] ?? 'title', start: index, end: index + word.length });
      });
      continue;
    }
    let best: { field: number; positions: number[]; score: number } | undefined;
    entry.fields.forEach((text, field) => {
      const positions = subsequencePositions(text, word);
      const score = positions ? fuzzyScore(text, positions) : 0;
      if (positions && (!best || score > best.score)) best = { field, positions, score };
    });
    const chosen = best;
    if (chosen)
      for (const position of chosen.positions)
        spans.push({ field: names[chosen.field] ?? 'title', start: position, end: position + 1 });
  }
  return mergeRanges(spans, names);
}

/** Sorts spans by field (in the order given) and start, and joins those that touch or overlap. */
export function mergeRanges(
  spans: readonly MatchRange[],
  fieldOrder: readonly Field[],
): MatchRange[] {
  const sorted = [...spans].sort(
    (a, b) => fieldOrder.indexOf(a.field) - fieldOrder.indexOf(b.field) || a.start - b.start,
  );
  const merged: MatchRange[] = [];
  for (const span of sorted) {
    const last = merged.at(-1);
    if (last && last.field === span.field && span.start <= last.end)
      last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}
