/**
 * How much of a content item is worked on. Layout, highlighting and Markdown parsing cost time in
 * proportion to the text, so a 30 MB resource is shown a slice at a time and only small ones are
 * highlighted or rendered. Pure.
 */

/** Characters shown at first, and added by each "Show more": about 1 MB. */
export const DISPLAY_STEP = 1_000_000;
/**
 * Above this many characters "Show all" is not offered: laying out more freezes the page for
 * seconds.
 */
export const SHOW_ALL_LIMIT = 8_000_000;
/**
 * Highlighting, JSON pretty-printing and Markdown rendering only below this many characters (200
 * KB).
 */
export const RICH_VIEW_LIMIT = 200 * 1024;
/** A blob labelled as text is decoded only up to this many bytes. */
export const DECODE_TEXT_LIMIT = 8 * 1024 * 1024;
/** Bytes shown in a binary item's hex dump. */
export const HEX_DUMP_BYTES = 256;

export interface TextSlice {
  /** What to put on screen. */
  shown: string;
  /** Characters left out after it. */
  remaining: number;
}

/**
 * The first `limit` characters, never splitting a surrogate pair (which would show as a broken
 * glyph).
 */
export function sliceForDisplay(text: string, limit: number): TextSlice {
  if (text.length <= limit) return { shown: text, remaining: 0 };
  let end = Math.max(0, limit);
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return { shown: text.slice(0, end), remaining: text.length - end };
}

/** The next display limit after "Show more", or the whole text after "Show all". */
export function nextLimit(current: number, total: number, all: boolean): number {
  return all ? total : Math.min(total, current + DISPLAY_STEP);
}

/** "Show all" is offered only while the whole text is cheap enough to lay out. */
export function canShowAll(total: number): boolean {
  return total <= SHOW_ALL_LIMIT;
}
