/**
 * A compact BM25+ index: the engine behind ranking by focus (focus.ts). A catalog of 100,000
 * resources is indexed in about a second into flat arrays (postings grouped by term,
 * field lengths by document), and a query scores into one array per search rather than an
 * object per match. MiniSearch, which this replaced, took 3 s and 182 MB to index 100,000
 * resources and 100 ms or more to answer a query that matches 30,000 of them.
 *
 * Scoring is BM25+ (Lv and Zhai, 2011) per field with k1 = 1.2, b = 0.7 and δ = 0.5, each field
 * weighted by its boost. A query term also matches, at a lower weight, the indexed terms it is
 * a prefix of (4 letters or more), those one edit away (6 letters or more), and, when it
 * matches nothing else, the longest indexed term it starts with (a word typed past its stem:
 * "billi" finds "bill", which "billing" is indexed as).
 */

/** Terms shorter than this match only exactly. */
export const PREFIX_MIN = 4;
/** Terms shorter than this are never matched with a typo. */
export const FUZZY_MIN = 6;
/** A focus is one line: its first this many distinct terms count. */
export const MAX_QUERY_TERMS = 32;

const K1 = 1.2;
const B = 0.7;
const DELTA = 0.5;
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;

/** What a search found: the matching documents, and per document its score and what matched. */
export interface TermHits {
  /** Indices of the matching documents, in the order they were first matched. */
  docs: number[];
  /** By document index: the score, 0 where nothing matched. */
  score: Float64Array;
  /** By document index: bit i set when query term i matched. */
  terms: Uint32Array;
  /** By document index: bit f set when field f matched. */
  fields: Uint8Array;
}

/** Builds a {@link TermIndex}: documents added in order, each as its fields' terms. */
export class TermIndexBuilder {
  readonly #fieldCount: number;
  readonly #termIds = new Map<string, number>();
  readonly #terms: string[] = [];
  // (term, document × fields + field, term frequency) triples, in document order.
  #triples = new Int32Array(3 * 4096);
  #used = 0;
  #lengths: number[] = [];
  readonly #counts = new Map<number, number>();
  #docs = 0;

  constructor(fieldCount: number) {
    this.#fieldCount = fieldCount;
  }

