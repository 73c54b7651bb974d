/** Bounds of the focus text, apart from focus.ts so that checking one loads no search library. */

/** Longest focus read, in characters: a paragraph, not a document. */
export const MAX_FOCUS_LENGTH = 1000;
