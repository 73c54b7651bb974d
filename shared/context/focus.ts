/**
 * Relevance to a focus: a line of free text saying what the agent is about to do ("rotate the
 * database credentials"). Resources are scored with BM25F over their title, name, description,
 * the words of their URI and, once read, their content (focus-words.ts says which words count).
 * A resource is **relevant** when it scores within reach of the best match; the rest matched
 * too little to take a place in the context. Our fuzzy index (catalog/search-index.ts) is for
 * the search field, which wants every typed letter to count; a focus wants words weighed by
 * how rare they are. docs/CURATION.md says why each choice, with the evaluation's figures.
 * This file builds the index; focus-score.ts scores a focus over it.
 */
import { pairIndexer } from './focus-pairs';
import type { FocusRanking } from './focus-ranking';
import { search, LISTED_FIELDS, type ContentIndex, type Listed } from './focus-score';
import { termsOf } from './focus-words';
import { TermIndexBuilder } from './term-index';

export { focusWords } from './focus-words';
export { FOCUS_FIELDS, FocusRanking, type FocusField, type FocusMatch } from './focus-ranking';
export { RELEVANT_SHARE, type ContentIndex } from './focus-score';

/** What the ranking reads of one resource's listing: a catalog entry is one. */
export interface FocusListing {
  uri: string;
  name: string;
  title?: string;
  description?: string;
}

/** A listing with its resource key (catalog/resource-key.ts). */
export interface FocusDocument extends FocusListing {
  key: string;
}

/**
 * Documents given by place rather than as objects: each one's key (none twice), its listing
 * (the catalog's own entry), and a key's place. An index over a catalog keeps no copy of it.
 */
export interface FocusDocuments {
  readonly keys: readonly string[];
  listingAt(doc: number): FocusListing;
  docOf(key: string): number | undefined;
}

export interface FocusIndex {
  /**
   * Every resource that matches `focus` at all, by key, its content counted where `content` has
   * it. Empty for a focus of no words.
   */
  rank(focus: string, content?: ContentIndex): FocusRanking;
  readonly size: number;
}

/** The terms of a content's lead (where a word counts more: focus-score.ts). */
const LEAD_TERMS = 60;
/** Characters of each listed field indexed: a 20,000-character description tells no more. */
const FIELD_CHARS = 2000;
/** Characters of a resource's content indexed: enough to tell, bounded for a huge one. */
export const CONTENT_CHARS = 100_000;

/** Takes documents one at a time into an index; `fieldsOf` gives a document's terms by field. */
function indexer<T extends { key: string }>(
  fieldCount: number,
  fieldsOf: (document: T) => string[][],
) {
  const builder = new TermIndexBuilder(fieldCount);
  const keys: string[] = [];
  const seen = new Set<string>();
  return {
    add(document: T): void {
      // A server may list a URI twice; the first listing stands, as in the policy.
      if (seen.has(document.key)) return;
      seen.add(document.key);
      keys.push(document.key);
      builder.add(fieldsOf(document));
    },
    done: () => ({ index: builder.build(), keys }),
  };
}

/** A document's place by key, made when first asked for, for documents given as objects. */
function docOfKeys(keys: readonly string[]): (key: string) => number | undefined {
  let docs: Map<string, number> | undefined;
  return (key) => (docs ??= new Map(keys.map((each, doc) => [each, doc]))).get(key);
}

const listedTerms = (document: FocusListing): string[][] =>
  LISTED_FIELDS.map((field) =>
    termsOf(
      (field === 'uri'
        ? // Without its scheme, so "file" or "https" does not match every resource of a server.
          document.uri.replace(/^[a-z][a-z0-9+.-]*:/i, '')
        : (document[field] ?? '')
      ).slice(0, FIELD_CHARS),
    ),
  );

/**
 * A content's terms in two fields: its lead (the first {@link LEAD_TERMS}, where a document says
 * what it is about) and the rest; `pairs` is given them all, for the index of pairs.
 */
const contentTerms =
  (pairs: { add(terms: readonly string[]): void }) =>
  (entry: { text: string }): string[][] => {
    const terms = termsOf(entry.text.slice(0, CONTENT_CHARS));
    pairs.add(terms);
    return [terms.slice(0, LEAD_TERMS), terms.slice(LEAD_TERMS)];
  };

/** Rankings an index keeps, newest last: a run asks the same focus twice, and so does the next. */
const KEPT_RANKINGS = 4;

function focusIndex(listed: Listed): FocusIndex {
  // The same focus over the same contents gives the same map, so what is derived from it (the
  // policy's focus order) is derived once too.
  const kept: { focus: string; content?: ContentIndex; ranked: FocusRanking }[] = [];
  return {
    get size() {
      return listed.keys.length;
    },
    rank(focus, content) {
      const at = kept.findIndex((entry) => entry.focus === focus && entry.content === content);
      if (at >= 0) {
        const [entry] = kept.splice(at, 1);
        kept.push(entry as (typeof kept)[number]);
        return (entry as (typeof kept)[number]).ranked;
      }
      const ranked = search(listed, content, focus);
      kept.push({ focus, ...(content && { content }), ranked });
      if (kept.length > KEPT_RANKINGS) kept.shift();
      return ranked;
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
  const taking = indexer<FocusDocument>(LISTED_FIELDS.length, listedTerms);
  for (const document of documents) taking.add(document);
  const done = taking.done();
  return focusIndex({ ...done, docOf: docOfKeys(done.keys) });
}

/** Documents indexed between two pauses of {@link indexForFocus}: about 10 ms of work. */
const INDEX_SLICE = 2000;

/**
 * {@link createFocusIndex} in slices, awaiting `pause` between them, so that indexing 100,000
 * resources (about a second) never holds the thread that also answers the windows.
 */
export async function indexForFocus(
  documents: readonly FocusDocument[] | FocusDocuments,
  pause: () => Promise<void>,
): Promise<FocusIndex> {
  if (!('listingAt' in documents)) {
    const taking = indexer<FocusDocument>(LISTED_FIELDS.length, listedTerms);
    for (let at = 0; at < documents.length; at += 1) {
      if (at > 0 && at % INDEX_SLICE === 0) await pause();
      taking.add(documents[at] as FocusDocument);
    }
    const done = taking.done();
    return focusIndex({ ...done, docOf: docOfKeys(done.keys) });
  }
  const builder = new TermIndexBuilder(LISTED_FIELDS.length);
  for (let doc = 0; doc < documents.keys.length; doc += 1) {
    if (doc > 0 && doc % INDEX_SLICE === 0) await pause();
    builder.add(listedTerms(documents.listingAt(doc)));
  }
  return focusIndex({ index: builder.build(), keys: documents.keys, docOf: documents.docOf });
}

/** Characters of content indexed between two pauses of {@link indexContents}. */
const CONTENT_SLICE = 400_000;

/**
 * Indexes what resources say inside, given in key order (so scores do not depend on the order
 * they were read in), awaiting `pause` between slices of about 400 KB.
 */
export async function indexContents(
  read: readonly { key: string; text: string }[],
  pause: () => Promise<void> = async () => {},
): Promise<ContentIndex> {
  // The indexer takes each key once, and only then asks its terms: the pairs stay in step.
  const pairs = pairIndexer();
  const taking = indexer<{ key: string; text: string }>(2, contentTerms(pairs));
  let since = 0;
  for (const entry of read) {
    if (since >= CONTENT_SLICE) {
      await pause();
      since = 0;
    }
    taking.add(entry);
    since += Math.min(entry.text.length, CONTENT_CHARS);
  }
  return { ...taking.done(), pairs: pairs.done() };
}
