import type { MatchRange } from '../../../shared/catalog/tree-types';
import { highlightSegments } from './highlight-segments';

/** Text with the matched characters in <mark>; plain text when nothing matched. */
export function HighlightedText({ text, ranges }: { text: string; ranges: readonly MatchRange[] }) {
  if (ranges.length === 0) return <>{text}</>;
  return (
    <>
      {highlightSegments(text, ranges).map((segment, index) =>
        segment.marked ? <mark key={index}>{segment.text}</mark> : segment.text,
      )}
    </>
  );
}
