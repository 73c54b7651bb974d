/**
 * A focus's ranking (focus.ts): every resource it matched, by key, kept as arrays over the
 * index's documents. A one-letter focus at 100,000 resources matches most of them, and a map of
 * an object per match, made on every key typed and read once, was most of the keystroke. A
 * match is made when it is asked for; the policy reads the arrays (policy-focus.ts).
 */

/** Where a focus word was found, in the order a reason names them. */
export const FOCUS_FIELDS = ['title', 'name', 'description', 'uri', 'content'] as const;
export type FocusField = (typeof FOCUS_FIELDS)[number];

/** How one resource matched a focus. */
export interface FocusMatch {
  /** 0 to 1: its score over the best score of this focus. */
  score: number;
  /** The focus's own words that matched, in the focus's order. */
  words: string[];
  /** The fields they matched in, in {@link FOCUS_FIELDS} order. */
  fields: FocusField[];
  /** It scored within reach of the best match: RELEVANT_SHARE of it or more (focus.ts). */
  relevant: boolean;
}

export class FocusRanking implements ReadonlyMap<string, FocusMatch> {
  /** Its place in the ranking by document, made when a match is first asked for by key. */
  #placeOf: Int32Array | undefined;

  /**
   * @param documentKeys the index's keys, by document
   * @param docOf the document of a key
   * @param docs the matched documents, in the order the ranking gives them
   * @param scores by place: 0 to 1, the score over the best
   * @param relevant by place: 1 where it scored within reach of the best
   * @param wordsAt by place: the focus's words that matched
   * @param fieldsAt by place: the fields they matched in
   */
  constructor(
    readonly documentKeys: readonly string[],
    private readonly docOf: (key: string) => number | undefined,
    readonly docs: Int32Array,
    readonly scores: Float64Array,
    readonly relevant: Uint8Array,
    private readonly wordsAt: (place: number) => string[],
    private readonly fieldsAt: (place: number) => FocusField[],
  ) {}

  get size(): number {
    return this.docs.length;
  }

  /** The key of the match at `place`. */
  keyAt(place: number): string {
    return this.documentKeys[this.docs[place] as number] as string;
  }

  /** The match at `place`, made now. */
  matchAt(place: number): FocusMatch {
    return {
      score: this.scores[place] as number,
      words: this.wordsAt(place),
      fields: this.fieldsAt(place),
      relevant: this.relevant[place] === 1,
    };
  }

  #place(key: string): number {
    const doc = this.docOf(key);
    if (doc === undefined) return -1;
    if (!this.#placeOf) {
      const made = new Int32Array(this.documentKeys.length).fill(-1);
      this.docs.forEach((matched, place) => (made[matched] = place));
      this.#placeOf = made;
    }
    return this.#placeOf[doc] as number;
  }

  get(key: string): FocusMatch | undefined {
    const place = this.#place(key);
    return place < 0 ? undefined : this.matchAt(place);
  }

  has(key: string): boolean {
    return this.#place(key) >= 0;
  }

  *entries(): MapIterator<[string, FocusMatch]> {
    for (let place = 0; place < this.docs.length; place += 1)
      yield [this.keyAt(place), this.matchAt(place)];
  }

  *keys(): MapIterator<string> {
    for (let place = 0; place < this.docs.length; place += 1) yield this.keyAt(place);
  }

  *values(): MapIterator<FocusMatch> {
    for (let place = 0; place < this.docs.length; place += 1) yield this.matchAt(place);
  }

  forEach(
    callback: (value: FocusMatch, key: string, map: ReadonlyMap<string, FocusMatch>) => void,
    thisArg?: unknown,
  ): void {
    for (let place = 0; place < this.docs.length; place += 1)
      callback.call(thisArg, this.matchAt(place), this.keyAt(place), this);
  }

  [Symbol.iterator](): MapIterator<[string, FocusMatch]> {
    return this.entries();
  }
}
