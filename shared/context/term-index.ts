/**
 * A compact inverted index: the store behind ranking by focus (focus.ts, which scores with
 * BM25F over it). A catalog of 100,000 resources is indexed in about a second into flat
 * arrays: postings grouped by term, each a document × fields + field and its term frequency
 * (kept apart, and not at all while every frequency is 1, as in a catalog's listings, where
 * a pair of 32-bit numbers each was 17 MB at 100,000), and each document's field lengths. MiniSearch, which this replaced, took 3 s and 182 MB to
 * index 100,000 resources and 100 ms or more to answer a query that matched 30,000 of them.
 *
 * It also answers what a query word may stand for: the indexed terms a word being typed is a
 * prefix of, and the terms one edit away from a word the index does not have.
 */

/** Words shorter than this are never matched with a typo. */
export const FUZZY_MIN = 5;

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
    let most = 0;
    for (let at = 0; at < this.#used; at += 3) {
      const next = (this.#triples[at] as number) + 1;
      offsets[next] = (offsets[next] as number) + 1;
      most = Math.max(most, this.#triples[at + 2] as number);
    }
    for (let term = 0; term < termCount; term += 1)
      offsets[term + 1] = (offsets[term + 1] as number) + (offsets[term] as number);
    const slots = new Int32Array(this.#used / 3);
    // A content of 100,000 characters repeats a word 50,000 times at most: 16 bits hold it.
    const frequencies =
      most <= 1
        ? undefined
        : most <= 0xffff
          ? new Uint16Array(slots.length)
          : new Uint32Array(slots.length);
    const fill = offsets.slice(0, termCount);
    for (let at = 0; at < this.#used; at += 3) {
      const term = this.#triples[at] as number;
      const place = fill[term] as number;
      slots[place] = this.#triples[at + 1] as number;
      if (frequencies) frequencies[place] = this.#triples[at + 2] as number;
      fill[term] = place + 1;
    }
    return new TermIndex(
      this.#fieldCount,
      this.#docs,
      this.#terms,
      this.#termIds,
      offsets,
      slots,
      frequencies,
      Uint32Array.from(this.#lengths),
    );
  }
}

export class TermIndex {
  /** The average length of each field over the documents. */
  readonly averages: Float64Array;
  /** The vocabulary in code-unit order, for prefixes; sorted when first asked for. */
  #sorted: string[] | undefined;
  /** The vocabulary by length, for typos; made when first asked for. */
  #byLength: Map<number, string[]> | undefined;

  constructor(
    readonly fieldCount: number,
    readonly size: number,
    private readonly terms: readonly string[],
    private readonly termIds: ReadonlyMap<string, number>,
    private readonly offsets: Int32Array,
    /** Each posting's document × fields + field, grouped by term. */
    readonly slots: Int32Array,
    /** Each posting's term frequency; absent when every one is 1. */
    readonly frequencies: Uint16Array | Uint32Array | undefined,
    /** Terms in each (document × fields + field). */
    readonly lengths: Uint32Array,
  ) {
    const totals = new Float64Array(fieldCount);
    lengths.forEach(
      (length, at) => (totals[at % fieldCount] = (totals[at % fieldCount] as number) + length),
    );
    this.averages = totals.map((total) => (size > 0 ? total / size : 0));
  }

  /** The id of an indexed term. */
  idOf(term: string): number | undefined {
    return this.termIds.get(term);
  }

  /** Where a term's postings start and end in {@link slots} and {@link frequencies}. */
  range(id: number): [number, number] {
    return [this.offsets[id] as number, this.offsets[id + 1] as number];
  }

  /** The indexed terms that start with `prefix` and are longer, at most `limit` of them. */
  extending(prefix: string, limit: number): string[] {
    const sorted = (this.#sorted ??= [...this.terms].sort());
    const found: string[] = [];
    for (let at = lowerBound(sorted, prefix); at < sorted.length && found.length < limit; at += 1) {
      const other = sorted[at] as string;
      if (!other.startsWith(prefix)) break;
      if (other !== prefix) found.push(other);
    }
    return found;
  }

  /** The indexed terms one substitution, insertion or deletion away from `term`. */
  oneEditFrom(term: string): string[] {
    if (!this.#byLength) {
      const byLength = new Map<number, string[]>();
      for (const other of this.terms) {
        const bucket = byLength.get(other.length);
        if (bucket) bucket.push(other);
        else byLength.set(other.length, [other]);
      }
      this.#byLength = byLength;
    }
    const found: string[] = [];
    for (const length of [term.length - 1, term.length, term.length + 1])
      for (const other of this.#byLength.get(length) ?? [])
        if (other !== term && oneEditApart(term, other)) found.push(other);
    return found;
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
