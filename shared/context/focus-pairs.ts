/**
 * Words of a focus that stand together in a content: "exponential backoff" or "max age" said
 * next to each other say more than the same words scattered. Each content's pairs of
 * neighbouring terms are kept in an index of their own, beside the content's words (so a
 * word being typed or mistyped never expands into pairs), and a focus's own pairs add to a
 * resource's score at the weight of a word as rare (docs/CURATION.md §3).
 */
import { pairsOf, queryPairs } from './focus-words';
import { TermIndexBuilder, type TermIndex } from './term-index';

/** What a pair adds, as a share of what a word as rare adds; chosen on the tune queries. */
const PAIR_WEIGHT = 1;
/** Pairs are taken from a content's first this many terms. */
const PAIR_TERMS = 20_000;

/** Collects the pairs of each content, in the order the contents are indexed. */
export function pairIndexer(): { add(terms: readonly string[]): void; done(): TermIndex } {
  const builder = new TermIndexBuilder(1);
  return {
    add: (terms) => builder.add([pairsOf(terms, PAIR_TERMS)]),
    done: () => builder.build(),
  };
}

/** BM25's inverse document frequency: how rare a term is that `count` of `of` resources have. */
export const rareOf = (count: number, of: number) =>
  Math.log(1 + (of - count + 0.5) / (count + 0.5));

/**
 * Adds to each matched resource's score (`termMask` not 0) what the focus's pairs found in its
 * content: `docOf` maps a content's place to the resource's; `k1` and `b` are the content's.
 */
export function addPairs(
  into: { score: Float64Array; termMask: Uint32Array },
  pairs: TermIndex,
  docOf: Int32Array,
  focus: string,
  bm25: { k1: number; b: number },
): void {
  const { slots, frequencies, lengths, averages } = pairs;
  const average = averages[0] as number;
  const { k1, b } = bm25;
  for (const pair of queryPairs(focus)) {
    const id = pairs.idOf(pair);
    if (id === undefined) continue;
    const [start, end] = pairs.range(id);
    const rarity = rareOf(end - start, docOf.length);
    for (let at = start; at < end; at += 1) {
      const slot = slots[at] as number;
      const doc = docOf[slot] as number;
      if (doc < 0 || into.termMask[doc] === 0) continue;
      const norm = average > 0 ? 1 - b + (b * (lengths[slot] as number)) / average : 1;
      const tf = (frequencies === undefined ? 1 : (frequencies[at] as number)) / norm;
      into.score[doc] =
        (into.score[doc] as number) + (PAIR_WEIGHT * rarity * tf * (k1 + 1)) / (tf + k1);
    }
  }
}
