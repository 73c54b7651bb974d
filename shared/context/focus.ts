/**
 * Relevance to a focus: a line of free text saying what the agent is about to do ("rotate the
 * database credentials"). Resources are ranked against it with BM25+ (term-index.ts) over their
 * title, name, description and the words of their URI, stemmed (Porter) so "credentials"
 * finds "credential", with prefix and light fuzzy matches for the rest. Our own fuzzy index
 * (catalog/search-index.ts) is for the search field, which wants every typed letter to count;
 * a focus wants words weighed by how rare they are. docs/CURATION.md says why each choice.
 */
import { stemmer } from 'stemmer';
import { MAX_FOCUS_LENGTH } from './focus-limits';
import { MAX_QUERY_TERMS, TermIndexBuilder, type TermIndex } from './term-index';

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
  'a an and are as at be but by can do does for from has have how i in into is it its me my of on or our so that the their them then there these this to up us was we what when where which who why will with you your'.split(
    ' ',
  ),
);

/** Title counts most, then the name (often the file name), then the description and URI words. */
const BOOST: Record<FocusField, number> = { title: 3, name: 2, description: 1, uri: 1, content: 1 };
/**
 * Characters of each listed field indexed: a 20,000-character description tells no more than its
 * start.
 */
const FIELD_CHARS = 2000;
/**
 * Characters of a resource's content the refinement reads: enough to tell, bounded for a huge one.
 */
const CONTENT_CHARS = 100_000;

/**
 * The words of a text: letters and digits in any script, with camelCase and snake_case split
 * ("getUserById" → get, user, by, id), so URI paths and identifiers read as words.
 */
export function focusWords(text: string): string[] {
  // Most catalog text is ASCII, for which plain classes do what the Unicode ones do, faster.
  const split = ASCII.test(text)
    ? text
        .replace(/([a-z])([A-Z])/g, '$1 $2')
        .replace(/([A-Z])([A-Z][a-z])/g, '$1 $2')
        .toLowerCase()
        .split(/[^a-z0-9]+/)
    : text
        .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
        .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u);
  return split.filter((word) => word !== '');
}

// eslint-disable-next-line no-control-regex
const ASCII = /^[\x00-\x7f]*$/;

// A catalog repeats its words (every URI of a folder, every title of a kind), and the stemmer
// is the costliest part of indexing: each word is stemmed once.
const terms = new Map<string, string | null>();
const TERMS_KEPT = 200_000;

/** A word as the index keeps it: stemmed, or dropped (null) when it is a stop word. */
function termOf(word: string): string | null {
  let term = terms.get(word);
  if (term === undefined) {
    // The Porter stemmer is for English; other scripts pass through unchanged.
    term = STOP_WORDS.has(word) ? null : /^[a-z]+$/.test(word) ? stemmer(word) : word;
    if (terms.size >= TERMS_KEPT) terms.clear();
    terms.set(word, term);
  }
  return term;
}

/** The terms of a text, in order, stop words dropped. */
function termsOf(text: string): string[] {
  const out: string[] = [];
  for (const word of focusWords(text)) {
    const term = termOf(word);
    if (term !== null) out.push(term);
  }
  return out;
}

/** The URI without its scheme, so "file" or "https" does not match every resource of a server. */
function uriText(uri: string): string {
  return uri.replace(/^[a-z][a-z0-9+.-]*:/i, '');
}

/** An index over some fields of some documents, with the keys of its documents in order. */
interface Indexed {
  index: TermIndex;
  keys: readonly string[];
  fields: readonly FocusField[];
}

/** Takes documents one at a time into an index over `fields`; `text` gives a field's text. */
function indexer<T extends { key: string }>(
  fields: readonly FocusField[],
  text: (document: T, field: FocusField) => string,
) {
  const builder = new TermIndexBuilder(fields.length);
  const keys: string[] = [];
  const seen = new Set<string>();
  return {
    add(document: T): void {
      // A server may list a URI twice; the first listing stands, as in the policy.
      if (seen.has(document.key)) return;
      seen.add(document.key);
      keys.push(document.key);
      builder.add(fields.map((field) => termsOf(text(document, field))));
    },
    done: (): Indexed => ({ index: builder.build(), keys, fields }),
  };
}

