/**
 * One entry of the search index as it is searched: its case-folded fields and the masks that
 * reject most entries without reading their text, the tier a query matches it in, and its score.
 */
import {
  bestOccurrence,
  contiguousScore,
  fuzzyScore,
  hasCompactSubsequence,
  isSubsequence,
  subsequencePositions,
} from './fuzzy-match';
import { foldCase } from './natural-order';
import { MATCH_TIERS } from './tree-types';
import type { ServerId } from '../mcp-types';

/** One indexed resource or template, immutable once made, so a match can refer to it later. */
export interface IndexedEntry {
  id: string;
  serverId: ServerId;
  /** Case-folded title, name, uri (or uriTemplate) and description; "" where absent. */
  fields: readonly [string, string, string, string];
  /** The fields joined by a character no query word holds, for a one-call rejection. */
  joined: string;
  /**
   * Which letters and digits each field holds (see {@link characterMask}), for a rejection without
   * reading the text.
   */
  masks: readonly [number, number, number, number];
  /** The four masks together. */
  mask: number;
  isTemplate: boolean;
}

/** Title and name are what the row shows; the URI is read less; a description least. */
const FIELD_WEIGHTS = [1, 1, 0.6, 0.3] as const;
/**
 * The tier in which every word matches some field (what a score above 0 means, without
 * scoring), or 0 when one does not: exact when the whole query is a field or the URI's last
 * segment, contains when every word is in a field as typed, else fuzzy.
 */
export function matchTier(
  entry: IndexedEntry | undefined,
  words: readonly string[],
  masks: readonly number[],
  query: string,
): number {
  if (!entry) return 0;
  let fuzzy = false;
  for (let w = 0; w < words.length; w += 1) {
    const word = words[w] as string;
    const need = masks[w] as number;
    // A letter or digit of the word that no field holds: no match, without reading the text.
    if ((entry.mask & need) !== need) return 0;
    // A one-letter word is in the text exactly when its bit is in the mask (digits share bits).
    if (word.length === 1 && isLetter(word)) continue;
    // Contiguous in the joined fields means contiguous in one field (the joint is a character
    // no word holds), and any contiguous occurrence scores.
    if (entry.joined.includes(word)) continue;
    let found = false;
    for (let field = 0; field < 4 && !found; field += 1) {
      found =
        ((entry.masks[field] as number) & need) === need &&
        hasCompactSubsequence(entry.fields[field] as string, word);
    }
    if (!found) return 0;
    fuzzy = true;
  }
  if (fuzzy) return MATCH_TIERS.fuzzy;
  return isExact(entry, query) ? MATCH_TIERS.exact : MATCH_TIERS.contains;
}

/** The whole query is the title, the name, the URI or its last segment. */
function isExact(entry: IndexedEntry, query: string): boolean {
  const [title, name, uri] = entry.fields;
  if (title === query || name === query || uri === query) return true;
  return (
    uri.length > query.length &&
    uri.endsWith(query) &&
    '/:'.includes(uri.charAt(uri.length - query.length - 1))
  );
}

function isLetter(character: string): boolean {
  const code = character.charCodeAt(0);
  return code >= 97 && code <= 122;
}

/**
 * A bit per letter a to z, and four bits shared by the digits, set for each one `text` holds
 * (case-folded text). Under 2^30, so V8 keeps it a small integer.
 */
export function characterMask(text: string): number {
  let mask = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code >= 97 && code <= 122) mask |= 1 << (code - 97);
    else if (code >= 48 && code <= 57) mask |= 1 << (26 + ((code - 48) & 3));
  }
  return mask;
}

export function indexed(
  id: string,
  serverId: ServerId,
  isTemplate: boolean,
  raw: readonly (string | undefined)[],
): IndexedEntry {
  const fields = [
    foldCase(raw[0] ?? ''),
    foldCase(raw[1] ?? ''),
    foldCase(raw[2] ?? ''),
    foldCase(raw[3] ?? ''),
  ] as const;
  const masks = [
    characterMask(fields[0]),
    characterMask(fields[1]),
    characterMask(fields[2]),
    characterMask(fields[3]),
  ] as const;
  return {
    id,
    serverId,
    fields,
    joined: fields.join('\u0000'),
    masks,
    mask: masks[0] | masks[1] | masks[2] | masks[3],
    isTemplate,
  };
}

/**
 * The entry's score for the query: the sum of each word's best field, or 0 when a word matches
 * nowhere.
 */
export function scoreEntry(entry: IndexedEntry, words: readonly string[]): number {
  let total = 0;
  for (const word of words) {
    const score = wordScore(entry, word);
    if (score === 0) return 0;
    total += score;
  }
  return total;
}

function wordScore(entry: IndexedEntry, word: string): number {
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
