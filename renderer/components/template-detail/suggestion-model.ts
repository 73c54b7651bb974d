/** The arithmetic of the suggestion list: what "+N more" says and where the arrow keys go. Pure. */
import type { CompletionResult } from '../../../shared/mcp-types';

/**
 * "+12 more" when the server gave a total, "more available" when it only said hasMore, else null.
 */
export function moreNote(result: CompletionResult): string | null {
  // `total` is untrusted: only believe it when it is a count larger than what we have.
  if (
    typeof result.total === 'number' &&
    Number.isFinite(result.total) &&
    result.total > result.values.length
  ) {
    return `+${(result.total - result.values.length).toLocaleString('en')} more`;
  }
  return result.hasMore ? 'more available: type to narrow' : null;
}

/** The next active option for ArrowDown (+1) or ArrowUp (-1), wrapping; -1 means none is active. */
export function moveActive(active: number, count: number, step: 1 | -1): number {
  if (count === 0) return -1;
  if (active < 0) return step === 1 ? 0 : count - 1;
  return (active + step + count) % count;
}
