/**
 * One entry of the search index as it is searched: the tier a query matches it in, read from
 * the columns of search-columns.ts (masks first, which reject most entries without reading their
 * text), and its score, from its fields made into strings.
 */
import {
  bestOccurrence,
  contiguousScore,
  fuzzyScore,
  hasCompactSubsequence,
  isSubsequence,
  subsequencePositions,
} from './fuzzy-match';
import type { HighlightedEntry } from './match-ranges';
import type { Chunk } from './search-columns';
import { MATCH_TIERS } from './tree-types';

/** Title and name are what the row shows; the URI is read less; a description least. */
const FIELD_WEIGHTS = [1, 1, 0.6, 0.3] as const;

/**
 * Per query word, where it next occurs in the chunk being searched: entries are tried in slot
 * order, so each word's occurrences are found with one forward pass of indexOf over the chunk's
 * text, however many entries are tried. -2: not looked for yet; -1: none further.
 */
export function newCursors(words: number): Int32Array {
  return new Int32Array(words).fill(-2);
}

/**
 * The tier in which every word matches some field of entry `local` of `chunk` (what a score
 * above 0 means, without scoring), or 0 when one does not: exact when the whole query is a
 * field or the URI's last segment, contains when every word is in a field as typed, else
 * fuzzy. `cursors` belong to this chunk and this query, and entries must come in slot order.
 */
export function matchTier(
  chunk: Chunk,
  local: number,
  words: readonly string[],
  masks: readonly number[],
  query: string,
  cursors: Int32Array,
): number {
  const entryMask = chunk.mask[local] as number;
  const base = local * 4;
  const start = chunk.starts[base] as number;
  // The last field's end: its FIELD_END, which no word holds, so a hit before it is inside.
  const end = (chunk.starts[base + 4] as number) - 1;
  const text = chunk.text;
  let fuzzy = false;
  for (let w = 0; w < words.length; w += 1) {
    const word = words[w] as string;
    const need = masks[w] as number;
    // A letter or digit of the word that no field holds: no match, without reading the text.
    if ((entryMask & need) !== need) return 0;
    // A one-letter word is in the text exactly when its bit is in the mask (digits share bits).
    if (word.length === 1 && isLetter(word)) continue;
    // Contiguous anywhere in the entry means contiguous in one field (FIELD_END separates them).
    let at = cursors[w] as number;
    if (at !== -1 && at < start) cursors[w] = at = text.indexOf(word, start);
    if (at !== -1 && at + word.length <= end) continue;
    let found = false;
    for (let field = 0; field < 4 && !found; field += 1) {
      found =
        ((chunk.masks[base + field] as number) & need) === need &&
        hasCompactSubsequence(
          text,
          word,
          chunk.starts[base + field] as number,
          (chunk.starts[base + field + 1] as number) - 1,
        );
    }
    if (!found) return 0;
    fuzzy = true;
  }
  if (fuzzy) return MATCH_TIERS.fuzzy;
  return isExact(chunk, base, query) ? MATCH_TIERS.exact : MATCH_TIERS.contains;
}

/** The whole query is the title, the name, the URI or its last segment. */
function isExact(chunk: Chunk, base: number, query: string): boolean {
  const { text, starts } = chunk;
  for (let field = 0; field < 3; field += 1) {
    const from = starts[base + field] as number;
    const to = (starts[base + field + 1] as number) - 1;
    if (to - from === query.length && text.startsWith(query, from)) return true;
  }
  const uriFrom = starts[base + 2] as number;
  const uriEnd = (starts[base + 3] as number) - 1;
  const at = uriEnd - query.length;
  return at > uriFrom && text.startsWith(query, at) && '/:'.includes(text.charAt(at - 1));
}

function isLetter(character: string): boolean {
  const code = character.charCodeAt(0);
  return code >= 97 && code <= 122;
}

/**
 * The entry's score for the query: the sum of each word's best field, or 0 when a word matches
 * nowhere.
 */
export function scoreEntry(entry: HighlightedEntry, words: readonly string[]): number {
  let total = 0;
  for (const word of words) {
    const score = wordScore(entry, word);
    if (score === 0) return 0;
    total += score;
  }
  return total;
}

function wordScore(entry: HighlightedEntry, word: string): number {
  const contiguous = entry.joined.includes(word);
  // Most entries fail here when typing a real word: not even the characters, in order, anywhere.
  // (Fuzzy matches must also be compact, which subsequencePositions checks.)
  if (!contiguous && !isSubsequence(entry.joined, word)) return 0;
  let best = 0;
  for (let field = 0; field < 4; field += 1) {
    const text = entry.fields[field] ?? '';
    const weight = FIELD_WEIGHTS[field] ?? 0;
    if (contiguous) {
      const index = bestOccurrence(text, word);
      if (index !== -1) best = Math.max(best, contiguousScore(text, word, index) * weight);
    } else {
      const found = subsequencePositions(text, word);
      if (found) best = Math.max(best, fuzzyScore(text, found) * weight);
    }
  }
  return best;
}
