/**
 * The search behind the catalog's search field: a prebuilt index of case-folded haystacks,
 * matched word by word, fast enough to run on every keystroke over 100,000 resources.
 */
import type { ResourceEntry, ServerId, TemplateEntry } from '../host-api';
import { bestOccurrence, contiguousScore, fuzzyScore, isSubsequence, subsequencePositions } from './fuzzy-match';
import { foldCase } from './natural-order';
import { resourceNodeId, templateNodeId } from './node-ids';
import { matchRanges } from './match-ranges';
import type { MatchRange, NodeMatch, SearchMatches } from './tree-types';

/** A searchable set of catalog entries. */
export interface SearchIndex {
  /** Adds entries, or replaces those already indexed under the same node id (a new page, a refresh). */
  add(serverId: ServerId, resources: readonly ResourceEntry[], templates: readonly TemplateEntry[]): void;
  /** Forgets one server's entries, or all of them. */
  clear(serverId?: ServerId): void;
  /**
   * Matches by node id (see build-tree.ts). Every whitespace-separated word must match some
   * field. An empty query gives an empty map, which callers read as "no filter". With `limit`,
   * only the best `limit` matches are kept.
   */
  search(query: string, limit?: number): SearchMatches;
  /** How many entries are indexed. */
  readonly size: number;
}

/** One indexed resource or template, immutable once made, so a match can refer to it later. */
export interface IndexedEntry {
  id: string;
  serverId: ServerId;
  /** Case-folded title, name, uri (or uriTemplate) and description; "" where absent. */
  fields: readonly [string, string, string, string];
  /** The fields joined by a character no query word holds, for a one-call rejection. */
  joined: string;
  isTemplate: boolean;
}

/** Title and name are what the row shows; the URI is read less; a description least. */
const FIELD_WEIGHTS = [1, 1, 0.6, 0.3] as const;
/** How many recent queries keep their full list of matches, for typing on and backspacing. */
const REMEMBERED_QUERIES = 8;

/** A match whose highlight ranges are worked out only when the UI asks, for the rows it shows. */
class LazyMatch implements NodeMatch {
  #ranges: MatchRange[] | undefined;
  constructor(
    readonly score: number,
    readonly entry: IndexedEntry,
    readonly words: readonly string[],
  ) {}
  get ranges(): MatchRange[] {
    this.#ranges ??= matchRanges(this.entry, this.words);
    return this.#ranges;
  }
}

/** Creates an empty index. */
export function createSearchIndex(): SearchIndex {
  let entries: IndexedEntry[] = [];
  const positions = new Map<string, number>();
  // Matches of recent queries, as positions in `entries`, valid until the entries change.
  let remembered: { query: string; matches: number[] }[] = [];

  function put(entry: IndexedEntry): void {
    const at = positions.get(entry.id);
    if (at === undefined) {
      positions.set(entry.id, entries.length);
      entries.push(entry);
    } else {
      entries[at] = entry;
    }
  }

  return {
    add(serverId, resources, templates) {
      for (const resource of resources) {
        put(indexed(resourceNodeId(serverId, resource.uri), serverId, false, [resource.title, resource.name, resource.uri, resource.description]));
      }
      for (const template of templates) {
        put(indexed(templateNodeId(serverId, template.uriTemplate), serverId, true, [template.title, template.name, template.uriTemplate, template.description]));
      }
      remembered = [];
    },
    clear(serverId) {
      entries = serverId === undefined ? [] : entries.filter((entry) => entry.serverId !== serverId);
      positions.clear();
      entries.forEach((entry, index) => positions.set(entry.id, index));
      remembered = [];
    },
    search(query, limit) {
      const words = foldCase(query).split(/\s+/).filter((word) => word !== '');
      if (words.length === 0) return new Map();
      const normalized = words.join(' ');
      // A query that extends an earlier one ("bil" → "bill", "bill" → "bill inv") can only
      // match a subset of that one's matches: every old word is still required, or a prefix
      // of a new word, and a prefix matches wherever the whole word does.
      const base = remembered.filter((earlier) => normalized.startsWith(earlier.query)).sort((a, b) => b.query.length - a.query.length)[0];
      const scores: number[] = [];
      const matched: number[] = [];
      const consider = (index: number): void => {
        const entry = entries[index];
        const score = entry === undefined ? 0 : scoreEntry(entry, words);
        if (score > 0) {
          matched.push(index);
          scores.push(score);
        }
      };
      if (base) for (const index of base.matches) consider(index);
      else for (let index = 0; index < entries.length; index += 1) consider(index);
      remembered = [{ query: normalized, matches: matched }, ...remembered.filter((earlier) => earlier.query !== normalized)].slice(0, REMEMBERED_QUERIES);
      return toMatches(entries, matched, scores, words, limit);
    },
    get size() {
      return entries.length;
    },
  };
}

function indexed(id: string, serverId: ServerId, isTemplate: boolean, raw: readonly (string | undefined)[]): IndexedEntry {
  const fields = [foldCase(raw[0] ?? ''), foldCase(raw[1] ?? ''), foldCase(raw[2] ?? ''), foldCase(raw[3] ?? '')] as const;
  return { id, serverId, fields, joined: fields.join('\u0000'), isTemplate };
}

/** The entry's score for the query: the sum of each word's best field, or 0 when a word matches nowhere. */
function scoreEntry(entry: IndexedEntry, words: readonly string[]): number {
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

function toMatches(entries: readonly IndexedEntry[], matched: number[], scores: number[], words: readonly string[], limit: number | undefined): SearchMatches {
  let order = matched.map((_, position) => position);
  if (limit !== undefined && limit < matched.length) {
    // Best first; equal scores keep catalog order, so the cut is deterministic.
    order = order.sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0) || a - b).slice(0, Math.max(0, limit));
  }
  const result = new Map<string, NodeMatch>();
  for (const position of order) {
    const entry = entries[matched[position] ?? -1];
    if (entry) result.set(entry.id, new LazyMatch(scores[position] ?? 0, entry, words));
  }
  return result;
}
