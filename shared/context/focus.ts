/**
 * Relevance to a focus: a line of free text saying what the agent is about to do ("rotate the
 * database credentials"). Resources are ranked against it with BM25+ (MiniSearch) over their
 * title, name, description and the words of their URI, stemmed (Porter) so "credentials"
 * finds "credential", with prefix and light fuzzy matches for the rest. Our own fuzzy index
 * (catalog/search-index.ts) is for the search field, which wants every typed letter to count;
 * a focus wants words weighed by how rare they are. docs/CURATION.md says why each choice.
 */
import MiniSearch from 'minisearch';
import { stemmer } from 'stemmer';
import { MAX_FOCUS_LENGTH } from './focus-limits';

/** What the ranking reads of one resource. */
export interface FocusDocument {
  /** The resource key (catalog/resource-key.ts). */
  key: string;
  uri: string;
  name: string;
  title?: string;
  description?: string;
}

/** Where a focus word was found, in the order a reason names them; `content` once read. */
export const FOCUS_FIELDS = ['title', 'name', 'description', 'uri', 'content'] as const;
export type FocusField = (typeof FOCUS_FIELDS)[number];
/** The fields of a catalog entry, indexed before anything is read. */
const LISTED_FIELDS = ['title', 'name', 'description', 'uri'] as const;

/** How one resource matched a focus. */
export interface FocusMatch {
  /** 0 to 1: its BM25+ score over the best score of this focus. */
  score: number;
  /** The focus's own words that matched, in the focus's order. */
  words: string[];
  /** The fields they matched in, in {@link FOCUS_FIELDS} order. */
  fields: FocusField[];
}

export interface FocusIndex {
  /** Every resource that matches `focus` at all, by key. Empty for a focus of no words. */
  rank(focus: string): ReadonlyMap<string, FocusMatch>;
  readonly size: number;
}

/** Words too common to tell resources apart (English function words; BM25 weighs the rest). */
const STOP_WORDS = new Set(
  'a an and are as at be but by can do does for from has have how i in into is it its me my of on or our so that the their them then there these this to up us was we what when where which who why will with you your'.split(' '),
);

/** Title counts most, then the name (often the file name), then the description and URI words. */
const BOOST: Record<FocusField, number> = { title: 3, name: 2, description: 1, uri: 1, content: 1 };
/** Characters of each listed field indexed: a 20,000-character description tells no more than its start. */
const FIELD_CHARS = 2000;
/** Characters of a resource's content the refinement reads: enough to tell, bounded for a huge one. */
const CONTENT_CHARS = 100_000;

/**
 * The words of a text: letters and digits in any script, with camelCase and snake_case split
 * ("getUserById" → get, user, by, id), so URI paths and identifiers read as words.
 */
export function focusWords(text: string): string[] {
  return text
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

/** A word as the index keeps it: stemmed, or dropped (null) when it is a stop word. */
function termOf(word: string): string | null {
  if (STOP_WORDS.has(word)) return null;
  // The Porter stemmer is for English; other scripts pass through unchanged.
  return /^[a-z]+$/.test(word) ? stemmer(word) : word;
}

/** The URI without its scheme, so "file" or "https" does not match every resource of a server. */
function uriText(uri: string): string {
  return uri.replace(/^[a-z][a-z0-9+.-]*:/i, '');
}

/**
 * Indexes resources for ranking by focus. Build it once per catalog and rank many times:
 * indexing is linear in the catalog, a ranking only in the postings of the focus's words.
 * Documents are taken in the order given; give them in key order so that scores, which sum
 * floating point over the index, are the same whatever order the catalog arrived in.
 */
export function createFocusIndex(documents: Iterable<FocusDocument>): FocusIndex {
  const index = new MiniSearch<FocusDocument>({
    idField: 'key',
    fields: [...LISTED_FIELDS],
    extractField: (document, field) => {
      if (field === 'key') return document.key;
      if (field === 'uri') return uriText(document.uri).slice(0, FIELD_CHARS);
      return (((document as unknown as Record<string, unknown>)[field] as string | undefined) ?? '').slice(0, FIELD_CHARS);
    },
    tokenize: focusWords,
    processTerm: termOf,
  });
  for (const document of documents) {
    // A server may list a URI twice; the first listing stands, as in the policy.
    if (!index.has(document.key)) index.add(document);
  }
  return {
    get size() {
      return index.documentCount;
    },
    rank(focus) {
      return search(index, focus);
    },
  };
}

/** The focus's terms (stemmed, no stop words), each with the first word it came from. */
function focusTerms(focus: string): Map<string, string> {
  const terms = new Map<string, string>();
  for (const word of focusWords(focus.slice(0, MAX_FOCUS_LENGTH))) {
    const term = termOf(word);
    if (term !== null && !terms.has(term)) terms.set(term, word);
  }
  return terms;
}

function search(index: MiniSearch<FocusDocument>, focus: string): Map<string, FocusMatch> {
  const terms = focusTerms(focus);
  const ranked = new Map<string, FocusMatch>();
  if (terms.size === 0) return ranked;
  const results = index.search([...terms.keys()].join(' '), {
    boost: BOOST,
    combineWith: 'OR',
    // A prefix of 4 letters or more ("auth" → "authentication"), and one typo in 6 letters.
    prefix: (term) => term.length >= 4,
    fuzzy: (term) => (term.length >= 6 ? 1 : false),
    maxFuzzy: 1,
    // The query is already stemmed and stripped of stop words.
    processTerm: (term) => term,
    tokenize: (query) => query.split(' '),
  });
  const best = results[0]?.score ?? 0;
  for (const result of results) {
    const matched = new Set(result.queryTerms);
    const fields = new Set(Object.values(result.match).flat());
    ranked.set(result.id as string, {
      score: best > 0 ? result.score / best : 0,
      words: [...terms].filter(([term]) => matched.has(term)).map(([, word]) => word),
      fields: FOCUS_FIELDS.filter((field) => fields.has(field)),
    });
  }
  return ranked;
}

/**
 * The ranking refined by what the best matches say inside: `read` holds the text of the
 * resources read for it (the top of `listed`'s rank, so the same ones whoever asks). Content
 * only lifts: a match inside closes up to half the gap between a resource's listing score and
 * 1, and a title that says it all is not lowered for a body that does not repeat it. The rest
 * keep their listing's score.
 */
export function refineByContent(listed: ReadonlyMap<string, FocusMatch>, read: readonly { key: string; text: string }[], focus: string): ReadonlyMap<string, FocusMatch> {
  if (read.length === 0) return listed;
  const index = new MiniSearch<{ key: string; content: string }>({ idField: 'key', fields: ['content'], tokenize: focusWords, processTerm: termOf });
  for (const entry of read) if (!index.has(entry.key)) index.add({ key: entry.key, content: entry.text.slice(0, CONTENT_CHARS) });
  const inContent = search(index as unknown as MiniSearch<FocusDocument>, focus);
  const refined = new Map(listed);
  for (const { key } of read) {
    const before = listed.get(key);
    const content = inContent.get(key);
    if (!before && !content) continue;
    const words = new Set([...(before?.words ?? []), ...(content?.words ?? [])]);
    const fields = new Set([...(before?.fields ?? []), ...(content ? ['content' as const] : [])]);
    refined.set(key, {
      score: (before?.score ?? 0) + 0.5 * (content?.score ?? 0) * (1 - (before?.score ?? 0)),
      // In the focus's own order.
      words: [...focusTerms(focus).values()].filter((word) => words.has(word)),
      fields: FOCUS_FIELDS.filter((field) => fields.has(field)),
    });
  }
  return refined;
}
