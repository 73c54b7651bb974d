/**
 * Relevance to a focus: a line of free text saying what the agent is about to do ("rotate the
 * database credentials"). Resources are scored with BM25F over their title, name, description,
 * the words of their URI and, once read, their content (focus-words.ts says which words count).
 * A resource is **relevant** when it scores within reach of the best match; the rest matched
 * too little to take a place in the context. Our fuzzy index (catalog/search-index.ts) is for
 * the search field, which wants every typed letter to count; a focus wants words weighed by
 * how rare they are. docs/CURATION.md says why each choice, with the evaluation's figures.
 */
import { addPairs, pairIndexer, rareOf } from './focus-pairs';
import { queryTerms, termsOf, type QueryTerm } from './focus-words';
import { FUZZY_MIN, TermIndexBuilder, type TermIndex } from './term-index';

export { focusWords } from './focus-words';

/** What the ranking reads of one resource's listing. */
export interface FocusDocument {
  /** The resource key (catalog/resource-key.ts). */
  key: string;
  uri: string;
  name: string;
  title?: string;
  description?: string;
}

/** Where a focus word was found, in the order a reason names them. */
export const FOCUS_FIELDS = ['title', 'name', 'description', 'uri', 'content'] as const;
export type FocusField = (typeof FOCUS_FIELDS)[number];
/** The fields of a catalog entry, indexed before anything is read. */
const LISTED_FIELDS = ['title', 'name', 'description', 'uri'] as const;

/** How one resource matched a focus. */
export interface FocusMatch {
  /** 0 to 1: its score over the best score of this focus. */
  score: number;
  /** The focus's own words that matched, in the focus's order. */
  words: string[];
  /** The fields they matched in, in {@link FOCUS_FIELDS} order. */
  fields: FocusField[];
  /** It scored within reach of the best match ({@link RELEVANT_SHARE} of it or more). */
  relevant: boolean;
}

/** The contents read so far, indexed: the content field of the resources they belong to. */
export interface ContentIndex {
  readonly index: TermIndex;
  readonly keys: readonly string[];
  /** Each content's pairs of neighbouring terms, in the same order (focus-pairs.ts). */
  readonly pairs: TermIndex;
}

export interface FocusIndex {
  /**
   * Every resource that matches `focus` at all, by key, its content counted where `content` has
   * it. Empty for a focus of no words.
   */
  rank(focus: string, content?: ContentIndex): ReadonlyMap<string, FocusMatch>;
  readonly size: number;
}

/**
 * BM25F: each field's term frequency, weighted and normalized by the field's length, is summed
 * before one saturation, so a word in the title and the body is one word found twice, not two.
 */
const K1 = 2;
const WEIGHT: Record<FocusField, number> = {
  title: 3,
  name: 2,
  description: 1.5,
  uri: 1.5,
  content: 1,
};
const LENGTH_NORM: Record<FocusField, number> = {
  title: 0.5,
  name: 0.5,
  description: 0.6,
  uri: 0.5,
  content: 0.75,
};
/** The terms of a content's lead, and how much more a word there counts than further on. */
const LEAD_TERMS = 60;
const LEAD_WEIGHT = 2;
/** A word being typed also matches the longer words it begins, at this share. */
const PREFIX_WEIGHT = 0.4;
/** A word the catalog does not have matches those one typo away, at this share. */
const TYPO_WEIGHT = 0.5;
/** A resource is relevant when it scores this share of the best match or more. */
export const RELEVANT_SHARE = 0.35;
/** How much covering the focus's rare words counts: the score × the share covered to this power. */
const COVERAGE_POWER = 1;
/** Longer words a prefix stands for, at most. */
const PREFIX_TERMS = 64;

/** Characters of each listed field indexed: a 20,000-character description tells no more. */
const FIELD_CHARS = 2000;
/** Characters of a resource's content indexed: enough to tell, bounded for a huge one. */
export const CONTENT_CHARS = 100_000;

/** The listing index, with its keys in document order. */
interface Listed {
  index: TermIndex;
  keys: readonly string[];
  /** Document by key, made when content is first scored. */
  docOf?: Map<string, number>;
}

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

const listedTerms = (document: FocusDocument): string[][] =>
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

function focusIndex(listed: Listed): FocusIndex {
  return {
    get size() {
      return listed.keys.length;
    },
    rank: (focus, content) => search(listed, content, focus),
  };
}

