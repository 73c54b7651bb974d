/**
 * One copy of each value a listing's entries repeat: a MIME type, a lastModified timestamp, an
 * annotations object equal to one seen before. JSON.parse gives every resource its own copy of
 * each; at 100,000 resources those copies were 13 MB of the catalog (a heap snapshot: 6.9 MB of
 * annotations objects, 3.8 MB of lastModified strings, 2.7 MB of MIME types). A listing has one
 * interner, dropped when it ends; what the entries share stays shared.
 */
import type { Annotations } from '../mcp-types';

/** Distinct values kept per kind; past it, a new value is kept as it came (each its own copy). */
const MAX_DISTINCT = 65_536;

export class EntryInterner {
  readonly #strings = new Map<string, string>();
  /** By lastModified ('' when absent), then priority (-1 when absent), then audience. */
  readonly #annotations = new Map<string, Map<number, Map<unknown, Annotations>>>();
  #annotationsKept = 0;

  /** The first copy of `value` seen by this listing. */
  string(value: string): string {
    const kept = this.#strings.get(value);
    if (kept !== undefined) return kept;
    if (this.#strings.size < MAX_DISTINCT) this.#strings.set(value, value);
    return value;
  }

  /**
   * The first annotations object equal to `annotations`, frozen since entries share it. The
   * audience arrays are shared already (validate-item.ts), so they compare by identity.
   */
  annotations(annotations: Annotations): Annotations {
    const { audience, priority, lastModified } = annotations;
    const byTime = this.#annotations.get(lastModified ?? '');
    const byPriority = byTime?.get(priority ?? -1);
    const found = byPriority?.get(audience);
    if (found) return found;
    if (this.#annotationsKept >= MAX_DISTINCT) return annotations;
    this.#annotationsKept += 1;
    if (lastModified !== undefined) annotations.lastModified = this.string(lastModified);
    Object.freeze(annotations);
    if (byPriority) byPriority.set(audience, annotations);
    else if (byTime) byTime.set(priority ?? -1, new Map([[audience, annotations]]));
    else
      this.#annotations.set(
        lastModified ?? '',
        new Map([[priority ?? -1, new Map([[audience, annotations]])]]),
      );
    return annotations;
  }
}
