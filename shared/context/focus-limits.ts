/**
 * Bounds of a focus: its text, and how much of a catalog it reads. Apart from focus.ts, so that
 * a window checking one loads no search library.
 */

/** Longest focus read, in characters: a paragraph, not a document. */
export const MAX_FOCUS_LENGTH = 1000;

/**
 * A catalog of at most this many text resources in play is read whole for a focus: on this
 * machine, reading and indexing 451 READMEs (3.8 MB) takes about a second once, and nothing
 * per keystroke after (docs/CURATION.md).
 */
export const READ_ALL_FOR_FOCUS = 1000;
