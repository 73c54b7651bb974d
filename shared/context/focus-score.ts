/**
 * How a focus scores what a focus index holds (focus.ts builds it): BM25F over the listing's
 * fields and the contents read, with prefixes for the word being typed, one typo for a word the
 * catalog lacks, pairs of words that stand together, and how much of the focus's rare words a
 * resource covers. The result is a {@link FocusRanking}, arrays over the index's documents.
 */
import { addPairs, rareOf } from './focus-pairs';
import { FOCUS_FIELDS, FocusRanking, type FocusField } from './focus-ranking';
import { queryTerms, type QueryTerm } from './focus-words';
import { FUZZY_MIN, type TermIndex } from './term-index';

/** The fields of a catalog entry, indexed before anything is read. */
export const LISTED_FIELDS = ['title', 'name', 'description', 'uri'] as const;

/** The contents read so far, indexed: the content field of the resources they belong to. */
export interface ContentIndex {
  readonly index: TermIndex;
  readonly keys: readonly string[];
  /** Each content's pairs of neighbouring terms, in the same order (focus-pairs.ts). */
  readonly pairs: TermIndex;
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
/** How much more a word in a content's lead (its first terms, focus.ts) counts than further on. */
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

/** The listing index, with its keys in document order. */
export interface Listed {
  index: TermIndex;
  keys: readonly string[];
  /** The document of a key. */
  docOf(key: string): number | undefined;
  /** A search's working arrays, one per document, kept zeroed between searches. */
  scratch?: Scratch;
}

interface Scratch {
  score: Float64Array;
  termMask: Uint32Array;
  fieldMask: Uint8Array;
  frequency: Float64Array;
  inContent: Float64Array;
  covered: Float64Array;
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

export function search(
  listed: Listed,
  content: ContentIndex | undefined,
  focus: string,
): FocusRanking {
  const query = queryTerms(focus);
  if (query.length === 0) {
    const none = new Int32Array(0);
    const nothing = () => [];
    return new FocusRanking(
      listed.keys,
      listed.docOf,
      none,
      new Float64Array(0),
      new Uint8Array(0),
      nothing,
      nothing,
    );
  }
  const size = listed.keys.length;
  let docOf: Int32Array | undefined;
  if (content) docOf = Int32Array.from(content.keys, (key) => listed.docOf(key) ?? -1);
  // Six arrays of 100,000 made on every key typed, then dropped, kept the collector busy: they
  // are made once per index, taken while a search runs (one that throws leaves them to be made
  // again), and handed back zeroed where it wrote.
  const scratch = listed.scratch ?? {
    score: new Float64Array(size),
    termMask: new Uint32Array(size),
    fieldMask: new Uint8Array(size),
    frequency: new Float64Array(size),
    inContent: new Float64Array(size),
    covered: new Float64Array(size),
  };
  listed.scratch = undefined;
  const { score, termMask, fieldMask, frequency, inContent } = scratch;
  const contentSize = content ? content.keys.length : 0;
  /** The rarity of the focus words each resource has: how much of the focus it covers. */
  const covered = scratch.covered;
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
      const { slots, frequencies, lengths, averages, fieldCount } = index;
      for (const [id, share] of expansions) {
        const [start, end] = index.range(id);
        for (let at = start; at < end; at += 1) {
          const slot = slots[at] as number;
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
            (share *
              (weights[field] as number) *
              (frequencies === undefined ? 1 : (frequencies[at] as number))) /
              norm;
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
  const docs = Int32Array.from(matched);
  const scores = new Float64Array(docs.length);
  const relevant = new Uint8Array(docs.length);
  const termsAt = new Uint32Array(docs.length);
  const fieldsOf = new Uint8Array(docs.length);
  docs.forEach((doc, place) => {
    const relative = best > 0 ? (score[doc] as number) / best : 0;
    scores[place] = relative;
    if (relative >= RELEVANT_SHARE) relevant[place] = 1;
    termsAt[place] = termMask[doc] as number;
    fieldsOf[place] = fieldMask[doc] as number;
    score[doc] = 0;
    termMask[doc] = 0;
    fieldMask[doc] = 0;
    covered[doc] = 0;
  });
  listed.scratch = scratch;
  // Many matches share which words and fields matched: one array each, not one per match.
  const words = query.map((term) => term.word);
  const wordLists = new Map<number, string[]>();
  const fieldLists = new Map<number, FocusField[]>();
  const wordsAt = (place: number) => {
    const terms = termsAt[place] as number;
    let list = wordLists.get(terms);
    if (!list)
      wordLists.set(
        terms,
        (list = words.filter((_, bit) => (terms & (1 << bit)) !== 0 && !query[bit]?.compound)),
      );
    return list;
  };
  const fieldsAt = (place: number) => {
    const fields = fieldsOf[place] as number;
    let list = fieldLists.get(fields);
    if (!list)
      fieldLists.set(fields, (list = FOCUS_FIELDS.filter((_, bit) => (fields & (1 << bit)) !== 0)));
    return list;
  };
  return new FocusRanking(listed.keys, listed.docOf, docs, scores, relevant, wordsAt, fieldsAt);
}