  /** Adds the next document: its terms per field, in field order. */
  add(fields: readonly (readonly string[])[]): void {
    const doc = this.#docs++;
    for (let field = 0; field < this.#fieldCount; field += 1) {
      const terms = fields[field] ?? [];
      this.#lengths.push(terms.length);
      this.#counts.clear();
      for (const term of terms) {
        let id = this.#termIds.get(term);
        if (id === undefined) {
          id = this.#terms.length;
          this.#termIds.set(term, id);
          this.#terms.push(term);
        }
        this.#counts.set(id, (this.#counts.get(id) ?? 0) + 1);
      }
      for (const [id, count] of this.#counts) this.#push(id, doc * this.#fieldCount + field, count);
    }
  }

  #push(a: number, b: number, c: number): void {
    if (this.#used + 3 > this.#triples.length) {
      const grown = new Int32Array(this.#triples.length * 2);
      grown.set(this.#triples);
      this.#triples = grown;
    }
    this.#triples[this.#used++] = a;
    this.#triples[this.#used++] = b;
    this.#triples[this.#used++] = c;
  }

  build(): TermIndex {
    const termCount = this.#terms.length;
    const offsets = new Int32Array(termCount + 1);
    for (let at = 0; at < this.#used; at += 3) {
      const next = (this.#triples[at] as number) + 1;
      offsets[next] = (offsets[next] as number) + 2;
    }
    for (let term = 0; term < termCount; term += 1)
      offsets[term + 1] = (offsets[term + 1] as number) + (offsets[term] as number);
    const postings = new Int32Array(this.#used - this.#used / 3);
    const fill = offsets.slice(0, termCount);
    for (let at = 0; at < this.#used; at += 3) {
      const term = this.#triples[at] as number;
      const place = fill[term] as number;
      postings[place] = this.#triples[at + 1] as number;
      postings[place + 1] = this.#triples[at + 2] as number;
      fill[term] = place + 2;
    }
    return new TermIndex(
      this.#fieldCount,
      this.#docs,
      this.#terms,
      this.#termIds,
      offsets,
      postings,
      Uint32Array.from(this.#lengths),
    );
  }
}

export class TermIndex {
  readonly #averages: Float64Array;
  /** The vocabulary in code-unit order, for prefixes. */
  readonly #sorted: string[];
  /** The vocabulary by length, for typos. */
  readonly #byLength = new Map<number, string[]>();

  constructor(
    readonly fieldCount: number,
    readonly size: number,
    private readonly terms: readonly string[],
    private readonly termIds: ReadonlyMap<string, number>,
    private readonly offsets: Int32Array,
    private readonly postings: Int32Array,
    private readonly lengths: Uint32Array,
  ) {
    const totals = new Float64Array(fieldCount);
    lengths.forEach(
      (length, at) => (totals[at % fieldCount] = (totals[at % fieldCount] as number) + length),
    );
    this.#averages = totals.map((total) => (size > 0 ? total / size : 0));
    this.#sorted = [...terms].sort();
    for (const term of this.#sorted) {
      const bucket = this.#byLength.get(term.length);
      if (bucket) bucket.push(term);
      else this.#byLength.set(term.length, [term]);
    }
  }

  /**
   * Scores every document against the query terms (distinct, already processed), with `boosts` by
   * field.
   */
  search(query: readonly string[], boosts: readonly number[]): TermHits {
    const hits: TermHits = {
      docs: [],
      score: new Float64Array(this.size),
      terms: new Uint32Array(this.size),
      fields: new Uint8Array(this.size),
    };
    query.slice(0, MAX_QUERY_TERMS).forEach((term, bit) => {
      for (const [id, weight] of this.#expand(term)) this.#score(id, weight, bit, boosts, hits);
    });
    return hits;
  }

  /** The indexed terms a query term stands for, each with its weight. */
  #expand(term: string): [number, number][] {
    const found: [number, number][] = [];
    const exact = this.termIds.get(term);
    if (exact !== undefined) found.push([exact, 1]);
    const near = (other: string, distance: number, weight: number) =>
      found.push([
        this.termIds.get(other) as number,
        (weight * term.length) / (term.length + 0.3 * distance),
      ]);
    let prefixed = false;
    if (term.length >= PREFIX_MIN) {
      for (let at = lowerBound(this.#sorted, term); at < this.#sorted.length; at += 1) {
        const other = this.#sorted[at] as string;
        if (!other.startsWith(term)) break;
        if (other === term) continue;
        prefixed = true;
        near(other, other.length - term.length, PREFIX_WEIGHT);
      }
    }
    if (term.length >= FUZZY_MIN) {
      for (const length of [term.length - 1, term.length, term.length + 1]) {
        for (const other of this.#byLength.get(length) ?? []) {
          if (other !== term && !other.startsWith(term) && oneEditApart(term, other))
            near(other, 1, FUZZY_WEIGHT);
        }
      }
    }
    if (exact === undefined && !prefixed) {
      for (let length = term.length - 1; length >= PREFIX_MIN; length -= 1) {
        const stem = term.slice(0, length);
        // A stem one letter short is a typo match already: counted once, at the typo's weight.
        if (length === term.length - 1 && term.length >= FUZZY_MIN && this.termIds.has(stem)) break;
        if (this.termIds.has(stem)) {
          near(stem, term.length - length, PREFIX_WEIGHT);
          break;
        }
      }
    }
    return found;
  }

  #score(id: number, weight: number, bit: number, boosts: readonly number[], hits: TermHits): void {
    const { fieldCount, postings } = this;
    const start = this.offsets[id] as number;
    const end = this.offsets[id + 1] as number;
    // How rare the term is, per field: the documents that have it there.
    const frequency = new Array<number>(fieldCount).fill(0);
    for (let at = start; at < end; at += 2) {
      const field = (postings[at] as number) % fieldCount;
      frequency[field] = (frequency[field] as number) + 1;
    }
    const rarity = frequency.map((count) =>
      Math.log(1 + (this.size - count + 0.5) / (count + 0.5)),
    );
    for (let at = start; at < end; at += 2) {
      const slot = postings[at] as number;
      const field = slot % fieldCount;
      const doc = (slot - field) / fieldCount;
      const tf = postings[at + 1] as number;
      const average = this.#averages[field] as number;
      const norm = average > 0 ? 1 - B + (B * (this.lengths[slot] as number)) / average : 1;
      const gain =
        weight *
        (boosts[field] ?? 1) *
        (rarity[field] as number) *
        ((tf * (K1 + 1)) / (tf + K1 * norm) + DELTA);
      if (hits.terms[doc] === 0) hits.docs.push(doc);
      hits.score[doc] = (hits.score[doc] as number) + gain;
      hits.terms[doc] = (hits.terms[doc] as number) | (1 << bit);
      hits.fields[doc] = (hits.fields[doc] as number) | (1 << field);
    }
  }
}

/** The first place in `sorted` whose entry is not below `value`. */
function lowerBound(sorted: readonly string[], value: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as string) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** True when one substitution, insertion or deletion turns `a` into `b` (they differ). */
function oneEditApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  let i = 0;
  while (i < short.length && short[i] === long[i]) i += 1;
  // Past the first difference the rest must agree, skipping one letter of the longer.
  return short.length === long.length
    ? short.slice(i + 1) === long.slice(i + 1)
    : short.slice(i) === long.slice(i + 1);
}
