/** JSON pretty-printing, only where it is cheap. Pure. */
import { RICH_VIEW_LIMIT } from './content-limits';

export type JsonText =
  | { kind: 'pretty'; text: string }
  /** Not parsed: too large to parse and re-indent without stalling the page. */
  | { kind: 'too-large' }
  | { kind: 'invalid' };

/**
 * The JSON re-indented with two spaces when it is under the limit and parses; otherwise why not.
 */
export function prettyJson(text: string, limit = RICH_VIEW_LIMIT): JsonText {
  // Checked before JSON.parse: parsing a 10 MB line alone takes longer than a frame.
  if (text.length > limit) return { kind: 'too-large' };
  try {
    return { kind: 'pretty', text: JSON.stringify(JSON.parse(text), null, 2) };
  } catch {
    return { kind: 'invalid' };
  }
}
