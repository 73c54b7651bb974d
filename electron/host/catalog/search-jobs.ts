/**
 * The host's searches of its one index, for every view. A keystroke's search gets two frames of
 * work at once; one that needs more goes on in slices, yielding to the event loop between them,
 * so the next keystroke is taken at once and abandons it. Its view, told meanwhile that it is
 * searching, is sent its frame when it ends.
 */
import {
  NO_MATCHES,
  normalizeQuery,
  type SearchIndex,
  type SearchRun,
} from '../../../shared/catalog/search-index';
import type { SearchMatches } from '../../../shared/catalog/tree-types';

/** The work done at once for a keystroke, before its view is told the search goes on. */
export const SEARCH_AT_ONCE_MS = 30;
/** The work of each later slice; then the event loop takes what came meanwhile. */
const SLICE_MS = 12;
/** Entries indexed between two looks at the clock, when a search finds the index behind. */
const FEED_SLICE = 5000;
/** Answers kept, for a backspace or another view with the same query. */
const KEPT_ANSWERS = 4;

export interface SearchJobsDeps {
  index: SearchIndex;
  /** Indexes up to `limit` more entries of the catalogs; returns how many it added. */
  feed(limit: number): number;
  /** A search went on after its view was told so, and has now ended. */
  done(): void;
  /** Milliseconds, for the budgets; performance.now by default. */
  now?(): number;
}

export interface SearchJobs {
  /**
   * The matches of `query`, or undefined while it is searched on; {@link SearchJobsDeps.done}
   * says when it ends. Any other search still going on is abandoned.
   */
  search(query: string): SearchMatches | undefined;
  dispose(): void;
}

export function createSearchJobs(deps: SearchJobsDeps): SearchJobs {
  const now = deps.now ?? (() => performance.now());
  let answers: { query: string; version: number; matches: SearchMatches }[] = [];
  let job: { query: string; run: SearchRun | undefined } | undefined;
  let timer: ReturnType<typeof setImmediate> | undefined;

  /** Works on the job until the clock passes `until`; true when it has ended. */
  function work(until: number): boolean {
    const current = job;
    if (!current) return true;
    const late = () => now() >= until;
    if (!current.run) {
      // What the index lacks is indexed first, in slices too.
      while (deps.feed(FEED_SLICE) > 0) if (late()) return false;
      const version = deps.index.version;
      if (answers.some((answer) => answer.query === current.query && answer.version === version)) {
        job = undefined;
        return true;
      }
      current.run = deps.index.begin(current.query);
    }
    // Pages indexed meanwhile are not in this run; its answer is kept as of its version, and the
    // frame of those pages searches again.
    const run = current.run;
    if (run && !run.step(late)) return false;
    if (run) deps.index.remember(run);
    answers = [
      {
        query: current.query,
        version: run?.version ?? deps.index.version,
        matches: run ? run.matches() : NO_MATCHES,
      },
      ...answers.filter((answer) => answer.query !== current.query),
    ].slice(0, KEPT_ANSWERS);
    job = undefined;
    return true;
  }

  function slice(): void {
    timer = undefined;
    if (work(now() + SLICE_MS)) deps.done();
    else timer = setImmediate(slice);
  }

  return {
    search(query) {
      const normalized = normalizeQuery(query);
      if (normalized === '') return NO_MATCHES;
      // Already going on: its end makes the frame.
      if (job?.query === normalized && timer !== undefined) return undefined;
      clearImmediate(timer);
      timer = undefined;
      job = { query: normalized, run: undefined };
      if (work(now() + SEARCH_AT_ONCE_MS))
        return answers.find((answer) => answer.query === normalized)?.matches;
      timer = setImmediate(slice);
      return undefined;
    },
    dispose() {
      clearImmediate(timer);
      timer = undefined;
      job = undefined;
    },
  };
}