/**
 * Indexes resources for ranking by focus. Build it once per catalog and rank many times:
 * indexing is linear in the catalog, a ranking in the postings of the focus's words.
 * Documents are taken in the order given; give them in key order so that scores, which sum
 * floating point over the index, are the same whatever order the catalog arrived in.
 */
export function createFocusIndex(documents: Iterable<FocusDocument>): FocusIndex {
  const taking = indexer(LISTED_FIELDS.length, listedTerms);
  for (const document of documents) taking.add(document);
  return focusIndex(taking.done());
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
  const taking = indexer(LISTED_FIELDS.length, listedTerms);
  for (let at = 0; at < documents.length; at += 1) {
    if (at > 0 && at % INDEX_SLICE === 0) await pause();
    taking.add(documents[at] as FocusDocument);
  }
  return focusIndex(taking.done());
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

/** An index's share of a query term: the indexed terms it stands for, each with its weight. */
function expand(index: TermIndex, query: QueryTerm, typo: boolean): [number, number][] {
  const found: [number, number][] = [];
  const exact = index.idOf(query.term);
  if (exact !== undefined) found.push([exact, 1]);
  if (query.typing && query.word.length >= 3) {
    for (const other of index.extending(query.term, PREFIX_TERMS))
      found.push([index.idOf(other) as number, PREFIX_WEIGHT]);
    // A word typed past its stem: "billi" is on its way to "billing", indexed as "bill".
    for (let length = query.word.length - 1; length >= 3; length -= 1) {
      const stem = query.word.slice(0, length);
      if (stem === query.term) break;
      const id = index.idOf(stem);
      if (id !== undefined) {
        found.push([id, PREFIX_WEIGHT]);
        break;
      }
    }
  }
  if (typo && query.term.length >= FUZZY_MIN)
    for (const other of index.oneEditFrom(query.term))
      found.push([index.idOf(other) as number, TYPO_WEIGHT]);
  return found;
}

function search(
  listed: Listed,
  content: ContentIndex | undefined,
  focus: string,
): Map<string, FocusMatch> {
  const query = queryTerms(focus);
  const ranked = new Map<string, FocusMatch>();
  if (query.length === 0) return ranked;
  const size = listed.keys.length;
  let docOf: Int32Array | undefined;
  if (content) {
    if (!listed.docOf) listed.docOf = new Map(listed.keys.map((key, doc) => [key, doc]));
    const map = listed.docOf;
    docOf = Int32Array.from(content.keys, (key) => map.get(key) ?? -1);
  }
  const score = new Float64Array(size);
  const termMask = new Uint32Array(size);
  const fieldMask = new Uint8Array(size);
  const frequency = new Float64Array(size);
  const inContent = new Float64Array(size);
  const contentSize = content ? content.keys.length : 0;
  /** The rarity of the focus words each resource has: how much of the focus it covers. */
  const covered = new Float64Array(size);
  let rarities = 0;
  const rarityOf = new Float64Array(query.length);
  const matched: number[] = [];
  const listedWeights = LISTED_FIELDS.map((field) => WEIGHT[field]);
  const listedNorms = LISTED_FIELDS.map((field) => LENGTH_NORM[field]);
  const contentField = FOCUS_FIELDS.indexOf('content');

  query.forEach((term, bit) => {
    const typo =
      !term.compound &&
      listed.index.idOf(term.term) === undefined &&
      content?.index.idOf(term.term) === undefined;
    const touched: number[] = [];
    const inListing = { count: 0 };
    const inBody = { count: 0 };
    const take = (
      index: TermIndex,
      expansions: [number, number][],
      weights: readonly number[],
      norms: readonly number[],
      field0: number,
      docMap: Int32Array | undefined,
      into: Float64Array,
      counted: { count: number },
    ) => {
      const { postings, lengths, averages, fieldCount } = index;
      for (const [id, share] of expansions) {
        const [start, end] = index.range(id);
        for (let at = start; at < end; at += 2) {
          const slot = postings[at] as number;
          const field = slot % fieldCount;
          const local = (slot - field) / fieldCount;
          const doc = docMap ? (docMap[local] as number) : local;
          if (doc < 0) continue;
          const average = averages[field] as number;
          const b = norms[field] as number;
          const norm = average > 0 ? 1 - b + (b * (lengths[slot] as number)) / average : 1;
          if (frequency[doc] === 0 && inContent[doc] === 0) touched.push(doc);
          if (into[doc] === 0) counted.count += 1;
          into[doc] =
            (into[doc] as number) +
            (share * (weights[field] as number) * (postings[at + 1] as number)) / norm;
          fieldMask[doc] =
            (fieldMask[doc] as number) | (1 << Math.min(field0 + field, contentField));
        }
      }
    };
    take(
      listed.index,
      expand(listed.index, term, typo),
      listedWeights,
      listedNorms,
      0,
      undefined,
      frequency,
      inListing,
    );
    if (content && docOf)
      take(
        content.index,
        expand(content.index, term, typo),
        [LEAD_WEIGHT, WEIGHT.content],
        [LENGTH_NORM.content, LENGTH_NORM.content],
        contentField,
        docOf,
        inContent,
        inBody,
      );
    // How rare the word is: the resources that have it anywhere, and in each part apart (a
    // word every page's navigation repeats can still tell names apart).
    const rarity = Math.log(1 + (size - touched.length + 0.5) / (touched.length + 0.5));
    const listedRarity = rareOf(inListing.count, size);
    const contentRarity = rareOf(inBody.count, contentSize);
    // A compound stands in for its two words ("startup" for "starts up"): it adds nothing to
    // what there is to cover, and a resource that has it covers its words.
    rarityOf[bit] = touched.length > 0 ? rarity : 0;
    if (touched.length > 0 && !term.compound) rarities += rarity;
    for (const doc of touched) {
      // The listing and the content saturate apart: a name or a title that says it counts
      // however often a long body repeats the word.
      const listedTf = frequency[doc] as number;
      const contentTf = inContent[doc] as number;
      if (termMask[doc] === 0) matched.push(doc);
      score[doc] =
        (score[doc] as number) +
        (listedRarity * listedTf * (K1 + 1)) / (listedTf + K1) +
        (contentRarity * contentTf * (K1 + 1)) / (contentTf + K1);
      inContent[doc] = 0;
      if (!term.compound) covered[doc] = (covered[doc] as number) + rarity;
      termMask[doc] = (termMask[doc] as number) | (1 << bit);
      frequency[doc] = 0;
    }
  });

  // Words of the focus that stand together in a content add to what they add apart.
  if (content && docOf)
    addPairs({ score, termMask }, content.pairs, docOf, focus, { k1: K1, b: LENGTH_NORM.content });

  // A resource that has only the focus's common words ranks below one that has its rare ones.
  query.forEach((term, bit) => {
    if (!term.parts) return;
    const parts = term.parts.map((part) => query.findIndex((other) => other.term === part));
    for (const doc of matched) {
      const mask = termMask[doc] as number;
      if ((mask & (1 << bit)) === 0) continue;
      for (const part of parts)
        if (part >= 0 && (mask & (1 << part)) === 0) {
          covered[doc] = (covered[doc] as number) + (rarityOf[part] as number);
          termMask[doc] = mask | (1 << part);
        }
    }
  });
  for (const doc of matched)
    score[doc] = (score[doc] as number) * ((covered[doc] as number) / rarities) ** COVERAGE_POWER;
  let best = 0;
  for (const doc of matched) best = Math.max(best, score[doc] as number);
  // Many matches share which words and fields matched: one array each, not one per match.
  const words = query.map((term) => term.word);
  const wordLists = new Map<number, string[]>();
  const fieldLists = new Map<number, FocusField[]>();
  for (const doc of matched) {
    const terms = termMask[doc] as number;
    const fields = fieldMask[doc] as number;
    let wordList = wordLists.get(terms);
    if (!wordList)
      wordLists.set(
        terms,
        (wordList = words.filter((_, bit) => (terms & (1 << bit)) !== 0 && !query[bit]?.compound)),
      );
    let fieldList = fieldLists.get(fields);
    if (!fieldList)
      fieldLists.set(
        fields,
        (fieldList = FOCUS_FIELDS.filter((_, bit) => (fields & (1 << bit)) !== 0)),
      );
    const relative = best > 0 ? (score[doc] as number) / best : 0;
    ranked.set(listed.keys[doc] as string, {
      score: relative,
      words: wordList,
      fields: fieldList,
      relevant: relative >= RELEVANT_SHARE,
    });
  }
  return ranked;
}