function indexOf<T extends { key: string }>(
  documents: Iterable<T>,
  fields: readonly FocusField[],
  text: (document: T, field: FocusField) => string,
): Indexed {
  const taking = indexer(fields, text);
  for (const document of documents) taking.add(document);
  return taking.done();
}

const listedText = (document: FocusDocument, field: FocusField) =>
  (field === 'uri'
    ? uriText(document.uri)
    : ((document as unknown as Record<string, string | undefined>)[field] ?? '')
  ).slice(0, FIELD_CHARS);

function focusIndex(indexed: Indexed): FocusIndex {
  return {
    get size() {
      return indexed.keys.length;
    },
    rank(focus) {
      return search(indexed, focus);
    },
  };
}

/**
 * Indexes resources for ranking by focus. Build it once per catalog and rank many times:
 * indexing is linear in the catalog, a ranking in the postings of the focus's words.
 * Documents are taken in the order given; give them in key order so that scores, which sum
 * floating point over the index, are the same whatever order the catalog arrived in.
 */
export function createFocusIndex(documents: Iterable<FocusDocument>): FocusIndex {
  return focusIndex(indexOf(documents, LISTED_FIELDS, listedText));
}

/** Documents indexed between two pauses of {@link indexForFocus}: about 10 ms of work. */
const INDEX_SLICE = 2000;

/**
 * {@link createFocusIndex} in slices, awaiting `pause` between them, so that indexing 100,000
 * resources (about a second) never holds the thread that also answers the windows.
 */
export async function indexForFocus(
  documents: readonly FocusDocument[],
  pause: () => Promise<void>,
): Promise<FocusIndex> {
  const taking = indexer(LISTED_FIELDS, listedText);
  for (let at = 0; at < documents.length; at += 1) {
    if (at > 0 && at % INDEX_SLICE === 0) await pause();
    taking.add(documents[at] as FocusDocument);
  }
  return focusIndex(taking.done());
}

/** The focus's terms (stemmed, no stop words), each with the first word it came from. */
function focusTerms(focus: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const word of focusWords(focus.slice(0, MAX_FOCUS_LENGTH))) {
    const term = termOf(word);
    if (term !== null && !found.has(term) && found.size < MAX_QUERY_TERMS) found.set(term, word);
  }
  return found;
}

function search(indexed: Indexed, focus: string): Map<string, FocusMatch> {
  const query = focusTerms(focus);
  const ranked = new Map<string, FocusMatch>();
  if (query.size === 0) return ranked;
  const words = [...query.values()];
  const hits = indexed.index.search(
    [...query.keys()],
    indexed.fields.map((field) => BOOST[field]),
  );
  let best = 0;
  for (const doc of hits.docs) best = Math.max(best, hits.score[doc] as number);
  // Many matches share which words and fields matched: one array each, not one per match.
  const wordLists = new Map<number, string[]>();
  const fieldLists = new Map<number, FocusField[]>();
  for (const doc of hits.docs) {
    const termMask = hits.terms[doc] as number;
    const fieldMask = hits.fields[doc] as number;
    let matched = wordLists.get(termMask);
    if (!matched)
      wordLists.set(termMask, (matched = words.filter((_, bit) => (termMask & (1 << bit)) !== 0)));
    let fields = fieldLists.get(fieldMask);
    if (!fields) {
      const named = new Set(indexed.fields.filter((_, bit) => (fieldMask & (1 << bit)) !== 0));
      fieldLists.set(fieldMask, (fields = FOCUS_FIELDS.filter((field) => named.has(field))));
    }
    ranked.set(indexed.keys[doc] as string, {
      score: best > 0 ? (hits.score[doc] as number) / best : 0,
      words: matched,
      fields,
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
export function refineByContent(
  listed: ReadonlyMap<string, FocusMatch>,
  read: readonly { key: string; text: string }[],
  focus: string,
): ReadonlyMap<string, FocusMatch> {
  if (read.length === 0) return listed;
  const inContent = search(
    indexOf(read, ['content'], (entry) => entry.text.slice(0, CONTENT_CHARS)),
    focus,
  );
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
